// The fold: state = events.reduce(evolve). Generic events update the shared state; every event is then offered to
// the variant's own evolve for its slice. Pure and total: an unknown event changes nothing but the version.
import type { GameEvent, Millis, PlayerId } from '../core/types.ts';
import type { Calendar } from './calendar.ts';
import { type Deadline, type GameConfig, type GameState, type Outcome, type PlayerState, withPostAuthor } from './state.ts';
import type { Variant } from './variant.ts';

function withPlayer<V>(s: GameState<V>, id: PlayerId, patch: Partial<PlayerState>): GameState<V> {
  const p = s.players[id];
  if (!p) return s;
  return { ...s, players: { ...s.players, [id]: { ...p, ...patch } } };
}

function generic<V>(s: GameState<V>, e: GameEvent): GameState<V> {
  const d = e.data as Record<string, unknown>;
  switch (e.type) {
    case 'player.signed_up': {
      const id = d.id as PlayerId;
      const p: PlayerState = { id, name: d.name as string, index: s.signups, status: 'alive' };
      return { ...s, signups: s.signups + 1, players: { ...s.players, [id]: p }, order: [...s.order, id] };
    }
    case 'player.withdrew': {
      const id = d.id as PlayerId;
      const next = withPlayer(s, id, { status: 'withdrawn' });
      return { ...next, order: s.order.filter((x) => x !== id) };
    }
    case 'config.sealed': {
      const sealed = d as { fixedRoles?: GameConfig['fixedRoles']; options: Record<string, unknown> };
      const config: GameConfig = {
        ...s.config,
        ...(sealed.fixedRoles ? { fixedRoles: sealed.fixedRoles } : {}),
        options: { ...s.config.options, ...sealed.options },
      };
      return { ...s, config };
    }
    case 'seed.sealed':
      return { ...s, seed: d.seed as string };
    case 'signup.closed':
      return { ...s, status: 'dealt' };
    case 'game.cancelled':
      return { ...s, status: 'cancelled', deadlines: [] };
    case 'game.dealt': {
      const roles = d.roles as Record<PlayerId, string>;
      let players = s.players;
      for (const [id, role] of Object.entries(roles)) players = { ...players, [id]: { ...players[id]!, role } };
      return { ...s, players };
    }
    case 'game.keyed':
      return { ...s, key: d.key as string };
    case 'game.started':
      return { ...s, status: 'running' };
    case 'schedule.set':
      return { ...s, deadlines: d.deadlines as Deadline[] };
    case 'deadline.fired':
      return { ...s, deadlines: s.deadlines.filter((x) => x.id !== d.id) };
    case 'player.removed':
      return withPlayer(s, d.player as PlayerId, { status: 'out', removedAt: e.at, removedHow: d.how as string });
    case 'player.restored': {
      const p = s.players[d.player as PlayerId];
      if (!p) return s;
      const { removedAt: _a, removedHow: _h, ...rest } = p;
      return { ...s, players: { ...s.players, [p.id]: { ...rest, status: 'alive' } } };
    }
    case 'role.changed':
      return withPlayer(s, d.player as PlayerId, { role: d.role as string });
    case 'player.substituted':
      return withPlayer(s, d.player as PlayerId, { name: d.name as string });
    case 'post.published':
      return { ...s, posts: s.posts + 1, postAuthors: withPostAuthor(s.postAuthors, d.postId as string, d.author as PlayerId) };
    case 'game.paused':
      return { ...s, pausedSince: e.at };
    case 'game.resumed': {
      const { pausedSince: _p, ...rest } = s;
      return rest as GameState<V>;
    }
    case 'calendar.changed':
      return { ...s, calendar: d.calendar as Calendar };
    case 'game.ended':
      return { ...s, status: 'ended', deadlines: [], outcome: d as unknown as Outcome };
    default:
      return s;
  }
}

/** Folds one event into the state. */
export function evolve<V>(variant: Variant<V>, s: GameState<V>, e: GameEvent): GameState<V> {
  let next = generic(s, e);
  const drawn = (e.data as { drawn?: unknown } | null)?.drawn;
  if (Array.isArray(drawn) && drawn.length > 0) next = { ...next, draws: next.draws + drawn.length };
  const clock: Millis = Math.max(e.at, next.clock);
  const v = variant.evolve(next.v, e, next);
  return { ...next, v, clock, version: s.version + 1 };
}

/** The state a game's creation event implies, before any other event. */
export function initialState<V>(variant: Variant<V>, e: GameEvent): GameState<V> {
  const d = e.data as { config: GameConfig; commitment: string };
  return {
    version: 1,
    config: d.config,
    commitment: d.commitment,
    seed: '',
    status: 'signup',
    players: {},
    order: [],
    signups: 0,
    draws: 0,
    deadlines: [],
    clock: e.at,
    calendar: d.config.calendar,
    posts: 0,
    postAuthors: [],
    v: variant.initial(d.config),
  };
}

/** Rebuilds a state from a whole event stream (the first event must be `game.created`). */
export function replay<V>(variant: Variant<V>, events: readonly GameEvent[]): GameState<V> {
  const [first, ...rest] = events;
  if (first?.type !== 'game.created') throw new Error('a game stream starts with game.created');
  let s = initialState(variant, first);
  for (const e of rest) s = evolve(variant, s, e);
  return s;
}

/** Folds more events into a state. */
export function foldAll<V>(variant: Variant<V>, s: GameState<V>, events: readonly GameEvent[]): GameState<V> {
  let out = s;
  for (const e of events) out = evolve(variant, out, e);
  return out;
}
