/**
 * Looks a key up among a record's own properties. State indexes are plain objects (they fold and
 * serialise as JSON), so a key a client chose, such as `constructor` or `__proto__`, would
 * otherwise find Object.prototype's members: every lookup by a client-given key goes through here.
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
