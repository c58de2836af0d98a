/** The floating AI suggestion widget (spec §2); built by the AI suggestions capability. */
export function SuggestionWidget() {
  return null;
}
