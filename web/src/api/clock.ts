// The server's game clock as the page estimates it: one reading of GET /api/clock, then the page's own clock at
// the server's speed. Countdowns use it, so they stay right under `narrator serve --speed N` too.
import { api } from './client.ts';

let base = { game: Date.now(), real: Date.now(), speed: 1 };
const synced = new Set<() => void>();

/** Calls `f` after every resync of the clock (a countdown waking only when its text changes re-reads then). */
export function onClockSync(f: () => void): () => void {
  synced.add(f);
  return () => synced.delete(f);
}

/** Reads the server's clock (again after a reconnect: a server restarted with another speed moves on from there). */
export async function syncClock(): Promise<void> {
  const before = Date.now();
  const c = await api.clock();
  const real = (before + Date.now()) / 2;
  base = { game: c.now, real, speed: c.speed };
  for (const f of synced) f();
}

/** The game clock now. */
export function gameNow(): number {
  return base.game + (Date.now() - base.real) * base.speed;
}

/** How many game milliseconds pass per real millisecond. */
export function gameSpeed(): number {
  return base.speed;
}
