// `npm run screenshots`: the pictures of docs/screenshots/ (README and docs/web.md), taken in this machine's
// Chromium from a palermo game set up through the API on a hand-set clock. Not a benchmark: it lives beside them
// because it drives the same server and browser.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ManualClock } from '../src/app/clock.ts';
import { serve } from '../src/server/main.ts';
import { Client, NINE, startedGame, T0 } from '../test/support/harness.ts';
import { mailbox } from '../test/support/mailbox.ts';

const out = join(import.meta.dirname, '..', 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const clock = new ManualClock(T0);
// A real SMTP server on loopback, so the settings page shows its e-mail section and an address can be verified.
const mbox = await mailbox();
const server = await serve({
  smtp: mbox.url,
  port: 0,
  host: '127.0.0.1',
  db: ':memory:',
  clock,
  logLevel: 'warn',
  accountOptions: { scryptN: 1024 },
  print: () => {},
});
const client = async (name: string) => {
  const c = new Client(server.app, name);
  await c.req('POST', '/api/accounts', { name, password: 'password1' });
  return c;
};
const at = async (iso: string) => {
  clock.t = Date.parse(`${iso}:00+02:00`);
  await server.scheduler.pollOnce();
  await server.service.idle();
  await server.notify.notifier.idle();
  await server.notify.notifier.pollOnce();
};
const g = await startedGame({ client }, '', { variant: 'palermo', startAt: '2025-11-03T11:00', locale: 'en', title: 'Palermo #12 — the harbour' });
await client('Late');
const signup = await (await client('Mod2')).req('POST', '/api/games', { variant: 'mafia-de', title: 'Mafia #137', startAt: '2025-11-05T11:00', locale: 'de' });
for (const n of ['Late']) {
  const c = new Client(server.app, n);
  await c.req('POST', '/api/sessions', { name: n, password: 'password1' });
  await c.req('POST', `/api/games/${signup.json.id}/signup`);
}
const killers = NINE.filter((n) => g.roles[n] === 'killer');
const town = NINE.filter((n) => g.roles[n] !== 'killer');
const post = (who: string, text: string) => g.players[who]!.req('POST', `/api/games/${g.id}/posts`, { text });
// Round 1: some talk, a quote, votes; the town votes out a citizen at 20:00.
await post(town[0]!, 'Good morning all. I have a feeling about this one.');
await post(killers[0]!, `[quote="${town[0]}"]I have a feeling about this one.[/quote]\nSo do I. **${town[1]}** was very quiet yesterday.`);
for (const [i, n] of NINE.entries()) await post(n, `Vote: ${i < 5 ? town[1] : town[2]}`);
await at('2025-11-03T20:00');
await at('2025-11-04T10:30');
// Round 2 under way: talk and a few votes.
await post(town[3]!, `> ${town[1]} was very quiet yesterday.\nAnd now he is gone. Who pushed that vote?`);
await post(town[2]!, `Vote: ${killers[0]}`);
await post(town[3]!, `Vote: ${killers[0]}`);
await post(killers[1]!, `Vote: ${town[3]}`);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function shot(
  name: string,
  who: string | null,
  hash: string,
  opts: { phone?: boolean; locale?: string; prepare?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  const ctx = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    ...(opts.phone ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true } : { viewport: { width: 1280, height: 860 } }),
  });
  const page: Page = await ctx.newPage();
  await page.goto(`${server.url}/#/`);
  if (opts.locale) await page.evaluate(`localStorage.setItem('narrator.locale', '${opts.locale}')`);
  if (who) {
    await page.goto(`${server.url}/#/login`);
    await page.reload();
    await page.locator('#login-name').fill(who);
    await page.locator('#login-password').fill('password1');
    await page.locator('form button[type=submit]').click();
    await page.locator('.who .me').waitFor();
  }
  await page.goto(`${server.url}/${hash}`);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await opts.prepare?.(page);
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: !opts.phone });
  process.stdout.write(`docs/screenshots/${name}.png\n`);
  await ctx.close();
}
const id = g.id;
await shot('lobby', 'Late', '#/');
await shot('thread', town[3]!, `#/games/${id}/main`);
await shot('inbox', killers[0]!, `#/games/${id}/me`);
await shot('console', 'Mod', `#/games/${id}/console`);
// The create form with its previews (the balance is in once the network is idle).
await shot('create', 'Mod', '#/new');
await shot('phone', town[2]!, `#/games/${id}/main`, { phone: true });
await shot('greek', town[0]!, `#/games/${id}/main`, { locale: 'el' });
// Issue 26: a reader back after a while (his marker on the server says where he stopped) opens at his first unread
// post, with post numbers, quote buttons and the jump; the vote history beside the live count, with a past count.
const reader = g.players[town[4]!]!;
await reader.req('POST', `/api/games/${id}/channels/main/read`, { post: 12 });
await shot('thread-unread', town[4]!, `#/games/${id}/main`, { phone: true });
await shot('vote-history', town[4]!, `#/games/${id}/main`, {
  prepare: async (page) => {
    await page.locator('details.vote-history summary').click();
    await page.locator('.vote-history li.vote-entry').first().waitFor();
    await page.locator('.vote-history li.vote-entry .count-then').nth(1).click();
    await page.locator('.count-at').waitFor();
    await page.evaluate('scrollTo(0, 0)');
  },
});
await shot('russian', killers[1]!, `#/games/${id}/me`, { locale: 'ru' });
// Notifications (issue 26): a verified address, the 17:00 reminders of round 2's vote, a mention; the list, the
// settings and the forgotten-password page.
// He has not voted in round 2, so the vote's 3-hour reminder is his too.
const notified = g.players[town[0]!]!;
await notified.req('POST', '/api/me/email', { email: 'reader@example.org' });
await mbox.waitFor(1);
await notified.req('POST', '/api/email/verify', { token: /#\/verify-email\/([A-Za-z0-9_-]+)/.exec(mbox.messages[0]!.mail.text ?? '')![1] });
await post(town[3]!, `@${town[0]} you were the first to speak yesterday; who do you suspect today?`);
await at('2025-11-04T17:00');
await shot('notifications', town[0]!, '#/notifications');
await shot('settings', town[0]!, '#/settings');
await shot('forgot', null, '#/forgot');
await browser.close();
await server.close();
await mbox.close();
