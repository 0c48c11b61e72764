// Lookups by keys that come from users (team names, keywords, pseudonyms): a plain object also answers
// `constructor`, `__proto__`, `toString`… from its prototype, so every such lookup goes through `own`.

/** The value stored under `key` in `record` itself, never one inherited from Object.prototype. */
export function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
