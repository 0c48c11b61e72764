// The day as data. A rulebook declares its schedule — phases, the named instants inside them (a local time in the
// game's zone, the first such time a minimum length after the phase opens, or a delay after another instant), the
// windows those instants open and close, and the rounds each applies to — and supplies one hook per instant. The
// engine turns the declaration into the game's deadlines, sends a fired deadline to its hook, tells legal actions
// when a window closes, and describes the day for `narrator rules` and the API.
import type { Millis } from '../core/types.ts';
import type { AnyEvents, Builder } from './builder.ts';
import { firstLocalTimeAfter } from './calendar.ts';
import { currentPhase, type FlowTable, type PhaseChange, resolveInstant } from './phases.ts';
import type { Deadline, GameConfig, GameState, Locale } from './state.ts';
import { addDays, type IsoDate, instantOf, type LocalTime } from './time.ts';

/** Text per locale (English is the fallback). */
export type Words = Partial<Record<Locale, string>> & { readonly en: string };

/** A local time of day: a literal 'HH:MM', or the value of one of the rulebook's options. */
export type TimeOfDay = LocalTime | { readonly option: string };

/** A length of real time: literal minutes, or an option's value in its unit. */
export type Span = { readonly minutes: number } | { readonly option: string; readonly unit: 'seconds' | 'minutes' | 'hours' };

/** The rounds (day numbers) a declared instant or window applies to. */
export type Rounds = 'every' | { readonly from: number } | { readonly only: readonly number[] };

/** When an instant falls. */
export type When =
  /** At a local time on the phase's date, or `dayOffset` calendar days later (a night that crosses midnight). */
  | { readonly local: TimeOfDay; readonly dayOffset?: number }
  /** At the first such local time on a date that is not a pause, at least `atLeast` after the phase opens. */
  | { readonly first: TimeOfDay; readonly atLeast: Span }
  /** A delay after another instant of the schedule, or after the action that starts it (`'action'`). */
  | { readonly after: string; readonly delay: Span }
  /** A lead before another instant of the same phase (a cut-off four hours before the vote opens). */
  | { readonly before: string; readonly lead: Span };

/** A named instant: what the engine schedules as a deadline and hands to the rulebook's hook of the same id. */
export interface InstantDef<I extends string = string> {
  readonly id: I;
  readonly when: When;
  /** Default: every round of its phase. */
  readonly rounds?: Rounds;
  /**
   * Planned by a hook (a runoff on a tie, a timer after a card) rather than when its phase opens. Instants of a
   * phase without it are planned together at the phase's opening.
   */
  readonly onDemand?: boolean;
  /** The deadline's kind (default: the id); several instants may share one when the open phase tells them apart. */
  readonly kind?: string;
  /** The deadline's id, with `{round}`, `{id}` and `{key}` filled in (default `r{round}:{id}`). */
  readonly key?: string;
  /** Its pending deadline is the moderator's only (a timer started by a secret action); default public. */
  readonly secret?: boolean;
  /** What happens then, for the timeline. */
  readonly what: Words;
}

/**
 * One edge of a window: the opening of its phase, an instant of the schedule, a local time on the phase's date (or
 * days later), or the moment a named action is taken (a card played, a vacancy announced).
 */
export type Edge = 'open' | { readonly instant: string } | { readonly local: TimeOfDay; readonly dayOffset?: number } | { readonly action: string };

/** A span of the day in which something may (or, for `locked` and `dead`, may not) be done. */
export interface WindowDef {
  readonly id: string;
  readonly opens: Edge;
  readonly closes: Edge;
  readonly rounds?: Rounds;
  /** `open`: the commands it names are accepted; `locked`: the thread takes no posts; `dead`: nothing may be played. */
  readonly mode?: 'open' | 'locked' | 'dead';
  /** Open only when a hook opens it (an election held that day), not on every round it applies to. */
  readonly onDemand?: boolean;
  readonly what: Words;
}

