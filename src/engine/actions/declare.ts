// Player actions as data (docs/actions.md). A rulebook declares each action once: its keywords, who may take it,
// in which window of the declared day, its arguments with their target predicates, the refusal of every failed
// condition in the spec's order, and its effect. The engine derives from that one declaration the command check
// (check.ts), the legal actions that forms, reminders and bots read (legal.ts), and the command lines of role
// messages and `narrator rules` (text.ts). This module holds the declaration types and compiles a table once per
// rulebook, so nothing is looked up or allocated per call beyond what a check needs.
import type { Actor, Millis, Params, PlayerId } from '../../core/types.ts';
import type { Builder } from '../builder.ts';
import { matchName, type Named, type NameMatch } from '../names.ts';
import type { SyntaxRule } from '../parse.ts';
import type { ScheduleDef, Words } from '../schedule.ts';
import type { GameState, Locale } from '../state.ts';

/** What every check sees: the state, the actor, the instant, and the phase and round the rulebook reads. */
export interface Ctx<V> {
  readonly s: GameState<V>;
  readonly me: PlayerId;
  readonly at: Millis;
  /** The open phase of the declared schedule (undefined outside one). */
  readonly phase: string | undefined;
  /** The open round (day number), as the rulebook counts it. */
  readonly round: number;
  /** The command line as written ('' while legal actions are derived). */
  readonly line: string;
}

/** A notice to the human moderator that goes with a refusal (a possible proxy vote, a late post). */
export interface Note {
  readonly reason: string;
  readonly params: Params;
}

interface CheckBase<R> {
  /** The rejection code when the condition fails. */
  readonly code: R;
  /** The refusal is flagged to the moderator too (PAL-CON-1: posts of players who are out). */
  readonly flag?: boolean;
  /** When several declarations answer one command, the engine takes the first whose `select` checks hold. */
  readonly select?: boolean;
  /** What must hold, in words, for `narrator rules` (default: the code alone). */
  readonly what?: Words;
}

/** A condition on the actor, the state and the instant: who, when, and state that reads no argument. */
export interface ActorCheck<V, R> extends CheckBase<R> {
  readonly kind: 'actor';
  test(c: Ctx<V>): boolean;
  params?(c: Ctx<V>): Params;
  note?(c: Ctx<V>): Note;
  /** When the window this condition keeps open closes, while it holds (a legal action's `until`). */
  until?(c: Ctx<V>): Millis | undefined;
}

/** A predicate on one player argument (a target constraint); it also filters that argument's legal list. */
export interface TargetCheck<V, R, K extends string> extends CheckBase<R> {
  readonly kind: 'target';
  readonly arg: K;
  test(c: Ctx<V>, id: PlayerId): boolean;
  params?(c: Ctx<V>, id: PlayerId): Params;
}

/**
 * A condition that reads an argument before the step that refuses it unresolved: `value` is undefined when the text
 * named no single player (or no value of a choice), `raw` is the text as written. It filters the argument's legal
 * list like a target check. (palermo's outing window depends on its target, PAL-OUT-3; a vote's «withdraw» word is
 * refused before the name, PAL-VOTE-4.)
 */
export interface PeekCheck<V, R, K extends string> extends CheckBase<R> {
  readonly kind: 'peek';
  readonly arg: K;
  test(c: Ctx<V>, value: string | undefined, raw: string): boolean;
  params?(c: Ctx<V>, value: string | undefined, raw: string): Params;
  until?(c: Ctx<V>): Millis | undefined;
}

/** The arguments of an action as the engine holds them: one string (a player id, a choice, a text) per parameter. */
export type Args = Readonly<Record<string, string | undefined>>;

/** A condition on several arguments together (two different players); legal lists do not apply it. */
export interface ArgsCheck<V, R> extends CheckBase<R> {
  readonly kind: 'args';
  test(c: Ctx<V>, args: Args): boolean;
  params?(c: Ctx<V>, args: Args): Params;
}

/** The step at which an argument that did not resolve is refused, with its parameter's own code (R-NAME). */
export interface Resolve<K extends string> {
  readonly kind: 'resolve';
  readonly arg: K;
}

/** One step of an action's check; `PK` are its player arguments, `K` all its arguments. */
export type Check<V, R, PK extends string, K extends string> = ActorCheck<V, R> | TargetCheck<V, R, PK> | PeekCheck<V, R, K> | ArgsCheck<V, R> | Resolve<K>;

/** How a later parameter is separated from the one before it: the separator a locale teaches, and what is read. */
export interface Separator {
  readonly taught: Words;
  /** Matches the separator in the argument text (the first match splits). */
  readonly accept: RegExp;
}

interface ParamBase {
  /** Absent values are allowed (an intrigue murder order without an executor). */
  readonly optional?: boolean;
  /** What the form calls it, per locale (default: the engine's name for the kind). */
  readonly label?: Words;
  /** The separator before this parameter; absent for the first one. */
  readonly sep?: Separator;
  /** The parameter is the lines after the command line (mafia-de's death message, an ad's text). */
  readonly lines?: 'rest';
}

