/** Placeholder until its capability is built. */
export function FocusTimerPage() {
  return <h1 className="text-2xl font-bold">One-Thing Focus Timer</h1>;
}
