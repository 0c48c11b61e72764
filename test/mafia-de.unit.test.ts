// mafia-de checks that read the event log rather than the thread: the moderator's audit view, status-proof flags,
// secrecy of night actions, ads and votes, rendering of every template in German and English, DST-safe
// deadlines and the fairness check of a finished game.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../src/app/transcript.ts';
import { verifyTranscript } from '../src/app/verify.ts';
import { firstLocalTimeAfter } from '../src/engine/calendar.ts';
import { instantOf } from '../src/engine/time.ts';
import { canSee } from '../src/engine/view.ts';
import { loadScript } from '../src/scripts/load.ts';
import { runScript } from '../src/scripts/run.ts';

const dir = join(import.meta.dirname, 'scenarios', 'mafia-de');
const cache = new Map<string, { script: ReturnType<typeof loadScript>; result: Awaited<ReturnType<typeof runScript>> }>();
/** Runs a script once per test file (several checks read the same event log). */
async function play(file: string) {
  let hit = cache.get(file);
  if (!hit) {
    const script = loadScript(readFileSync(file, 'utf8'), file);
    hit = { script, result: await runScript(script) };
    cache.set(file, hit);
  }
  return hit;
}
const run = async (file: string) => (await play(file)).result;
const scenario = (name: string) => run(join(dir, name));
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => join(dir, f));

describe('mafia-de: event log', () => {
  it('DE-GEN-12: the moderator sees every input with its interpretation and every moderator action with author and time', async () => {
    const r = await scenario('DE-S35.yaml');
    const mod = r.events.filter((e) => canSee({ kind: 'moderator' }, e.audience));
    const action = mod.find((e) => e.type === 'moderator.action');
    expect(action?.data).toMatchObject({ by: 'moderator', action: 'disqualify' });
    expect(mod.filter((e) => e.type === 'pm.received').length).toBeGreaterThan(20);
    expect(mod.some((e) => e.type === 'command.rejected')).toBe(true);
    // Players never see another player's PN.
    const moritz = Object.values(r.state.players).find((p) => p.name === 'Moritz')!.id;
    expect(
      r.events
        .filter((e) => e.type === 'pm.received' && canSee({ kind: 'player', id: moritz }, e.audience))
        .every((e) => (e.data as { from: string }).from === moritz),
    ).toBe(true);
  });

  it('DE-MOD-3: a post that quotes a PN of the game is flagged to the moderator only', async () => {
    const r = await scenario('DE-S35.yaml');
    const flags = r.events.filter((e) => e.type === 'moderator.flag');
    expect(flags).toHaveLength(1);
    expect(flags[0]!.audience).toEqual({ kind: 'moderator' });
    expect((flags[0]!.data as { params: { name: string } }).params.name).toBe('Moritz');
  });

  it('DE-GEN-5, DE-ANN-5, DE-NEWS-7, DE-VOTE-7: night actions, ads, testaments and votes are never public', async () => {
    const secret = new Set([
      'night.act',
      'night.resolved',
      'dm.stored',
      'ad.accepted',
      'will.set',
      'vote.cast',
      'role.chosen',
      'role.drawn',
      'insider.guessed',
      'successor.designated',
      'boss.set',
      'game.dealt',
    ]);
    for (const file of all) {
      const r = await run(file);
      const leaks = r.events.filter((e) => secret.has(e.type) && e.audience.kind === 'public');
      expect(leaks, file).toEqual([]);
    }
  });
});

