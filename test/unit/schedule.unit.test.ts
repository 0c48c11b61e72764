// The declared schedule (engine/schedule.ts) against the two rulebooks it must fit without special cases:
// palermo-intrigue's day (13:00, 20:00 lock, 20:05–20:10 change, 20:10 count, 00:00, 02:00, dead time 02:00–04:00,
// card timers; declared in src/variants/palermo-intrigue/schedule.ts) and mafia-cities' (10:00, 14:00 cut-off, 18:00,
// 22:00, Day 0, elections with a campaign; a sketch for the helper writing it); the instants and windows of a sample week are
// computed by the engine piece and checked against the specs' tables. palermo's and mafia-de's own declarations
// are checked too (hooks by key, the phase deciding between shared kinds).
import { describe, expect, it } from 'vitest';
import { deadlineOf, inDailyWindow, instantOfDeadline, type PlanContext, planPhase, planWindows } from '../../src/engine/schedule.ts';
import type { Deadline } from '../../src/engine/state.ts';
import { isoLocal, weekday } from '../../src/engine/time.ts';
import { timeline } from '../../src/engine/timeline.ts';
import { CIT_SCHEDULE as CITIES } from '../../src/variants/mafia-cities/schedule.ts';
import { DE_SCHEDULE } from '../../src/variants/mafia-de/schedule.ts';
import { PAL_SCHEDULE } from '../../src/variants/palermo/schedule.ts';
import { INT_SCHEDULE as INTRIGUE } from '../../src/variants/palermo-intrigue/schedule.ts';

const t = (ms: number | undefined, tz: string) => (ms === undefined ? undefined : isoLocal(ms, tz).slice(0, 16));

describe('palermo-intrigue fits the declared schedule', () => {
  const tz = 'Europe/Athens';
  const options = { runoffExtensionMinutes: 30 };
  const ctx = (round: number, date: string, opensAt = 0): PlanContext => ({ round, date, opensAt, timeZone: tz, options });

  it('INT §3: round 6 on Monday 13/10 after Friday round 5: 13:00, 20:00 lock, 20:05–20:10 change, 20:10 count', () => {
    const plan = planPhase(INTRIGUE, 'day', ctx(6, '2025-10-13'));
    expect(plan.map((d) => `${d.id} ${t(d.at, tz)}`)).toEqual([
      'r6:kill 2025-10-13T13:00',
      'r6:lock 2025-10-13T20:00',
      'r6:ext 2025-10-13T20:05',
      'r6:close 2025-10-13T20:10',
    ]);
    const w = Object.fromEntries(
      planWindows(INTRIGUE, 'day', ctx(6, '2025-10-13', plan[0]!.at - 9 * 3_600_000), plan).map((x) => [x.id, [x.mode, t(x.opens, tz), t(x.closes, tz)]]),
    );
    expect(w.lock).toEqual(['locked', '2025-10-13T20:00', '2025-10-13T20:05']);
    expect(w['vote-change']).toEqual(['open', '2025-10-13T20:05', '2025-10-13T20:10']);
    expect(w['failed-murder-card']).toEqual(['open', '2025-10-13T13:00', '2025-10-13T20:00']);
    expect(w['exemption-card']![2]).toBe('2025-10-13T13:00');
    // Round 1 has no murder, so neither the murder instant nor the window that opens at it.
    const r1 = planPhase(INTRIGUE, 'day', ctx(1, '2025-10-06'));
    expect(r1.map((d) => d.id)).toEqual(['r1:lock', 'r1:ext', 'r1:close']);
    expect(planWindows(INTRIGUE, 'day', ctx(1, '2025-10-06'), r1).map((x) => x.id)).not.toContain('failed-murder-card');
  });

  it('INT §3: the night of a Friday count ends Saturday 02:00, the Prostitute by 00:00, answers only after 00:00', () => {
    const count = planPhase(INTRIGUE, 'day', ctx(5, '2025-10-10')).find((d) => d.kind === 'close')!.at;
    const night = planPhase(INTRIGUE, 'night', ctx(6, '2025-10-10', count));
    expect(night.map((d) => `${d.id} ${t(d.at, tz)}`)).toEqual(['n6:midnight 2025-10-11T00:00', 'n6:dawn 2025-10-11T02:00']);
    expect(weekday('2025-10-11')).toBe(6);
    const w = Object.fromEntries(planWindows(INTRIGUE, 'night', ctx(6, '2025-10-10', count), night).map((x) => [x.id, [t(x.opens, tz), t(x.closes, tz)]]));
    expect(w.answers).toEqual(['2025-10-11T00:00', '2025-10-11T02:00']);
    expect(w['prostitute-order']).toEqual(['2025-10-10T20:10', '2025-10-11T00:00']);
  });

  it('INT-NIGHT-4: dead time 02:00–04:00 on every calendar day, a pause Sunday included', () => {
    const c = { timeZone: tz, options };
    const sunday = (h: string) => Date.parse(`2025-10-12T${h}:00+03:00`);
    expect(inDailyWindow(INTRIGUE, 'dead', sunday('02:00'), c, '2025-10-12')).toBe(true);
    expect(inDailyWindow(INTRIGUE, 'dead', sunday('03:59'), c, '2025-10-12')).toBe(true);
    expect(inDailyWindow(INTRIGUE, 'dead', sunday('04:00'), c, '2025-10-12')).toBe(false);
    expect(inDailyWindow(INTRIGUE, 'dead', sunday('01:59'), c, '2025-10-12')).toBe(false);
  });

  it('INT-CARD-7/9: timers count real time from the play: 5 h across the DST change reads 03:00 on the clock', () => {
    // Saturday 25/10 23:00 EEST; the clocks go back at 04:00 on Sunday 26/10.
    const play = Date.parse('2025-10-25T23:00:00+03:00');
    const detention = deadlineOf(INTRIGUE, 'detention', { opensAt: play, timeZone: tz, options }, { anchor: play, key: 'Anna' });
    expect(detention).toEqual({ id: 'det:Anna', kind: 'detention', at: play + 5 * 3_600_000 });
    expect(t(detention.at, tz)).toBe('2025-10-26T03:00');
    const echo = deadlineOf(INTRIGUE, 'echo', { opensAt: play, timeZone: tz, options }, { anchor: play, key: 'Anna' });
    expect(echo.at - play).toBe(3 * 3_600_000);
    // The window the timer closes is the one a legal action would show as `until`.
    expect(instantOfDeadline(INTRIGUE, 'day', detention)?.id).toBe('detention');
  });
});

