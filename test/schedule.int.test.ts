// Schedules at the edges: impossible schedules refused by the API (400 game.invalid_config) and the CLI (exit 2),
// and a moderator's early start that re-plans the first phase and leaves no stale deadline behind, in both rulebooks.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, harness } from './support/harness.ts';

const root = join(import.meta.dirname, '..');
const SEVEN = ['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos'];

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Creates a game as `Mod` (clock: Monday 3 November 2025, 10:00 Athens) and signs up seven players. */
async function created(body: Record<string, unknown>) {
  h = await harness();
  const mod = await h.client('Mod');
  const r = await mod.req('POST', '/api/games', body);
  if (r.status !== 201) throw new Error(r.text);
  const id = r.json.id as string;
  for (const n of SEVEN) {
    const c = await h.client(n);
    const s = await c.req('POST', `/api/games/${id}/signup`);
    if (!s.json.accepted) throw new Error(s.text);
  }
  return { id, mod };
}

describe('impossible schedules are refused at creation', () => {
  it('PAL-CAL-2: round 1 on a weekend, on a holiday, or a start after its close is 400 game.invalid_config naming the problem', async () => {
    h = await harness();
    const mod = await h.client('Mod');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ startAt: '2025-11-08T09:00' }, /2025-11-08 .*a Saturday, not a working weekday.*e\.g\. 2025-11-10 \(PAL-CAL-2\)/],
      [{ startAt: '2026-10-27T09:00', firstRoundDate: '2026-10-28' }, /2026-10-28 \(firstRoundDate\): it is a public holiday of the calendar's preset GR/],
      [{ startAt: '2025-11-04T20:30' }, /starts at 2025-11-04T20:30, not before round 1's vote closes \(2025-11-04 20:00\).*2025-11-05 \(PAL-CAL-2\)/],
    ];
    for (const [times, problem] of cases) {
      const r = await mod.req('POST', '/api/games', { variant: 'palermo', title: 'Test', ...times });
      expect(r.status, JSON.stringify(times)).toBe(400);
      expect(r.json.error.code).toBe('game.invalid_config');
      expect(r.json.error.message).toMatch(problem);
    }
  });

  it('DE-SCHED-4, DE-GEN-1: a mafia-de signup deadline on a pause date, or a game without a number, is 400 game.invalid_config', async () => {
    h = await harness();
    const mod = await h.client('Mod');
    const pause = await mod.req('POST', '/api/games', {
      variant: 'mafia-de',
      title: 'Mafia #137',
      startAt: '2025-11-08T10:00',
      options: { weekendPause: true },
    });
    expect(pause.status).toBe(400);
    expect(pause.json.error).toMatchObject({ code: 'game.invalid_config' });
    expect(pause.json.error.message).toMatch(/falls on a pause date \(2025-11-08 is a weekend day with weekendPause\).*DE-SCHED-4/);
    const unnamed = await mod.req('POST', '/api/games', { variant: 'mafia-de', title: 'Neues Spiel', startAt: '2025-11-06T10:00' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.error.message).toMatch(/gameNumber is required/);
    const unknownPreset = await mod.req('POST', '/api/games', { variant: 'palermo', title: 'T', startAt: '2025-11-04T10:00', calendar: { preset: 'DE-XX' } });
    expect(unknownPreset.status).toBe(400);
    expect(unknownPreset.json.error.message).toMatch(/unknown region "XX" of DE/);
  });

  it('PAL-CAL-2: the CLI refuses a script whose round 1 is a pause day as malformed (exit 2, file and line)', () => {
    const file = 'test/scenarios/palermo/refused/round-one-weekend.yaml';
    const r = spawnSync(process.execPath, [join(root, 'bin', 'narrator.mjs'), 'play', file], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/round-one-weekend\.yaml:\d+: round 1 cannot be played on 2025-10-11/);
  });
});