/** A player argument: resolved by name among every player who signed up. */
export interface PlayerParam<R> extends ParamBase {
  readonly kind: 'player';
  /** The refusal of a text that names no single player. */
  readonly code: R;
  params?(raw: string): Params;
  /** A text that names several players is refused flagged, with this note to the moderator (PAL-VOTE-3). */
  ambiguous?(c: Ctx<unknown>, raw: string): Note;
}

/** A choice among fixed values (a card, a claimed role); `read` accepts every spelling, `show` writes one. */
export interface ChoiceParam<R, T extends string> extends ParamBase {
  readonly kind: 'choice';
  readonly values: readonly T[];
  readonly code: R;
  read(raw: string): T | undefined;
  show(value: T, locale: Locale): string;
  params?(raw: string): Params;
}

/** Free text: the rest of the line, the following lines, or (`whole`) the entire post, as for last words. */
export interface TextParam<R> extends ParamBase {
  readonly kind: 'text';
  /** The placeholder a command line shows for it, per locale ('last words'). */
  readonly placeholder: Words;
  /** The text is the whole post or message, with no keyword (last words). */
  readonly whole?: boolean;
  readonly multiline?: boolean;
  readonly max?: number;
  /** The refusal of an empty text (absent: an empty text is accepted). */
  readonly code?: R;
}

/** A parameter of an action. */
export type ParamDef<R> = PlayerParam<R> | ChoiceParam<R, string> | TextParam<R>;

/** The ordered parameters of an action, by argument name. */
export type ParamDefs<R> = Readonly<Record<string, ParamDef<R>>>;

type ValueOf<X> = X extends ChoiceParam<infer _R, infer T> ? T : string;

/** The arguments an effect receives, typed by the parameters (a choice's values, player ids, texts). */
export type ArgsOf<P> = { readonly [K in keyof P]: P[K] extends { readonly optional: true } ? ValueOf<P[K]> | undefined : ValueOf<P[K]> };

/** The names of the player parameters of P. */
export type PlayerKeys<P> = { [K in keyof P]: P[K] extends PlayerParam<infer _R> ? K : never }[keyof P] & string;

/** An accepted (or attempted) action as its effect sees it. */
export interface Act<A> {
  readonly actor: Extract<Actor, { kind: 'player' }>;
  readonly me: PlayerId;
  readonly args: A;
  /** The command line as written (what acknowledgements quote). */
  readonly line: string;
  /** The post or message that carried it. */
  readonly input: { readonly text: string; readonly postId?: string };
}

/** Everything the engine holds of one declaration, whatever its parameters (the shape a table stores). */
export interface AnyAction<V, M, R extends string> {
  /** Unique in its table; the command id when one declaration answers it. */
  readonly id: string;
  /** The command id of the syntax (the keyword lines that reach it); a `whole`-text action names itself. */
  readonly command: string;
  /** Where it is written. */
  readonly via: 'post' | 'pm';
  /** The keyword lines that write it (the command comes from `command`); absent for a whole-text action. */
  readonly syntax?: readonly Omit<SyntaxRule, 'command' | 'where'>[];
  /** One line for `narrator rules`. */
  readonly summary: Words;
  /** The rule ids it implements. */
  readonly rules: string;
  readonly params: ParamDefs<R>;
  /** Every condition, in the spec's precedence: the first that fails gives the refusal. */
  readonly checks: readonly Check<V, R, string, string>[];
  /** Cannot be undone or replaced once accepted (a card, last words): forms ask before sending. */
  readonly irreversible?: boolean;
  /** The form asks for a confirmation before sending. */
  readonly confirm?: boolean;
  /** The channel a post goes to when the game has several (a city's thread). */
  channel?(c: Ctx<V>): string | undefined;
  effect(b: Builder<V, M, R>, act: Act<Args>): void;
  /** What else a refusal does (a flag to the moderator); the refusal itself is recorded by the engine. */
  refused?(b: Builder<V, M, R>, act: Act<Args>, code: R): void;
}

/** A declaration with its parameters' types: checks name real arguments and the effect gets typed arguments. */
export interface ActionDef<V, M, R extends string, P extends ParamDefs<R>> extends Omit<AnyAction<V, M, R>, 'params' | 'checks' | 'effect' | 'refused'> {
  readonly params: P;
  readonly checks: readonly Check<V, R, PlayerKeys<P>, keyof P & string>[];
  effect(b: Builder<V, M, R>, act: Act<ArgsOf<P>>): void;
  refused?(b: Builder<V, M, R>, act: Act<Partial<ArgsOf<P>>>, code: R): void;
}