/**
 * Where a phase goes after an instant (engine/phases.ts): the first target whose named condition holds (or that
 * names none) is taken: stay in the phase, exit it (a phase beside the cycle ends), or open `phase` for the same round
 * or the next, dated by a named date rule (default: the date of the phase it leaves).
 */
export interface TransitionDef {
  readonly at: string;
  readonly to: readonly (
    | { readonly when?: string; readonly stay: true }
    | { readonly when?: string; readonly exit: true }
    | { readonly when?: string; readonly phase: string; readonly round?: 'same' | 'next'; readonly date?: string }
  )[];
}

/** A phase of the cycle: a day, a night, a dead time; a rulebook's round may be one phase or several. */
export interface PhaseDef<I extends string = string> {
  readonly id: string;
  readonly what: Words;
  readonly instants: readonly InstantDef<I>[];
  readonly windows?: readonly WindowDef[];
  /**
   * The named steps run when it opens (reset the round, post the notice); its instants are planned where the list
   * names `'plan'`, else after them all.
   */
  readonly enter?: readonly string[];
  /** Where it goes after its instants (none: the rulebook's hooks open the next phase themselves). */
  readonly next?: readonly TransitionDef[];
  /** It opens beside the cycle's phases and stays open through their openings until it exits (a night). */
  readonly beside?: boolean;
}

/** A rulebook's declared schedule. */
export interface ScheduleDef<I extends string = string> {
  /** The phases in the order they follow each other. */
  readonly phases: readonly PhaseDef<I>[];
  /** Instants outside any phase (timers started by an action). */
  readonly timers?: readonly InstantDef<I>[];
  /** Windows outside any phase (from an action to a timer). */
  readonly windows?: readonly WindowDef[];
  /** Windows of local times that recur on every calendar day, pause days included (a dead time 02:00–04:00). */
  readonly daily?: readonly WindowDef[];
  /** When play pauses, in words (the calendar says which dates). */
  readonly pauses?: Words;
}

/**
 * What happens at an instant: the rulebook's hook, given the fired deadline. Declared as a method so a rulebook's
 * timetable stays usable where the engine holds any variant (as the Variant interface's own hooks are).
 */
export type InstantHook<V, M> = { hook(b: Builder<V, M>, deadline: Deadline): void }['hook'];

/**
 * A declared schedule with what happens at each instant: a hook, or the names of the steps of its resolution, which
 * the engine runs from the `flow` table (engine/phases.ts) before following the phase's transitions.
 */
export interface Timetable<V = unknown, M = AnyEvents, I extends string = string, C = unknown> {
  readonly schedule: ScheduleDef<I>;
  readonly hooks: { readonly [K in I]: InstantHook<V, M> | readonly string[] };
  /** The steps, conditions and date rules the declaration names (a rulebook whose hooks do all leaves it out). */
  readonly flow?: FlowTable<V, M, C>;
  /**
   * The rulebook's own events that stood for a phase change in logs written before the engine kept the phase, read
   * as that change on every replay (an opening the engine's event already made changes nothing).
   */
  readonly logged?: { readonly [type: string]: Logged<V> };
  /** The options instants and spans read (a rulebook's parsed options, defaults filled in). */
  options(config: GameConfig): Readonly<Record<string, unknown>>;
  /** The dates no `first` instant of an entered phase may fall on, where the rulebook has pauses of its own. */
  isPause?(s: GameState<V>, date: IsoDate): boolean;
}

/** How a logged event of the rulebook reads as a phase change (a method, for the variance `InstantHook` needs). */
export type Logged<V> = { read(data: never, s: GameState<V>): PhaseChange }['read'];

/** Declares a timetable; the instants' ids type the hooks, so a missing or misspelt hook is a compile error. */
export function defineTimetable<V, M, const I extends string, C = unknown>(t: Timetable<V, M, I, C>): Timetable<V, M, I, C> {
  return t;
}

