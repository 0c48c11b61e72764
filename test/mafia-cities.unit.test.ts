// mafia-cities pieces on their own: rejection texts in both locales, Russian plural forms, the role reveal, and
// the engine's channel access rules as the rulebook declares them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { phrase, ref } from '../src/core/params.ts';
import { canRead, channelAccess, channelAudience } from '../src/engine/channels.ts';
import { createGame, decide, tick } from '../src/engine/game.ts';
import { ENGINE_REJECTIONS } from '../src/engine/rejections.ts';
import type { GameConfig } from '../src/engine/state.ts';
import { instantOf } from '../src/engine/time.ts';
import { viewFor } from '../src/engine/view.ts';
import { ENGINE_MESSAGES } from '../src/i18n/engine-messages.ts';
import { renderMessage } from '../src/i18n/render.ts';
import { loadScript } from '../src/scripts/load.ts';
import { runScript } from '../src/scripts/run.ts';
import { channels } from '../src/variants/mafia-cities/common.ts';
import { mafiaCities } from '../src/variants/mafia-cities/index.ts';
import { CIT_REJECTIONS } from '../src/variants/mafia-cities/rejections.ts';
import { defaultRoles, mafiaCount } from '../src/variants/mafia-cities/roles.ts';

const TZ = 'Europe/Moscow';
const NAMES = ['Anna', 'Boris', 'Vera', 'Gleb', 'Dina', 'Egor', 'Zhanna', 'Ilya', 'Kirill', 'Lev'];

function started(seed = 'unit-seed') {
  const config: GameConfig = {
    variant: 'mafia-cities',
    locale: 'ru',
    timeZone: TZ,
    calendar: mafiaCities.defaultCalendar,
    createdAt: instantOf('2025-03-02', '10:00', TZ),
    startAt: instantOf('2025-03-03', '10:00', TZ),
    options: { cityNames: ['Север', 'Юг'] },
  };
  const created = createGame(mafiaCities, config, seed, NAMES);
  return decide(mafiaCities, created.state, tick(config.startAt)).state;
}

describe('mafia-cities messages', () => {
  it('every mafia-cities and engine rejection code has a sentence in Russian and English (§6.4)', () => {
    const missing: string[] = [];
    for (const locale of mafiaCities.locales)
      for (const code of [...CIT_REJECTIONS, ...ENGINE_REJECTIONS])
        if (mafiaCities.messages[locale]?.[code] === undefined && ENGINE_MESSAGES[locale]?.[code] === undefined) missing.push(`${locale}:${code}`);
    expect(missing).toEqual([]);
  });

  it('CIT-VOTE-9, T-EXEC-XCITY-FAIL: Russian plural forms come from ICU (из 1 голоса, из 2 голосов, из 5 голосов, из 21 голоса)', () => {
    const text = (V: number) =>
      renderMessage(mafiaCities, 'ru', { key: 'T-EXEC-XCITY-FAIL', params: { name: 'Kirill', city2: 'Юг', g: 'm', v: 1, V, city: 'Север' } });
    expect(text(1)).toContain('набрал 1 из 1 голоса');
    expect(text(2)).toContain('1 из 2 голосов');
    expect(text(5)).toContain('1 из 5 голосов');
    expect(text(21)).toContain('1 из 21 голоса');
    expect(renderMessage(mafiaCities, 'en', { key: 'T-EXEC-XCITY-FAIL', params: { name: 'K', city2: 'S', g: 'm', v: 1, V: 1, city: 'N' } })).toContain(
      '1 of 1 vote',
    );
  });

  it('CIT-CRT-3, REJ-CRT-QUORUM: «1 действующий судья», «2 действующих судьи», «5 действующих судей»', () => {
    const q = (k: number) => renderMessage(mafiaCities, 'ru', { key: 'REJ-CRT-QUORUM', params: { k, min: 6 } });
    expect(q(1)).toContain('1 действующий судья;');
    expect(q(2)).toContain('2 действующих судьи;');
    expect(q(5)).toContain('5 действующих судей;');
    expect(q(21)).toContain('21 действующий судья;');
  });

  it('CIT-ANN-2: a reveal names the role, the Godfather and the judge seat; grammatical gender picks the form (§0)', () => {
    const r = (g: string) =>
      renderMessage(mafiaCities, 'ru', {
        key: 'T-EXEC',
        params: {
          city: 'Север',
          name: 'X',
          city2: 'Юг',
          tally: 'X — 1 (Y)',
          g,
          role: phrase('W-REVEAL', { role: ref('role', 'mafioso'), gf: 'yes', judge: 'yes', city: 'Юг' }),
        },
      });
    expect(r('f')).toBe('По решению города Север казнена X (город Юг). Голоса: X — 1 (Y). Роль: Мафиози, Крёстный отец, судья города Юг.');
    expect(r('m')).toContain('казнён X');
    expect(r('x')).toContain('казнён(а) X');
  });
});