describe('mafia-de: texts', () => {
  it('DE-GEN-1: every message of every scenario renders in German and in English without a missing parameter', async () => {
    for (const file of all) {
      const { script, result: r } = await play(file);
      for (const locale of ['de', 'en'] as const) {
        const t = buildTranscript(script.variant, r.events, r.state, locale);
        const texts = [...t.public.map((l) => l.text), ...Object.values(t.private).flatMap((ls) => ls.map((l) => l.text)), ...t.rejections.map((x) => x.text)];
        // A missing template or phrase shows as its key and JSON; a structured parameter must never reach a string as such.
        const missing = /\{[a-zA-Z0-9]+\}|^(MSG|R|SUBJ)-?[A-Z-]* \{|(PART|SUBJECT)-[\p{L}-]+ \{|\{"(list|ref|phrase)"/u;
        const broken = texts.filter((x) => missing.test(x) || x.includes('\u001f') || x.includes('[object Object]'));
        expect(broken, `${file} (${locale})`).toEqual([]);
      }
    }
  });

  it('DE-GEN-1: the English translation sits alongside the German texts', async () => {
    const { script: s, result: r } = await play(join(dir, 'DE-S13.yaml'));
    const en = buildTranscript(s.variant, r.events, r.state, 'en');
    const anna = en.private.Anna!.map((l) => l.text).join('\n');
    expect(anna).toContain('Subject: Mafia #136 | Query');
    expect(anna).toContain('Your query shows that Klaus belongs to the mafia.');
  });
});

describe('mafia-de: schedule and fairness', () => {
  it('DE-SCHED-7: deadlines across the spring DST change stay on the local wall clock', () => {
    const tz = 'Europe/Berlin';
    const night = firstLocalTimeAfter(instantOf('2011-03-26', '20:00', tz), '10:00', 8 * 3_600_000, tz, () => false);
    expect(night).toBe(Date.parse('2011-03-27T10:00:00+02:00'));
    expect(night - instantOf('2011-03-26', '20:00', tz)).toBe(13 * 3_600_000);
  });

  it('DE-GEN-7, DE-ANN-6: the example game publishes its seed and verify reproduces the deal and the Night-1 lot', async () => {
    const r = await run(join(import.meta.dirname, '..', 'examples', 'mafia-de-demo.yaml'));
    expect(r.failures).toEqual([]);
    const t = JSON.parse(JSON.stringify(r.transcript));
    expect(t.seed).toBe('mafia-de-136-127061');
    const v = verifyTranscript(t);
    expect(v.problems).toEqual([]);
    expect(v.ok.some((x: string) => x.includes('lot among 2 reproduced'))).toBe(true);
  });
});

describe('mafia-de: configuration', () => {
  it('DE-MROLE-1: mafia specials are chosen in Night 1, so neither a fixed deal nor a role list may deal one', async () => {
    const { getVariant } = await import('../src/variants/registry.ts');
    const de = getVariant('mafia-de')!;
    const base = { variant: 'mafia-de', locale: 'de', timeZone: 'Europe/Berlin', createdAt: 0, startAt: 1, gameNumber: '136', options: {} } as const;
    const calendar = { workingWeekdays: [1, 2, 3, 4, 5, 6, 7], preset: 'none', extraPauseDays: [], extraWorkingDays: [] } as const;
    const roleList = ['mafia-boss', 'framer', 'detective', 'citizen', 'citizen', 'citizen', 'citizen'];
    expect(de.validateConfig({ ...base, calendar, roleList })).toMatch(/DE-MROLE-1/);
    expect(de.validateConfig({ ...base, calendar, fixedRoles: { Anna: 'robber' } })).toMatch(/DE-MROLE-1/);
    expect(de.validateConfig({ ...base, calendar, roleList: roleList.map((r) => (r === 'framer' ? 'mafioso' : r)) })).toBeNull();
  });
});

describe("mafia-de: a new game carries none of the seed game's facts (DE-GEN-1)", () => {
  const setup = { variant: 'mafia-de', startAt: '2026-03-05T10:00' };
  const now = Date.UTC(2026, 2, 2, 12);

  it('DE-GEN-1: the game number comes from the title, or the configuration is refused as invalid', async () => {
    const { buildConfig } = await import('../src/app/config.ts');
    expect(buildConfig({ ...setup, title: 'Mafia #137' }, now).config.gameNumber).toBe('137');
    expect(buildConfig({ ...setup, title: 'Mafia #137', gameNumber: '200' }, now).config.gameNumber).toBe('200');
    const refused = (() => {
      try {
        buildConfig({ ...setup, title: 'Neues Spiel' }, now);
      } catch (e) {
        return e as { code: string; status: number; message: string };
      }
    })();
    expect(refused).toMatchObject({ code: 'game.invalid_config', status: 400 });
    expect(refused?.message).toMatch(/gameNumber is required/);
  });

  it("DE-GEN-1, DE-SIGN-2: the blacklist starts empty and the game's own moderators cannot sign up", async () => {
    const { buildConfig } = await import('../src/app/config.ts');
    const { createGame, decide } = await import('../src/engine/game.ts');
    const { evolve } = await import('../src/engine/evolve.ts');
    const { variant, config } = buildConfig({ ...setup, title: 'Mafia #137' }, now);
    expect(config.options.blacklist).toEqual([]);
    const created = createGame(variant, config, 'seed');
    let state = evolve(variant, created.state, {
      type: 'game.hosted',
      at: now,
      audience: { kind: 'public' },
      data: { title: 'Mafia #137', host: 'Spielleiter' },
    });
    state = evolve(variant, state, { type: 'moderator.added', at: now, audience: { kind: 'public' }, data: { name: 'Co-SL' } });
    const join = (name: string) => decide(variant, state, { type: 'post', at: now + 1000, actor: { kind: 'guest', name }, text: 'Anmeldung' });
    expect(join('Spielleiter').rejections.map((r) => r.code)).toEqual(['R-SIGNUP-MOD']);
    expect(join('co-sl').rejections.map((r) => r.code)).toEqual(['R-SIGNUP-MOD']);
    expect(join('Muffi86').rejections).toEqual([]);
    expect(join('Finanzamt').rejections).toEqual([]);
  });
});

describe('mafia-de: legal actions (the forms of the API)', () => {
  it('Night 1 offers the boss a murder with its death message and a successor, a mafioso the free specials, ads within the quota', async () => {
    const { driveGame } = await import('../src/sim/runner.ts');
    const { mafiaDeSim } = await import('../src/variants/mafia-de/sim.ts');
    const { getVariant } = await import('../src/variants/registry.ts');
    const de = getVariant('mafia-de')!;
    const spec = { variant: 'mafia-de', players: 13, roleList: mafiaDeSim.roleList(13), options: {}, policy: 'random' };
    // Day 1, then the first night (seed 3: nobody of the mafia was voted out on Day 1).
    const { state } = driveGame(spec, 3, { deadlines: 1 });
    expect(state.phases).toMatchObject([{ id: 'night', round: 1 }]);
    const roleOf = (role: string) => state.order.filter((id) => state.players[id]!.role === role && state.players[id]!.status === 'alive');
    const boss = roleOf('mafia-boss')[0]!;
    const mafiosi = roleOf('mafioso');
    const citizen = roleOf('citizen')[0]!;
    const bossActions = de.legalActions(state, boss);
    const kill = bossActions.find((a) => a.command === 'kill')!;
    // The simulated game speaks English: its forms use the English keywords (issue 15 item 6).
    expect(kill.template).toBe('Kill: {name}\n{text}');
    expect(bossActions.find((a) => a.command === 'successor')?.targets).toEqual(mafiosi);
    const role = de.legalActions(state, mafiosi[0]!).find((a) => a.command === 'role')!;
    expect(role.template).toBe('Role: {choice}');
    expect(role.choices).toEqual(['Framer', 'Voodoo doll', 'Robber', 'Insider', 'none']);
    // The same night in a German game: the rulebook's keywords (DE-GEN-8).
    const german = { ...state, config: { ...state.config, locale: 'de' as const } };
    expect(de.legalActions(german, boss).find((a) => a.command === 'kill')?.template).toBe('Mord: {name}\n{text}');
    const deRole = de.legalActions(german, mafiosi[0]!).find((a) => a.command === 'role')!;
    expect(deRole.template).toBe('Rolle: {choice}');
    expect(deRole.choices).toEqual(['Rufmörder', 'Voodoo-Puppe', 'Räuber', 'Insider', 'keine']);
    expect(de.legalActions(state, mafiosi[0]!).some((a) => a.command === 'ad')).toBe(true);
    // DE-NEWS-1: plain citizens place no ads; nobody but the boss names a successor.
    const plain = de.legalActions(state, citizen).map((a) => a.command);
    expect(plain).not.toContain('ad');
    expect(plain).not.toContain('successor');
  });
});