/** Where a planned instant falls: the round, its date, the phase's opening and the game's zone and calendar. */
export interface PlanContext {
  /** The round (day number); a timer outside the rounds has none. */
  readonly round?: number;
  /** The phase's date (for `local` instants). */
  readonly date?: IsoDate;
  /** When the phase opens (for `first` instants and `open` edges). */
  readonly opensAt: Millis;
  readonly timeZone: string;
  readonly options: Readonly<Record<string, unknown>>;
  /** Dates on which no `first` instant may fall. */
  readonly isPause?: (date: IsoDate) => boolean;
}

/** A local time, reading an option when the declaration names one. */
export function timeOf(t: TimeOfDay, options: Readonly<Record<string, unknown>>): LocalTime {
  if (typeof t === 'string') return t;
  const v = options[t.option];
  if (typeof v !== 'string') throw new Error(`schedule option ${t.option} is not a local time`);
  return v;
}

const UNIT_MS = { seconds: 1000, minutes: 60_000, hours: 3_600_000 } as const;

/** A span in milliseconds, reading an option when the declaration names one. */
export function spanMs(s: Span, options: Readonly<Record<string, unknown>>): Millis {
  if ('minutes' in s) return s.minutes * 60_000;
  const v = options[s.option];
  if (typeof v !== 'number') throw new Error(`schedule option ${s.option} is not a number`);
  return v * UNIT_MS[s.unit];
}

/** True when a declaration for `rounds` applies to round `round`. */
export function appliesTo(rounds: Rounds | undefined, round: number): boolean {
  if (rounds === undefined || rounds === 'every') return true;
  if ('from' in rounds) return round >= rounds.from;
  return rounds.only.includes(round);
}

/** An instant as the engine prepared it: its declaration, phase (none for a timer), kind and deadline-id pattern. */
interface PreparedInstant {
  readonly def: InstantDef;
  readonly phase?: string;
  readonly kind: string;
  /** The key with `{id}` filled in, split at its first `{round}` (absent when it has none). */
  readonly beforeRound: string;
  readonly afterRound?: string;
  /** True when the key names `{key}` (a timer of one post or player). */
  readonly keyed: boolean;
}

/** A phase as the engine prepared it: the instants planned at its opening and their kinds. */
interface PreparedPhase {
  readonly def: PhaseDef;
  readonly planned: readonly PreparedInstant[];
  readonly plannedKinds: ReadonlySet<string>;
}

/**
 * What the engine derives once from a declared schedule, so a lookup during a game is a map read: the instants by
 * id (the first of an id wins, phases before timers), the phases by id, the instants of each deadline kind (in
 * declaration order) and the windows by id.
 */
interface Prepared {
  readonly instants: ReadonlyMap<string, PreparedInstant>;
  readonly phases: ReadonlyMap<string, PreparedPhase>;
  readonly byKind: ReadonlyMap<string, readonly PreparedInstant[]>;
  readonly windows: ReadonlyMap<string, { readonly phase?: PhaseDef; readonly window: WindowDef }>;
}

const preparedSchedules = new WeakMap<ScheduleDef, Prepared>();

/** The prepared form of a schedule (made on first use; a declaration is never changed after it is made). */
function prepared(def: ScheduleDef): Prepared {
  const hit = preparedSchedules.get(def);
  if (hit) return hit;
  const instants = new Map<string, PreparedInstant>();
  const byKind = new Map<string, PreparedInstant[]>();
  const add = (i: InstantDef, phase?: string): PreparedInstant => {
    const key = (i.key ?? 'r{round}:{id}').replace('{id}', i.id);
    const at = key.indexOf('{round}');
    const x: PreparedInstant = {
      def: i,
      phase,
      kind: kindOf(i),
      beforeRound: at < 0 ? key : key.slice(0, at),
      afterRound: at < 0 ? undefined : key.slice(at + '{round}'.length),
      keyed: key.includes('{key}'),
    };
    if (!instants.has(i.id)) instants.set(i.id, x);
    const same = byKind.get(x.kind);
    if (same) same.push(x);
    else byKind.set(x.kind, [x]);
    return x;
  };
  const phases = new Map<string, PreparedPhase>();
  for (const p of def.phases) {
    const all = p.instants.map((i) => add(i, p.id));
    const planned = all.filter((x) => !x.def.onDemand);
    if (!phases.has(p.id)) phases.set(p.id, { def: p, planned, plannedKinds: new Set(planned.map((x) => x.kind)) });
  }
  for (const i of def.timers ?? []) add(i);
  const windows = new Map<string, { readonly phase?: PhaseDef; readonly window: WindowDef }>();
  for (const phase of def.phases) for (const window of phase.windows ?? []) if (!windows.has(window.id)) windows.set(window.id, { phase, window });
  for (const window of [...(def.windows ?? []), ...(def.daily ?? [])]) if (!windows.has(window.id)) windows.set(window.id, { window });
  const out: Prepared = { instants, phases, byKind, windows };
  preparedSchedules.set(def, out);
  return out;
}

