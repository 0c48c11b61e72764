// The thread as a forum reader expects it (issue 26 items 7 and 8), in Chromium: post numbers and permalinks, the
// quote button and the quote block it makes, @mentions linked to the player, the unread mark and "jump to the first
// unread" kept on the server (a desktop and a phone of one account agree), the page opening at the first unread
// post, and the vote history with the count at a past post; a private ballot's history stays closed to a spectator.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launch, logIn, openPage, type WebServer, webServer } from '../support/browser.ts';
import { Client, NINE, startedGame } from '../support/harness.ts';

const run = browserAvailable();

/** The thread's lines as shown: number, author and text of each post. */
async function numbered(page: Page): Promise<{ n: number; author: string; text: string }[]> {
  return page.locator('.channel[data-channel=main] li.item[data-n]').evaluateAll((lis) =>
    lis.map((li) => ({
      n: Number(li.getAttribute('data-n')),
      author: li.querySelector('.author')?.textContent ?? '',
      text: li.querySelector('.body')?.textContent ?? '',
    })),
  );
}

/** Where the caller stopped reading the main thread, by the API. */
async function mainReading(c: Client, id: string): Promise<{ last: number; posts: number; unread: number }> {
  return (await c.req('GET', `/api/games/${id}/reading`)).json.channels.find((x: { channel: string }) => x.channel === 'main');
}

