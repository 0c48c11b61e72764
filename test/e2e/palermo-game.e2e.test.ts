// A whole seven-player palermo game played in the browser, each player in his own context (own cookies, own
// socket), the moderator in another: signing up through the app, the start from the console, round 1's votes
// through the vote control with the live count, a tie and its runoff, last words, a murder ordered through the
// private action form (unseen by the others), round 2's vote and the winner; the game clock is moved by the test.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launch, openPage, type WebServer, webServer } from '../support/browser.ts';
import type { Client } from '../support/harness.ts';
import { act, createGame, joinGame, options, signUp, threadShows } from '../support/ui-game.ts';

const NAMES = ['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos'];
const run = browserAvailable();

describe.skipIf(!run)('a whole palermo game in eight browsers', () => {
  let w: WebServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  let modPage: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    w = await webServer();
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('signs up, starts, votes with a runoff, murders, and declares the winner, each seeing only his own', async () => {
    try {
      await play();
    } catch (e) {
      // A failure leaves every page's picture behind for the reader of the log.
      for (const [n, p] of Object.entries({ ...pages, mod: modPage })) await p?.screenshot({ path: `/tmp/e2e-palermo-${n}.png` }).catch(() => undefined);
      throw e;
    }
  }, 180_000);

  async function play(): Promise<void> {
    // The moderator signs up through the app and creates the game with its form.
    const m = await openPage(browser, w.url);
    modPage = m.page;
    errors.push(...m.errors);
    await signUp(modPage, w.url, 'Mod');
    const id = await createGame(modPage, w.url, { variant: 'palermo', title: 'Browser Palermo', locale: 'en', start: '2025-11-03T11:00' });
    await expectAccessible(modPage, 'console (signup)');

    // Seven players sign up for accounts and for the game in their own contexts.
    for (const n of NAMES) {
      const p = await openPage(browser, w.url);
      errors.push(...p.errors);
      await signUp(p.page, w.url, n);
      await joinGame(p.page, w.url, id, n);
      await p.page.getByRole('button', { name: 'Withdraw' }).waitFor();
      pages[n] = p.page;
    }
    await modPage.locator('.console li', { hasText: 'Giorgos' }).waitFor();
    await expectAccessible(pages.Anna!, 'thread (signup)');

    // The moderator starts from the console; every page goes live to "Running" and gets its role card.
    await modPage.getByRole('button', { name: 'Start the game now' }).click();
    for (const n of NAMES) await pages[n]!.locator('[data-testid=status]', { hasText: 'Running' }).waitFor();
    const api: Client = new (await import('../support/harness.ts')).Client(w.server.app, 'Mod');
    await api.req('POST', '/api/sessions', { name: 'Mod', password: 'password1' });
    const roles = (await api.req('GET', `/api/games/${id}`)).json.moderator.roles as Record<string, string>;
    const killers = NAMES.filter((n) => roles[n] === 'killer');
    const others = NAMES.filter((n) => roles[n] !== 'killer');
    expect(killers).toHaveLength(2);
    const [k1, k2] = killers as [string, string];
    const [c1, o1, o2, o3, o4] = others as [string, string, string, string, string];
    for (const n of NAMES) {
      await pages[n]!.goto(`${w.url}/#/games/${id}/me`);
      await pages[n]!.locator('.role-card .role').waitFor();
      expect(await pages[n]!.locator('.role-card .role').getAttribute('data-role')).toBe(roles[n]);
    }
    await expectAccessible(pages[k1]!, 'role and actions');
    for (const n of NAMES) await pages[n]!.goto(`${w.url}/#/games/${id}/main`);

    // Round 1: the vote control lists exactly the other six players; a 3–3–1 vote ties k1 and c1.
    const voteTargets = await options(pages[o4]!, 'form.action[data-command="vote"] select');
    expect(voteTargets).toEqual(NAMES.filter((n) => n !== o4).sort());
    const votes: [string, string][] = [
      [k1, c1],
      [k2, c1],
      [o1, c1],
      [c1, k1],
      [o2, k1],
      [o3, k1],
      [o4, k2],
    ];
    for (const [who, whom] of votes) expect(await act(pages[who]!, 'vote', whom)).toContain(`Vote → ${whom}`); // named as the game teaches it (issue 25 item 8)
    // The live count reaches a page that did nothing since it opened.
    await pages[o4]!.locator(`.votes li[data-target="${k1}"]`, { hasText: '3 votes' }).waitFor();
    await pages[o4]!.locator(`.votes li[data-target="${c1}"]`, { hasText: '3 votes' }).waitFor();
    await threadShows(pages[o4]!, `Vote: ${k2}`);
    await expectAccessible(pages[o4]!, 'thread with vote count');

    // 20:00: the tie opens a runoff between exactly the two.
    await w.at('2025-11-03T20:00');
    await pages[o4]!.locator('form.action[data-command="ballot"]').waitFor();
    expect(await options(pages[o4]!, 'form.action[data-command="ballot"] select')).toEqual([c1, k1].sort());
    expect(await options(pages[c1]!, 'form.action[data-command="ballot"] select')).toEqual([k1]);
    for (const who of [o1, o2, o3, o4, c1]) await act(pages[who]!, 'ballot', k1);
    await act(pages[k2]!, 'ballot', c1);

    // 21:00: k1 leaves; everyone sees him out; he may post last words once.
    await w.at('2025-11-03T21:00');
    for (const n of [o1, k2]) await pages[n]!.locator(`.player[data-name="${k1}"][data-status="out"]`).waitFor();
    await pages[k1]!.locator('form.action[data-command="lastwords"]').waitFor();
    expect(await act(pages[k1]!, 'lastwords', null, 'It was not me, I swear')).not.toContain('Refused');
    await threadShows(pages[o2]!, 'It was not me, I swear');

    // Round 2, before 13:00: the remaining killer orders the murder from his private tab.
    await w.at('2025-11-04T11:00');
    await pages[k2]!.goto(`${w.url}/#/games/${id}/me`);
    const killReply = await act(pages[k2]!, 'kill', o1);
    expect(killReply).toContain(`Kill → ${o1}`);
    // Nothing of it shows in the victim's or another player's thread or inbox.
    for (const n of [o1, o2]) {
      await pages[n]!.goto(`${w.url}/#/games/${id}/me`);
      await pages[n]!.locator('.channel[data-channel=inbox]').waitFor();
      expect(await pages[n]!.locator('.channel').textContent()).not.toContain('Kill');
      await pages[n]!.goto(`${w.url}/#/games/${id}/main`);
      await pages[n]!.locator('.channel[data-channel=main] .item').first().waitFor();
      expect(await pages[n]!.locator('.channel').textContent()).not.toContain(`Kill: ${o1}`);
    }
    await pages[k2]!.goto(`${w.url}/#/games/${id}/main`);

    // 13:00: the murder; the victim is out on every page.
    await w.at('2025-11-04T13:00');
    for (const n of [o2, o3, k2]) await pages[n]!.locator(`.player[data-name="${o1}"][data-status="out"]`).waitFor();

    // Round 2's vote puts out the last killer: the citizens win at 20:00.
    for (const who of [c1, o2, o3, o4]) await act(pages[who]!, 'vote', k2);
    await act(pages[k2]!, 'vote', o2);
    await w.at('2025-11-04T20:00');
    for (const n of NAMES) await pages[n]!.locator('[data-testid=status]', { hasText: 'Ended' }).waitFor();
    // Roles are public now, and the console shows the seed and its verification.
    await pages[o3]!.locator(`.player[data-name="${k2}"]`, { hasText: 'killer' }).waitFor();
    await modPage.goto(`${w.url}/#/games/${id}/console`);
    await modPage.locator('[data-testid=verdict]', { hasText: 'Verified' }).waitFor();
    await expectAccessible(modPage, 'console (ended)');
    expect(errors).toEqual([]);
  }
});
