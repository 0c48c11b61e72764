// `npm run screenshots`: the pictures of docs/screenshots/ (README and docs/web.md), taken in this machine's
// Chromium from games set up through the API on a hand-set clock: an English palermo game for the app's screens, and
// each rulebook's game in its community's language (bench/communities.ts, played by bench/autoplay.ts) for its thread,
// a role card and the console. Every text of a community's pictures is checked to be in its language
// (test/support/language.ts); a mixed screen is listed and the run fails after the last picture. Not a benchmark: it
// lives beside them because it drives the same server and browser.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ManualClock } from '../src/app/clock.ts';
import { serve } from '../src/server/main.ts';
import { Client, NINE, startedGame, T0 } from '../test/support/harness.ts';
import { mixedLanguage, visibleTexts } from '../test/support/language.ts';
import { mailbox } from '../test/support/mailbox.ts';
import { communityGame, endOf, playUntil } from './autoplay.ts';
import { COMMUNITIES, type Community } from './communities.ts';

const out = join(import.meta.dirname, '..', 'docs', 'screenshots');
/** The most a picture may weigh (bytes): a desktop page longer than that is cut. */
const BUDGET = 250_000;
mkdirSync(out, { recursive: true });
// A real SMTP server on loopback, so the settings page shows its e-mail section and an address can be verified.
const mbox = await mailbox();

/**
 * An in-memory server on its own hand-set clock: one for the English game, one per community (each game starts on
 * Monday 3 November and plays its own days). `client` signs an account up; `at` moves the clock and lets the
 * scheduler, the games and the notifier settle.
 */
