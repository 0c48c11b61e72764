// Every form of the moderator's console, in every rulebook, sent from the browser (issue 25 item 2): each builds its
// arguments from the action's declared schema, so the server never refuses one as malformed (a 400: the mafia-de
// deadline form once sent a `deadline` its rulebook did not declare); what the rules refuse (a 422) is fine here.
// The pause shows "paused" in the countdown, and the toolkit's names are the same in every rulebook.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLKIT } from '../../src/engine/modkit.ts';
import { browserAvailable, launch, logIn, openPage, type WebServer, webServer } from '../support/browser.ts';
import { NINE, startedGame, TEN } from '../support/harness.ts';

const run = browserAvailable();

/** The rulebooks and how a test game of each is created. */
const GAMES: readonly { readonly prefix: string; readonly create: Record<string, unknown>; readonly names: readonly string[] }[] = [
  { prefix: 'P', create: { variant: 'palermo', startAt: '2025-11-03T11:00', locale: 'en' }, names: NINE },
  { prefix: 'I', create: { variant: 'palermo-intrigue', startAt: '2025-11-03T11:00', locale: 'en' }, names: NINE },
  { prefix: 'D', create: { variant: 'mafia-de', startAt: '2025-11-03T11:00', locale: 'en', gameNumber: '140' }, names: NINE },
  { prefix: 'C', create: { variant: 'mafia-cities', startAt: '2025-11-03T12:00', locale: 'en', options: { includeManiac: false } }, names: TEN },
];

/** A value the console's text box of argument `key` gets: a player, a time, a date list, a number or some text. */
function valueFor(key: string, prefix: string, type: string | null): string {
  if (['name', 'old', 'informant', 'killer', 'against', 'wrong', 'right'].includes(key)) return `${prefix}Babis`;
  if (key === 'new') return `${prefix}Newcomer`;
  if (key === 'to') return '2025-11-03T19:30';
  if (['add', 'remove', 'addWorkingDays', 'addPauseDays'].includes(key)) return '2025-12-24';
  if (key === 'city') return '1';
  if (type === 'numeric') return '1';
  return 'Test';
}

describe.skipIf(!run)('every console form of every rulebook', () => {
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

  for (const { prefix, create, names } of GAMES) {
    it(`${String(create.variant)}: the toolkit, the deadline move, pause and resume, and every other action's form`, async () => {
      const g = await startedGame({ client: (n: string) => w.client(n) }, prefix, create, names);
      await w.client(`${prefix}Newcomer`);
      const { page, errors } = await openPage(browser, w.url);
      await logIn(page, `${prefix}Mod`);
      await page.goto(`${w.url}/#/games/${g.id}/console`);
      await page.locator('.console').waitFor();

      // Every rulebook offers the whole toolkit under the same names (issue 25 item 1).
      const listed = (await g.mod.req('GET', `/api/games/${g.id}/mod-actions`)).json.actions as { name: string; forbidden: string | null }[];
      expect(listed.slice(0, TOOLKIT.length).map((a) => a.name)).toEqual([...TOOLKIT]);

      const statuses: string[] = [];
      /** Runs `send` and records the status of the /mod (or /start) request it makes. */
      const sent = async (what: string, send: () => Promise<void>) => {
        const reply = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/games\/[^/]+\/mod$/.test(r.url()));
        await send();
        const r = await reply;
        statuses.push(`${what} ${r.status()}${r.status() === 400 ? ` ${await r.text()}` : ''}`);
      };

      // The deadline form: a first click previews the new time, the second sends it (issue 25 item 2).
      const move = page.locator('form.move');
      await move.locator('#move-to').fill('2025-11-03T19:30');
      await move.locator('button[type=submit]').click();
      await page.locator('[data-testid=move-preview]').waitFor();
      await sent('move-deadline', () => move.locator('button[type=submit]').click());

      // Substitution by account name: no seat is chosen for the moderator (issue 25 item 7).
      const sub = page.locator('form.substitute');
      expect(await sub.locator('#sub-old').inputValue()).toBe('');
      await sub.locator('#sub-old').selectOption(`${prefix}Anna`);
      await sub.locator('#sub-new').fill(`${prefix}Newcomer`);
      await sent('substitute', () => sub.locator('button[type=submit]').click());

      // Pause: the countdown says so (issue 25 item 3); then resume.
      await sent('pause', () => page.getByRole('button', { name: 'Pause' }).click());
      await page.locator('.countdown.paused').waitFor();
      await sent('resume', () => page.getByRole('button', { name: 'Resume' }).click());
      await page.locator('.countdown.paused').waitFor({ state: 'detached' });

      // Every other action from its schema form; the ones that end the game last.
      const pick = page.locator('#other-action');
      // Option values are set as properties by Preact (read them as such); each option's text is its action's label.
      const all = await pick.locator('option').evaluateAll((os) => os.map((o) => ('value' in o ? String(o.value) : '')).filter((v) => v !== ''));
      const last = ['end', 'cancel'];
      for (const action of [...all.filter((a) => !last.includes(a)), ...last.filter((a) => all.includes(a))]) {
        await pick.selectOption(action);
        const form = page.locator('form.schema-form');
        for (const field of await form.locator('select').all()) {
          const values = await field.locator('option').evaluateAll((os) => os.map((o) => o.textContent ?? '').filter((v) => v !== '' && v !== '—'));
          if (values[0] !== undefined) await field.selectOption(values[0]);
        }
        for (const input of await form.locator('input:not([type=checkbox])').all()) {
          const id = (await input.getAttribute('id')) ?? '';
          const key = id.slice(`arg-${action}-`.length);
          await input.fill(valueFor(key, prefix, await input.getAttribute('inputmode')));
        }
        await sent(action, () => form.locator('button[type=submit]').click());
      }
      // No form sent arguments its action's schema refuses; the rules may refuse some (422) in this state.
      expect(statuses.filter((s) => !/ (200|422)$/.test(s))).toEqual([]);
      expect(statuses.length).toBe(4 + all.length);
      // The browser logs each 422 as a failed load; nothing else may show up.
      expect(errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
      await page.context().close();
    }, 120_000);
  }
});
