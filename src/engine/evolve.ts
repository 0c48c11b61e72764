// The fold: state = events.reduce(evolve). Generic events update the shared state; every event is then offered to
// the variant's own evolve for its slice. Pure and total: an unknown event changes nothing but the version.
import type { GameEvent, Millis, PlayerId } from '../core/types.ts';
import { type EngineEvent, typed } from './events.ts';
import { type GameConfig, type GameState, type PlayerState, withPostAuthor } from './state.ts';
import type { Variant } from './variant.ts';

function withPlayer<V>(s: GameState<V>, id: PlayerId, patch: Partial<PlayerState>): GameState<V> {
  const p = s.players[id];
  if (!p) return s;
  return { ...s, players: { ...s.players, [id]: player({ ...p, ...patch }) } };
}

/** A player record built by one literal (one hidden class for all; see `evolve`). */
function player(p: PlayerState): PlayerState {
  return {
    id: p.id,
    name: p.name,
    index: p.index,
    role: p.role,
    status: p.status,
    removedAt: p.removedAt,
    removedHow: p.removedHow,
    formerNames: p.formerNames,
  };
}

/**
 * Exhaustiveness at compile time: a switch over a vocabulary ends here once every type has its case. At run time a
 * rulebook's own events (not in the engine's vocabulary) arrive here and change nothing.
 */
export function unhandled<S>(_e: never, s: S): S {
  return s;
}

function generic<V>(s: GameState<V>, e: EngineEvent): GameState<V> {
  switch (e.type) {
    case 'player.signed_up': {
      const { id, name } = e.data;
      const p = player({ id, name, index: s.signups, role: undefined, status: 'alive', removedAt: undefined, removedHow: undefined });
      return { ...s, signups: s.signups + 1, players: { ...s.players, [id]: p }, order: [...s.order, id] };
    }
    case 'player.withdrew': {
      const id = e.data.id;
      const next = withPlayer(s, id, { status: 'withdrawn' });
      return { ...next, order: s.order.filter((x) => x !== id) };
    }
    case 'config.sealed': {
      const sealed = e.data;
      const config: GameConfig = {
        ...s.config,
        ...(sealed.fixedRoles ? { fixedRoles: sealed.fixedRoles } : {}),
        options: { ...s.config.options, ...sealed.options },
      };
      return { ...s, config };
    }
    case 'seed.sealed':
      return { ...s, seed: e.data.seed };
    case 'signup.closed':
      return { ...s, status: 'dealt' };
    case 'game.cancelled':
      return { ...s, status: 'cancelled', deadlines: [] };
    case 'game.dealt': {
      let players = s.players;
      for (const [id, role] of Object.entries(e.data.roles)) players = { ...players, [id]: player({ ...players[id]!, role }) };
      return { ...s, players };
    }
    case 'game.keyed':
      return { ...s, key: e.data.key };
    case 'game.started':
      return { ...s, status: 'running' };
    case 'schedule.set':
      return { ...s, deadlines: e.data.deadlines };
    case 'deadline.fired': {
      const id = e.data.id;
      return { ...s, deadlines: s.deadlines.filter((x) => x.id !== id) };
    }
    case 'player.removed':
      return withPlayer(s, e.data.player, { status: 'out', removedAt: e.at, removedHow: e.data.how });
    case 'player.restored': {
      const p = s.players[e.data.player];
      if (!p) return s;
      return { ...s, players: { ...s.players, [p.id]: player({ ...p, status: 'alive', removedAt: undefined, removedHow: undefined }) } };
    }
    case 'role.changed':
      return withPlayer(s, e.data.player, { role: e.data.role });
    case 'player.substituted': {
      const d = e.data;
      return withPlayer(s, d.player, {
        name: d.name,
        formerNames: [...(s.players[d.player]?.formerNames ?? []), String(d.previous ?? s.players[d.player]?.name ?? '')],
      });
    }
    case 'post.published':
      return { ...s, posts: s.posts + 1, ...withPostAuthor(s, e.data.postId, e.data.author) };
    case 'game.paused':
      return { ...s, pausedSince: e.at };
    case 'game.resumed':
      return { ...s, pausedSince: undefined };
    case 'calendar.changed':
      return { ...s, calendar: e.data.calendar };
    case 'game.ended':
      return { ...s, status: 'ended', deadlines: [], outcome: e.data };
    case 'game.created':
    case 'seed.revealed':
    case 'pm.forwarded':
    case 'message':
    case 'command.rejected':
    case 'moderator.flag':
    case 'moderator.action':
    case 'game.hosted':
    case 'moderator.added':
    case 'team.chat':
    case 'reminders.set':
    case 'pm.received':
    case 'post.edited':
    case 'team.formed':
    case 'player.warned':
    case 'player.warning.revoked':
      return s;
    default:
      return unhandled(e, s);
  }
}

/**
 * Folds one event into the state.
 *
 * Performance: every state is built by the one object literal at the end (all keys, optional ones undefined, none
 * ever deleted), so all states share one hidden class and the spreads in `generic` stay monomorphic. When states
 * came out of spreads of spreads, V8's clone cache went megamorphic and its slow path gave each copy a fresh hidden
 * class, which made every spread and every property access of the engine several times slower.
 */
export function evolve<V, M>(variant: Variant<V, M>, s: GameState<V>, e: GameEvent): GameState<V> {
  const next = generic(s, typed(e));
  const data: unknown = e.data;
  const drawn = typeof data === 'object' && data !== null && 'drawn' in data ? data.drawn : undefined;
  const draws = Array.isArray(drawn) && drawn.length > 0 ? next.draws + drawn.length : next.draws;
  const clock: Millis = Math.max(e.at, next.clock);
  const v = variant.evolve(next.v, typed<M>(e), next);
  return {
    version: s.version + 1,
    config: next.config,
    commitment: next.commitment,
    seed: next.seed,
    key: next.key,
    status: next.status,
    players: next.players,
    order: next.order,
    signups: next.signups,
    draws,
    deadlines: next.deadlines,
    clock,
    pausedSince: next.pausedSince,
    calendar: next.calendar,
    outcome: next.outcome,
    posts: next.posts,
    postAuthors: next.postAuthors,
    namedPosts: next.namedPosts,
    v,
  };
}

/** The state a game's creation event implies, before any other event. */
export function initialState<V, M>(variant: Variant<V, M>, e: GameEvent): GameState<V> {
  const created = typed(e);
  if (created.type !== 'game.created') throw new Error('a game stream starts with game.created');
  const d = created.data;
  return {
    version: 1,
    config: d.config,
    commitment: d.commitment,
    seed: '',
    key: undefined,
    status: 'signup',
    players: {},
    order: [],
    signups: 0,
    draws: 0,
    deadlines: [],
    clock: e.at,
    pausedSince: undefined,
    calendar: d.config.calendar,
    outcome: undefined,
    posts: 0,
    postAuthors: '',
    namedPosts: {},
    v: variant.initial(d.config),
  };
}

/** Rebuilds a state from a whole event stream (the first event must be `game.created`). */
export function replay<V, M>(variant: Variant<V, M>, events: readonly GameEvent[]): GameState<V> {
  const [first, ...rest] = events;
  if (first?.type !== 'game.created') throw new Error('a game stream starts with game.created');
  let s = initialState(variant, first);
  for (const e of rest) s = evolve(variant, s, e);
  return s;
}

/** Folds more events into a state. */
export function foldAll<V, M>(variant: Variant<V, M>, s: GameState<V>, events: readonly GameEvent[]): GameState<V> {
  let out = s;
  for (const e of events) out = evolve(variant, out, e);
  return out;
}