async function site(smtp?: string) {
  const clock = new ManualClock(T0);
  const server = await serve({
    ...(smtp ? { smtp } : {}),
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
  const at = async (ms: number) => {
    clock.t = ms;
    await server.scheduler.pollOnce();
    await server.service.idle();
    await server.notify.notifier.idle();
    await server.notify.notifier.pollOnce();
  };
  return { clock, server, client, at };
}
const { server, client, at: atInstant } = await site(mbox.url);
const at = (iso: string) => atInstant(Date.parse(`${iso}:00+02:00`));
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
  url: string,
  name: string,
  who: string | null,
  hash: string,
  opts: {
    phone?: boolean;
    locale?: string;
    prepare?: (page: Page) => Promise<void>;
    /** The browser's locale and zone (default en-US in Berlin). */
    browser?: { locale: string; timeZone: string };
    /** Checks the picture's texts once it is taken. */
    check?: (page: Page) => Promise<void>;
  } = {},
): Promise<void> {
  const ctx = await browser.newContext({
    locale: opts.browser?.locale ?? 'en-US',
    timezoneId: opts.browser?.timeZone ?? 'Europe/Berlin',
    ...(opts.phone ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true } : { viewport: { width: 1280, height: 860 } }),
  });
  const page: Page = await ctx.newPage();
  await page.goto(`${url}/#/`);
  if (opts.locale) await page.evaluate(`localStorage.setItem('narrator.locale', '${opts.locale}')`);
  if (who) {
    await page.goto(`${url}/#/login`);
    await page.reload();
    await page.locator('#login-name').fill(who);
    await page.locator('#login-password').fill('password1');
    await page.locator('form button[type=submit]').click();
    await page.locator('.who .me').waitFor();
  }
  await page.goto(`${url}/${hash}`);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await opts.prepare?.(page);
  let png = await page.screenshot({ fullPage: !opts.phone });
  // A long page is cut at the height that keeps the picture within the README's budget (its top: the count, the
  // forms, the first posts).
  if (!opts.phone && png.length > BUDGET) {
    const height = (await page.evaluate('document.documentElement.scrollHeight')) as number;
    for (let cut = Math.floor((height * BUDGET * 0.95) / png.length); png.length > BUDGET; cut = Math.floor(cut * 0.9))
      png = await page.screenshot({ fullPage: true, clip: { x: 0, y: 0, width: 1280, height: cut } });
  }
  writeFileSync(join(out, `${name}.png`), png);
  process.stdout.write(`docs/screenshots/${name}.png\n`);
  await opts.check?.(page);
  await ctx.close();
}
const id = g.id;
await shot(server.url, 'lobby', 'Late', '#/');
await shot(server.url, 'thread', town[3]!, `#/games/${id}/main`);
await shot(server.url, 'inbox', killers[0]!, `#/games/${id}/me`);
await shot(server.url, 'console', 'Mod', `#/games/${id}/console`);
// The create form with its previews (the balance is in once the network is idle).
await shot(server.url, 'create', 'Mod', '#/new');
await shot(server.url, 'phone', town[2]!, `#/games/${id}/main`, { phone: true });
await shot(server.url, 'greek', town[0]!, `#/games/${id}/main`, { locale: 'el' });
// Issue 26: a reader back after a while (his marker on the server says where he stopped) opens at his first unread
// post, with post numbers, quote buttons and the jump; the vote history beside the live count, with a past count.
const reader = g.players[town[4]!]!;
await reader.req('POST', `/api/games/${id}/channels/main/read`, { post: 12 });
await shot(server.url, 'thread-unread', town[4]!, `#/games/${id}/main`, { phone: true });
await shot(server.url, 'vote-history', town[4]!, `#/games/${id}/main`, {
  prepare: async (page) => {
    await page.locator('details.vote-history summary').click();
    await page.locator('.vote-history li.vote-entry').first().waitFor();
    await page.locator('.vote-history li.vote-entry .count-then').nth(1).click();
    await page.locator('.count-at').waitFor();
    await page.evaluate('scrollTo(0, 0)');
  },
});
await shot(server.url, 'russian', killers[1]!, `#/games/${id}/me`, { locale: 'ru' });
// Notifications (issue 26): a verified address, the 17:00 reminders of round 2's vote, a mention; the list, the
// settings and the forgotten-password page.
// He has not voted in round 2, so the vote's 3-hour reminder is his too.
const notified = g.players[town[0]!]!;
await notified.req('POST', '/api/me/email', { email: 'reader@example.org' });
await mbox.waitFor(1);
await notified.req('POST', '/api/email/verify', { token: /#\/verify-email\/([A-Za-z0-9_-]+)/.exec(mbox.messages[0]!.mail.text ?? '')![1] });
await post(town[3]!, `@${town[0]} you were the first to speak yesterday; who do you suspect today?`);
await at('2025-11-04T17:00');
await shot(server.url, 'notifications', town[0]!, '#/notifications');
await shot(server.url, 'settings', town[0]!, '#/settings');
await shot(server.url, 'forgot', null, '#/forgot');

// Each community's game: the thread a citizen reads (its live count), a role card with its forms, the console.
const problems: string[] = [];
/** Lists every text of the page that is not in the community's language (names and what players wrote aside). */
const inLanguage = (c: Community, screen: string) => async (page: Page) => {
  const known = [...c.names, c.moderator, c.title, ...c.talk.flat(2), ...Object.values(c.texts), 'Город 1', 'Город 2'];
  for (const x of await visibleTexts(page)) {
    const why = mixedLanguage(x.text, x.lang || c.locale, known) ?? (x.lang && x.lang !== c.locale ? `lang=${x.lang}` : null);
    if (why) problems.push(`${c.variant} ${screen} ${x.where}: ${why} «${x.text.slice(0, 200)}»`);
  }
};
for (const c of COMMUNITIES) {
  const own = await site();
  const t = await communityGame({ client: own.client, deadlines: (gid) => own.server.service.get(gid).state.deadlines, now: () => own.clock.t, at: own.at }, c);
  await playUntil(t, c, endOf(c));
  const alive = async (n: string) => (await t.players[n]!.req('GET', `/api/games/${t.id}/actions`)).json.alive === true;
  const living: string[] = [];
  for (const n of c.names) if (await alive(n)) living.push(n);
  const card = c.roleCard.flatMap((r) => living.filter((n) => t.roles[n] === r))[0] ?? living[0]!;
  const reader = living.find((n) => t.roles[n] === 'citizen') ?? living[0]!;
  // The reader's thread: the one his vote goes to (a city's in mafia-cities).
  const legal = (await t.players[reader]!.req('GET', `/api/games/${t.id}/actions`)).json.actions as { id: string; channel: string | null }[];
  const thread = legal.find((a) => c.talkWith.includes(a.id))?.channel ?? 'main';
  // He has read it all (an active player): the thread opens at its top, with the count.
  const items = (await t.players[reader]!.req('GET', `/api/games/${t.id}/channels/${thread}`)).json.items as { n?: number }[];
  const last = Math.max(...items.map((i) => i.n ?? 0));
  await t.players[reader]!.req('POST', `/api/games/${t.id}/channels/${thread}/read`, { post: last });
  const look = { locale: c.locale, browser: { locale: c.browserLocale, timeZone: c.timeZone } };
  await shot(own.server.url, `${c.variant}-thread`, reader, `#/games/${t.id}/${thread}`, { ...look, check: inLanguage(c, 'thread') });
  await shot(own.server.url, `${c.variant}-role`, card, `#/games/${t.id}/me`, { ...look, check: inLanguage(c, 'role') });
  await shot(own.server.url, `${c.variant}-console`, c.moderator, `#/games/${t.id}/console`, { ...look, check: inLanguage(c, 'console') });
  await own.server.close();
}
await browser.close();
await server.close();
await mbox.close();
if (problems.length > 0) {
  process.stderr.write(`Not in the community's language:\n${[...new Set(problems)].join('\n')}\n`);
  process.exitCode = 1;
}
