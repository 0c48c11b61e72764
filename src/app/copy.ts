// `narrator copy`: moves a community from one store to another (SQLite → PostgreSQL when it outgrows one
// machine): every game's events (with its snapshot and its timer as they are), accounts, sessions, readers' unread
// markers, notifications (with their reminder slots, deliveries, push subscriptions and contacts) and the game
// clock's origin. The destination must be empty, so a copy never merges two communities. Afterwards each copied
// game is replayed from the destination and its state hash compared with the source's replay: a copy that
// changed a single event is reported, not trusted. Until the last game is in and checked the destination is marked
// incomplete (COPY_STATE_KEY), and a server refuses to serve it.
import type { GameEvent } from '../core/types.ts';
import { typed } from '../engine/events.ts';
import { replay } from '../engine/evolve.ts';
import { LINK_SECRET_META_KEY, VAPID_META_KEY } from '../store/notify.ts';
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
  /** Readers' unread markers. */
  readonly readMarkers: number;
  /** Notifications (with their reminder slots, deliveries, subscriptions and contacts alongside). */
  readonly notifications: number;
  /** Games whose replayed state hash differs between source and destination (empty after a good copy). */
  readonly mismatched: readonly string[];
}

/**
 * The meta keys a copy carries over: the scaled clock's origin, so game time continues; the VAPID keys, which the
 * browsers' push subscriptions are bound to; the secret of the unsubscribe links already mailed.
 */
const META_KEYS = ['clock', VAPID_META_KEY, LINK_SECRET_META_KEY] as const;

/**
 * The destination's meta key that says a copy into it began and did not finish: written before anything else,
 * set to `complete` only when every game is in and checked. A stop midway (a source row that fails its check, the
 * database gone, the process killed) leaves it `incomplete`, and `narrator serve` refuses such a database instead
 * of serving half a community as if it were whole.
 */
export const COPY_STATE_KEY = 'copy';

/** Why a store must not be served, or undefined: a copy into it that did not finish. */
export async function incompleteCopy(store: Store): Promise<string | undefined> {
  const state = await store.meta(COPY_STATE_KEY);
  return state !== undefined && state !== 'complete'
    ? 'the database holds an incomplete copy (`narrator copy` stopped midway); drop it, create it empty and copy again'
    : undefined;
}

/** The state hash of a stream's replay. */
function hashOf(events: readonly GameEvent[]): string {
  const first = events[0] && typed(events[0]);
  const variant = getVariant(first?.type === 'game.created' ? first.data.config.variant : '');
  if (!variant) throw new AppError('copy.unknown_variant', 400, 'a game of an unknown rulebook cannot be checked');
  return stateHash(replay(variant, events));
}

/** Copies everything from `from` into the empty store `to`; `progress` hears each copied game. */
export async function copyStore(from: Store, to: Store, progress: (done: number, total: number) => void = () => {}): Promise<CopyReport> {
  if ((await to.streams()).length > 0 || (await to.everyAccount()).length > 0) {
    const why = await incompleteCopy(to);
    throw new AppError('copy.not_empty', 409, why ?? 'the destination already holds games or accounts; copy into an empty database');
  }
  await to.setMeta(COPY_STATE_KEY, 'incomplete');
  const accounts = await from.everyAccount();
  for (const a of accounts) await to.createAccount(a);
  const sessions = await from.everySession();
  for (const s of sessions) await to.createSession(s);
  // Profiles' warnings (CIT-ACT-7), revoked ones with their revocation.
  for (const w of await from.everyWarning()) await to.addWarning(w);
  // Readers' unread markers (where each account stopped reading each channel).
  const markers = await from.everyReadMarker();
  for (const m of markers) await to.markRead(m);
  // Reminder slots (sent ones stay sent), notifications, the outbox, push subscriptions, contacts, mail tokens.
  const notices = await from.notify.dump();
  await to.notify.load(notices);
  for (const key of META_KEYS) {
    const v = await from.meta(key);
    if (v !== undefined) await to.setMeta(key, v);
  }
  const timers = new Map((await from.timers()).map((t) => [t.streamId, t.dueAt]));
  const ids = await from.streams();
  const mismatched: string[] = [];
  let events = 0;
  for (const [i, id] of ids.entries()) {
    try {
      const source = (await from.read(id)).map((e) => e.event);
      // Checked before it is written: a game that cannot be replayed is not carried into the new community.
      const hash = hashOf(source);
      // One append: the destination never holds half a game, and the timer lands with the events.
      await to.append(id, 0, source, { dueAt: timers.get(id) ?? null });
      const snap = await from.loadSnapshot(id);
      if (snap) await to.saveSnapshot(id, snap);
      const copied = (await to.read(id)).map((e) => e.event);
      if (copied.length !== source.length || hashOf(copied) !== hash) mismatched.push(id);
      events += source.length;
    } catch (e) {
      const why = e instanceof AppError ? e.message : (e as Error).message || String(e);
      throw new AppError(
        'copy.incomplete',
        500,
        `game ${id} (${i + 1} of ${ids.length}) could not be copied: ${why}. The destination is marked incomplete and will not be served; drop it, create it empty and copy again`,
      );
    }
    progress(i + 1, ids.length);
  }
  // A copy whose games differ from their originals stays marked incomplete: it is reported, not served.
  if (mismatched.length === 0) await to.setMeta(COPY_STATE_KEY, 'complete');
  return {
    games: ids.length,
    events,
    accounts: accounts.length,
    sessions: sessions.length,
    timers: timers.size,
    readMarkers: markers.length,
    notifications: notices.notifications.length,
    mismatched,
  };
}
