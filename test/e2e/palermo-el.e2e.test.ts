// A whole Greek palermo game in the browser (issue 25, "Done when"): a moderator who chose Greek in the header creates
// the game from the form with the Greek locale, seven players with Greek forum nicknames sign up through the app
// (each in his own context), the console starts it, and three days and two nights are played through the action
// forms only: a substitution from the console (the newcomer sees the role card, the one who left does not), the
// day-1 close moved earlier (it fires at its new time) and the day-2 murder moved later (it does not fire at 13:00,
// it does at its new time), the live count read on screen, and the citizens' win. Every screen is in Greek and
// axe-clean. The test moves the game clock (`w.at`); nothing else goes through the API.
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
  playerIs,
  roleCard,
  screenshots,
  startFromConsole,
  substitute,
  threadShows,
} from '../support/ui-game.ts';

const NAMES = ['Ανδρέας', 'Βασιλική', 'Γιωργάκης', 'Δέσποινα', 'Ελενίτσα', 'Ζαχαρίας', 'Θοδωρής'];
const MOD = 'Συντονιστής';
const NEWCOMER = 'Σπύρος';
const TITLE = 'Παλέρμο στο φόρουμ';
const run = browserAvailable();

/** Athens local time as an instant (the countdown's data-at). */
const athens = (local: string) => Date.parse(`${local}:00+02:00`);

