// mafia-cities fairness (CIT-ENG-7): `narrator verify` replays a cities game and recomputes its cities, touring order
// and every lot from the published seed; a log altered anywhere in them is a mismatch. (The deal itself is checked
// against the reference RNG in mafia-cities.unit.test.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../src/app/transcript.ts';
import { verifyTranscript } from '../src/app/verify.ts';
import { loadScript } from '../src/scripts/load.ts';
import { runScript } from '../src/scripts/run.ts';

/** A script's export with its seed and key published (as at the game's end, also for a scenario that stops earlier). */
async function exported(file: string) {
  const script = loadScript(readFileSync(file, 'utf8'), file);
  const r = await runScript(script);
  expect(r.failures).toEqual([]);
  return JSON.parse(JSON.stringify(buildTranscript(script.variant, r.events, { ...r.state, status: 'ended' }))) as {
    events: { seq: number; type: string; data: Record<string, unknown> }[];
    players: { name: string; role: string }[];
  };
}

const root = join(import.meta.dirname, '..');
const demo = join(root, 'examples', 'mafia-cities-demo.yaml');
const scenario = (id: string) => join(root, 'test', 'scenarios', 'mafia-cities', `${id}.yaml`);
const event = (t: Awaited<ReturnType<typeof exported>>, type: string, where: (d: Record<string, unknown>) => boolean = () => true) =>
  t.events.find((e) => e.type === type && where(e.data))!;

describe('mafia-cities: narrator verify recomputes the cities, the touring order and every lot (CIT-ENG-7)', () => {
  it('CIT-ENG-7, CIT-SET-3, CIT-SET-7: a played game (the demo, dealt from its seed) verifies, deal and lot recomputed', async () => {
    const v = verifyTranscript(await exported(demo));
    expect(v.problems).toEqual([]);
    expect(v.status).toBe('fair');
    expect(v.ok).toContain('cities: 18 players dealt into Север, Юг, Восток as the seed gives (CIT-SET-3)');
    expect(v.ok).toContain('roles: the doctor, the maniac, every mafioso and commissioner as the seed gives (CIT-SET-4, CIT-SET-5)');
    expect(v.ok.some((l) => /^touring order .+ as the seed gives \(CIT-SET-7\)$/.test(l))).toBe(true);
    expect(v.ok.some((l) => /lot «execution:.+» among \d+ recomputed from the log \(.+\) and applied$/.test(l))).toBe(true);
  });

  it('CIT-SET-3: one city assignment changed in the log is a mismatch, though every draw still follows from the seed', async () => {
    const t = await exported(demo);
    const cities = event(t, 'cit.cities').data as { cityOf: Record<string, number> };
    // p1 is Anna, the first to sign up.
    cities.cityOf.p1 = (cities.cityOf.p1! + 1) % 3;
    const v = verifyTranscript(t);
    expect(v.status).toBe('mismatch');
    expect(v.problems).toEqual([expect.stringMatching(/^the deal puts Anna in .+, the log says .+$/)]);
    expect(v.ok).toContain('28 draws reproduced from the seed');
  });

  it('CIT-SET-7, CIT-SET-4: a changed touring order or a changed role is a mismatch', async () => {
    const t = await exported(demo);
    const cities = event(t, 'cit.cities').data as { tourOrder: number[] };
    cities.tourOrder.reverse();
    expect(verifyTranscript(t).problems).toEqual([expect.stringMatching(/^the touring order is .+, the log says .+$/)]);
    const u = await exported(demo);
    const roles = event(u, 'game.dealt').data.roles as Record<string, string>;
    const citizen = Object.keys(roles).find((p) => roles[p] === 'citizen')!;
    roles[citizen] = 'maniac';
    expect(verifyTranscript(u).problems).toContain(`the deal gives ${u.players[Number(citizen.slice(1)) - 1]!.name} the role citizen, the log says maniac`);
  });

  it('CIT-ENG-7, CIT-MAN-3, CIT-VOTE-10, CIT-JUD-6, CIT-GF-1: every kind of lot is recomputed from the log; a fixed deal is reported as fixed', async () => {
    for (const [id, purpose] of [
      ['CIT-S14', 'knife'],
      ['CIT-S07', 'execution:Юг'],
      ['CIT-X11', 'judge:Север'],
      ['CIT-S13c', 'godfather:Север'],
    ] as const) {
      const v = verifyTranscript(await exported(scenario(id)));
      expect(v.problems, id).toEqual([]);
      expect(
        v.ok.some((l) => l.includes(`lot «${purpose}» among`) && l.endsWith('and applied')),
        id,
      ).toBe(true);
      expect(v.fixed, id).toEqual(expect.arrayContaining(['the cities were fixed by the moderator', 'the touring order was fixed by the moderator']));
    }
  });

  it('CIT-ENG-7: a lot drawn among the wrong candidates, or one the game did not apply, is a mismatch', async () => {
    const t = await exported(scenario('CIT-S07'));
    const lot = event(t, 'cit.drawn', (d) => d.purpose === 'execution:Юг').data.check as { from: string[] };
    lot.from.pop();
    expect(verifyTranscript(t).problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^event \d+ \(cit\.drawn\): the lot «execution:Юг» was drawn among Egor, Ilya, Kirill; the rules give Egor, Ilya, Kirill, Zhanna$/,
        ),
      ]),
    );
    const u = await exported(scenario('CIT-S14'));
    const night = event(u, 'cit.night.resolved', (d) => d.knifeLot === true).data;
    night.knife = u.events.find((e) => e.type === 'player.signed_up' && e.data.id !== night.knife)!.data.id;
    expect(verifyTranscript(u).problems).toEqual([
      expect.stringMatching(/^event \d+ \(cit\.drawn\): the lot «knife» chose .+, but the game did not apply it$/),
    ]);
  });
  it('CIT-ENG-7, CIT-SET-3: a game dealt before 2026-12-04 (city shuffle from signup order) still verifies by that procedure, and a changed city in it is a mismatch', async () => {
    // The demo as the engine of 64fb702 dealt it, cut after the deal (test/fixtures, made by that commit's code).
    const legacy = () =>
      JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'mafia-cities-legacy-deal.json'), 'utf8')) as Awaited<ReturnType<typeof exported>>;
    const v = verifyTranscript(legacy());
    expect(v.problems).toEqual([]);
    expect(v.ok).toContain('the city shuffle started from signup order, as games dealt before 2026-12-04 did; redone by that procedure');
    expect(v.ok).toContain('cities: 18 players dealt into Север, Юг, Восток as the seed gives (CIT-SET-3)');
    const t = legacy();
    const cities = event(t, 'cit.cities').data as { cityOf: Record<string, number> };
    cities.cityOf.p1 = (cities.cityOf.p1! + 1) % 3;
    expect(verifyTranscript(t).problems).toEqual([expect.stringMatching(/^the deal puts Anna in .+, the log says .+$/)]);
    // Today's deal does not start from signup order, so a new game is never read as an old one.
    expect(verifyTranscript(await exported(demo)).ok).not.toContain(
      'the city shuffle started from signup order, as games dealt before 2026-12-04 did; redone by that procedure',
    );
  });
});
