/** Placeholder until its capability is built. */
export function PriorityPickerPage() {
  return <h1 className="text-2xl font-bold">Daily Tasks & Thought Braindump</h1>;
}