/** The prepared instant with an id; an unknown id is a bug of the rulebook. */
function preparedInstant(def: ScheduleDef, id: string): PreparedInstant {
  const i = prepared(def).instants.get(id);
  if (!i) throw new Error(`schedule has no instant ${id}`);
  return i;
}

/** A deadline id of an instant for a round, `{key}` still unfilled (as the declaration's key gives it). */
function idFor(i: PreparedInstant, round: number | undefined): string {
  return i.afterRound === undefined ? i.beforeRound : i.beforeRound + String(round) + i.afterRound;
}

/** The declared instant with an id; an unknown id is a bug of the rulebook. */
export function instantDef<I extends string>(def: ScheduleDef<I>, id: I): InstantDef<I> {
  return preparedInstant(def, id).def as InstantDef<I>;
}

/** The deadline kind an instant is scheduled under. */
export function kindOf(i: InstantDef): string {
  return i.kind ?? i.id;
}

/**
 * The instant of a declared time. `anchor` is the instant an `after` delay counts from (another instant's deadline as
 * it stands, or the action's instant); `delay` overrides the declared one (a length the moderator chose).
 */
export function instantAt(i: InstantDef, ctx: PlanContext, anchor?: Millis, delay?: Millis): Millis {
  const w = i.when;
  if ('local' in w) {
    if (ctx.date === undefined) throw new Error(`instant ${i.id} needs the phase's date`);
    return instantOf(addDays(ctx.date, w.dayOffset ?? 0), timeOf(w.local, ctx.options), ctx.timeZone);
  }
  if ('first' in w) {
    return firstLocalTimeAfter(ctx.opensAt, timeOf(w.first, ctx.options), spanMs(w.atLeast, ctx.options), ctx.timeZone, ctx.isPause ?? (() => false));
  }
  const from = 'after' in w ? w.after : w.before;
  if (anchor === undefined) throw new Error(`instant ${i.id} counts from ${from}: an anchor is needed`);
  return 'after' in w ? anchor + (delay ?? spanMs(w.delay, ctx.options)) : anchor - (delay ?? spanMs(w.lead, ctx.options));
}

/** The deadline of one declared instant (`key` fills `{key}` of its id, e.g. the post a timer belongs to). */
export function deadlineOf<I extends string>(
  def: ScheduleDef<I>,
  id: I,
  ctx: PlanContext,
  at?: { readonly anchor?: Millis; readonly delay?: Millis; readonly key?: string; readonly exactly?: Millis },
): Deadline {
  return deadlineFor(preparedInstant(def, id), ctx, at);
}

function deadlineFor(
  i: PreparedInstant,
  ctx: PlanContext,
  at?: { readonly anchor?: Millis; readonly delay?: Millis; readonly key?: string; readonly exactly?: Millis },
): Deadline {
  const when = at?.exactly ?? instantAt(i.def, ctx, at?.anchor, at?.delay);
  const base = idFor(i, ctx.round);
  const key = i.keyed ? base.replace('{key}', at?.key ?? '') : base;
  return ctx.round === undefined ? { id: key, kind: i.kind, at: when } : { id: key, kind: i.kind, at: when, round: ctx.round };
}

