/** "1 task", "3 tasks": a count with its noun in the right number, never "task(s)" (docs/decisions/153-everyday-details.md). */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