describe('mafia-cities fits the declared schedule', () => {
  const tz = 'Europe/Moscow';
  const options = { dayStart: '10:00', voteStart: '18:00', voteEnd: '22:00', recallLeadHours: 4 };
  const pauses = new Set(['2025-11-08', '2025-11-09']);
  const ctx = (round: number, date: string, opensAt: number): PlanContext => ({ round, date, opensAt, timeZone: tz, options, isPause: (d) => pauses.has(d) });
  const at = (local: string) => Date.parse(`${local}:00+03:00`);

  it('CIT §3.1–3.2: Day 0 has 18:00 and 22:00 but no cut-off, nominations or execution vote; Day k adds the 14:00 cut-off', () => {
    const day0 = planPhase(CITIES, 'day', ctx(0, '2025-11-03', at('2025-11-03T10:00')));
    expect(day0.map((d) => `${d.kind} ${t(d.at, tz)}`)).toEqual(['vote.start 2025-11-03T18:00', 'vote.end 2025-11-03T22:00']);
    const w0 = planWindows(CITIES, 'day', ctx(0, '2025-11-03', at('2025-11-03T10:00')), day0).map((x) => x.id);
    expect(w0).toEqual(['doctor', 'godfather']);
    const day1 = planPhase(CITIES, 'day', ctx(1, '2025-11-04', at('2025-11-04T10:00')));
    expect(day1.map((d) => `${d.kind} ${t(d.at, tz)}`)).toEqual(['cutoff 2025-11-04T14:00', 'vote.start 2025-11-04T18:00', 'vote.end 2025-11-04T22:00']);
    const w1 = Object.fromEntries(
      planWindows(CITIES, 'day', ctx(1, '2025-11-04', at('2025-11-04T10:00')), day1, ['campaign']).map((x) => [x.id, [t(x.opens, tz), t(x.closes, tz)]]),
    );
    expect(w1.recall).toEqual(['2025-11-04T10:00', '2025-11-04T14:00']);
    expect(w1.nominate).toEqual(['2025-11-04T10:00', '2025-11-04T18:00']);
    expect(w1['execution-vote']).toEqual(['2025-11-04T18:00', '2025-11-04T22:00']);
    // An election held today: the campaign opens with the vacancy (an action) and closes at voteStart.
    expect(w1.campaign).toEqual([undefined, '2025-11-04T18:00']);
    expect(w1['judge-vote']).toBeUndefined();
  });

  it('CIT §3.3: the cut-off follows voteStart and its lead (options), and a night across pause dates runs Fri 22:00 → Mon 10:00', () => {
    const moved = planPhase(CITIES, 'day', {
      ...ctx(2, '2025-11-05', at('2025-11-05T10:00')),
      options: { ...options, voteStart: '19:00', recallLeadHours: 3 },
    });
    expect(t(moved[0]!.at, tz)).toBe('2025-11-05T16:00');
    const night = planPhase(CITIES, 'night', ctx(5, '2025-11-07', at('2025-11-07T22:00')));
    expect(night.map((d) => `${d.kind} ${t(d.at, tz)}`)).toEqual(['night.end 2025-11-10T10:00']);
    const weekNights = ['2025-11-03', '2025-11-04', '2025-11-05', '2025-11-06'].map((d, i) =>
      t(planPhase(CITIES, 'night', ctx(i + 1, d, at(`${d}T22:00`)))[0]!.at, tz),
    );
    expect(weekNights).toEqual(['2025-11-04T10:00', '2025-11-05T10:00', '2025-11-06T10:00', '2025-11-07T10:00']);
  });

  it('prints a readable timeline of both', () => {
    const lines = timeline(CITIES, 'en', options).map((l) => `${l.when} | ${l.what}`);
    expect(lines).toContain('vote.start − 4 h (recallLeadHours) | cutoff: recall cut-off; later vacancies are filled the next game day (from round 1)');
    expect(lines).toContain('on vacancy → vote.start | window campaign: judge candidacy and campaign (every round, when held)');
    const int = timeline(INTRIGUE, 'en', { runoffExtensionMinutes: 30 }).map((l) => `${l.when} | ${l.what}`);
    expect(int).toContain('02:00 → 04:00 | window dead: dead time: no cards except «Ακύρωση Προφυλάκισης» (every calendar day, dead)');
    expect(int).toContain('00:00 (+1 d) | midnight: Prostitute deadline; detective and medium answers');
  });
});

