/** Placeholder until its capability is built. */
export function AnalyticsPage() {
  return <h1 className="text-2xl font-bold">Productivity Analytics</h1>;
}
