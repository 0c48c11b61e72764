// Panels and private forms in a real browser: the players list shows a rulebook's public condition (palermo-intrigue:
// a player detained by the moderator's penalty, live in a page that is already open); mafia-de's newspaper ad and
// testament forms each send their line and show what the engine read and its acknowledgement in the inbox; and game
// messages show in the reader's language where the rulebook has its templates, else in the game's.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, logIn, openPage, type WebServer, webServer } from '../support/browser.ts';
import { NINE, startedGame } from '../support/harness.ts';

const run = browserAvailable();

describe.skipIf(!run)('players panel conditions and the press forms', () => {
  let w: WebServer;
  let browser: Browser;

  beforeAll(async () => {
    w = await webServer();
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  /** A page of the game at `tab`, logged in as `name` (a spectator when null). */
  async function page(url: string, name: string | null, tab: string): Promise<Page> {
    const p = (await openPage(browser, w.url)).page;
    if (name) await logIn(p, name);
    await p.goto(`${url}/${tab}`);
    return p;
  }

  it('palermo-intrigue: a detained player shows his condition in an open page', async () => {
    const g = await startedGame({ client: (n: string) => w.client(n) }, 'I', { variant: 'palermo-intrigue', startAt: '2025-11-03T11:00', locale: 'en' });
    const url = `${w.url}/#/games/${g.id}`;
    const spectator = await page(url, null, 'main');
    const row = (name: string) => spectator.locator(`.players li[data-name="I${name}"]`);
    await row(NINE[0]!).waitFor();
    const victim = NINE[2]!;
    expect(await row(victim).getAttribute('data-condition')).toBe('active');
    await spectator.locator('.live.up').waitFor();
    const det = await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'penalty-detain', args: { name: `I${victim}` } });
    expect(det.json.accepted, det.text).toBe(true);
    // The penalty's frames make the page re-read the players: no reload.
    await expect.poll(() => row(victim).getAttribute('data-condition'), { timeout: 10_000 }).toBe('detained');
    expect(await row(victim).locator('.condition').textContent()).toContain('condition: detained');
    expect(await row(NINE[0]!).getAttribute('data-condition')).toBe('active');
  }, 120_000);

  it('an English palermo game’s announcements read in Greek for a Greek reader, in English where German has no template', async () => {
    const g = await startedGame({ client: (n: string) => w.client(n) }, 'Lang', { variant: 'palermo', startAt: '2025-11-03T11:00', locale: 'en' });
    const p = await page(`${w.url}/#/games/${g.id}`, null, 'main');
    const start = p.locator('.item-announcement .body').first();
    await start.waitFor();
    expect(await start.textContent()).toContain('The game starts!');
    expect(await start.getAttribute('lang')).toBe('en');
    await p.locator('#lang').selectOption('el');
    await expect.poll(() => start.getAttribute('lang'), { timeout: 10_000 }).toBe('el');
    expect(await start.textContent()).toContain('Το παιχνίδι ξεκινά!');
    expect(await start.getAttribute('data-local')).toBe('');
    // palermo has no German templates: the server's English text stays.
    await p.locator('#lang').selectOption('de');
    await expect.poll(() => start.getAttribute('lang'), { timeout: 10_000 }).toBe('en');
    expect(await start.textContent()).toContain('The game starts!');
    expect(await start.getAttribute('data-local')).toBeNull();
    await p.locator('#lang').selectOption('en');
  }, 60_000);

  it('after a dropped socket a page resumes from the last number seen: the missed post and vote arrive', async () => {
    const g = await startedGame({ client: (n: string) => w.client(n) }, 'Re', { variant: 'palermo', startAt: '2025-11-03T11:00', locale: 'en' });
    const p = await page(`${w.url}/#/games/${g.id}`, null, 'main');
    await p.locator('.channel .item').first().waitFor();
    await p.locator('.live.up').waitFor();
    // The server drops every socket; the post and the vote are committed before the page can reconnect (250 ms).
    for (const c of w.server.app.websocketServer.clients) c.terminate();
    const [a, b] = NINE as [string, string];
    expect((await g.players[a]!.req('POST', `/api/games/${g.id}/posts`, { text: 'said while you were away' })).json.accepted).toBe(true);
    expect((await g.players[b]!.req('POST', `/api/games/${g.id}/posts`, { text: `Vote: Re${a}` })).json.accepted).toBe(true);
    await p.locator('.channel .item-post', { hasText: 'said while you were away' }).waitFor({ timeout: 10_000 });
    await p.locator('.live.up').waitFor({ timeout: 10_000 });
    await expect.poll(() => p.locator(`.votes li[data-target="Re${a}"]`).textContent(), { timeout: 10_000 }).toContain(`Re${b}`);
    // Each line once: the resumed stream and the reads do not repeat one.
    expect(await p.locator('.channel .item-post', { hasText: 'said while you were away' }).count()).toBe(1);
  }, 60_000);

  it('mafia-de: an ad and a testament from their forms, with the engine’s reply', async () => {
    const g = await startedGame({ client: (n: string) => w.client(n) }, 'D', {
      variant: 'mafia-de',
      startAt: '2025-11-03T11:00',
      locale: 'en',
      gameNumber: '138',
    });
    const url = `${w.url}/#/games/${g.id}`;
    // An ad needs a quota (the mafia, special citizens): the first player whose legal actions offer one.
    let author: string | undefined;
    for (const n of NINE) {
      const a = await g.players[n]!.req('GET', `/api/games/${g.id}/actions`);
      if (a.json.actions.some((x: { command: string }) => x.command === 'ad')) author = n;
      if (author) break;
    }
    expect(author).toBeDefined();
    const p = await page(url, `D${author}`, 'me');

    const ad = p.locator('form.action[data-command="ad"]');
    await ad.getByLabel('Pseudonym').fill('Herald');
    await ad.getByLabel('Text').fill('Read all about it');
    await ad.locator('button[type=submit]').click();
    await expect.poll(() => p.locator('[data-testid=reply]').textContent(), { timeout: 10_000 }).toContain('Read: Ad → Herald');
    await p.locator('.channel[data-channel=inbox] .item', { hasText: 'Accepted: ad under the pseudonym “Herald”' }).waitFor({ timeout: 10_000 });

    const will = p.locator('form.action[data-command="will"]');
    await will.getByLabel('Text').fill('I trusted the baker.');
    await will.locator('button[type=submit]').click();
    await expect.poll(() => p.locator('[data-testid=reply]').getAttribute('data-n'), { timeout: 10_000 }).toBe('2');
    expect(await p.locator('[data-testid=reply]').textContent()).toContain('Read: Will');
    await p.locator('.channel[data-channel=inbox] .item', { hasText: 'Accepted: your testament (public).' }).waitFor({ timeout: 10_000 });
  }, 120_000);
});
