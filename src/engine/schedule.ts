// The day as data. A rulebook declares its schedule — phases, the named instants inside them (a local time in the
// game's zone, the first such time a minimum length after the phase opens, or a delay after another instant), the
// windows those instants open and close, and the rounds each applies to — and supplies one hook per instant. The
// engine turns the declaration into the game's deadlines, sends a fired deadline to its hook, tells legal actions
// when a window closes, and describes the day for `narrator rules` and the API.
import type { Millis } from '../core/types.ts';
import type { AnyEvents, Builder } from './builder.ts';
import { firstLocalTimeAfter } from './calendar.ts';
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

/** A phase of the cycle: a day, a night, a dead time; a rulebook's round may be one phase or several. */
export interface PhaseDef<I extends string = string> {
  readonly id: string;
  readonly what: Words;
  readonly instants: readonly InstantDef<I>[];
  readonly windows?: readonly WindowDef[];
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

/** A declared schedule with one hook per instant and the way to tell which phase a game is in. */
export interface Timetable<V = unknown, M = AnyEvents, I extends string = string> {
  readonly schedule: ScheduleDef<I>;
  readonly hooks: { readonly [K in I]: InstantHook<V, M> };
  /** The open phase (undefined before the game starts or between phases). */
  phaseOf(s: GameState<V>): string | undefined;
  /** The options instants and spans read (a rulebook's parsed options, defaults filled in). */
  options(config: GameConfig): Readonly<Record<string, unknown>>;
}

/** Declares a timetable; the instants' ids type the hooks, so a missing or misspelt hook is a compile error. */
export function defineTimetable<V, M, const I extends string>(t: Timetable<V, M, I>): Timetable<V, M, I> {
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

/** Every instant of a schedule, phases first, then timers. */
function allInstants<I extends string>(def: ScheduleDef<I>): readonly InstantDef<I>[] {
  return [...def.phases.flatMap((p) => p.instants), ...(def.timers ?? [])];
}

/** The declared instant with an id; an unknown id is a bug of the rulebook. */
export function instantDef<I extends string>(def: ScheduleDef<I>, id: I): InstantDef<I> {
  const i = allInstants(def).find((x) => x.id === id);
  if (!i) throw new Error(`schedule has no instant ${id}`);
  return i;
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
  const i = instantDef(def, id);
  const when = at?.exactly ?? instantAt(i, ctx, at?.anchor, at?.delay);
  const key = (i.key ?? 'r{round}:{id}')
    .replace('{round}', String(ctx.round))
    .replace('{id}', i.id)
    .replace('{key}', at?.key ?? '');
  return ctx.round === undefined ? { id: key, kind: kindOf(i), at: when } : { id: key, kind: kindOf(i), at: when, round: ctx.round };
}

/** The phase with an id; an unknown id is a bug of the rulebook. */
export function phaseDef<I extends string>(def: ScheduleDef<I>, id: string): PhaseDef<I> {
  const p = def.phases.find((x) => x.id === id);
  if (!p) throw new Error(`schedule has no phase ${id}`);
  return p;
}

/**
 * The deadlines a phase plans when it opens: its instants that are not on demand and apply to the round, an instant
 * declared after or before another one counting from that one's planned time.
 */
export function planPhase(def: ScheduleDef, phase: string, ctx: PlanContext): Deadline[] {
  const planned = new Map<string, Deadline>();
  const own = phaseDef(def, phase).instants.filter((i) => !i.onDemand && appliesTo(i.rounds, ctx.round ?? 0));
  const place = (i: InstantDef, depth: number): Deadline => {
    const done = planned.get(i.id);
    if (done) return done;
    const w = i.when;
    const ref = 'after' in w ? w.after : 'before' in w ? w.before : undefined;
    const base = ref === undefined ? undefined : own.find((x) => x.id === ref);
    if (ref !== undefined && (!base || depth > own.length)) throw new Error(`instant ${i.id} counts from ${ref}, not planned with it`);
    const d = deadlineOf(def, i.id, ctx, base ? { anchor: place(base, depth + 1).at } : undefined);
    planned.set(i.id, d);
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
    const kind = kindOf(instantDef(def, e.instant));
    return plan.find((d) => d.kind === kind)?.at;
  }
  if (ctx.date === undefined) return undefined;
  return instantOf(addDays(ctx.date, e.dayOffset ?? 0), timeOf(e.local, ctx.options), ctx.timeZone);
}

/** The windows of a phase that apply to its round (on-demand ones only when `held` names them), placed in its plan. */
export function planWindows(def: ScheduleDef, phase: string, ctx: PlanContext, plan: readonly Deadline[], held: readonly string[] = []): PlannedWindow[] {
  return (phaseDef(def, phase).windows ?? [])
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
 * deadline (timers, a runoff of the previous round). Returns the plan.
 */
export function openPhase<V, M>(b: Builder<V, M>, def: ScheduleDef, phase: string, ctx: PlanContext): Deadline[] {
  const plan = planPhase(def, phase, ctx);
  const kinds = new Set(
    phaseDef(def, phase)
      .instants.filter((i) => !i.onDemand)
      .map(kindOf),
  );
  b.schedule([...b.state.deadlines.filter((d) => !kinds.has(d.kind)), ...plan]);
  return plan;
}

/**
 * The declared instant a deadline belongs to: the one of its kind whose key gives its id; when several do (two
 * phase ends under one deadline), the one in the open phase. Undefined for a kind the schedule does not declare.
 */
export function instantOfDeadline<I extends string>(def: ScheduleDef<I>, phase: string | undefined, d: Deadline): InstantDef<I> | undefined {
  const hits: { readonly i: InstantDef<I>; readonly phase?: string }[] = [];
  for (const p of def.phases) for (const i of p.instants) if (kindOf(i) === d.kind && keyMatches(i, d)) hits.push({ i, phase: p.id });
  for (const i of def.timers ?? []) if (kindOf(i) === d.kind && keyMatches(i, d)) hits.push({ i });
  return hits.length === 1 ? hits[0]!.i : hits.find((h) => h.phase !== undefined && h.phase === phase)?.i;
}

/** Sends a fired deadline to the hook of its instant; false when the kind is none of the schedule's. */
export function dispatch<V, M, I extends string>(t: Timetable<V, M, I>, b: Builder<V, M>, d: Deadline): boolean {
  const i = instantOfDeadline(t.schedule, t.phaseOf(b.state), d);
  if (!i) return false;
  t.hooks[i.id](b, d);
  return true;
}

/** True when a deadline's id is the one an instant's key gives for the deadline's round (`{key}` matches anything). */
function keyMatches(i: InstantDef, d: Deadline): boolean {
  const [head = '', tail] = (i.key ?? 'r{round}:{id}').replace('{round}', String(d.round)).replace('{id}', i.id).split('{key}');
  if (tail === undefined) return d.id === head;
  return d.id.startsWith(head) && d.id.endsWith(tail) && d.id.length >= head.length + tail.length;
}

/** The window with an id and its phase; an unknown id is a bug of the rulebook. */
export function windowDef(def: ScheduleDef, id: string): { readonly phase?: PhaseDef; readonly window: WindowDef } {
  for (const phase of def.phases) {
    const window = phase.windows?.find((w) => w.id === id);
    if (window) return { phase, window };
  }
  const window = [...(def.windows ?? []), ...(def.daily ?? [])].find((w) => w.id === id);
  if (window) return { window };
  throw new Error(`schedule has no window ${id}`);
}

/**
 * When a window closes in a game as it stands: the pending deadline of its closing instant (so a moved, paused or
 * re-dated deadline is what players are told), or undefined when none is pending or the edge is not an instant.
 */
export function windowUntil(def: ScheduleDef, s: GameState<unknown>, id: string): Millis | undefined {
  const { window } = windowDef(def, id);
  const edge = window.closes;
  if (edge === 'open' || !('instant' in edge)) return undefined;
  const kind = kindOf(instantDef(def, edge.instant));
  return s.deadlines.find((d) => d.kind === kind)?.at;
}
