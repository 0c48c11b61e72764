// Conditions and parameters every rulebook's declarations share: the actor is in the game or holds a role, a window
// of the declared schedule is open (its `until` read from the pending deadline of its closing instant), a target is
// in the game, is not the actor, is or is not of a team; a player, a choice or a text argument. Each condition
// carries the rejection code (and parameters) the rulebook gives it; built once when the rulebook's module loads.
import type { Millis, Params, PlayerId } from '../../core/types.ts';
import { instantDef, kindOf, type ScheduleDef, type Words, windowDef } from '../schedule.ts';
import { type GameState, isAlive, nameOf } from '../state.ts';
import type { ActorCheck, ChoiceParam, Ctx, Note, PlayerParam, Reason, Resolve, Separator, Splitter, TargetCheck, TextParam } from './declare.ts';

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
  return { kind: 'actor', code, ...more, builtin: { op: 'alive' }, test: (c) => isAlive(c.s, c.me) };
}

/** The actor holds one of these roles. */
export function role<R>(roles: string | readonly string[], code: R): ActorCheck<unknown, R> {
  const set = new Set(typeof roles === 'string' ? [roles] : roles);
  return { kind: 'actor', code, builtin: { op: 'role', roles: set }, test: (c) => set.has(c.s.players[c.me]?.role ?? '') };
}

/** `{ name }` of a target, the parameter most target refusals show. */
export function nameParam(c: Ctx<unknown>, id: PlayerId): Params {
  return { name: nameOf(c.s, id) };
}

/** The target is not the actor himself. */
export function notSelf<K extends string, R>(arg: K, code: R): TargetCheck<unknown, R, K> {
  return { kind: 'target', arg, code, builtin: { op: 'not-self' }, test: (c, id) => id !== c.me };
}

/** The target is in the game (status alive); the refusal names him. */
export function inGame<K extends string, R>(arg: K, code: R): TargetCheck<unknown, R, K> {
  return { kind: 'target', arg, code, builtin: { op: 'in-game' }, test: (c, id) => isAlive(c.s, id), params: nameParam };
}

/** The target is (`same`) or is not of the actor's team, as `teamOf` reads teams; the refusal names him. */
export function team<K extends string, R, V>(arg: K, code: R, same: boolean, teamOf: (s: GameState<V>, id: PlayerId) => string): TargetCheck<V, R, K> {
  return {
    kind: 'target',
    arg,
    code,
    test: (c, id) => (teamOf(c.s, id) === teamOf(c.s, c.me)) === same,
    params: nameParam,
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
export function separator(taught: Words, accept: Splitter): Separator {
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

/** A `Refuse` as a reason (the same object each time: its parameters are made only when it is given). */
function reason<V, R>(r: Refuse<V, R>): Reason<V, R> {
  return typeof r === 'object' && r !== null && 'code' in r ? r : { code: r };
}

/**
 * A window of the declared schedule is open: the game is in the window's phase, the window applies to the round,
 * its opening instant (if it is one) has passed and its closing instant's deadline is pending. One condition with a
 * refusal per reason, checked in that order, whose `until` is the closing deadline. Windows whose edges are local
 * times or actions are not read here: a rulebook states them as its own condition.
 */
export function windowOpen<V, R>(schedule: ScheduleDef, id: string, refuse: Refuse<V, R> | WindowRefusals<V, R>): ActorCheck<V, R> {
  const { phase, window } = windowDef(schedule, id);
  const r: WindowRefusals<V, R> = typeof refuse === 'object' && refuse !== null && 'closed' in refuse ? refuse : { closed: refuse };
  const rounds = window.rounds;
  // The rounds the window applies to, as a test made once (`appliesTo` reads the declaration's shape on every call).
  const inRounds =
    rounds === undefined || rounds === 'every' ? undefined : 'from' in rounds ? (r: number) => r >= rounds.from : (r: number) => rounds.only.includes(r);
  const opens = window.opens;
  if (opens !== 'open' && !('instant' in opens)) throw new Error(`window ${id} opens at ${JSON.stringify(opens)}: state it as the rulebook's own condition`);
  const opensKind = opens === 'open' ? undefined : kindOf(instantDef(schedule, opens.instant));
  const closes = window.closes;
  if (closes === 'open' || !('instant' in closes))
    throw new Error(`window ${id} closes at ${JSON.stringify(closes)}: state it as the rulebook's own condition`);
  const closesKind = kindOf(instantDef(schedule, closes.instant));
  const closed = reason(r.closed);
  const [wrongPhase, wrongRound, early] = [r.phase, r.round, r.early].map((x) => (x === undefined ? closed : reason(x)));
  const why = (c: Ctx<V>): Reason<V, R> | undefined => {
    if (phase && c.phase !== phase.id) return wrongPhase;
    if (inRounds && !inRounds(c.round)) return wrongRound;
    if (opensKind !== undefined && pendingAt(c.s, opensKind) !== undefined) return early;
    if (pendingAt(c.s, closesKind) === undefined) return closed;
    return undefined;
  };
  const codes = [wrongPhase, wrongRound, early, closed].filter((x): x is Reason<V, R> => x !== undefined).map((x) => x.code);
  return {
    kind: 'actor',
    code: closed.code,
    codes: [...new Set(codes)],
    test: (c) => why(c) === undefined,
    why,
    until: (c) => pendingAt(c.s, closesKind),
  };
}
