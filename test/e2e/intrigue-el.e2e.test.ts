// A whole Greek palermo-intrigue game in the browser (issue 25, "Done when"): a moderator who chose Greek in the
// header creates the game from the form with the Greek locale, eight players with Greek forum nicknames sign up
// through the app (each in his own context), the console starts it, and three days and two nights are played through
// the action forms only: a substitution from the console (the newcomer sees the role card, the one who left does
// not), the day-1 vote moved earlier (lock, change window and count keep their distance: the count fires at 19:10,
// not before) and the day-2 murder moved later (13:00 passes without it), the detective's night check answered after
// midnight, the live count read on screen, and the citizens' win when the last mafioso becomes a ghost. Every screen
// is in Greek and axe-clean. The test moves the game clock (`w.at`); nothing else goes through the API.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launch, type WebServer, webServer } from '../support/browser.ts';
import {
  act,
  consoleDeadlines,
  countShows,
  createGame,
  expectLanguage,
  gameStatus,
  joinGame,
  moveDeadline,
  newUser,
  options,
  roleCard,
  screenshots,
  startFromConsole,
  substitute,
  threadShows,
} from '../support/ui-game.ts';

const NAMES = ['Αλέκος', 'Βούλα', 'Γκόλφω', 'Διονύσης', 'Ερμιόνη', 'Ζήσης', 'Ηλέκτρα', 'Θεμιστοκλής'];
const MOD = 'Συντονίστρια';
const NEWCOMER = 'Ραλλού';
const TITLE = 'Ίντριγκα στο φόρουμ';
const run = browserAvailable();

/** Athens local time as an instant (the countdown's data-at). */
const athens = (local: string) => Date.parse(`${local}:00+02:00`);

