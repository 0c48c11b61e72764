// A rulebook's declaration kit: the helpers of declare.ts and guards.ts bound to its state slice, events and
// rejection codes, so a misspelt code, a check on an argument the action lacks, or a missing effect does not
// compile, and a condition's `c.s.v` is the rulebook's own slice.
import type { Millis, Params, PlayerId } from '../../core/types.ts';
import {
  type ActionDef,
  type ActionTable,
  type ActorCheck,
  type AnyAction,
  type Ctx,
  compileTable,
  type Note,
  type ParamDefs,
  type PeekCheck,
  type TableSpec,
  type TargetCheck,
  type WordCheck,
} from './declare.ts';
import { type Refuse, untilOf, type WindowRefusals, windowOpen } from './guards.ts';

/** What a condition may add to its code. */
interface More<P extends unknown[]> {
  params?(...args: P): Params;
  readonly flag?: boolean;
  readonly select?: boolean;
}

/** The declaration helpers of one rulebook. */
export interface Kit<V, M, R extends string> {
  /** Declares an action; its parameters type its checks and its effect's arguments. */
  action<P extends ParamDefs<R>>(def: ActionDef<V, M, R, P>): AnyAction<V, M, R>;
  /** A condition on the actor, the state and the instant. */
  actor(code: R, test: (c: Ctx<V>) => boolean, more?: More<[Ctx<V>]> & { note?(c: Ctx<V>): Note; until?(c: Ctx<V>): Millis | undefined }): ActorCheck<V, R>;
  /** A predicate on a player argument (it filters that argument's legal list). */
  target<K extends string>(
    arg: K,
    code: R,
    test: (c: Ctx<V>, id: PlayerId) => boolean,
    more?: More<[Ctx<V>, PlayerId]> & { among?(c: Ctx<V>): readonly PlayerId[]; listKey?(c: Ctx<V>): string | number },
  ): TargetCheck<V, R, K>;
  /** A condition that reads an argument before its resolve step (value undefined when it did not resolve). */
  peek<K extends string>(
    arg: K,
    code: R,
    test: (c: Ctx<V>, value: string | undefined, raw: string) => boolean,
    more?: More<[Ctx<V>, string | undefined, string]> & { until?(c: Ctx<V>): Millis | undefined },
  ): PeekCheck<V, R, K>;
  /** A condition on how an argument is written (a reserved word), before it is resolved. */
  word<K extends string>(arg: K, code: R, test: (raw: string) => boolean, more?: More<[string]>): WordCheck<R, K>;
  /** A declared window is open (phase, round, opening, closing), with a refusal per reason. */
  window(id: string, refuse: Refuse<V, R> | WindowRefusals<V, R>): ActorCheck<V, R>;
  /** When a declared window closes, for a condition of the rulebook's own that keeps it open. */
  until(id: string): (c: Ctx<V>) => Millis | undefined;
  /** Compiles the declarations into the table the engine reads. */
  table(actions: readonly AnyAction<V, M, R>[]): ActionTable<V, M, R>;
}

/** The declaration kit of a rulebook: its state slice `V`, events `M` and rejection codes `R`. */
export function rulebook<V, M, R extends string>(spec: TableSpec): Kit<V, M, R> {
  return {
    action: (def) => def,
    actor: (code, test, more = {}) => ({ kind: 'actor', code, test, ...more }),
    target: (arg, code, test, more = {}) => ({ kind: 'target', arg, code, test, ...more }),
    peek: (arg, code, test, more = {}) => ({ kind: 'peek', arg, code, test, ...more }),
    word: (arg, code, test, more = {}) => ({ kind: 'word', arg, code, test, ...more }),
    window: (id, refuse) => windowOpen(spec.schedule, id, refuse),
    until: (id) => untilOf(spec.schedule, id),
    table: (actions) => compileTable(spec, actions),
  };
}
