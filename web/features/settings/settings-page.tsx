/** Placeholder until its capability is built. */
export function SettingsPage() {
  return <h1 className="text-2xl font-bold">Settings</h1>;
}
