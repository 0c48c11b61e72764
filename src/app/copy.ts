// `narrator copy`: moves a community from one store to another (SQLite → PostgreSQL when it outgrows one
// machine): every game's events (with its snapshot and its timer as they are), accounts, sessions and the game
// clock's origin. The destination must be empty, so a copy never merges two communities. Afterwards each copied
// game is replayed from the destination and its state hash compared with the source's replay: a copy that
// changed a single event is reported, not trusted.
import type { GameEvent } from '../core/types.ts';
import { typed } from '../engine/events.ts';
import { replay } from '../engine/evolve.ts';
import type { Store } from '../store/types.ts';
import { getVariant } from '../variants/registry.ts';
import { AppError } from './errors.ts';
import { stateHash } from './state-hash.ts';

/** What a copy moved and checked. */
export interface CopyReport {
  readonly games: number;
  readonly events: number;
  readonly accounts: number;
  readonly sessions: number;
  readonly timers: number;
  /** Games whose replayed state hash differs between source and destination (empty after a good copy). */
  readonly mismatched: readonly string[];
}

/** The meta keys a copy carries over (the scaled clock's origin, so game time continues). */
const META_KEYS = ['clock'] as const;

/** The state hash of a stream's replay. */
function hashOf(events: readonly GameEvent[]): string {
  const first = events[0] && typed(events[0]);
  const variant = getVariant(first?.type === 'game.created' ? first.data.config.variant : '');
  if (!variant) throw new AppError('copy.unknown_variant', 400, 'a game of an unknown rulebook cannot be checked');
  return stateHash(replay(variant, events));
}

/** Copies everything from `from` into the empty store `to`; `progress` hears each copied game. */
export async function copyStore(from: Store, to: Store, progress: (done: number, total: number) => void = () => {}): Promise<CopyReport> {
  if ((await to.streams()).length > 0 || (await to.everyAccount()).length > 0)
    throw new AppError('copy.not_empty', 409, 'the destination already holds games or accounts; copy into an empty database');
  const accounts = await from.everyAccount();
  for (const a of accounts) await to.createAccount(a);
  const sessions = await from.everySession();
  for (const s of sessions) await to.createSession(s);
  // Profiles' warnings (CIT-ACT-7), revoked ones with their revocation.
  for (const w of await from.everyWarning()) await to.addWarning(w);
  for (const key of META_KEYS) {
    const v = await from.meta(key);
    if (v !== undefined) await to.setMeta(key, v);
  }
  const timers = new Map((await from.timers()).map((t) => [t.streamId, t.dueAt]));
  const ids = await from.streams();
  const mismatched: string[] = [];
  let events = 0;
  for (const [i, id] of ids.entries()) {
    const source = (await from.read(id)).map((e) => e.event);
    // One append: the destination never holds half a game, and the timer lands with the events.
    await to.append(id, 0, source, { dueAt: timers.get(id) ?? null });
    const snap = await from.loadSnapshot(id);
    if (snap) await to.saveSnapshot(id, snap);
    const copied = (await to.read(id)).map((e) => e.event);
    if (copied.length !== source.length || hashOf(copied) !== hashOf(source)) mismatched.push(id);
    events += source.length;
    progress(i + 1, ids.length);
  }
  return { games: ids.length, events, accounts: accounts.length, sessions: sessions.length, timers: timers.size, mismatched };
}
