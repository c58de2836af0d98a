/** Placeholder until its capability is built. */
export function NoListPage() {
  return <h1 className="text-2xl font-bold">Daily "No" List Builder</h1>;
}