/** The phase with an id; an unknown id is a bug of the rulebook. */
export function phaseDef<I extends string>(def: ScheduleDef<I>, id: string): PhaseDef<I> {
  return preparedPhase(def, id).def as PhaseDef<I>;
}

function preparedPhase(def: ScheduleDef, id: string): PreparedPhase {
  const p = prepared(def).phases.get(id);
  if (!p) throw new Error(`schedule has no phase ${id}`);
  return p;
}

/**
 * The deadlines a phase plans when it opens: its instants that are not on demand and apply to the round, an instant
 * declared after or before another one counting from that one's planned time.
 */
export function planPhase(def: ScheduleDef, phase: string, ctx: PlanContext): Deadline[] {
  const planned = new Map<string, Deadline>();
  const round = ctx.round ?? 0;
  const own = preparedPhase(def, phase).planned.filter((i) => appliesTo(i.def.rounds, round));
  const place = (i: PreparedInstant, depth: number): Deadline => {
    const done = planned.get(i.def.id);
    if (done) return done;
    const w = i.def.when;
    const ref = 'after' in w ? w.after : 'before' in w ? w.before : undefined;
    const base = ref === undefined ? undefined : own.find((x) => x.def.id === ref);
    if (ref !== undefined && (!base || depth > own.length)) throw new Error(`instant ${i.def.id} counts from ${ref}, not planned with it`);
    // The declaration of an id is the first of that id in the schedule (what deadlineOf plans by id).
    const d = deadlineFor(preparedInstant(def, i.def.id), ctx, base ? { anchor: place(base, depth + 1).at } : undefined);
    planned.set(i.def.id, d);
    return d;
  };
  return own.map((i) => place(i, 0));
}

/** A window as it falls in a planned phase (`opens`/`closes` undefined when the edge is an action or not planned). */
export interface PlannedWindow {
  readonly id: string;
  readonly mode: 'open' | 'locked' | 'dead';
  readonly opens?: Millis;
  readonly closes?: Millis;
}

/** The instant of an edge in a planned phase. */
function edgeAt(e: Edge, ctx: PlanContext, plan: readonly Deadline[], def: ScheduleDef): Millis | undefined {
  if (e === 'open') return ctx.opensAt;
  if ('action' in e) return undefined;
  if ('instant' in e) {
    const kind = preparedInstant(def, e.instant).kind;
    return plan.find((d) => d.kind === kind)?.at;
  }
  if (ctx.date === undefined) return undefined;
  return instantOf(addDays(ctx.date, e.dayOffset ?? 0), timeOf(e.local, ctx.options), ctx.timeZone);
}

/** The windows of a phase that apply to its round (on-demand ones only when `held` names them), placed in its plan. */
export function planWindows(def: ScheduleDef, phase: string, ctx: PlanContext, plan: readonly Deadline[], held: readonly string[] = []): PlannedWindow[] {
  return (preparedPhase(def, phase).def.windows ?? [])
    .filter((w) => appliesTo(w.rounds, ctx.round ?? 0) && (!w.onDemand || held.includes(w.id)))
    .map((w) => ({ id: w.id, mode: w.mode ?? 'open', opens: edgeAt(w.opens, ctx, plan, def), closes: edgeAt(w.closes, ctx, plan, def) }));
}

/** The daily windows on a calendar date (every date, pause days included). */
export function dailyWindows(def: ScheduleDef, date: IsoDate, ctx: Omit<PlanContext, 'date' | 'opensAt'>): PlannedWindow[] {
  const at: PlanContext = { ...ctx, date, opensAt: instantOf(date, '00:00', ctx.timeZone) };
  return (def.daily ?? []).map((w) => ({ id: w.id, mode: w.mode ?? 'open', opens: edgeAt(w.opens, at, [], def), closes: edgeAt(w.closes, at, [], def) }));
}

