// The staff's powers over time in mafia-cities (§3.3, CIT-MOD-2): extending a phase, adding or removing pause dates
// during play, and freezing. Freezing reuses the engine's own pause/resume (every pending deadline moves by the
// frozen length); this module adds what the rulebook asks on top: REJ-FROZEN for every player input while frozen,
// and the day's stored instants shifted with the deadlines, so that the texts that quote them stay true.
import { z } from 'zod';
import { phrase } from '../../core/params.ts';
import type { GameEvent, Millis } from '../../core/types.ts';
import { isPlayDay } from '../../engine/calendar.ts';
import { type ModActions, type ModResult, modActionsOf, modArg, refuse } from '../../engine/modactions.ts';
import { addDays, instantOf, localDate } from '../../engine/time.ts';
import { type B, date, everywhere, msg, phaseOf, type S, time } from './common.ts';
import type { CitEvents } from './events.ts';
import { citOptions } from './options.ts';
import type { CitPhase } from './schedule.ts';
import type { CitState } from './state.ts';

/** The boundary an extension moves (§3.3): nominations → voteStart, vote → voteEnd, night → the next dayStart. */
export type Boundary = 'nominations' | 'vote' | 'night';

/**
 * The deadline kind and the stored instant of each boundary, and the phases in which it is still ahead (an extension
 * never reopens a closed window, §3.3; Day 0's nominations close its judge candidacy).
 */
const MOVES: Readonly<
  Record<Boundary, { readonly kind: string; readonly field: 'voteStart' | 'voteEnd' | 'nightEnd'; readonly word: string; readonly in: readonly CitPhase[] }>
> = {
  nominations: { kind: 'vote.start', field: 'voteStart', word: 'W-EXT-NOMINATIONS', in: ['day'] },
  vote: { kind: 'vote.end', field: 'voteEnd', word: 'W-EXT-VOTE', in: ['day', 'vote'] },
  night: { kind: 'night.end', field: 'nightEnd', word: 'W-EXT-NIGHT', in: ['night'] },
};

/** True while a boundary is still ahead in the open phase. */
function inPhase(s: S, what: Boundary): boolean {
  const p = phaseOf(s);
  return p !== undefined && MOVES[what].in.includes(p);
}

/** The boundaries of the running day or night still ahead of `now`, in the order of the day (for `move-deadline`). */
export function pendingBoundaries(s: S, now: Millis): Boundary[] {
  if (s.status !== 'running') return [];
  return (['nominations', 'vote', 'night'] as const).filter((w) => inPhase(s, w) && s.deadlines.some((d) => d.kind === MOVES[w].kind && d.at > now));
}

/**
 * CIT-MOD-2: moves one boundary of the running day or night to `to`, later or earlier (never into the past, never
 * reopening a closed window), with what the rulebook moves along with it, and announces it everywhere: T-EXTEND for
 * an extension by minutes, T-MOVED for a new time.
 */
export function moveBoundary(b: B, what: Boundary, to: Millis, notice: 'T-EXTEND' | 'T-MOVED'): ModResult {
  const s = b.state;
  if (s.status !== 'running') return refuse('the game is not running');
  if (!inPhase(s, what)) return refuse(`the ${what} boundary has passed or is not part of this phase`);
  const m = MOVES[what];
  const d = s.deadlines.find((x) => x.kind === m.kind);
  if (!d || d.at <= b.at) return refuse(`the ${what} boundary has passed`);
  if (to <= b.at) return refuse('the new time must be later than now');
  const by = to - d.at;
  const moved = [{ ...d, at: to }];
  // §3.3: nominations +N also moves the recall cut-off (voteStart − recallLeadHours), unless it has passed already.
  if (what === 'nominations') {
    const cut = s.deadlines.find((x) => x.kind === 'cutoff');
    if (cut && cut.at > b.at) {
      if (cut.at + by <= b.at) return refuse('the recall cut-off would move into the past');
      moved.push({ ...cut, at: cut.at + by });
    }
    const end = s.deadlines.find((x) => x.kind === MOVES.vote.kind);
    if (end && to >= end.at) return refuse('the nominations must close before the vote ends');
  }
  if (what === 'vote') {
    // «vote +N» must stay before the next dayStart, or the night would vanish; and after the nominations close.
    if (localDate(to, s.config.timeZone) !== s.v.date) return refuse('the vote cannot end past midnight');
    const start = s.deadlines.find((x) => x.kind === MOVES.nominations.kind);
    if (start && to <= start.at) return refuse('the vote cannot end before the nominations close');
  }
  b.emit('cit.times', { [m.field]: to });
  b.upsertDeadlines(...moved);
  everywhere(b, msg(notice, { what: phrase(m.word), time: time(s, to), date: date(s, to) }));
  return undefined;
}

