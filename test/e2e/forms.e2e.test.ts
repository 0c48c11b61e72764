// Issue 25 items 7 and 9 in a real browser. The create form's defaults make a game of every rulebook, in its
// community's language, on a Monday evening after palermo's close (round 1 moves to the next play day by itself); a
// refusal names the form's field in the reader's language; "start now" warns of a very short round 1. The action
// forms pre-select nothing, offer only the engine's targets under the keyword the game teaches, send a vote at once
// and ask before last words; every reply names what was done. axe-core on each screen.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launch, logIn, openPage, type WebServer, webServer } from '../support/browser.ts';
import { NINE, startedGame } from '../support/harness.ts';

const run = browserAvailable();
/** Monday 3 November 2025, 19:00 in Athens (18:00 in Berlin, 21:00 in Moscow). */
const MONDAY_EVENING = Date.parse('2025-11-03T17:00:00Z');

describe.skipIf(!run)('forms that cannot misfire and creation that works by default', () => {
  let w: WebServer;
  let browser: Browser;

  beforeAll(async () => {
    w = await webServer(MONDAY_EVENING);
    browser = await launch();
    await w.client('Mod');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  /** A logged-in page at a hash of the app, in an interface language. */
  async function as(name: string, hash: string, language?: string): Promise<Page> {
    const { page } = await openPage(browser, w.url);
    await logIn(page, name);
    if (language) {
      await page.locator('#lang').selectOption(language);
    }
    await page.goto(`${w.url}/#${hash}`);
    return page;
  }

  const COMMUNITY = [
    ['palermo', 'el'],
    ['palermo-intrigue', 'el'],
    ['mafia-de', 'de'],
    ['mafia-cities', 'ru'],
  ] as const;

  for (const [variant, language] of COMMUNITY) {
    it(`${variant}: the create form with its defaults creates a game (${language})`, async () => {
      const page = await as('Mod', '/new', language);
      await page.locator('#c-variant').selectOption(variant);
      await page.locator('#c-locale').selectOption(language);
      // The previews settle on the defaults with no refusal.
      await expect.poll(() => page.locator('.preview-dates li[data-date]').count(), { timeout: 15_000 }).toBe(7);
      expect(await page.locator('.preview-dates [role=alert]').count()).toBe(0);
      if (variant === 'palermo') await expectAccessible(page, `create ${variant}`);
      await page.locator('.create form button[type=submit]').click();
      await page.waitForURL(/#\/games\/[^/]+\/console$/, { timeout: 15_000 });
      const id = /#\/games\/([^/]+)\//.exec(page.url())![1]!;
      const mod = await w.client(`Check${variant.replace(/-/g, '')}`);
      const g = await mod.req('GET', `/api/games/${id}`);
      expect(g.json).toMatchObject({ variant, status: 'signup' });
      await page.close();
    }, 90_000);
  }

  it('the deal can be changed within the rulebook’s limits, and the balance describes the deal that will be used', async () => {
    const page = await as('Mod', '/new');
    await page.locator('#c-variant').selectOption('palermo');
    const killers = page.locator('#c-deal-killer');
    await killers.waitFor({ timeout: 30_000 });
    expect(await killers.inputValue()).toBe('2');
    await killers.fill('3');
    // One more role: the game now needs ten players, and the balance simulates the changed deal.
    await expect.poll(() => page.locator('.preview-balance .games').textContent(), { timeout: 30_000 }).toMatch(/3 × Killer/);
    expect(await page.locator('.deal').textContent()).toContain('exactly 10 players');
    await expectAccessible(page, 'create with a changed deal');
    await page.locator('.create form button[type=submit]').click();
    await page.waitForURL(/#\/games\/[^/]+\/console$/, { timeout: 15_000 });
    await page.close();
  }, 90_000);

  it('a refused setup names the form’s field in the reader’s language', async () => {
    const page = await as('Mod', '/new', 'el');
    await page.locator('#c-variant').selectOption('palermo');
    await page.locator('#c-zone').fill('Mars/Olympus');
    const alert = page.locator('.preview-dates [role=alert]');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.getAttribute('data-field')).toBe('zone');
    expect(await alert.textContent()).toBe('Ζώνη ώρας: άγνωστη ζώνη ώρας «Mars/Olympus».');
    expect(await page.locator('#c-zone').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'create refused');
    await page.close();
  }, 60_000);

  it('start now: a round 1 of one hour asks first; "start anyway" starts it', async () => {
    const mod = await w.client('Starter');
    const g = await mod.req('POST', '/api/games', { variant: 'palermo', startAt: '2025-11-03T19:50', locale: 'en', title: 'Short round' });
    const id = g.json.id as string;
    for (const n of NINE) expect((await (await w.client(`S${n}`)).req('POST', `/api/games/${id}/signup`)).json.accepted).toBe(true);
    const page = await as('Starter', `/games/${id}/console`);
    await page.getByRole('button', { name: 'Start the game now' }).click();
    const warning = page.locator('.start-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/round 1 would last only 1 h/);
    await expectAccessible(page, 'start warning');
    await page.getByRole('button', { name: 'Start anyway' }).click();
    await expect.poll(async () => (await mod.req('GET', `/api/games/${id}`)).json.status, { timeout: 10_000 }).toBe('running');
    await page.close();
  }, 60_000);

  it('PAL-VOTE-1, PAL-LW-1: no target pre-selected, only legal ones, the taught keyword; a vote at once, last words after a confirmation', async () => {
    const g = await startedGame({ client: (n: string) => w.client(n) }, 'F', { variant: 'palermo', startAt: '2025-11-03T19:40', locale: 'el' });
    const [out, voter] = NINE as [string, string];
    const page = await as(`F${voter}`, `/games/${g.id}/main`);
    const vote = page.locator('form.action[data-action="vote"]');
    await vote.waitFor();
    expect(await vote.locator('.keyword').textContent()).toBe('Ψήφος');
    const select = vote.locator('select');
    expect(await select.inputValue()).toBe('');
    const names = (await select.locator('option:not([value=""])').allTextContents()).map((s) => s.trim());
    // Everyone in the game but the voter himself (PAL-VOTE-1).
    expect(names.sort()).toEqual(
      NINE.filter((n) => n !== voter)
        .map((n) => `F${n}`)
        .sort(),
    );
    // Sending with nothing chosen sends nothing.
    await vote.locator('button[type=submit]').click();
    await page.waitForTimeout(300);
    expect(await page.locator('[data-testid=reply]').count()).toBe(0);
    await select.selectOption(`F${out}`);
    await vote.locator('button[type=submit]').click();
    // A vote asks nothing: it is sent, and the reply names it as the game teaches it.
    await expect.poll(() => page.locator('[data-testid=reply]').textContent(), { timeout: 10_000 }).toContain(`Ψήφος → F${out}`);
    await expectAccessible(page, 'vote form');
    // The others vote him out; at 20:00 he is owed last words.
    for (const n of NINE.slice(2)) expect((await g.players[n]!.req('POST', `/api/games/${g.id}/posts`, { text: `Ψήφος: F${out}` })).json.accepted).toBe(true);
    await w.at('2025-11-03T20:00');
    const gone = await as(`F${out}`, `/games/${g.id}/main`, 'el');
    const lw = gone.locator('form.action[data-action="lastwords"]');
    await lw.waitFor({ timeout: 10_000 });
    expect(await lw.locator('.keyword').textContent()).toBe('τελευταία λόγια');
    await lw.locator('textarea').fill('Ήμουν πολίτης.');
    await lw.locator('button[type=submit]').click();
    const confirm = lw.locator('.confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Αυτό δεν αναιρείται');
    await expectAccessible(gone, 'last words confirmation');
    // Cancelled, nothing is sent; confirmed, the reply names the last words.
    await confirm.getByRole('button', { name: 'Άκυρο' }).click();
    expect(await gone.locator('[data-testid=reply]').count()).toBe(0);
    await lw.locator('button[type=submit]').click();
    await lw.locator('.confirm button[type=submit]').click();
    await expect.poll(() => gone.locator('[data-testid=reply]').textContent(), { timeout: 10_000 }).toContain('τελευταία λόγια');
    expect(await gone.locator('[data-testid=reply]').textContent()).not.toContain('No command');
  }, 120_000);
});
