// A fingerprint of a game's state: SHA-256 of its canonical JSON (sorted keys, no undefined). Lets the crash test
// and operators compare a running server's state with a clean replay of the log without exposing the state.
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level (undefined members dropped, as JSON does). */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : canonicalJson(x))).join(',')}]`;
  const entries = Object.entries(v)
    .filter(([, x]) => x !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
}

/** The hex SHA-256 of a value's canonical JSON. */
export function stateHash(v: unknown): string {
  return createHash('sha256').update(canonicalJson(v)).digest('hex');
}
