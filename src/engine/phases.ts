// The phase in the engine (docs/actions.md §10). A game's open phases are engine state (`GameState.phases`), changed
// by the engine's events `phase.entered`, `phase.exited` and `phase.dated`. A rulebook declares, per phase of its
// schedule, the steps run on entering it and where it goes after an instant (`PhaseDef.enter`, `PhaseDef.next`), and
// per instant its resolution as named steps in order; the steps, conditions and date rules are implemented in a
// table beside the declaration (`Timetable.flow`). The engine runs a resolution, records which steps ran
// (`phase.resolved`), follows the first transition whose condition holds, and opens the next phase.
import type { Millis } from '../core/types.ts';
import type { Builder } from './builder.ts';
import { isPlayDay } from './calendar.ts';
import { openPhase, type PlanContext, planPhase, type ScheduleDef } from './schedule.ts';
import type { Deadline, GameConfig, GameState, OpenPhase } from './state.ts';
import type { IsoDate } from './time.ts';

/** What one event does to the open phases. */
export type PhaseChange =
  | { readonly open: string; readonly round: number; readonly date?: IsoDate; readonly beside?: boolean }
  | { readonly close: string }
  | { readonly dated: string; readonly date: IsoDate };

/**
 * The open phases after a change at `at`. An opening beside the open phases joins them and stays open through the
 * cycle's later openings until it exits; any other opening replaces the cycle's phase. Opening the phase already
 * open for the same round and date changes nothing, so a rulebook's own event that reads as that opening
 * (`Timetable.logged`) can follow the engine's.
 */
export function changedPhases(phases: readonly OpenPhase[], c: PhaseChange, at: Millis): readonly OpenPhase[] {
  if ('open' in c) {
    const kept = c.beside ? phases : phases.filter((p) => p.beside);
    const same = phases.find((p) => p.id === c.open);
    if (same && same.round === c.round && same.date === c.date && (c.beside || (!same.beside && phases.length - kept.length === 1))) return phases;
    const base: OpenPhase = c.date === undefined ? { id: c.open, round: c.round, openedAt: at } : { id: c.open, round: c.round, date: c.date, openedAt: at };
    const opened: OpenPhase = c.beside ? { ...base, beside: true } : base;
    return [...kept.filter((p) => p.id !== c.open), opened];
  }
  if ('close' in c) return phases.some((p) => p.id === c.close) ? phases.filter((p) => p.id !== c.close) : phases;
  return phases.map((p) => (p.id === c.dated ? { ...p, date: c.date } : p));
}

/**
 * The cycle's phase open now: the one opened last, passing over phases open beside it (a night beside the day);
 * undefined before the first opens, between phases and after the end.
 */
export function currentPhase(s: GameState<unknown>): OpenPhase | undefined {
  const open = s.phases;
  for (let i = open.length - 1; i >= 0; i--) if (!open[i]!.beside) return open[i];
  return open.at(-1);
}

/**
 * One named step of a resolution or of entering a phase; `'stop'` ends the list (a win, a runoff opened). Declared
 * as a method so a rulebook's table stays usable where the engine holds any rulebook (as `InstantHook` is).
 */
export type Step<V, M, C> = { step(b: Builder<V, M>, c: C, at: StepContext): undefined | 'stop' }['step'];

/** What a step is run for: the fired deadline of a resolution, or the planned deadlines of the phase being entered. */
export interface StepContext {
  readonly deadline?: Deadline;
  readonly plan?: readonly Deadline[];
}

/** A named condition of a transition, read after the resolution's steps (a method for the same reason as `Step`). */
export type Condition<V, C> = { holds(s: GameState<V>, c: C): boolean }['holds'];

/**
 * The implementations a declared flow names: a fresh scratch per resolution (what its steps hand on to each
 * other and to the next phase's entering steps), the steps, the conditions of transitions, and the date rules of
 * the phases they open.
 */
export interface FlowTable<V, M, C> {
  scratch(): C;
  readonly steps: { readonly [name: string]: Step<V, M, C> };
  readonly conditions: { readonly [name: string]: Condition<V, C> };
  readonly dates?: { readonly [name: string]: DateRule<V> };
}

/** A named date rule: the date of the phase a transition opens (a method for the same reason as `Step`). */
export type DateRule<V> = { date(s: GameState<V>): IsoDate }['date'];

/** What the engine needs of a timetable to open phases and run resolutions. */
export interface Flowing<V, M, C> {
  readonly schedule: ScheduleDef;
  readonly flow: FlowTable<V, M, C>;
  options(config: GameConfig): Readonly<Record<string, unknown>>;
  /** The dates no `first` instant may fall on, for a rulebook with pauses of its own (default: the calendar's). */
  isPause?(s: GameState<V>, date: IsoDate): boolean;
}

