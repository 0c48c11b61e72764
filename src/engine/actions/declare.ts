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
import { currentPhase } from '../phases.ts';
import type { ScheduleDef, Words } from '../schedule.ts';
import type { GameState, Locale } from '../state.ts';
import type { LegalAction } from '../variant.ts';

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

/**
 * A condition the engine evaluates itself rather than through its function (the commonest ones: the actor is in the
 * game or holds a role, a target is not the actor or is in the game), so checks and legal lists stay fast.
 */
export type Builtin =
  | { readonly op: 'alive' }
  | { readonly op: 'role'; readonly roles: ReadonlySet<string> }
  | { readonly op: 'not-self' }
  | { readonly op: 'in-game' };

/**
 * A refusal a condition chose among several (a window closed for one of its reasons). Its parameters and note are
 * made only when the refusal is given, never while legal actions are derived.
 */
export interface Reason<V, R> {
  readonly code: R;
  params?(c: Ctx<V>): Params;
  note?(c: Ctx<V>): Note;
  readonly flag?: boolean;
}

interface CheckBase<R> {
  /** The rejection code when the condition fails. */
  readonly code: R;
  /** How the engine evaluates it without calling `test` (set by the shared guards). */
  readonly builtin?: Builtin;
  /** The refusal is flagged to the moderator too (PAL-CON-1: posts of players who are out). */
  readonly flag?: boolean;
  /** When several declarations answer one command, the engine takes the first whose `select` checks hold. */
  readonly select?: boolean;
}

/** A condition on the actor, the state and the instant: who, when, and state that reads no argument. */
export interface ActorCheck<V, R> extends CheckBase<R> {
  readonly kind: 'actor';
  test(c: Ctx<V>): boolean;
  params?(c: Ctx<V>): Params;
  note?(c: Ctx<V>): Note;
  /** When the window this condition keeps open closes, while it holds (a legal action's `until`). */
  until?(c: Ctx<V>): Millis | undefined;
  /**
   * A condition that fails for one of several reasons, each with its own refusal: returns the refusal, or undefined
   * when it holds (then `test` is not called). `codes` lists every code it may give, for `narrator rules`.
   */
  why?(c: Ctx<V>): Reason<V, R> | undefined;
  readonly codes?: readonly R[];
}

/** A predicate on one player argument (a target constraint); it also filters that argument's legal list. */
export interface TargetCheck<V, R, K extends string> extends CheckBase<R> {
  readonly kind: 'target';
  readonly arg: K;
  test(c: Ctx<V>, id: PlayerId): boolean;
  params?(c: Ctx<V>, id: PlayerId): Params;
  /**
   * The only players the condition can accept, in the order a legal list offers them (a city's nominees, a family):
   * the list tests these instead of everyone who signed up. The test still decides; the first such list is read.
   */
  among?(c: Ctx<V>): readonly PlayerId[];
  /**
   * Every condition on this argument reads the actor only through this key (mafia-cities: his city; a constant when
   * none reads him), so actors with one key share one legal list at one state and it is drawn up once. A not-self
   * condition is the exception the engine handles: the shared list leaves the actor out afterwards. The first such
   * key is read.
   */
  listKey?(c: Ctx<V>): string | number;
}

/**
 * A condition that reads an argument before the step that refuses it unresolved: `value` is undefined when the text
 * named no single player (or no value of a choice), `raw` is the text as written. It filters the argument's legal
 * list like a target check (palermo's outing window depends on its target, PAL-OUT-3).
 */
export interface PeekCheck<V, R, K extends string> extends CheckBase<R> {
  readonly kind: 'peek';
  readonly arg: K;
  test(c: Ctx<V>, value: string | undefined, raw: string): boolean;
  params?(c: Ctx<V>, value: string | undefined, raw: string): Params;
  until?(c: Ctx<V>): Millis | undefined;
}

/**
 * A condition on how an argument is written, before it is resolved: a reserved word (PAL-VOTE-4 refuses «withdraw»
 * as a vote's name). It reads the text alone, so a legal list applies it once to each player's name.
 */
export interface WordCheck<R, K extends string> extends CheckBase<R> {
  readonly kind: 'word';
  readonly arg: K;
  test(raw: string): boolean;
  params?(raw: string): Params;
}

/** The arguments of an action as the engine holds them: one string (a player id, a choice, a text) per parameter. */
export type Args = Readonly<Record<string, string | undefined>>;