/** How a rulebook's table reads the game: its schedule, phase, round and name matching. */
export interface TableSpec<V> {
  readonly schedule: ScheduleDef;
  /** The open phase of the schedule (the timetable's `phaseOf`). */
  phase(s: GameState<V>): string | undefined;
  /** The open round. */
  round(s: GameState<V>): number;
  /** The rulebook's name matcher (default: matchName, PAL-GEN-4). */
  match?(text: string, players: readonly Named[]): NameMatch;
  /** Syntax rules that belong to no action (signup's join and leave). */
  readonly extraSyntax?: readonly SyntaxRule[];
}

/** A compiled declaration: its checks sorted by what they read, and its text cache. */
export interface Compiled<V, M, R extends string> {
  readonly def: AnyAction<V, M, R>;
  readonly keys: readonly string[];
  /** Conditions that read no argument (evaluated once per legal-action derivation). */
  readonly actorChecks: readonly ActorCheck<V, R>[];
  /** Per argument, the conditions that read it alone (they filter its legal list). */
  readonly argChecks: ReadonlyMap<string, readonly (TargetCheck<V, R, string> | PeekCheck<V, R, string>)[]>;
  readonly argsChecks: readonly ArgsCheck<V, R>[];
  readonly selects: boolean;
  /** Texts per locale and style, made on first use. */
  readonly texts: Map<string, string>;
}

/** A rulebook's declared player actions, compiled once. */
export interface ActionTable<V, M, R extends string> extends TableSpec<V> {
  readonly actions: readonly Compiled<V, M, R>[];
  /** Declarations by `via:command`, in declaration order. */
  readonly byCommand: ReadonlyMap<string, readonly Compiled<V, M, R>[]>;
  /** The syntax table the parser reads: every action's keyword lines, then the extra rules. */
  readonly syntax: readonly SyntaxRule[];
}

/** The state a check of `table` sees for `me` at `at`. */
export function ctxOf<V>(table: TableSpec<V>, s: GameState<V>, me: PlayerId, at: Millis, line: string): Ctx<V> {
  return { s, me, at, phase: table.phase(s), round: table.round(s), line };
}

/** Resolves a name with the table's matcher. */
export function matchIn<V>(table: TableSpec<V>, text: string, players: readonly Named[]): NameMatch {
  return table.match ? table.match(text, players) : matchName(text, players);
}

/**
 * Compiles a table. Throws (a bug of the rulebook, found when its module loads) when an id repeats, a check names an
 * argument the action does not have, a target check comes before its argument's resolve step, or an argument has
 * no resolve step.
 */
export function compileTable<V, M, R extends string>(spec: TableSpec<V>, actions: readonly AnyAction<V, M, R>[]): ActionTable<V, M, R> {
  const seen = new Set<string>();
  const compiled: Compiled<V, M, R>[] = [];
  const byCommand = new Map<string, Compiled<V, M, R>[]>();
  const syntax: SyntaxRule[] = [];
  for (const def of actions) {
    if (seen.has(def.id)) throw new Error(`action ${def.id} is declared twice`);
    seen.add(def.id);
    const c = compileAction(def);
    compiled.push(c);
    const key = `${def.via}:${def.command}`;
    byCommand.set(key, [...(byCommand.get(key) ?? []), c]);
    for (const rule of def.syntax ?? []) syntax.push({ ...rule, command: def.command, where: def.via });
  }
  return { ...spec, actions: compiled, byCommand, syntax: [...syntax, ...(spec.extraSyntax ?? [])] };
}

function compileAction<V, M, R extends string>(def: AnyAction<V, M, R>): Compiled<V, M, R> {
  const keys = Object.keys(def.params);
  const resolved = new Set<string>();
  const actorChecks: ActorCheck<V, R>[] = [];
  const argsChecks: ArgsCheck<V, R>[] = [];
  const argChecks = new Map<string, (TargetCheck<V, R, string> | PeekCheck<V, R, string>)[]>(keys.map((k) => [k, []]));
  let selects = false;
  for (const check of def.checks) {
    if (check.kind !== 'resolve' && check.select) selects = true;
    switch (check.kind) {
      case 'actor':
        actorChecks.push(check);
        break;
      case 'args':
        argsChecks.push(check);
        break;
      case 'resolve':
        if (!keys.includes(check.arg) || resolved.has(check.arg)) throw new Error(`action ${def.id}: resolve step for ${check.arg} is unknown or repeated`);
        resolved.add(check.arg);
        break;
      case 'target':
      case 'peek': {
        const list = argChecks.get(check.arg);
        if (!list) throw new Error(`action ${def.id}: a check names argument ${check.arg}, which it does not have`);
        if (check.kind === 'target' && !resolved.has(check.arg)) throw new Error(`action ${def.id}: a target check on ${check.arg} precedes its resolve step`);
        list.push(check);
        break;
      }
    }
  }
  for (const k of keys) if (!resolved.has(k)) throw new Error(`action ${def.id}: argument ${k} has no resolve step`);
  return { def, keys, actorChecks, argChecks, argsChecks, selects, texts: new Map() };
}