describe('mafia-cities distribution', () => {
  it('CIT-SET-5: m(s) = max(1, ⌊(s−2)/3⌋); the default table has a doctor, a maniac, and per city its mafiosi and a commissioner', () => {
    expect([5, 7, 8, 10, 11, 14, 17, 19].map(mafiaCount)).toEqual([1, 1, 2, 2, 3, 4, 5, 5]);
    const roles = defaultRoles(36);
    expect(roles.filter((r) => r === 'doctor')).toHaveLength(1);
    expect(roles.filter((r) => r === 'maniac')).toHaveLength(1);
    expect(roles.filter((r) => r === 'commissioner')).toHaveLength(4);
    expect(roles.filter((r) => r === 'mafioso')).toHaveLength(8);
  });

  // The expected deal was computed by hand with the reference RNG (shared/tools/game-rng.mjs, not imported): seed
  // «cit-deal-ref», key over the signup list Anna, Boris, Vera, Gleb, Dina, Egor, Zhanna, Ilya, Kirill, Lev.
  //   draws 0–8   CIT-SET-3: shuffle of the players by case-folded nickname (Anna, Boris, Dina, Egor, Gleb, Ilya,
  //               Kirill, Lev, Vera, Zhanna) → Lev, Zhanna, Ilya, Boris, Anna, Egor, Dina, Kirill, Gleb, Vera, dealt
  //               round-robin: Север = Lev, Ilya, Anna, Dina, Gleb; Юг = Zhanna, Boris, Egor, Kirill, Vera
  //   draw 9      CIT-SET-4: doctor among all ten → Vera; draw 10: maniac among the other nine → Dina
  //   draws 11–12 CIT-SET-5 Север (Anna, Gleb, Ilya, Lev): mafioso → Lev, commissioner (Anna, Gleb, Ilya) → Gleb
  //   draws 13–14 CIT-SET-5 Юг (Boris, Egor, Kirill, Zhanna): mafioso → Zhanna, commissioner (Boris, Egor, Kirill) → Egor
  //   draw 15     CIT-SET-7: shuffle of (Север, Юг) → Юг, Север
  it('CIT-ENG-7, CIT-SET-3, CIT-SET-4, CIT-SET-5, CIT-SET-7: cities, roles and touring order are the reference RNG’s, draw for draw', () => {
    const s = started('cit-deal-ref');
    const byName = (n: string) => s.order.find((id) => s.players[id]!.name === n)!;
    const city = (n: string) => s.v.cities[s.v.cityOf[byName(n)]!];
    expect(['Lev', 'Ilya', 'Anna', 'Dina', 'Gleb'].map(city)).toEqual(Array(5).fill('Север'));
    expect(['Zhanna', 'Boris', 'Egor', 'Kirill', 'Vera'].map(city)).toEqual(Array(5).fill('Юг'));
    const roles = Object.fromEntries(NAMES.map((n) => [n, s.players[byName(n)]!.role]));
    expect(roles).toEqual({
      Anna: 'citizen',
      Boris: 'citizen',
      Vera: 'doctor',
      Gleb: 'commissioner',
      Dina: 'maniac',
      Egor: 'commissioner',
      Zhanna: 'mafioso',
      Ilya: 'citizen',
      Kirill: 'citizen',
      Lev: 'mafioso',
    });
    expect(s.v.tourOrder.map((c) => s.v.cities[c])).toEqual(['Юг', 'Север']);
    expect(s.draws).toBe(16);
  });

  it('CIT-SET-3, CIT-SET-4, CIT-SET-7, CIT-ENG-7: a seeded deal puts everyone in a city, sizes differ by at most one, and the draws are logged', () => {
    const s = started();
    const sizes = [0, 1].map((c) => NAMES.filter((_, i) => s.v.cityOf[`p${i + 1}`] === c).length);
    expect(sizes).toEqual([5, 5]);
    expect([...s.v.tourOrder].sort()).toEqual([0, 1]);
    expect(s.draws).toBeGreaterThan(0);
    const roles = Object.values(s.players).map((p) => p.role);
    expect(roles.filter((r) => r === 'mafioso')).toHaveLength(2);
    expect(roles.filter((r) => r === 'commissioner')).toHaveLength(2);
  });
});

