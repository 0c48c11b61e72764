// The fold: state = events.reduce(evolve). Generic events update the shared state; every event is then offered to
// the variant's own evolve for its slice. Pure and total: an unknown event changes nothing but the version.
import type { GameEvent, PlayerId } from '../core/types.ts';
import { type EngineEvent, typed } from './events.ts';
import { changedPhases } from './phases.ts';
import { type GameState, type OpenPhase, type PlayerState, withPostAuthor } from './state.ts';
import type { Variant } from './variant.ts';

/** No phase open (one array for every state without one). */
const NO_PHASES: readonly OpenPhase[] = Object.freeze([]);

/** A state being folded: the copy `evolve` makes of the state before the event, written in place once. */
type Draft<V> = { -readonly [K in keyof GameState<V>]: GameState<V>[K] };

/** The players record with one player changed (unchanged when the player is unknown). */
function withPlayer(players: GameState<unknown>['players'], id: PlayerId, patch: Partial<PlayerState>): GameState<unknown>['players'] {
  const p = players[id];
  if (!p) return players;
  return { ...players, [id]: player({ ...p, ...patch }) };
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

/** Writes what an engine event changes in the shared state into the draft (the state before it, copied). */
function generic<V>(d: Draft<V>, e: EngineEvent): void {
  switch (e.type) {
    case 'player.signed_up': {
      const { id, name } = e.data;
      d.players = { ...d.players, [id]: player({ id, name, index: d.signups, role: undefined, status: 'alive', removedAt: undefined, removedHow: undefined }) };
      d.signups = d.signups + 1;
      d.order = [...d.order, id];
      return;
    }
    case 'player.withdrew': {
      const id = e.data.id;
      d.players = withPlayer(d.players, id, { status: 'withdrawn' });
      d.order = d.order.filter((x) => x !== id);
      return;
    }
    case 'config.sealed': {
      const sealed = e.data;
      d.config = {
        ...d.config,
        ...(sealed.fixedRoles ? { fixedRoles: sealed.fixedRoles } : {}),
        options: { ...d.config.options, ...sealed.options },
      };
      return;
    }
    case 'seed.sealed':
      d.seed = e.data.seed;
      return;
    case 'signup.closed':
      d.status = 'dealt';
      return;
    case 'game.cancelled':
      d.status = 'cancelled';
      d.deadlines = [];
      d.phases = NO_PHASES;
      return;
    case 'game.dealt': {
      const players = { ...d.players };
      for (const [id, role] of Object.entries(e.data.roles)) players[id] = player({ ...players[id]!, role });
      d.players = players;
      return;
    }
    case 'game.keyed':
      d.key = e.data.key;
      return;
    case 'game.started':
      d.status = 'running';
      return;
    case 'schedule.set':
      d.deadlines = e.data.deadlines;
      return;
    case 'phase.entered': {
      const x = e.data;
      d.phases = changedPhases(
        d.phases,
        { open: x.phase, round: x.round, ...(x.date !== undefined ? { date: x.date } : {}), ...(x.beside ? { beside: true } : {}) },
        e.at,
      );
      return;
    }
    case 'phase.exited':
      d.phases = changedPhases(d.phases, { close: e.data.phase }, e.at);
      return;
    case 'phase.dated':
      d.phases = changedPhases(d.phases, { dated: e.data.phase, date: e.data.date }, e.at);
      return;
    case 'deadline.fired': {
      const id = e.data.id;
      d.deadlines = d.deadlines.filter((x) => x.id !== id);
      return;
    }
    case 'player.removed':
      d.players = withPlayer(d.players, e.data.player, { status: 'out', removedAt: e.at, removedHow: e.data.how });
      return;
    case 'player.restored': {
      const p = d.players[e.data.player];
      if (p) d.players = { ...d.players, [p.id]: player({ ...p, status: 'alive', removedAt: undefined, removedHow: undefined }) };
      return;
    }
    case 'role.changed':
      d.players = withPlayer(d.players, e.data.player, { role: e.data.role });
      return;
    case 'player.substituted': {
      const x = e.data;
      d.players = withPlayer(d.players, x.player, {
        name: x.name,
        formerNames: [...(d.players[x.player]?.formerNames ?? []), String(x.previous ?? d.players[x.player]?.name ?? '')],
      });
      return;
    }
    case 'post.published': {
      const authors = withPostAuthor(d, e.data.postId, e.data.author);
      d.posts = d.posts + 1;
      d.postAuthors = authors.postAuthors;
      d.namedPosts = authors.namedPosts;
      return;
    }
    case 'game.paused':
      d.pausedSince = e.at;
      return;
    case 'game.resumed':
      d.pausedSince = undefined;
      return;
    case 'calendar.changed':
      d.calendar = e.data.calendar;
      return;
    case 'game.ended':
      d.status = 'ended';
      d.deadlines = [];
      d.phases = NO_PHASES;
      d.outcome = e.data;
      return;
    case 'game.created':
    case 'phase.resolved':
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
      return;
    default:
      return unhandled(e, undefined);
  }
}

/**
 * Folds one event into the state.
 *
 * Performance: every state is built by the one object literal below (all keys, optional ones undefined, none ever
 * deleted), so all states share one hidden class; the engine's fields are then written into that copy, so an event
 * costs one state object. When states came out of spreads of spreads, V8's clone cache went megamorphic and its slow
 * path gave each copy a fresh hidden class, which made every spread and every property access of the engine several
 * times slower.
 */
export function evolve<V, M>(variant: Variant<V, M>, s: GameState<V>, e: GameEvent): GameState<V> {
  const d: Draft<V> = {
    version: s.version,
    config: s.config,
    commitment: s.commitment,
    seed: s.seed,
    key: s.key,
    status: s.status,
    players: s.players,
    order: s.order,
    signups: s.signups,
    draws: s.draws,
    deadlines: s.deadlines,
    phases: s.phases,
    clock: s.clock,
    pausedSince: s.pausedSince,
    calendar: s.calendar,
    outcome: s.outcome,
    posts: s.posts,
    postAuthors: s.postAuthors,
    namedPosts: s.namedPosts,
    v: s.v,
  };
  generic(d, typed(e));
  // A rulebook's own event that stood for a phase change before the engine kept the phase (Timetable.logged).
  const logged = variant.timetable.logged?.[e.type];
  if (logged) d.phases = changedPhases(d.phases, logged(e.data as never, d), e.at);
  // The rulebook's fold sees the state after the engine's fields, its version, draws and clock still those before.
  const v = variant.evolve(s.v, typed<M>(e), d);
  const data: unknown = e.data;
  const drawn = typeof data === 'object' && data !== null && 'drawn' in data ? data.drawn : undefined;
  if (Array.isArray(drawn) && drawn.length > 0) d.draws = s.draws + drawn.length;
  d.version = s.version + 1;
  d.clock = Math.max(e.at, s.clock);
  d.v = v;
  return d;
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
    phases: NO_PHASES,
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