/** Polls until `f` holds (the page marks posts read a moment after they come into view). */
async function until(f: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!run)('the thread as a forum reader expects it', () => {
  let w: WebServer;
  let browser: Browser;
  let g: Awaited<ReturnType<typeof startedGame>>;
  let eleni: Client;
  const errors: string[] = [];
  const post = async (who: string, text: string) => {
    const r = await g.players[who]!.req('POST', `/api/games/${g.id}/posts`, { text });
    expect(r.json.accepted, r.text).toBe(true);
  };

  beforeAll(async () => {
    w = await webServer();
    browser = await launch();
    g = await startedGame({ client: (n) => w.client(n) });
    await post('Anna', 'Good morning, everyone.');
    await post('Babis', 'Vote: Chris');
    await post('Chris', 'Vote: Babis');
    await post('Dora', 'Vote: Chris');
    await post('Babis', 'Vote: Dora');
    await post('Fotis', '@Anna what do you make of Babis switching?');
    // Eleni's own API session, to read her marker as another device would.
    eleni = new Client(w.server.app, 'Eleni');
    const r = await eleni.req('POST', '/api/sessions', { name: 'Eleni', password: 'password1' });
    expect(r.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('numbers posts, opens at the first unread, keeps the marker on the server for every device, quotes and links', async () => {
    // The desktop: Eleni's first visit opens at post 1, every post marked new, and reading them moves her marker.
    const desk = await openPage(browser, w.url);
    errors.push(...desk.errors);
    await logIn(desk.page, 'Eleni');
    await desk.page.goto(`${w.url}/#/games/${g.id}/main`);
    await desk.page.locator('.channel[data-channel=main] li.item[data-n]').first().waitFor();
    const lines = await numbered(desk.page);
    expect(lines.map((l) => l.n)).toEqual(lines.map((_, i) => i + 1));
    const babis = lines.find((l) => l.author === 'Babis' && l.text === 'Vote: Chris')!;
    expect(await desk.page.locator(`li.item[data-n="${babis.n}"] .permalink`).textContent()).toBe(`#${babis.n}`);
    await desk.page.locator('li.item[data-n="1"] .unread-mark').waitFor();
    expect(await desk.page.locator('li.item[data-unread]').count()).toBe(lines.length);
    await until(async () => (await mainReading(eleni, g.id)).last === lines.length, 'the desktop to mark the thread read');
    await expectAccessible(desk.page, 'thread with numbers and the unread mark');

    // Mentions link to the player.
    const mention = desk.page.locator('li.item a.mention[data-mention="Anna"]');
    await mention.waitFor();
    await mention.click();
    await desk.page.locator('.player.focus[data-name="Anna"]').waitFor();

    // Two posts arrive while the desktop is away (on the lobby: an open thread would read them as they come); the
    // phone of the same account opens at the first of them.
    await desk.page.goto(`${w.url}/#/`);
    await desk.page.locator('.lobby').waitFor();
    await post('Giorgos', 'Vote: Babis');
    await post('Hara', 'Anyone else awake?');
    const phone = await openPage(browser, w.url, { phone: true });
    errors.push(...phone.errors);
    await logIn(phone.page, 'Eleni');
    await phone.page.goto(`${w.url}/#/games/${g.id}/main`);
    const first = lines.length + 1;
    const mark = phone.page.locator(`li.item[data-n="${first}"] .unread-mark`);
    await mark.waitFor();
    expect(await phone.page.locator('li.item[data-unread]').count()).toBe(2);
    // It is on the screen (scrolled to its top), not below the older posts.
    const onScreen = async () => {
      const b = await phone.page.locator(`li.item[data-n="${first}"]`).boundingBox();
      return b !== null && b.y > -2 && b.y < phone.page.viewportSize()!.height;
    };
    await expect.poll(onScreen).toBe(true);
    // "Jump to the first unread" brings it back after scrolling away.
    await phone.page.evaluate('scrollTo(0, 0)');
    const jump = phone.page.locator('.jump-unread');
    expect(await jump.textContent()).toContain(`#${first}`);
    expect(await onScreen()).toBe(false);
    await jump.click();
    await expect.poll(onScreen).toBe(true);
    await until(async () => (await mainReading(eleni, g.id)).last === first + 1, 'the phone to mark the new posts read');
    await expectAccessible(phone.page, 'thread on a phone with the unread mark');

    // A permalink opens the thread at its post, marked as the one linked to.
    await desk.page.goto(`${w.url}/#/games/${g.id}/thread/${babis.n}`);
    await desk.page.locator(`li.item.linked[data-n="${babis.n}"]`).waitFor();

    // The quote button puts the post, its author and number into the composer; the post shows it as a quote block
    // whose number links back to the quoted post.
    await desk.page.locator(`li.item[data-n="${babis.n}"] .quote-button`).click();
    const box2 = desk.page.locator('.composer textarea');
    expect(await box2.inputValue()).toBe(`[quote="Babis" post=${babis.n}]Vote: Chris[/quote]\n`);
    await box2.press('End');
    await box2.pressSequentially('Why Chris, @babis?');
    await desk.page.locator('.composer button[type=submit]').click();
    const quoted = desk.page.locator(`li.item blockquote.quote[data-post="${babis.n}"]`);
    await quoted.waitFor();
    const mine = desk.page.locator('li.item', { has: desk.page.locator(`blockquote.quote[data-post="${babis.n}"]`) });
    expect(await mine.locator('.author').textContent()).toBe('Eleni');
    // Drawn from the live frame, it takes the next number: the one the server gives it.
    expect(await mine.getAttribute('data-n')).toBe(String(first + 2));
    const page = await eleni.req('GET', `/api/games/${g.id}/thread?from=0&limit=500`);
    expect(page.json.items.at(-1)).toMatchObject({ author: 'Eleni', n: first + 2 });
    expect(await mine.locator('a.mention').textContent()).toBe('@Babis');
    // Quoting a vote post casts no vote: the quoted line is not the quoter's.
    const reply = await desk.page.locator('.composer [data-testid=reply]').textContent();
    expect(reply).toContain('No command was read');
    await mine.locator('a.quoted-post').click();
    await desk.page.locator(`li.item.linked[data-n="${babis.n}"]`).waitFor();
    await desk.context.close();
    await phone.context.close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows the vote history beside the live count, each vote with its post, and the count at a past post', async () => {
    const p = await openPage(browser, w.url);
    await p.page.goto(`${w.url}/#/games/${g.id}/main`);
    await p.page.locator('li.item[data-n]').first().waitFor();
    const lines = await numbered(p.page);
    const postOf = (author: string, text: string) => lines.find((l) => l.author === author && l.text === text)!.n;
    await p.page.locator('details.vote-history summary').click();
    const entries = p.page.locator('.vote-history li.vote-entry');
    await entries.first().waitFor();
    const shown = await entries.evaluateAll((lis) =>
      lis.map((li) => [li.getAttribute('data-kind'), li.querySelector('.permalink')?.textContent ?? '', li.querySelector('bdi')?.textContent ?? '']),
    );
    expect(shown).toEqual([
      ['vote', `#${postOf('Babis', 'Vote: Chris')}`, 'Babis → Chris'],
      ['vote', `#${postOf('Chris', 'Vote: Babis')}`, 'Chris → Babis'],
      ['vote', `#${postOf('Dora', 'Vote: Chris')}`, 'Dora → Chris'],
      ['change', `#${postOf('Babis', 'Vote: Dora')}`, 'Babis → Dora (was Chris)'],
      ['vote', `#${postOf('Giorgos', 'Vote: Babis')}`, 'Giorgos → Babis'],
    ]);
    await expectAccessible(p.page, 'vote history');
    // At Dora's vote Chris had two votes; the count then is a recount of the history up to that post.
    await entries.nth(2).locator('.count-then').click();
    const at = p.page.locator(`.count-at[data-post="${postOf('Dora', 'Vote: Chris')}"]`);
    await at.waitFor();
    expect(await at.locator('li[data-target="Chris"]').textContent()).toContain('2 votes');
    // By number: at Anna's greeting nobody had voted.
    await p.page.getByLabel('Post number').fill(String(postOf('Anna', 'Good morning, everyone.')));
    await p.page.getByRole('button', { name: 'Show' }).click();
    const greeting = p.page.locator(`.count-at[data-post="${postOf('Anna', 'Good morning, everyone.')}"]`);
    await greeting.waitFor();
    expect(await greeting.locator('li').count()).toBe(0);
    // A history line's number is a permalink to the vote's post.
    await entries.nth(3).locator('.permalink').click();
    await p.page.locator(`li.item.linked[data-n="${postOf('Babis', 'Vote: Dora')}"]`).waitFor();
    await p.context.close();
  }, 60_000);

  it('DE-VOTE-7: a spectator’s vote history of a private ballot is closed until the result; the moderator’s is live', async () => {
    const de = await startedGame({ client: (n) => w.client(n) }, 'D', { variant: 'mafia-de', startAt: '2025-11-03T11:00', locale: 'en', gameNumber: '9' });
    for (const [i, n] of NINE.entries()) {
      const r = await de.players[n]!.req('POST', `/api/games/${de.id}/pms`, { text: `Stimme: D${NINE[(i + 1) % 3]}` });
      expect(r.json.accepted, r.text).toBe(true);
    }
    const spectator = await openPage(browser, w.url);
    await spectator.page.goto(`${w.url}/#/games/${de.id}/main`);
    await spectator.page.locator('details.vote-history summary').click();
    await spectator.page.locator('.vote-history p', { hasText: 'Ballots are private' }).waitFor();
    expect(await spectator.page.locator('.vote-history li.vote-entry').count()).toBe(0);
    const mod = await openPage(browser, w.url);
    await logIn(mod.page, 'DMod');
    await mod.page.goto(`${w.url}/#/games/${de.id}/main`);
    await mod.page.locator('details.vote-history summary').click();
    await mod.page.locator('.vote-history li.vote-entry').first().waitFor();
    expect(await mod.page.locator('.vote-history li.vote-entry').count()).toBe(NINE.length);
    await spectator.context.close();
    await mod.context.close();
  }, 60_000);
});