describe('an early /start re-plans the first phase', () => {
  it('PAL-CAL-2: palermo started days early closes round 1 today at 20:00 and drops the planned signup close', async () => {
    // Created Monday 3/11 10:00 with signup until Sunday 9/11 20:00 and the start on Monday 10/11.
    const { id, mod } = await created({ variant: 'palermo', title: 'Early', locale: 'en', signupDeadline: '2025-11-09T20:00', startAt: '2025-11-10T09:00' });
    const before = await mod.req('GET', `/api/games/${id}`);
    expect(before.json.nextDeadline.kind).toBe('signup.close');
    const st = await mod.req('POST', `/api/games/${id}/start`);
    expect(st.json.accepted).toBe(true);
    const g = await mod.req('GET', `/api/games/${id}`);
    expect(g.json.status).toBe('running');
    expect(g.json.nextDeadline).toMatchObject({ kind: 'close', time: '2025-11-03T20:00:00+02:00' });
    const deadlines = h!.service.get(id).state.deadlines.map((d) => d.kind);
    expect(deadlines).toEqual(['close']);
    const thread = await mod.req('GET', `/api/games/${id}/thread`);
    expect(JSON.stringify(thread.json)).toContain('Round 1 ends 03/11 at 20:00.');
  });

  it('DE-SCHED-2: mafia-de started early opens Day 1 now, with its deadline by the rulebook clock, and no signup deadline left', async () => {
    const { id, mod } = await created({ variant: 'mafia-de', title: 'Mafia #137', signupDeadline: '2025-11-06T10:00', startAt: '2025-11-07T10:00' });
    const st = await mod.req('POST', `/api/games/${id}/start`);
    expect(st.json.accepted).toBe(true);
    const g = await mod.req('GET', `/api/games/${id}`);
    // Berlin is one hour behind Athens: 09:00 in Berlin, so Day 1 closes at today's 20:00 (11 h later).
    expect(g.json.nextDeadline).toMatchObject({ kind: 'phase', time: '2025-11-03T20:00:00+01:00' });
    expect(h!.service.get(id).state.deadlines.map((d) => d.kind)).toEqual(['phase']);
  });
});

describe('GET /api/games/:id/schedule', () => {
  it('serves palermo’s declared day and the running game’s pending instants, named, in the game zone', async () => {
    const { id, mod } = await created({ variant: 'palermo', title: 'Timeline', locale: 'en', startAt: '2025-11-04T09:00' });
    const anon = await h!.client('Visitor', true);
    const before = await anon.req('GET', `/api/games/${id}/schedule`);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ timeZone: 'Europe/Athens', status: 'signup', phase: null, paused: false });
    expect(before.json.next.map((n: { kind: string }) => n.kind)).toEqual(['start']);
    expect(before.json.next[0].instant).toBeUndefined();
    const instants = before.json.declared.instants.map((i: { id: string; when: string; phase: string }) => `${i.phase}:${i.id}@${i.when}`);
    expect(instants).toEqual(['day:kill@13:00', 'day:close@20:00', 'runoff:runoff@close + 1 h', 'runoff:extension@runoff + 30 min (runoffExtensionMinutes)']);
    const vote = before.json.declared.windows.find((w: { id: string }) => w.id === 'vote');
    expect(vote).toMatchObject({ phase: 'day', opens: 'opening', closes: 'close', mode: 'open' });
    expect((await mod.req('POST', `/api/games/${id}/start`)).json.accepted).toBe(true);
    const running = await anon.req('GET', `/api/games/${id}/schedule?locale=el`);
    expect(running.json).toMatchObject({ status: 'running', phase: 'day' });
    // Started early on Monday 3/11 at 10:00: round 1 closes today at 20:00 and has no murder.
    expect(running.json.next).toEqual([
      { id: 'r1:close', kind: 'close', instant: 'close', at: expect.any(Number), time: '2025-11-03T20:00:00+02:00', round: 1 },
    ]);
    expect(running.json.declared.instants[1].what).toMatch(/λήξη ψηφοφορίας/);
    const bad = await anon.req('GET', `/api/games/${id}/schedule?locale=xx`);
    expect(bad.status).toBe(400);
    expect((await anon.req('GET', '/api/games/nope/schedule')).status).toBe(404);
  });

  it('names mafia-de’s one `phase` deadline by the open phase: day.end by day', async () => {
    const { id, mod } = await created({ variant: 'mafia-de', title: 'Mafia #137', signupDeadline: '2025-11-06T10:00', startAt: '2025-11-07T10:00' });
    expect((await mod.req('POST', `/api/games/${id}/start`)).json.accepted).toBe(true);
    const r = await mod.req('GET', `/api/games/${id}/schedule`);
    expect(r.json.phase).toBe('day');
    expect(r.json.next).toEqual([{ id: 'phase', kind: 'phase', instant: 'day.end', at: expect.any(Number), time: '2025-11-03T20:00:00+01:00', round: 1 }]);
    expect(r.json.declared.instants.find((i: { id: string }) => i.id === 'night.end').when).toBe('first 10:00 (nightEnd) ≥ 8 h (minNightHours) after opening');
  });
});