/** True when `t` falls in the daily window `id` of its own local date or of the day before (a window past midnight). */
export function inDailyWindow(def: ScheduleDef, id: string, t: Millis, ctx: Omit<PlanContext, 'date' | 'opensAt'>, date: IsoDate): boolean {
  return [addDays(date, -1), date].some((d) =>
    dailyWindows(def, d, ctx).some((w) => w.id === id && w.opens !== undefined && w.closes !== undefined && w.opens <= t && t < w.closes),
  );
}

/**
 * Opens a phase: replaces the pending deadlines of the phase's planned kinds by the new plan, keeping every other
 * deadline (timers, a runoff of the previous round). Returns the plan; a rulebook that read the plan first (to
 * announce its times before the deadlines are set) passes it in.
 */
export function openPhase<V, M>(b: Builder<V, M>, def: ScheduleDef, phase: string, ctx: PlanContext, plan = planPhase(def, phase, ctx)): Deadline[] {
  const kinds = preparedPhase(def, phase).plannedKinds;
  b.schedule([...b.state.deadlines.filter((d) => !kinds.has(d.kind)), ...plan]);
  return plan;
}

/**
 * The declared instant a deadline belongs to: the one of its kind whose key gives its id; when several do (two
 * phase ends under one deadline), the one in the open phase. Undefined for a kind the schedule does not declare.
 */
export function instantOfDeadline<I extends string>(def: ScheduleDef<I>, phase: string | undefined, d: Deadline): InstantDef<I> | undefined {
  let first: PreparedInstant | undefined;
  let inPhase: PreparedInstant | undefined;
  let hits = 0;
  for (const i of prepared(def).byKind.get(d.kind) ?? []) {
    if (!keyMatches(i, d)) continue;
    hits++;
    first ??= i;
    if (inPhase === undefined && i.phase !== undefined && i.phase === phase) inPhase = i;
  }
  return (hits === 1 ? first?.def : inPhase?.def) as InstantDef<I> | undefined;
}

/** Sends a fired deadline to the hook of its instant; false when the kind is none of the schedule's. */
export function dispatch<V, M, I extends string, C>(t: Timetable<V, M, I, C>, b: Builder<V, M>, d: Deadline): boolean {
  const i = instantOfDeadline(t.schedule, currentPhase(b.state)?.id, d);
  if (!i) return false;
  const hook = t.hooks[i.id];
  if (typeof hook === 'function') hook(b, d);
  else if (t.flow) resolveInstant(b, { schedule: t.schedule, flow: t.flow, options: t.options, isPause: t.isPause }, i.id, hook, d);
  else throw new Error(`instant ${i.id} names steps but the timetable declares no flow`);
  return true;
}

/** True when a deadline's id is the one an instant's key gives for the deadline's round (`{key}` matches anything). */
function keyMatches(i: PreparedInstant, d: Deadline): boolean {
  const id = idFor(i, d.round);
  if (!i.keyed) return d.id === id;
  const [head = '', tail = ''] = id.split('{key}');
  return d.id.startsWith(head) && d.id.endsWith(tail) && d.id.length >= head.length + tail.length;
}

/** The window with an id and its phase; an unknown id is a bug of the rulebook. */
export function windowDef(def: ScheduleDef, id: string): { readonly phase?: PhaseDef; readonly window: WindowDef } {
  const w = prepared(def).windows.get(id);
  if (!w) throw new Error(`schedule has no window ${id}`);
  return w;
}

/**
 * When a window closes in a game as it stands: the pending deadline of its closing instant (so a moved, paused or
 * re-dated deadline is what players are told), or undefined when none is pending or the edge is not an instant.
 */
export function windowUntil(def: ScheduleDef, s: GameState<unknown>, id: string): Millis | undefined {
  const { window } = windowDef(def, id);
  const edge = window.closes;
  if (edge === 'open' || !('instant' in edge)) return undefined;
  const kind = preparedInstant(def, edge.instant).kind;
  return s.deadlines.find((d) => d.kind === kind)?.at;
}
