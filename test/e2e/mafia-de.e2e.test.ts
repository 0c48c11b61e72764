// A mafia-de day in the browser: ballots go by private message from the action form; before the deadline nothing
// of a ballot shows in another player's or a spectator's pages (thread, inbox, vote count), and at the deadline the
// thread publishes the votes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launch, logIn, openPage, type WebServer, webServer } from '../support/browser.ts';
import { NINE, startedGame } from '../support/harness.ts';

const run = browserAvailable();

describe.skipIf(!run)('a mafia-de day with private ballots', () => {
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

  it('a ballot sent from the form is seen by nobody else before the deadline, and published at it', async () => {
    const g = await startedGame({ client: (n: string) => w.client(n) }, '', {
      variant: 'mafia-de',
      startAt: '2025-11-03T11:00',
      locale: 'en',
      gameNumber: '137',
    });
    const url = `${w.url}/#/games/${g.id}`;
    // Move on until the day's vote is open (Day 1 opens at the deal).
    for (let i = 0; i < 4; i++) {
      const a = await g.players[NINE[0]!]!.req('GET', `/api/games/${g.id}/actions`);
      if (a.json.actions.some((x: { command: string }) => x.command === 'vote')) break;
      const next = (await g.mod.req('GET', `/api/games/${g.id}`)).json.nextDeadline;
      await w.at(new Date(next.at + 1000).toISOString());
    }
    const [voter, other] = NINE as [string, string];
    const target = NINE[4]!;
    const page = async (name: string | null, tab: string): Promise<Page> => {
      const p = (await openPage(browser, w.url)).page;
      if (name) await logIn(p, name);
      await p.goto(`${url}/${tab}`);
      return p;
    };
    const a = await page(voter, 'me');
    const b = await page(other, 'me');
    const spectator = await page(null, 'main');

    const form = a.locator('form.action[data-command="vote"]');
    await form.locator('select').selectOption(target);
    await form.locator('button[type=submit]').click();
    expect(await a.locator('[data-testid=reply]').textContent()).toContain(`Vote → ${target}`);
    await expectAccessible(a, 'mafia-de private actions');

    // Nothing of the ballot reaches the other player's inbox or thread, nor the spectator's thread.
    await b.locator('.channel[data-channel=inbox] .item').first().waitFor();
    const line = (await a.locator('.channel[data-channel=inbox] .item-sent').last().textContent()) ?? '';
    expect(line).toContain(target);
    for (const p of [b, spectator]) {
      for (const tab of p === b ? ['me', 'main'] : ['main']) {
        await p.goto(`${url}/${tab}`);
        await p.locator('.channel .item').first().waitFor();
        const text = (await p.locator('.game').textContent()) ?? '';
        expect(text).not.toMatch(new RegExp(`(Vote|Stimme):\\s*${target}`));
        expect(await p.locator('.votes li').count()).toBe(0);
      }
    }

    // At the deadline the thread publishes every ballot: the voter's among them.
    const seqs = async () => (await spectator.locator('.channel .item').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))))) as number[];
    const before = Math.max(...(await seqs()));
    const next = (await g.mod.req('GET', `/api/games/${g.id}`)).json.nextDeadline;
    await w.at(new Date(next.at).toISOString());
    // A new announcement (after every line there was before the deadline) names the voter and his target.
    const published = async () =>
      (await spectator.locator('.item-announcement').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-seq')), e.textContent ?? '']))) as [
        number,
        string,
      ][];
    await expect
      .poll(async () => (await published()).some(([seq, text]) => seq > before && text.includes(voter) && text.includes(target)), {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(true);
  }, 120_000);
});