/** The dates of the night from `from` to `until` that are not game days (§3.3 pauses), as «08.03–09.03». */
export function pausedSpan(s: S, from: Millis, until: Millis): string {
  const tz = s.config.timeZone;
  const first = localDate(from, tz);
  const last = localDate(until, tz);
  const runs: string[][] = [];
  let run: string[] = [];
  for (let d = addDays(first, 1); d < last; d = addDays(d, 1)) {
    if (!isPlayDay(s.calendar, d)) run.push(d);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  const dm = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}`;
  return runs.map((r) => (r.length === 1 ? dm(r[0]!) : `${dm(r[0]!)}–${dm(r[r.length - 1]!)}`)).join(', ');
}

/** CIT-ANN-5: T-PAUSE after T-NIGHT when the night starting now spans paused dates. */
export function pauseNotice(s: S, night: number, from: Millis, until: Millis): ReturnType<typeof msg> | null {
  const span = pausedSpan(s, from, until);
  return span === '' ? null : msg('T-PAUSE', { dates: span, k: night, dayStart: time(s, until), date: date(s, until) });
}

/** The dayStart that ends a night beginning at `from`: the first dayStart on a game date after `from`'s date. */
function nightEndFrom(s: S, from: Millis, calendarOk: (d: string) => boolean): Millis {
  const o = citOptions(s.config);
  const tz = s.config.timeZone;
  let d = addDays(localDate(from, tz), 1);
  for (let i = 0; i < 800 && !calendarOk(d); i++) d = addDays(d, 1);
  return instantOf(d, o.dayStart, tz);
}

/** A mafia-cities staff action: its arguments typed by its schema. */
const mod = modActionsOf<CitState, CitEvents>();

/** The staff's time actions (CIT-MOD-2, §3.3) besides the toolkit's `move-deadline` and the engine's pause. */
export const TIME_ACTIONS: ModActions<CitState, CitEvents> = {
  extend: mod({
    summary:
      'Extends a boundary that has not passed: nominations +N min (voteStart and the recall cut-off), vote +N min (voteEnd: execution, night start), night +N min (the next dayStart).',
    rules: 'CIT-MOD-2, §3.3',
    args: z
      .object({
        what: z.enum(['nominations', 'vote', 'night']).describe('the boundary to move'),
        minutes: z
          .number()
          .int()
          .min(1)
          .max(24 * 60)
          .describe('how many minutes later'),
      })
      .strict(),
    run(b, args) {
      const d = b.state.deadlines.find((x) => x.kind === MOVES[args.what].kind);
      if (!d) return refuse(`the ${args.what} boundary has passed`);
      return moveBoundary(b, args.what, d.at + args.minutes * 60_000, 'T-EXTEND');
    },
  }),
  'pause-dates': mod({
    summary: 'Adds or removes pause dates after the current game day; the running night’s end is recomputed and announced (T-PAUSE).',
    rules: 'CIT-MOD-2, CIT-ANN-5, §3.3',
    args: z.object({ add: modArg.dates('dates that become pause dates'), remove: modArg.dates('dates that stop being pause dates') }).strict(),
    run(b, args) {
      const s = b.state;
      if (s.status !== 'running') return refuse('the game is not running');
      const add = args.add ?? [];
      const del = args.remove ?? [];
      if (add.length + del.length === 0) return refuse('no date given');
      // §3.3: only dates after the current game day (a running night belongs to the day before it).
      for (const d of [...add, ...del]) if (d <= s.v.date) return refuse(`${d} is not after the current game day ${s.v.date}`);
      const both = add.find((d) => del.includes(d));
      if (both) return refuse(`${both} is both added and removed`);
      const cal = s.calendar;
      // A removed date becomes a game day again even when its weekday is not a working day (extraWorkingDays).
      const calendar = {
        ...cal,
        extraPauseDays: [...cal.extraPauseDays.filter((d) => !del.includes(d) && !add.includes(d)), ...add].sort(),
        extraWorkingDays: [...cal.extraWorkingDays.filter((d) => !add.includes(d) && !del.includes(d)), ...del].sort(),
      };
      b.emit('calendar.changed', { calendar });
      const st = b.state;
      // The night that runs now (or tonight's, by day) ends at the first dayStart on a game date after its start.
      const night = phaseOf(st) === 'night';
      const from = st.v.voteEnd;
      const until = nightEndFrom(st, from, (d) => isPlayDay(st.calendar, d));
      const k = st.v.day + 1;
      if (night) {
        const d = st.deadlines.find((x) => x.kind === 'night.end');
        if (d && d.at !== until) {
          if (until <= b.at) return refuse('the night would end in the past');
          b.emit('cit.times', { nightEnd: until });
          b.upsertDeadlines({ ...d, at: until });
        }
      }
      const notice = pauseNotice(st, k, from, until);
      everywhere(b, notice ?? msg('T-PAUSE-NONE', { k, dayStart: time(st, until), date: date(st, until) }));
      return undefined;
    },
  }),
};

/** §3.3 unfreeze: the engine moved every pending deadline by the frozen length; the stored instants move with them. */
export function shiftOnResume(v: CitState, e: GameEvent): CitState {
  if (e.type !== 'game.resumed') return v;
  const by = (e.data as { readonly shiftedBy: number }).shiftedBy;
  const since = e.at - by;
  const sh = (t: Millis) => (t >= since ? t + by : t);
  return { ...v, voteStart: sh(v.voteStart), voteEnd: sh(v.voteEnd), nightEnd: sh(v.nightEnd) };
}
