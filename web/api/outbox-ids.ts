// The ids of tasks made on this device in the changes still waiting (docs/decisions/222-offline-outbox.md):
// negative until the server gives them their own (web/changes/add-tasks.ts newLocalTaskId), then
// replaced wherever a waiting change names them. Whatever the change's kind: ids are found in its
// path, its body and its stored effect alike.

/** A local id (negative) as a path segment: "/api/tasks/-1764150000000001/reopen". */
const LOCAL_ID_IN_PATH = /(?<=\/)-\d+(?=\/|\?|$)/g;

/**
 * The change with its tasks made on this device (negative ids) replaced by the ids the server gave
 * them: in the path's segments and anywhere in the body and the effect.
 */
export function withServerIds<T>(value: T, serverIds: ReadonlyMap<number, number>): T {
  if (serverIds.size === 0) return value;
  const swap = (item: unknown): unknown => {
    if (typeof item === "number") return serverIds.get(item) ?? item;
    if (typeof item === "string")
      return item.replace(LOCAL_ID_IN_PATH, (id) => String(serverIds.get(Number(id)) ?? id));
    if (Array.isArray(item)) return item.map(swap);
    if (item && typeof item === "object") {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, swap(inner)]));
    }
    return item;
  };
  return swap(value) as T;
}

/** The local ids (negative) a change still names: it waits for them to be created, or is refused with them. */
export function localIdsIn(value: unknown): number[] {
  const found: number[] = [];
  const visit = (item: unknown) => {
    if (typeof item === "number" && item < 0) found.push(item);
    else if (typeof item === "string")
      for (const match of item.matchAll(LOCAL_ID_IN_PATH)) found.push(Number(match[0]));
    else if (Array.isArray(item)) item.forEach(visit);
    else if (item && typeof item === "object") Object.values(item).forEach(visit);
  };
  visit(value);
  return found;
}
