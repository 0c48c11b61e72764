// Conditions and parameters every rulebook's declarations share: the actor is in the game or holds a role, a window
// of the declared schedule is open (its `until` read from the pending deadline of its closing instant), a target is
// in the game, is not the actor, is or is not of a team; a player, a choice or a text argument. Each condition
// carries the rejection code (and parameters) the rulebook gives it; built once when the rulebook's module loads.
import type { Millis, Params, PlayerId } from '../../core/types.ts';
import { appliesTo, instantDef, kindOf, type ScheduleDef, type Words, windowDef } from '../schedule.ts';
import { type GameState, isAlive, nameOf } from '../state.ts';
import type { ActorCheck, ChoiceParam, Ctx, Note, PlayerParam, Resolve, Separator, TargetCheck, TextParam } from './declare.ts';

/** A refusal as a declaration writes it: a code, or a code with its parameters, flag and moderator note. */
export type Refuse<V, R> =
  | R
  | {
      readonly code: R;
      params?(c: Ctx<V>): Params;
      note?(c: Ctx<V>): Note;
      readonly flag?: boolean;
    };

/** The step at which argument `arg` is refused when it did not resolve (its parameter's code, e.g. R-NAME). */
export function resolve<K extends string>(arg: K): Resolve<K> {
  return { kind: 'resolve', arg };
}

/** The actor is in the game (status alive). */
export function alive<R>(code: R, more: { readonly flag?: boolean } = {}): ActorCheck<unknown, R> {
  return { kind: 'actor', code, ...more, test: (c) => isAlive(c.s, c.me), what: { en: 'in the game' } };
}

/** The actor holds one of these roles. */
export function role<R>(roles: string | readonly string[], code: R): ActorCheck<unknown, R> {
  const set = new Set(typeof roles === 'string' ? [roles] : roles);
  const names = [...set].join(' or ');
  return { kind: 'actor', code, test: (c) => set.has(c.s.players[c.me]?.role ?? ''), what: { en: names } };
}

/** `{ name }` of a target, the parameter most target refusals show. */
export function nameParam(c: Ctx<unknown>, id: PlayerId): Params {
  return { name: nameOf(c.s, id) };
}

/** The target is not the actor himself. */
export function notSelf<K extends string, R>(arg: K, code: R): TargetCheck<unknown, R, K> {
  return { kind: 'target', arg, code, test: (c, id) => id !== c.me, what: { en: 'not himself' } };
}

/** The target is in the game (status alive); the refusal names him. */
export function inGame<K extends string, R>(arg: K, code: R): TargetCheck<unknown, R, K> {
  return { kind: 'target', arg, code, test: (c, id) => isAlive(c.s, id), params: nameParam, what: { en: 'in the game' } };
}

/** The target is (`same`) or is not of the actor's team, as `teamOf` reads teams; the refusal names him. */
export function team<K extends string, R, V>(arg: K, code: R, same: boolean, teamOf: (s: GameState<V>, id: PlayerId) => string): TargetCheck<V, R, K> {
  return {
    kind: 'target',
    arg,
    code,
    test: (c, id) => (teamOf(c.s, id) === teamOf(c.s, c.me)) === same,
    params: nameParam,
    what: { en: same ? 'of his team' : 'not of his team' },
  };
}

/** A player argument; `code` refuses a text that names no single player (its parameter `text` by default). */
export function player<R>(code: R, more: Omit<PlayerParam<R>, 'kind' | 'code'> = {}): PlayerParam<R> {
  return { kind: 'player', code, params: (raw) => ({ text: raw }), ...more };
}

/** A choice among fixed values. */
export function choice<R, const T extends string>(code: R, def: Omit<ChoiceParam<R, T>, 'kind' | 'code'>): ChoiceParam<R, T> {
  return { kind: 'choice', code, ...def };
}

/** A free-text argument. */
export function text<R>(def: Omit<TextParam<R>, 'kind'>): TextParam<R> {
  return { kind: 'text', ...def };
}

/** A separator before a parameter: what each locale teaches and what is accepted. */
export function separator(taught: Words, accept: RegExp): Separator {
  return { taught, accept };
}

/** The refusal spec of a window: one refusal for every reason, or one per reason (`closed` for the others). */
export type WindowRefusals<V, R> = {
  /** The open phase is not the window's. */
  readonly phase?: Refuse<V, R>;
  /** The window does not apply to this round. */
  readonly round?: Refuse<V, R>;
  /** Its opening instant has not come yet. */
  readonly early?: Refuse<V, R>;
  /** It has closed (its closing instant has passed); also the refusal of any reason not given. */
  readonly closed: Refuse<V, R>;
};

/** The instant a window's closing deadline falls at, while it is pending (a moved or paused deadline included). */
export function untilOf(schedule: ScheduleDef, id: string): (c: Ctx<unknown>) => Millis | undefined {
  const { window } = windowDef(schedule, id);
  const edge = window.closes;
  if (edge === 'open' || !('instant' in edge)) return () => undefined;
  const kind = kindOf(instantDef(schedule, edge.instant));
  return (c) => pendingAt(c.s, kind);
}

function pendingAt(s: GameState<unknown>, kind: string): Millis | undefined {
  for (const d of s.deadlines) if (d.kind === kind) return d.at;
  return undefined;
}

function check<V, R>(r: Refuse<V, R>, test: (c: Ctx<V>) => boolean, what: Words, until?: (c: Ctx<V>) => Millis | undefined): ActorCheck<V, R> {
  const base = typeof r === 'object' && r !== null && 'code' in r ? r : { code: r };
  return { kind: 'actor', ...base, test, what, ...(until ? { until } : {}) };
}

/**
 * A window of the declared schedule is open: the game is in the window's phase, the window applies to the round,
 * its opening instant (if it is one) has passed and its closing instant's deadline is pending. Gives one condition
 * per reason, each with its refusal, in that order; the last carries the window's `until`. Windows whose edges are
 * local times or actions are not read here: a rulebook states them as its own condition.
 */
export function windowOpen<V, R>(schedule: ScheduleDef, id: string, refuse: Refuse<V, R> | WindowRefusals<V, R>): ActorCheck<V, R>[] {
  const { phase, window } = windowDef(schedule, id);
  const r: WindowRefusals<V, R> = typeof refuse === 'object' && refuse !== null && 'closed' in refuse ? refuse : { closed: refuse };
  const out: ActorCheck<V, R>[] = [];
  const name = { en: `window ${id}` };
  if (phase) out.push(check(r.phase ?? r.closed, (c) => c.phase === phase.id, { en: `phase ${phase.id}` }));
  const rounds = window.rounds;
  if (rounds !== undefined && rounds !== 'every') out.push(check(r.round ?? r.closed, (c) => appliesTo(rounds, c.round), name));
  const opens = window.opens;
  if (opens !== 'open') {
    if (!('instant' in opens)) throw new Error(`window ${id} opens at ${JSON.stringify(opens)}: state it as the rulebook's own condition`);
    const kind = kindOf(instantDef(schedule, opens.instant));
    out.push(check(r.early ?? r.closed, (c) => pendingAt(c.s, kind) === undefined, name));
  }
  const closes = window.closes;
  if (closes === 'open' || !('instant' in closes))
    throw new Error(`window ${id} closes at ${JSON.stringify(closes)}: state it as the rulebook's own condition`);
  const kind = kindOf(instantDef(schedule, closes.instant));
  out.push(
    check(
      r.closed,
      (c) => pendingAt(c.s, kind) !== undefined,
      name,
      (c) => pendingAt(c.s, kind),
    ),
  );
  return out;
}