/** A condition on several arguments together (two different players); it filters an argument's legal list only when every other argument is optional. */
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
export type Check<V, R, PK extends string, K extends string> =
  | ActorCheck<V, R>
  | WordCheck<R, K>
  | TargetCheck<V, R, PK>
  | PeekCheck<V, R, K>
  | ArgsCheck<V, R>
  | Resolve<K>;

/**
 * What finds a separator in an argument text: a RegExp, or a reader with the same `exec` for a boundary no pattern
 * states well (intrigue's card names of several words, written with or without accents, before the target's name).
 */
export interface Splitter {
  exec(text: string): { readonly index: number; readonly 0: string } | null;
}

/** How a later parameter is separated from the one before it: the separator a locale teaches, and what is read. */
export interface Separator {
  readonly taught: Words;
  /** Matches the separator in the argument text (the first match splits). */
  readonly accept: Splitter;
}

interface ParamBase {
  /** Absent values are allowed (an intrigue murder order without an executor). */
  readonly optional?: boolean;
  /** What the form calls it, per locale (default: the engine's name for the kind). */
  readonly label?: Words;
  /** The separator before this parameter; absent for the first one. */
  readonly sep?: Separator;
  /**
   * `rest`: the parameter is the lines after the command line (mafia-de's death message, an ad's text); `all`: the
   * rest of the command line and every line after it (a mafia-cities last word may span lines).
   */
  readonly lines?: 'rest' | 'all';
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
  /** Where it was written (an action accepted in both places may answer differently, CIT-VOTE-5). */
  readonly via: 'post' | 'pm';
  /** The post or message that carried it. */
  readonly input: { readonly text: string; readonly postId?: string };
}