describe('palermo and mafia-de declarations', () => {
  const d = (id: string, kind: string, round?: number): Deadline => ({ id, kind, at: 0, ...(round !== undefined ? { round } : {}) });

  it('palermo’s timeline prints its phases’ declared flow (PAL-TIE-1, PAL-CAL-3)', () => {
    const lines = timeline(PAL_SCHEDULE, 'en', { runoffExtensionMinutes: 30 }).map((l) => `${l.when} | ${l.what}`);
    expect(lines).toContain('after close | → runoff if tied; else day of the next round on next-play-day');
    expect(lines).toContain('after runoff | → stays runoff if runoff-goes-on; else day of the next round on next-play-day');
    expect(lines).toContain('on opening | steps open-round');
  });

  it('a runoff and its extension share the kind `runoff`; the key tells their hooks apart', () => {
    expect(instantOfDeadline(PAL_SCHEDULE, 'runoff', d('r3:runoff', 'runoff', 3))?.id).toBe('runoff');
    expect(instantOfDeadline(PAL_SCHEDULE, 'runoff', d('r3:extension', 'runoff', 3))?.id).toBe('extension');
    expect(instantOfDeadline(PAL_SCHEDULE, 'day', d('r3:close', 'close', 3))?.id).toBe('close');
    expect(instantOfDeadline(PAL_SCHEDULE, 'day', d('start', 'start'))).toBeUndefined();
  });

  it('mafia-de’s one `phase` deadline is the day’s end by day and the night’s by night, nothing between phases', () => {
    expect(instantOfDeadline(DE_SCHEDULE, 'day', d('phase', 'phase', 2))?.id).toBe('day.end');
    expect(instantOfDeadline(DE_SCHEDULE, 'night', d('phase', 'phase', 2))?.id).toBe('night.end');
    expect(instantOfDeadline(DE_SCHEDULE, undefined, d('phase', 'phase', 2))).toBeUndefined();
    expect(instantOfDeadline(DE_SCHEDULE, 'day', d('surrender:p7', 'surrender'))?.id).toBe('surrender');
  });

  it('palermo round 1 plans only the 20:00 close; round 2 the 13:00 murder first (PAL-CAL-2, spec §5)', () => {
    const c = (round: number) => ({ round, date: '2025-10-07', opensAt: 0, timeZone: 'Europe/Athens', options: { runoffExtensionMinutes: 30 } });
    expect(planPhase(PAL_SCHEDULE, 'day', c(1)).map((x) => `${x.id} ${t(x.at, 'Europe/Athens')}`)).toEqual(['r1:close 2025-10-07T20:00']);
    expect(planPhase(PAL_SCHEDULE, 'day', c(2)).map((x) => `${x.id} ${t(x.at, 'Europe/Athens')}`)).toEqual([
      'r2:kill 2025-10-07T13:00',
      'r2:close 2025-10-07T20:00',
    ]);
  });
});