describe('channels as mafia-cities declares them (engine/channels.ts)', () => {
  it('CIT-ENG-4, CIT-THR-1, CIT-MAF-9, CIT-CRT-1: a general thread, one public thread per city, a private inbox per family, the court', () => {
    const s = started();
    const defs = channels(s);
    expect(defs.map((c) => c.id)).toEqual(['main', 'city-1', 'city-2', 'family-1', 'family-2', 'court']);
    const mafioso = Object.values(s.players).find((p) => p.role === 'mafioso')!;
    const city = s.v.cityOf[mafioso.id]!;
    const citizen = Object.values(s.players).find((p) => p.role === 'citizen')!;
    const access = channelAccess(defs, { kind: 'player', id: mafioso.id });
    expect(access.map((a) => a.id)).toEqual(['main', 'city-1', 'city-2', `family-${city + 1}`]);
    expect(access.filter((a) => a.postable).map((a) => a.id)).toEqual(['main', `city-${city + 1}`, `family-${city + 1}`]);
    expect(channelAccess(defs, { kind: 'player', id: citizen.id }).some((a) => a.kind === 'private')).toBe(false);
    expect(channelAccess(defs, { kind: 'spectator' }).every((a) => a.kind === 'public' && !a.postable)).toBe(true);
    expect(channelAccess(defs, { kind: 'moderator' })).toHaveLength(6);
    const fam = defs.find((c) => c.id === `family-${city + 1}`)!;
    expect(canRead(fam, { kind: 'player', id: citizen.id })).toBe(false);
    expect(channelAudience(fam)).toEqual({ kind: 'team', team: fam.id, ids: fam.readers });
  });

  it('CIT-REC-3, CIT-REC-5, CIT-ENG-3: a recall request’s inbox is its confirmers’ channel; the judge, other residents and spectators neither see nor read it', async () => {
    const file = join(import.meta.dirname, 'scenarios', 'mafia-cities', 'CIT-X12.yaml');
    const script = loadScript(readFileSync(file, 'utf8'), file);
    // Up to Rita's post in the inbox (10:40, before the other refused posts and the removal): the request is open.
    const upto = script.steps.findIndex((st) => st.input.kind === 'post' && st.input.channel === 'recall-1-1') + 1;
    const r = await runScript({ ...script, steps: script.steps.slice(0, upto), expect: undefined });
    expect(r.failures).toEqual([]);
    const s = r.state as Parameters<typeof channels>[0];
    const id = (n: string) => s.order.find((x) => s.players[x]!.name === n)!;
    const inbox = channels(s).find((c) => c.id === 'recall-1-1')!;
    expect(renderMessage(mafiaCities, 'ru', inbox.title)).toBe('Требование о снятии судьи (Север, 04.03)');
    expect(inbox).toMatchObject({ kind: 'private', readers: [id('Pavel'), id('Rita')], writers: [id('Pavel'), id('Rita')] });
    // What GET /api/games/:id/channels lists (app/views.ts): the confirmers and the staff, nobody else.
    const listed = (v: Parameters<typeof channelAccess>[1]) => channelAccess(channels(s), v).some((c) => c.id === 'recall-1-1');
    expect(listed({ kind: 'player', id: id('Pavel') })).toBe(true);
    expect(channelAccess(channels(s), { kind: 'player', id: id('Rita') }).find((c) => c.id === 'recall-1-1')?.postable).toBe(true);
    for (const who of ['Nina', 'Gleb', 'Boris', 'Egor']) expect(listed({ kind: 'player', id: id(who) }), who).toBe(false);
    expect(listed({ kind: 'spectator' })).toBe(false);
    expect(listed({ kind: 'moderator' })).toBe(true);
    // What each viewer reads of the stream: the inbox's announcements and posts reach its members only (and the
    // Prokurator: recall inboxes are his duty, not the Consigliere's).
    const inInbox = (v: Parameters<typeof viewFor>[0]) =>
      viewFor(v, r.events)
        .filter((x) => (x.event.data as { channel?: string } | null)?.channel === 'recall-1-1')
        .map((x) => x.event.type);
    expect(inInbox({ kind: 'player', id: id('Pavel') })).toEqual(['message', 'message', 'post.published']);
    expect(inInbox({ kind: 'player', id: id('Rita') })).toEqual(['message', 'post.published']);
    for (const who of ['Nina', 'Gleb', 'Maks']) expect(inInbox({ kind: 'player', id: id(who) }), who).toEqual([]);
    expect(inInbox({ kind: 'spectator' })).toEqual([]);
    expect(inInbox({ kind: 'moderator', duties: ['consigliere'] })).toEqual([]);
    expect(inInbox({ kind: 'moderator', duties: ['prokurator'] })).toHaveLength(3);
    // After the request ends (the judge removed) the members keep reading and nobody writes.
    const done = (await runScript(script)).state as Parameters<typeof channels>[0];
    expect(channels(done).find((c) => c.id === 'recall-1-1')).toMatchObject({ readers: ['Pavel', 'Rita', 'Maks', 'Anna'].map(id), writers: [] });
  });

  it('CIT-THR-3: at night nobody may post in the threads, while the family inbox stays open', () => {
    let s = started();
    s = decide(mafiaCities, s, tick(instantOf('2025-03-03', '22:00', TZ))).state;
    const defs = channels(s);
    expect(defs.filter((c) => c.kind === 'public').every((c) => c.writers.length === 0)).toBe(true);
    expect(defs.filter((c) => c.id.startsWith('family-')).every((c) => c.writers.length > 0)).toBe(true);
  });
});