/** Runs named steps in order until one stops; returns the names of those that ran, and whether one stopped. */
function runSteps<V, M, C>(t: Flowing<V, M, C>, b: Builder<V, M>, names: readonly string[], c: C, at: StepContext): { ran: string[]; stopped: boolean } {
  const ran: string[] = [];
  for (const name of names) {
    const step = t.flow.steps[name];
    if (!step) throw new Error(`flow has no step ${name}`);
    ran.push(name);
    if (step(b, c, at) === 'stop') return { ran, stopped: true };
  }
  return { ran, stopped: false };
}

/** The entering step that stands for the engine's planning of the phase's instants (`PhaseDef.enter`). */
export const PLAN_STEP = 'plan';

/**
 * Opens a phase for round `n` (on `date`): the engine's `phase.entered`, its entering steps with the scratch of the
 * resolution that led here (a fresh one when none did) and the plan of its instants (to announce their times), and
 * that plan as the game's deadlines where the steps name `plan` (else after them all). Entering steps that stop
 * before it (a win found as the phase opens) plan nothing, nor does a game no longer running.
 */
export function enterPhase<V, M, C>(b: Builder<V, M>, t: Flowing<V, M, C>, phase: string, n: number, date: IsoDate | undefined, c: C = t.flow.scratch()): void {
  const def = t.schedule.phases.find((p) => p.id === phase);
  if (!def) throw new Error(`schedule has no phase ${phase}`);
  b.emit('phase.entered', { phase, round: n, ...(date === undefined ? {} : { date }), ...(def.beside ? { beside: true } : {}) });
  const planned = def.instants.some((i) => !i.onDemand);
  const ctx = planContext(b.state, t, n, date);
  const plan = planned ? planPhase(t.schedule, phase, ctx) : [];
  const steps = def.enter ?? [];
  const at = steps.indexOf(PLAN_STEP);
  if (runSteps(t, b, at < 0 ? steps : steps.slice(0, at), c, { plan }).stopped) return;
  if (planned && b.state.status === 'running') openPhase(b, t.schedule, phase, ctx, plan);
  if (at >= 0) runSteps(t, b, steps.slice(at + 1), c, { plan });
}

/** Where round `n` of the open game falls, for planning its phase's instants. */
export function planContext<V>(s: GameState<V>, t: Pick<Flowing<V, never, never>, 'options' | 'isPause'>, n: number, date: IsoDate | undefined): PlanContext {
  const own = t.isPause;
  return {
    round: n,
    ...(date !== undefined ? { date } : {}),
    opensAt: s.clock,
    timeZone: s.config.timeZone,
    options: t.options(s.config),
    isPause: own ? (d) => own(s, d) : (d) => !isPlayDay(s.calendar, d),
  };
}

/**
 * Resolves a fired instant by its declared steps: runs them, records which ran, and (while the game runs) follows
 * the first transition whose condition holds of the open phase that declares the instant (a night beside the day
 * ends at its own instant), else of the current phase.
 */
export function resolveInstant<V, M, C>(b: Builder<V, M>, t: Flowing<V, M, C>, instant: string, steps: readonly string[], d: Deadline): void {
  const declares = (id: string) => t.schedule.phases.find((p) => p.id === id)?.instants.some((i) => i.id === instant);
  const from = b.state.phases.filter((p) => declares(p.id)).at(-1) ?? currentPhase(b.state);
  const c = t.flow.scratch();
  const { ran } = runSteps(t, b, steps, c, { deadline: d });
  b.emit('phase.resolved', { instant, steps: ran }, { kind: 'moderator' });
  if (b.state.status !== 'running' || !from) return;
  const next = t.schedule.phases.find((p) => p.id === from.id)?.next?.find((x) => x.at === instant);
  if (!next) return;
  for (const to of next.to) {
    if (to.when !== undefined) {
      const holds = t.flow.conditions[to.when];
      if (!holds) throw new Error(`flow has no condition ${to.when}`);
      if (!holds(b.state, c)) continue;
    }
    if ('stay' in to) return;
    if ('exit' in to) return void b.emit('phase.exited', { phase: from.id });
    const dateRule = to.date === undefined ? undefined : t.flow.dates?.[to.date];
    if (to.date !== undefined && !dateRule) throw new Error(`flow has no date rule ${to.date}`);
    const date = dateRule ? dateRule(b.state) : from.date;
    return enterPhase(b, t, to.phase, to.round === 'next' ? from.round + 1 : from.round, date, c);
  }
}