/** Everything the engine holds of one declaration, whatever its parameters (the shape a table stores). */
export interface AnyAction<V, M, R extends string> {
  /** Unique in its table; the command id when one declaration answers it. */
  readonly id: string;
  /** The command id of the syntax (the keyword lines that reach it); a `whole`-text action names itself. */
  readonly command: string;
  /** Where it is written (and where forms send it). */
  readonly via: 'post' | 'pm';
  /** The other place it is accepted too, not offered by forms (mafia-cities: `/vote` by PM beside the thread post). */
  readonly also?: 'post' | 'pm';
  /**
   * The keyword lines that write it (the command comes from `command`); absent for a whole-text action. A line with
   * `where` is read only there (mafia-cities: `казнить` in the thread, `/vote` by PM); without, in `via` and `also`.
   */
  readonly syntax?: readonly Omit<SyntaxRule, 'command'>[];
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
  /**
   * Where it is written is open to the actor now (mafia-cities: the city thread, locked at night); when false the
   * legal actions leave it out. The check does not read it: the rulebook's reading refuses such a post before it.
   */
  writable?(c: Ctx<V>): boolean;
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

/** How a rulebook's table reads the game: its schedule and name matching (phase and round are the engine's). */
export interface TableSpec {
  readonly schedule: ScheduleDef;
  /** The rulebook's name matcher (default: matchName, PAL-GEN-4). */
  match?(text: string, players: readonly Named[]): NameMatch;
  /** Syntax rules that belong to no action (signup's join and leave). */
  readonly extraSyntax?: readonly SyntaxRule[];
}

/** A parameter of a compiled declaration: its conditions, in order, and what its legal list needs. */
export interface CompiledParam<V, R> {
  readonly key: string;
  readonly def: ParamDef<R>;
  /** The conditions that read this argument alone (they filter its legal list). */
  readonly checks: readonly ArgStep<V, R>[];
  /** A condition reads the text as written, so a legal list passes each candidate's name too. */
  readonly readsRaw: boolean;
  /** The conditions on how it is written. */
  readonly words: readonly Extract<Step<V, R>, { kind: 'word' }>[];
  /** Per name, whether the word conditions accept it (names are few and stay while the roster changes around them). */
  readonly nameable: Map<string, boolean>;
  /** Every other argument is optional: the conditions on several arguments filter this one's list too. */
  readonly alone: boolean;
  /** The players its legal list tests (a target condition's `among`), else everyone who signed up. */
  readonly among: Fn<[Ctx<V>], readonly PlayerId[]> | undefined;
  /** A target condition's `listKey`: the lists drawn up per state and key (legal.ts). */
  readonly listKey: Fn<[Ctx<V>], string | number> | undefined;
  /** Lists drawn up per key at the latest state asked, without the not-self condition (legal.ts takes the actor out after). */
  readonly lists: Lists;
  /** A not-self condition refuses the actor himself. */
  readonly notSelf: boolean;
  /** The arguments a legal list passes those conditions, this one set to each candidate in turn. */
  readonly aloneArgs: Record<string, string | undefined>;
}

/**
 * The legal lists of one state by key: every seat asks at the same state until a command changes it, so only the
 * latest state's lists are kept (a WeakMap entry per state cost more than the lists saved).
 */
export interface Lists {
  state: object | undefined;
  readonly byKey: Map<string | number, readonly PlayerId[]>;
}

/** A function type compared like a method (bivariantly), so a table of one rulebook's slice is a table of any. */
type Fn<A extends unknown[], Ret> = { f(...args: A): Ret }['f'];

/** The fields every step has, whatever its kind: steps share one shape, so the loops that run them stay fast. */
interface StepOf<K, V, R, T, P> {
  readonly kind: K;
  /** The argument's position (-1 for none). */
  readonly index: number;
  readonly code: R;
  readonly flag: boolean;
  readonly select: boolean;
  readonly test: T;
  readonly params: P | undefined;
  readonly note: Fn<[Ctx<V>], Note> | undefined;
  readonly until: Fn<[Ctx<V>], Millis | undefined> | undefined;
  readonly why: Fn<[Ctx<V>], Reason<V, R> | undefined> | undefined;
  /** The engine's own evaluation: OP_CALL (call `test`), OP_ALIVE, OP_ROLE (`roles`), OP_NOT_SELF, OP_IN_GAME. */
  readonly op: number;
  readonly roles: ReadonlySet<string> | undefined;
}

/** The `listKey` of target conditions that read no actor: every player shares one list (the actor left out where not-self). */
export const ALIKE = (): number => 0;

/** Step operations: call the condition's function, or evaluate one of the builtins directly. */
export const OP_CALL = 0;
/** The actor is in the game. */
export const OP_ALIVE = 1;
/** The actor holds one of `roles`. */
export const OP_ROLE = 2;
/** The target is not the actor. */
export const OP_NOT_SELF = 3;
/** The target is in the game. */
export const OP_IN_GAME = 4;

/** Whether an actor step holds: its builtin, its reasons, or its function. */
export function actorHolds<V, R>(step: Extract<Step<V, R>, { kind: 'actor' }>, c: Ctx<V>): boolean {
  switch (step.op) {
    case OP_ALIVE:
      return c.s.players[c.me]?.status === 'alive';
    case OP_ROLE:
      return step.roles?.has(c.s.players[c.me]?.role ?? '') === true;
    default:
      return step.why !== undefined ? step.why(c) === undefined : step.test(c);
  }
}

/** Whether a target step holds for player `id`: its builtin or its function. */
export function targetHolds<V, R>(step: Extract<Step<V, R>, { kind: 'target' }>, c: Ctx<V>, id: PlayerId): boolean {
  switch (step.op) {
    case OP_NOT_SELF:
      return id !== c.me;
    case OP_IN_GAME:
      return c.s.players[id]?.status === 'alive';
    default:
      return step.test(c, id);
  }
}

function opOf(b: Builtin | undefined): number {
  if (!b) return OP_CALL;
  return b.op === 'alive' ? OP_ALIVE : b.op === 'role' ? OP_ROLE : b.op === 'not-self' ? OP_NOT_SELF : OP_IN_GAME;
}

/** One step of a compiled check: a condition with its argument's position, or the resolve step of an argument. */
export type Step<V, R> =
  | StepOf<'actor', V, R, Fn<[Ctx<V>], boolean>, Fn<[Ctx<V>], Params>>
  | StepOf<'word', V, R, Fn<[string], boolean>, Fn<[string], Params>>
  | StepOf<'target', V, R, Fn<[Ctx<V>, PlayerId], boolean>, Fn<[Ctx<V>, PlayerId], Params>>
  | StepOf<'peek', V, R, Fn<[Ctx<V>, string | undefined, string], boolean>, Fn<[Ctx<V>, string | undefined, string], Params>>
  | StepOf<'args', V, R, Fn<[Ctx<V>, Args], boolean>, Fn<[Ctx<V>, Args], Params>>
  | StepOf<'resolve', V, undefined, undefined, undefined>;

/** A step that reads one argument alone (it filters that argument's legal list). */
export type ArgStep<V, R> = Extract<Step<V, R>, { kind: 'target' | 'peek' }>;

/** The texts of a declaration in one locale (text.ts). */
export interface Texts {
  /** As role messages write it: `ΔΟΛΟΦΟΝΙΑ: <όνομα>`. */
  readonly human: string;
  /** As forms fill it: `Kill: {target}`. */
  readonly line: string;
  /** The first shape of `/actions`: `Kill: {name}`. */
  readonly template: string;
  readonly keyword: string;
}

/**
 * An actor condition with the outcome of its last evaluation: declarations share conditions (in the game, holds a
 * role), so deriving one player's legal actions evaluates each of them once (`ctx` names the derivation).
 */
export interface Memo<V, R> {
  readonly step: Extract<Step<V, R>, { kind: 'actor' }>;
  ctx: Ctx<V> | undefined;
  result: boolean;
}

/** A compiled declaration: its steps by position, its conditions sorted by what they read, its texts per locale. */
export interface Compiled<V, M, R extends string> {
  readonly def: AnyAction<V, M, R>;
  // The declaration's fields the engine reads on every command, copied so every compiled action has one shape.
  readonly id: string;
  readonly command: string;
  readonly via: 'post' | 'pm';
  readonly irreversible: boolean;
  readonly confirm: boolean;
  readonly channel: Fn<[Ctx<V>], string | undefined> | undefined;
  readonly writable: Fn<[Ctx<V>], boolean> | undefined;
  readonly effect: Fn<[Builder<V, M, R>, Act<Args>], void>;
  readonly refused: Fn<[Builder<V, M, R>, Act<Args>, R], void> | undefined;
  readonly params: readonly CompiledParam<V, R>[];
  readonly steps: readonly Step<V, R>[];
  /** Conditions that read no argument, each shared with every declaration that lists the same one. */
  readonly actorChecks: readonly Memo<V, R>[];
  readonly argsChecks: readonly Extract<Step<V, R>, { kind: 'args' }>[];
  /** Its `select` conditions (several declarations of one command), in order. */
  readonly selects: readonly Step<V, R>[];
  /** Texts per locale, made on first use. */
  readonly texts: Map<Locale, Texts>;
  /**
   * Its first condition on the actor that not every declaration lists (a role, a window): declarations share these,
   * so once one failed for a derivation the others that begin with it are passed over without being walked.
   */
  gate: Memo<V, R> | undefined;
  /** Every argument is a text: its legal action draws up no list (legal.ts reuses the last one made). */
  readonly fixed: boolean;
  /** The last legal action made of a `fixed` declaration, with what it depends on. */
  last: { readonly locale: Locale; readonly channel: string | undefined; readonly until: Millis | undefined; readonly legal: LegalAction } | undefined;
}

/** A rulebook's declared player actions, compiled once. */
export interface ActionTable<V, M, R extends string> extends TableSpec {
  readonly actions: readonly Compiled<V, M, R>[];
  /** Declarations by where they are written and their command, in declaration order. */
  readonly byVia: { readonly post: ReadonlyMap<string, readonly Compiled<V, M, R>[]>; readonly pm: ReadonlyMap<string, readonly Compiled<V, M, R>[]> };
  /** The syntax table the parser reads: every action's keyword lines, then the extra rules. */
  readonly syntax: readonly SyntaxRule[];
  /** Conditions on the actor every declaration lists (mafia-cities: he is alive): failing one, nothing is legal. */
  readonly common: readonly Memo<V, R>[];
  /** Per role, the declarations whose role conditions admit it (legal.ts walks only these), made on first use. */
  readonly byRole: Map<string, readonly Compiled<V, M, R>[]>;
}

/** The state a check sees for `me` at `at`: the open phase and round are the engine's (GameState.phases). */
export function ctxOf<V>(s: GameState<V>, me: PlayerId, at: Millis, line: string): Ctx<V> {
  const open = currentPhase(s);
  return { s, me, at, phase: open?.id, round: open?.round ?? 0, line };
}

/** Resolves a name with the table's matcher. */
export function matchIn(table: TableSpec, text: string, players: readonly Named[]): NameMatch {
  return table.match ? table.match(text, players) : matchName(text, players);
}

/**
 * Compiles a table. Throws (a bug of the rulebook, found when its module loads) when an id repeats, a check names an
 * argument the action does not have, a target check comes before its argument's resolve step, or an argument has
 * no resolve step.
 */
export function compileTable<V, M, R extends string>(spec: TableSpec, actions: readonly AnyAction<V, M, R>[]): ActionTable<V, M, R> {
  const seen = new Set<string>();
  const compiled: Compiled<V, M, R>[] = [];
  const byVia = { post: new Map<string, Compiled<V, M, R>[]>(), pm: new Map<string, Compiled<V, M, R>[]>() };
  const syntax: SyntaxRule[] = [];
  const memos = new Map<ActorCheck<V, R>, Memo<V, R>>();
  const read = new Set<string>();
  const lists: ListCaches = { ids: new Map(), byConditions: new Map() };
  for (const def of actions) {
    if (seen.has(def.id)) throw new Error(`action ${def.id} is declared twice`);
    seen.add(def.id);
    const c = compileAction(def, memos, lists);
    compiled.push(c);
    for (const via of def.also ? [def.via, def.also] : [def.via]) {
      const list = byVia[via].get(def.command);
      if (list) list.push(c);
      else byVia[via].set(def.command, [c]);
      for (const rule of def.syntax ?? []) {
        if (rule.where !== undefined && rule.where !== via) continue;
        // A second declaration of a command repeats its keyword lines for its own texts: the parser reads them once.
        const key = `${def.command}\n${via}\n${rule.form}\n${rule.keywords.join('\n')}`;
        if (read.has(key)) continue;
        read.add(key);
        syntax.push({ ...rule, command: def.command, where: via });
      }
    }
  }
  const common = [...memos.values()].filter((m) => compiled.every((a) => a.actorChecks.includes(m)));
  for (const a of compiled) a.gate = a.actorChecks.find((m) => !common.includes(m));
  return { ...spec, actions: compiled, byVia, syntax: [...syntax, ...(spec.extraSyntax ?? [])], common, byRole: new Map() };
}

/**
 * The legal-list caches of a table's keyed arguments (`listKey`), one per set of conditions: two declarations whose
 * argument lists the same conditions (a Godfather's kill and a member's proposal) draw up one list between them.
 */
interface ListCaches {
  readonly ids: Map<unknown, number>;
  readonly byConditions: Map<string, Lists>;
}

/** The cache of an argument's lists, shared with every argument of the table that lists the same conditions. */
function listCache(caches: ListCaches, parts: readonly unknown[]): Lists {
  const key = parts
    .map((x) => {
      let id = caches.ids.get(x);
      if (id === undefined) caches.ids.set(x, (id = caches.ids.size));
      return id;
    })
    .join(',');
  let cache = caches.byConditions.get(key);
  if (!cache) caches.byConditions.set(key, (cache = noLists()));
  return cache;
}

const noLists = (): Lists => ({ state: undefined, byKey: new Map() });

function compileAction<V, M, R extends string>(def: AnyAction<V, M, R>, memos: Map<ActorCheck<V, R>, Memo<V, R>>, caches: ListCaches): Compiled<V, M, R> {
  const keys = Object.keys(def.params);
  const resolved = new Set<string>();
  const steps: Step<V, R>[] = [];
  const actorChecks: Memo<V, R>[] = [];
  const argsChecks: Extract<Step<V, R>, { kind: 'args' }>[] = [];
  const argChecks = keys.map((): ArgStep<V, R>[] => []);
  const among = keys.map((): Fn<[Ctx<V>], readonly PlayerId[]> | undefined => undefined);
  const listKey = keys.map((): Fn<[Ctx<V>], string | number> | undefined => undefined);
  const sources = keys.map((): unknown[] => []);
  const words = keys.map((): Extract<Step<V, R>, { kind: 'word' }>[] => []);
  const position = (arg: string): number => {
    const i = keys.indexOf(arg);
    if (i < 0) throw new Error(`action ${def.id}: a check names argument ${arg}, which it does not have`);
    return i;
  };
  for (const check of def.checks) {
    switch (check.kind) {
      case 'actor': {
        let memo = memos.get(check);
        if (!memo) {
          memo = { step: stepOf('actor', -1, check), ctx: undefined, result: false };
          memos.set(check, memo);
        }
        actorChecks.push(memo);
        steps.push(memo.step);
        break;
      }
      case 'word': {
        const step = stepOf('word', position(check.arg), check);
        words[step.index]!.push(step);
        sources[step.index]!.push(check);
        steps.push(step);
        break;
      }
      case 'target': {
        if (!resolved.has(check.arg)) throw new Error(`action ${def.id}: a target check on ${check.arg} precedes its resolve step`);
        const step = stepOf('target', position(check.arg), check);
        argChecks[step.index]!.push(step);
        among[step.index] ??= check.among;
        listKey[step.index] ??= check.listKey;
        sources[step.index]!.push(check);
        steps.push(step);
        break;
      }
      case 'peek': {
        const step = stepOf('peek', position(check.arg), check);
        argChecks[step.index]!.push(step);
        steps.push(step);
        break;
      }
      case 'args': {
        const step = stepOf('args', -1, check);
        argsChecks.push(step);
        steps.push(step);
        break;
      }
      case 'resolve': {
        const i = position(check.arg);
        if (resolved.has(check.arg)) throw new Error(`action ${def.id}: resolve step for ${check.arg} is repeated`);
        resolved.add(check.arg);
        steps.push({
          kind: 'resolve',
          index: i,
          code: undefined,
          flag: false,
          select: false,
          test: undefined,
          params: undefined,
          note: undefined,
          until: undefined,
          why: undefined,
          op: OP_CALL,
          roles: undefined,
        });
        break;
      }
    }
  }
  for (const k of keys) if (!resolved.has(k)) throw new Error(`action ${def.id}: argument ${k} has no resolve step`);
  const params = keys.map((key, i): CompiledParam<V, R> => {
    const checks = argChecks[i]!;
    const alone = keys.every((k, j) => j === i || def.params[k]!.optional === true);
    // Conditions that are all the engine's own target builtins read no actor but through not-self: one list for all.
    if (checks.length > 0 && checks.every((x) => x.op === OP_NOT_SELF || x.op === OP_IN_GAME) && !(alone && argsChecks.length > 0)) listKey[i] ??= ALIKE;
    return {
      key,
      def: def.params[key]!,
      checks,
      readsRaw: checks.some((c) => c.kind === 'peek'),
      words: words[i]!,
      nameable: new Map(),
      alone,
      among: among[i],
      listKey: listKey[i],
      // Shared only when the target and word conditions alone decide the list (no peek or several-argument condition).
      lists:
        listKey[i] !== undefined && checks.every((x) => x.kind === 'target') && argsChecks.length === 0
          ? listCache(caches, [among[i], listKey[i], ...sources[i]!])
          : noLists(),
      notSelf: checks.some((x) => x.op === OP_NOT_SELF),
      aloneArgs: {},
    };
  });
  const selects = steps.filter((x) => x.select);
  return {
    def,
    id: def.id,
    command: def.command,
    via: def.via,
    irreversible: def.irreversible === true,
    confirm: def.confirm === true,
    channel: def.channel,
    writable: def.writable,
    effect: def.effect,
    refused: def.refused,
    params,
    steps,
    actorChecks,
    argsChecks,
    selects,
    texts: new Map(),
    fixed: params.every((p) => p.def.kind === 'text'),
    last: undefined,
    gate: undefined,
  };
}

/** The condition of a step as its declaration wrote it: its function and parameters (`T`, `P`) and the optional parts. */
type AnyCheck<V, R, T, P> = CheckBase<R> & {
  readonly test: T;
  readonly params?: P;
  note?(c: Ctx<V>): Note;
  until?(c: Ctx<V>): Millis | undefined;
  why?(c: Ctx<V>): Reason<V, R> | undefined;
};

/** A condition as a step: every step lists the same fields in the same order (one shape for the engine's loops). */
function stepOf<V, R, K extends Step<V, R>['kind'], T, P>(kind: K, index: number, check: AnyCheck<V, R, T, P>): StepOf<K, V, R, T, P> {
  const b = check.builtin;
  return {
    kind,
    index,
    code: check.code,
    flag: check.flag === true,
    select: check.select === true,
    test: check.test,
    params: check.params,
    note: check.note,
    until: check.until,
    why: check.why,
    op: opOf(b),
    roles: b?.op === 'role' ? b.roles : undefined,
  };
}