describe.skipIf(!run)('a whole palermo game in Greek, from the create form to the winner', () => {
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
      await screenshots('palermo-el', pages);
      throw e;
    }
  }, 300_000);

  async function play(): Promise<void> {
    const known = [...NAMES, MOD, NEWCOMER, TITLE];
    const url = w.url;
    // The moderator chooses Greek in the header, signs up and creates the game from the form.
    const mod = await newUser(browser, url, MOD, 'el', errors);
    pages.mod = mod;
    const id = await createGame(mod, url, { variant: 'palermo', title: TITLE, locale: 'el', start: '2025-11-03T11:00' });
    await expectAccessible(mod, 'console (signup)');
    await expectLanguage(mod, 'console (signup)', 'el', known);
    const base = `${url}/#/games/${id}`;

    // Seven players and the later substitute, each in his own browser in Greek; the seven sign up for the game.
    for (const n of NAMES) {
      pages[n] = await newUser(browser, url, n, 'el', errors);
      await joinGame(pages[n]!, url, id, n);
    }
    pages[NEWCOMER] = await newUser(browser, url, NEWCOMER, 'el', errors);
    const p = (n: string) => pages[n]!;
    await expectAccessible(p(NAMES[0]!), 'thread (signup)');
    await mod.locator('.console li', { hasText: NAMES[6]! }).waitFor({ timeout: 30_000 });

    // The moderator starts from the console; every player's role card shows his role.
    await startFromConsole(mod);
    const roles: Record<string, string> = {};
    for (const n of NAMES) {
      await gameStatus(p(n), 'running');
      roles[n] = await roleCard(p(n), url, id);
    }
    const killers = NAMES.filter((n) => roles[n] === 'killer');
    const others = NAMES.filter((n) => roles[n] !== 'killer');
    expect(killers).toHaveLength(2);
    expect(others.every((n) => ['citizen', 'informant'].includes(roles[n]!))).toBe(true);
    const [k1, k2] = killers as [string, string];
    const [c1, o1, o2, o3, o4] = others as [string, string, string, string, string];
    await expectAccessible(p(k1), 'role and actions');
    await expectLanguage(p(k1), 'role and actions', 'el', known);

    // A substitution from the console: the newcomer takes o4's seat and sees the role card; o4 no longer does.
    await mod.goto(`${base}/console`);
    await substitute(mod, o4, NEWCOMER);
    expect(await roleCard(p(NEWCOMER), url, id)).toBe(roles[o4]);
    expect(await roleCard(p(o4), url, id)).toBe('');
    const sub = NEWCOMER;

    // Day 1 (Monday): the vote lists the other six players; five vote k1 out, the killers vote c1.
    for (const n of [...NAMES, sub]) await p(n).goto(`${base}/main`);
    expect(await options(p(o1), 'form.action[data-command="vote"] select')).toEqual([...NAMES.filter((n) => n !== o1 && n !== o4), sub].sort());
    for (const [who, whom] of [
      [k1, c1],
      [k2, c1],
      [c1, k1],
      [o1, k1],
      [o2, k1],
      [o3, k1],
      [sub, k1],
    ] as const) {
      const reply = await act(p(who), 'vote', whom);
      expect(reply).toContain(`→ ${whom}`);
      expect(reply).toContain('Έγινε δεκτό');
    }
    // The live count reaches a page that did nothing since it opened.
    await countShows(p(o3), k1, 5);
    await countShows(p(o3), c1, 2);
    await expectAccessible(p(o3), 'thread with the count');
    await expectLanguage(p(o3), 'thread with the count', 'el', known);

    // The day-1 close moved earlier, to 19:00: the console and the countdown say so, and it fires then.
    const earlier = await moveDeadline(mod, 'close', '2025-11-03T19:00');
    expect(earlier).toContain('19:00');
    await expect.poll(async () => (await consoleDeadlines(mod)).join(' | '), { timeout: 30_000 }).toContain('19:00');
    await p(o3)
      .locator(`.countdown[data-at="${athens('2025-11-03T19:00')}"]`)
      .waitFor({ timeout: 30_000 });
    await expectAccessible(mod, 'console (running)');
    await expectLanguage(mod, 'console (running)', 'el', known);
    await w.at('2025-11-03T18:59');
    await p(o1).reload();
    await playerIs(p(o1), k1, 'alive');
    await w.at('2025-11-03T19:00');
    for (const n of [o1, k2, sub]) await playerIs(p(n), k1, 'out');

    // Night 1: k2 orders the murder of o1 from his private tab; the moderator moves the murder later, to 14:00.
    await p(k2).goto(`${base}/me`);
    const kill = await act(p(k2), 'kill', o1);
    expect(kill).toContain(`→ ${o1}`);
    await p(k2).goto(`${base}/main`);
    await moveDeadline(mod, 'kill', '2025-11-04T14:00');
    await expect.poll(async () => (await consoleDeadlines(mod)).join(' | '), { timeout: 30_000 }).toContain('14:00');
    await p(o2)
      .locator(`.countdown[data-at="${athens('2025-11-04T14:00')}"]`)
      .waitFor({ timeout: 30_000 });
    // 13:00 passes without a murder; at 14:00 it happens.
    await w.at('2025-11-04T13:00');
    await p(o2).reload();
    await playerIs(p(o2), o1, 'alive');
    await w.at('2025-11-04T14:00');
    for (const n of [o2, k2]) await playerIs(p(n), o1, 'out');

    // Day 2 (Tuesday): the town errs and votes o2 out, 3 to 2.
    for (const [who, whom] of [
      [k2, o2],
      [c1, o2],
      [o3, o2],
      [o2, k2],
      [sub, k2],
    ] as const)
      expect(await act(p(who), 'vote', whom)).toContain(`→ ${whom}`);
    await countShows(p(c1), o2, 3);
    await countShows(p(c1), k2, 2);
    await w.at('2025-11-04T20:00');
    for (const n of [c1, k2]) await playerIs(p(n), o2, 'out');

    // Night 2: k2 murders o3 at Wednesday 13:00.
    await p(k2).goto(`${base}/me`);
    expect(await act(p(k2), 'kill', o3)).toContain(`→ ${o3}`);
    await p(k2).goto(`${base}/main`);
    await w.at('2025-11-05T13:00');
    for (const n of [c1, sub]) await playerIs(p(n), o3, 'out');

    // Day 3 (Wednesday): the last two citizens vote the killer out; the citizens win at 20:00.
    for (const [who, whom] of [
      [c1, k2],
      [sub, k2],
      [k2, c1],
    ] as const)
      expect(await act(p(who), 'vote', whom)).toContain(`→ ${whom}`);
    await countShows(p(o1), k2, 2);
    await w.at('2025-11-05T20:00');
    for (const n of [...NAMES, sub]) await gameStatus(p(n), 'ended');
    await threadShows(p(sub), 'Το παιχνίδι λήγει με νικητές τους πολίτες');
    // Roles are public now, by their Greek names.
    await p(o4).locator(`.player[data-name="${k2}"]`, { hasText: 'Δολοφόνος' }).waitFor();
    await expectLanguage(p(o4), 'thread (ended)', 'el', known);
    await mod.goto(`${base}/console`);
    await mod.locator('[data-testid=verdict]').waitFor({ timeout: 30_000 });
    await expectAccessible(mod, 'console (ended)');
    await expectLanguage(mod, 'console (ended)', 'el', known);
    expect(errors.flat()).toEqual([]);
  }
});
