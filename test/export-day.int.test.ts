// The day export (GET /export/day/:round) for every rulebook: each declares the event that opens its days (dayOf),
// so a day's posts are cut at the right places, and a city thread is exported by its channel id.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Client, type Harness, harness, NINE, startedGame, TEN } from './support/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => h.close());

/** Moves the clock past deadlines until the first player may use `command` (at most `max` deadlines). */
async function until(mod: Client, p: Client, id: string, command: string, max = 8): Promise<void> {
  for (let i = 0; i < max; i++) {
    const a = await p.req('GET', `/api/games/${id}/actions`);
    if (a.json.actions.some((x: { command: string }) => x.command === command)) return;
    const next = (await mod.req('GET', `/api/games/${id}`)).json.nextDeadline;
    await h.at(new Date(next.at + 1000).toISOString());
  }
  throw new Error(`no ${command} after ${max} deadlines`);
}

describe('day export', () => {
  it('mafia-de: day 1 holds the posts written after it opens, day 0 does not, day 9 is 404', async () => {
    const { id, mod, players } = await startedGame(h, 'de', { variant: 'mafia-de', startAt: '2025-11-03T11:00', locale: 'en', gameNumber: '7' }, NINE);
    await until(mod, players.Anna!, id, 'vote');
    expect((await players.Anna!.req('POST', `/api/games/${id}/posts`, { text: 'A word on day one' })).json.accepted).toBe(true);
    const day1 = await players.Babis!.req('GET', `/api/games/${id}/export/day/1?format=markdown`);
    expect(day1.status).toBe(200);
    expect(day1.text).toContain('A word on day one');
    const day0 = await players.Babis!.req('GET', `/api/games/${id}/export/day/0?format=markdown`);
    expect(day0.status).toBe(200);
    expect(day0.text).not.toContain('A word on day one');
    const day9 = await players.Babis!.req('GET', `/api/games/${id}/export/day/9`);
    expect([day9.status, day9.json.error.code]).toEqual([404, 'export.no_round']);
  });

  it('mafia-cities: a city thread’s day is exported by its channel; the main thread’s day does not hold it', async () => {
    const { id, mod, players } = await startedGame(
      h,
      'cit',
      { variant: 'mafia-cities', startAt: '2025-11-03T12:00', locale: 'en', options: { includeManiac: false } },
      TEN,
    );
    await until(mod, players.Anna!, id, 'nominate');
    const nominate = (await players.Anna!.req('GET', `/api/games/${id}/actions`)).json.actions.find((x: { command: string }) => x.command === 'nominate');
    const city = nominate.channel as string;
    const post = await players.Anna!.req('POST', `/api/games/${id}/channels/${city}`, { text: 'Good morning, my city' });
    expect(post.json.accepted).toBe(true);
    const cityDay = await players.Babis!.req('GET', `/api/games/${id}/export/day/1?format=bbcode&channel=${city}`);
    expect(cityDay.status).toBe(200);
    expect(cityDay.text).toContain('Good morning, my city');
    // The heading names the city, rendered from the rulebook's title message.
    const title = (await players.Babis!.req('GET', `/api/games/${id}/channels`)).json.channels.find((c: { id: string }) => c.id === city).title;
    expect(cityDay.text.split('\n')[0]).toContain(`(${title}) — day 1`);
    const mainDay = await players.Babis!.req('GET', `/api/games/${id}/export/day/1?format=bbcode`);
    expect(mainDay.status).toBe(200);
    expect(mainDay.text).not.toContain('Good morning, my city');
    const unknown = await players.Babis!.req('GET', `/api/games/${id}/export/day/1?channel=atlantis`);
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'channel.unknown']);
  });
});
