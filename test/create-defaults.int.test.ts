// Issue 25 item 9 through the API: the create form's defaults (start in an hour, round 1's date and the game number
// left to the rulebook and the server) make a game of every rulebook at any hour of any day; a refusal names the
// request's field with a stable reason; and the start preview tells how long round 1 would last if started now.
import { describe, expect, it } from 'vitest';
import { isoLocal } from '../src/engine/time.ts';
import { VARIANTS } from '../src/variants/registry.ts';
import { harness, NINE } from './support/harness.ts';

/** The create form's default body for a rulebook at `now`. */
function formDefaults(variant: string, zone: string, now: number) {
  return {
    variant,
    locale: 'en',
    timeZone: zone,
    calendar: { preset: 'none' },
    startAt: isoLocal(now + 3_600_000, zone).slice(0, 16),
    firstRoundDate: 'auto',
    gameNumber: 'auto',
  };
}

describe('creation that works by default (issue 25 item 9)', () => {
  // A Friday night, a Saturday, a Monday morning, a Monday evening after palermo's 20:00 close.
  const instants = ['2025-11-07T21:30:00Z', '2025-11-08T10:00:00Z', '2025-11-03T06:00:00Z', '2025-11-03T18:30:00Z'];

  it('PAL-CAL-2, DE-GEN-1: every rulebook’s form defaults are accepted at any hour of any day', async () => {
    for (const at of instants) {
      const h = await harness(undefined, Date.parse(at));
      try {
        const mod = await h.client('Mod');
        for (const v of Object.values(VARIANTS)) {
          const body = formDefaults(v.id, v.defaultTimeZone, Date.parse(at));
          const dates = await mod.req('POST', '/api/setup/dates', body);
          expect(dates.status, `${v.id} at ${at}: ${dates.text}`).toBe(200);
          const r = await mod.req('POST', '/api/games', body);
          expect(r.status, `${v.id} at ${at}: ${r.text}`).toBe(201);
        }
        // mafia-de's games are numbered one after the other; the others get no number they did not ask for.
        const list = (await mod.req('GET', '/api/games')).json.games as { id: string; variant: string }[];
        const numbers = [];
        for (const g of list) numbers.push([g.variant, (await mod.req('GET', `/api/games/${g.id}`)).json.config.gameNumber]);
        expect(numbers.filter(([v]) => v === 'mafia-de').map(([, n]) => n)).toEqual(['1']);
        expect(numbers.filter(([v]) => v !== 'mafia-de').every(([, n]) => n === null)).toBe(true);
      } finally {
        await h.close();
      }
    }
  }, 60_000);

  it('PAL-CAL-2: a refusal names the request’s field and a stable reason; the English text stays as scripts print it', async () => {
    const h = await harness(undefined, Date.parse('2025-11-08T10:00:00Z'));
    try {
      const mod = await h.client('Mod');
      const sat = await mod.req('POST', '/api/games', { variant: 'palermo', startAt: '2025-11-08T14:00' });
      expect(sat.status).toBe(400);
      expect(sat.json.error).toMatchObject({
        code: 'game.invalid_config',
        details: { field: 'startAt', reason: 'round1Pause', params: { date: '2025-11-08', suggestion: '2025-11-10' } },
      });
      expect(sat.json.error.message).toMatch(/round 1 cannot be played on 2025-11-08 \(the date of startAt\).*\(PAL-CAL-2\)/);
      const late = await mod.req('POST', '/api/games', { variant: 'palermo', startAt: '2025-11-10T21:00', firstRoundDate: '2025-11-10' });
      expect(late.json.error.details).toMatchObject({ field: 'firstRoundDate', reason: 'round1Late' });
      const unnumbered = await mod.req('POST', '/api/games', { variant: 'mafia-de', startAt: '2025-11-10T12:00' });
      expect(unnumbered.json.error.details).toEqual({ field: 'gameNumber', reason: 'number', params: {} });
      const zone = await mod.req('POST', '/api/setup/dates', { variant: 'palermo', startAt: '2025-11-10T12:00', timeZone: 'Mars/Olympus' });
      expect(zone.json.error.details).toEqual({ field: 'timeZone', reason: 'zone', params: { zone: 'Mars/Olympus' } });
      const past = await mod.req('POST', '/api/games', { variant: 'palermo', startAt: '2025-11-07T12:00' });
      expect(past.json.error.details).toMatchObject({ field: 'startAt', reason: 'past' });
    } finally {
      await h.close();
    }
  });

  it('the start preview: round 1’s first deadline if the moderator started now, for his console’s warning', async () => {
    // Monday 19:30 in Athens: palermo's round 1 would close at 20:00, half an hour after a start now.
    const h = await harness(undefined, Date.parse('2025-11-03T17:30:00Z'));
    try {
      const mod = await h.client('Mod');
      const g = await mod.req('POST', '/api/games', { variant: 'palermo', startAt: '2025-11-03T19:50', locale: 'en' });
      const id = g.json.id as string;
      for (const n of NINE) expect((await (await h.client(n)).req('POST', `/api/games/${id}/signup`)).json.accepted).toBe(true);
      const p = await mod.req('GET', `/api/games/${id}/start-preview`);
      expect(p.json).toMatchObject({ startable: true, firstDeadline: { time: expect.stringMatching(/^2025-11-03T20:00/) } });
      expect(p.json.firstDeadline.at - p.json.now).toBe(30 * 60_000);
      // Nothing was started by asking.
      expect((await mod.req('GET', `/api/games/${id}`)).json.status).toBe('signup');
      // Players may not ask.
      const anna = await h.client('Anna2');
      expect((await anna.req('GET', `/api/games/${id}/start-preview`)).status).toBe(403);
    } finally {
      await h.close();
    }
  });

  it('PAL-DIST-1: a changed deal is the game’s role list: the balance simulates that deal, and one the rulebook cannot deal is refused naming the deal', async () => {
    const h = await harness(undefined, Date.parse('2025-11-03T06:00:00Z'));
    try {
      const mod = await h.client('Dealer');
      const variants = (await mod.req('GET', '/api/variants')).json.variants as { id: string; dealFromList: boolean }[];
      expect(Object.fromEntries(variants.map((v) => [v.id, v.dealFromList]))).toEqual({
        palermo: true,
        'palermo-intrigue': true,
        'mafia-de': true,
        'mafia-cities': false,
      });
      const roleList = ['killer', 'killer', 'killer', 'informant', 'nurse', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen'];
      const b = await mod.req('POST', '/api/setup/balance', { variant: 'palermo', players: 10, roleList, games: 50 });
      expect(b.status, b.text).toBe(200);
      expect(b.json.roles).toEqual({ killer: 3, informant: 1, nurse: 1, citizen: 5 });
      const wrong = await mod.req('POST', '/api/setup/balance', { variant: 'palermo', players: 9, roleList, games: 50 });
      expect(wrong.json.error.code).toBe('setup.invalid_deal');
      expect((await mod.req('POST', '/api/setup/balance', { variant: 'mafia-cities', players: 10, roleList, games: 50 })).json.error.code).toBe(
        'setup.invalid_deal',
      );
      const ok = await mod.req('POST', '/api/games', { variant: 'palermo', startAt: '2025-11-03T11:00', roleList });
      expect(ok.status, ok.text).toBe(201);
      const bad = await mod.req('POST', '/api/games', { variant: 'palermo', startAt: '2025-11-03T11:00', roleList: ['killer', ...roleList.slice(3)] });
      expect(bad.status).toBe(400);
      expect(bad.json.error.details).toMatchObject({ field: 'roleList', reason: 'deal' });
    } finally {
      await h.close();
    }
  }, 60_000);
});