describe.skipIf(!run)('a whole palermo-intrigue game in Greek, from the create form to the winner', () => {
  let w: WebServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  const errors: string[][] = [];

  beforeAll(async () => {
    w = await webServer();
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('is created, signed up for, substituted, rescheduled both ways and played to the citizens’ win in Greek', async () => {
    try {
      await play();
    } catch (e) {
      await screenshots('intrigue-el', pages);
      throw e;
    }
  }, 300_000);

  /** Waits until the page lists the player in the condition ("active", "ghost"). */
  async function condition(page: Page, name: string, c: string): Promise<void> {
    await page.locator(`.player[data-name="${name}"][data-condition="${c}"]`).waitFor({ timeout: 30_000 });
  }

  /** The 20:00 lock, the 20:05 change window and the 20:10 count of a day (or of its moved times), one by one. */
  async function close(day: string, hour: number): Promise<void> {
    for (const m of ['00', '05', '10']) await w.at(`${day}T${hour}:${m}`);
  }

  async function play(): Promise<void> {
    const known = [...NAMES, MOD, NEWCOMER, TITLE];
    const url = w.url;
    // The moderator chooses Greek in the header, signs up and creates the game from the form.
    const mod = await newUser(browser, url, MOD, 'el', errors);
    pages.mod = mod;
    const id = await createGame(mod, url, { variant: 'palermo-intrigue', title: TITLE, locale: 'el', start: '2025-11-03T11:00' });
    await expectAccessible(mod, 'console (signup)');
    await expectLanguage(mod, 'console (signup)', 'el', known);
    const base = `${url}/#/games/${id}`;

    // Eight players and the later substitute, each in his own browser in Greek; the eight sign up for the game.
    for (const n of NAMES) {
      pages[n] = await newUser(browser, url, n, 'el', errors);
      await joinGame(pages[n]!, url, id, n);
    }
    pages[NEWCOMER] = await newUser(browser, url, NEWCOMER, 'el', errors);
    const p = (n: string) => pages[n]!;
    await expectAccessible(p(NAMES[0]!), 'thread (signup)');
    await mod.locator('.console li', { hasText: NAMES[7]! }).waitFor({ timeout: 30_000 });

    // The moderator starts from the console; every player's role card shows his role (eight players: the
    // archmafioso, one visible mafioso, the informant, the detective and four citizens).
    await startFromConsole(mod);
    const roles: Record<string, string> = {};
    for (const n of NAMES) {
      await gameStatus(p(n), 'running');
      roles[n] = await roleCard(p(n), url, id);
    }
    const who = (r: string) => NAMES.filter((n) => roles[n] === r);
    expect(Object.values(roles).sort()).toEqual(['archmafioso', 'citizen', 'citizen', 'citizen', 'citizen', 'detective', 'informant', 'visible-mafioso-a']);
    const [a] = who('archmafioso') as [string];
    const [v] = who('visible-mafioso-a') as [string];
    const [d] = who('detective') as [string];
    const [i] = who('informant') as [string];
    const [o1, o2, o3, o4] = who('citizen') as [string, string, string, string];
    await expectAccessible(p(a), 'role and actions');
    await expectLanguage(p(a), 'role and actions', 'el', known);

    // A substitution from the console: the newcomer takes o4's seat and sees the role card; o4 no longer does.
    await mod.goto(`${base}/console`);
    await substitute(mod, o4, NEWCOMER);
    expect(await roleCard(p(NEWCOMER), url, id)).toBe('citizen');
    expect(await roleCard(p(o4), url, id)).toBe('');
    const sub = NEWCOMER;

    // Day 1 (Monday): the vote lists the other seven players; the town votes o1 out, 6 to 2.
    for (const n of [...NAMES, sub]) await p(n).goto(`${base}/main`);
    expect(await options(p(o2), 'form.action[data-command="vote"] select')).toEqual([...NAMES.filter((n) => n !== o2 && n !== o4), sub].sort());
    for (const [x, y] of [
      [a, o1],
      [v, o1],
      [d, o1],
      [i, a],
      [o1, a],
      [o2, o1],
      [o3, o1],
      [sub, o1],
    ] as const) {
      const reply = await act(p(x), 'vote', y);
      expect(reply).toContain(`→ ${y}`);
      expect(reply).toContain('Έγινε δεκτό');
    }
    // The live count reaches a page that did nothing since it opened.
    await countShows(p(o4), o1, 6);
    await countShows(p(o4), a, 2);
    await expectAccessible(p(o3), 'thread with the count');
    await expectLanguage(p(o3), 'thread with the count', 'el', known);

    // The day-1 vote moved earlier, its lock to 19:00: the console and the countdown say so; the count comes at 19:10.
    expect(await moveDeadline(mod, 'close', '2025-11-03T19:00')).toContain('19:00');
    await expect.poll(async () => (await consoleDeadlines(mod)).join(' | '), { timeout: 30_000 }).toContain('19:00');
    await p(o3)
      .locator(`.countdown[data-at="${athens('2025-11-03T19:00')}"]`)
      .waitFor({ timeout: 30_000 });
    await expectAccessible(mod, 'console (running)');
    await expectLanguage(mod, 'console (running)', 'el', known);
    // Nothing is counted before 19:10: not at the lock, not in the change window.
    for (const t of ['18:59', '19:00', '19:05']) {
      await w.at(`2025-11-03T${t}`);
      await p(o2).reload();
      await condition(p(o2), o1, 'active');
    }
    await w.at('2025-11-03T19:10');
    for (const n of [o2, a, sub]) await condition(p(n), o1, 'ghost');

    // Night 1: the detective checks the archmafioso from his private tab; the answer comes after midnight.
    await p(d).goto(`${base}/me`);
    expect(await act(p(d), 'check', a)).toContain(`→ ${a}`);
    // The archmafioso orders the murder of the detective; the moderator moves the murder later, to 14:00.
    await p(a).goto(`${base}/me`);
    expect(await act(p(a), 'kill', d)).toContain(`→ ${d}`);
    await w.at('2025-11-04T00:00');
    await p(d)
      .locator('.channel[data-channel=inbox] .item', { hasText: `${a} είναι μαφιόζος` })
      .waitFor({ timeout: 30_000 });
    await w.at('2025-11-04T02:00');
    await moveDeadline(mod, 'kill', '2025-11-04T14:00');
    await expect.poll(async () => (await consoleDeadlines(mod)).join(' | '), { timeout: 30_000 }).toContain('14:00');
    await p(o2)
      .locator(`.countdown[data-at="${athens('2025-11-04T14:00')}"]`)
      .waitFor({ timeout: 30_000 });
    // 13:00 passes without a murder; at 14:00 it happens.
    await w.at('2025-11-04T13:00');
    await p(o2).reload();
    await condition(p(o2), d, 'active');
    await w.at('2025-11-04T14:00');
    for (const n of [o2, v]) await condition(p(n), d, 'ghost');

    // Day 2 (Tuesday): the town votes the archmafioso out, 4 to 2.
    for (const n of [a, d]) await p(n).goto(`${base}/main`);
    for (const [x, y] of [
      [i, a],
      [o2, a],
      [o3, a],
      [sub, a],
      [a, o2],
      [v, o2],
    ] as const)
      expect(await act(p(x), 'vote', y)).toContain(`→ ${y}`);
    await countShows(p(o1), a, 4);
    await countShows(p(o1), o2, 2);
    await close('2025-11-04', 20);
    for (const n of [i, v]) await condition(p(n), a, 'ghost');

    // Night 2: the visible mafioso murders o2 at Wednesday 13:00.
    await p(v).goto(`${base}/me`);
    expect(await act(p(v), 'kill', o2)).toContain(`→ ${o2}`);
    await p(v).goto(`${base}/main`);
    await w.at('2025-11-05T02:00');
    await w.at('2025-11-05T13:00');
    for (const n of [i, sub]) await condition(p(n), o2, 'ghost');

    // Day 3 (Wednesday): three citizens vote the last mafioso out; the citizens win at the 20:10 count.
    for (const [x, y] of [
      [i, v],
      [o3, v],
      [sub, v],
      [v, i],
    ] as const)
      expect(await act(p(x), 'vote', y)).toContain(`→ ${y}`);
    await countShows(p(o1), v, 3);
    await close('2025-11-05', 20);
    for (const n of [...NAMES, sub]) await gameStatus(p(n), 'ended');
    await threadShows(p(sub), 'Νικητές: οι πολίτες!');
    await expectLanguage(p(o4), 'thread (ended)', 'el', known);
    await mod.goto(`${base}/console`);
    await mod.locator('[data-testid=verdict]').waitFor({ timeout: 30_000 });
    await expectAccessible(mod, 'console (ended)');
    await expectLanguage(mod, 'console (ended)', 'el', known);
    expect(errors.flat()).toEqual([]);
  }
});
