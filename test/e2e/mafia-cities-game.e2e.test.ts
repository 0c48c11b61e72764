// A whole Russian mafia-cities game in Chromium (issue 25): every page in the Russian interface (chosen with the
// language picker, as a reader would), a moderator creating the game from the form with the Russian game language,
// ten players with Russian forum nicknames signing up through the app, the start from the console, two days and two
// nights through the action forms only (the doctor's protection, the maniac's knife, a Godfather's kill and his
// refusal, a commissioner's check, nominations and the execution votes with each city's live count), a substitution
// (the newcomer sees the role card, the old player does not), the day-1 vote's end moved later and day 2's earlier
// from the console (the earlier one fires at its new time), and the honest residents' win on screen. The smallest
// deal the form allows: ten players, two cities of five. The deal is the server's draw, so the test reads the roles
// and cities (as the moderator and the players could) and plans the game around them.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launch, openPage, type WebServer, webServer } from '../support/browser.ts';
import { Client } from '../support/harness.ts';
import { mixedLanguage } from '../support/language.ts';

const NAMES = ['Алексей', 'Борис', 'Вера', 'Галина', 'Дмитрий', 'Елена', 'Жанна', 'Зоя', 'Игорь', 'Кирилл'];
const MOD = 'Ведущий';
const NEWCOMER = 'Лариса';
const TITLE = 'Мафия в городах';
const run = browserAvailable();

/** A local time of Moscow, the game's zone, as an instant the test clock understands. */
const msk = (local: string): string => `${local}+03:00`;

/** Selects a target in an action form and sends it (confirming where asked); resolves with the reply's text. */
async function act(page: Page, command: string, target: string | null): Promise<string> {
  const form = page.locator(`form.action[data-command="${command}"]`);
  await form.waitFor({ timeout: 20_000 });
  const panel = page.locator('.actions', { has: form });
  const replies = panel.locator('[data-testid=reply]');
  const before = (await replies.count()) > 0 ? Number((await replies.getAttribute('data-n')) ?? 0) : 0;
  if (target !== null) await form.locator('select').first().selectOption(target);
  // Read before sending: a used-up action (a night's check) leaves the list with its form once it is sent.
  const confirm = (await form.getAttribute('data-confirm')) !== null;
  await form.locator('button[type=submit]').click();
  if (confirm) await form.locator('.confirm button[type=submit]').click();
  // Page-wide: the panel is found by the form, which a used-up action no longer has (one panel a page).
  const reply = page.locator(`[data-testid=reply][data-n="${before + 1}"]`);
  await reply.waitFor({ timeout: 60_000 });
  return (await reply.textContent()) ?? '';
}

/** Sends an action that must be accepted: the reply names the target and says «Принято.». */
async function accepted(page: Page, command: string, target: string | null): Promise<void> {
  const reply = await act(page, command, target);
  expect(reply, `${command} ${target ?? ''}`).toContain('Принято');
  if (target !== null) expect(reply).toContain(target);
}

/** The role the page's role card names (waiting for the card). */
async function roleOf(page: Page): Promise<string | null> {
  const role = page.locator('.role-card .role[data-role]:not([data-role=""])');
  await role.waitFor({ timeout: 20_000 });
  return role.getAttribute('data-role');
}

/** Waits until the channel shown on the page has a line containing the text. */
async function channelShows(page: Page, text: string): Promise<void> {
  await page.locator('.channel .item', { hasText: text }).first().waitFor({ timeout: 20_000 });
}

/** Picks the Russian interface with the header's language menu (kept by the app for this browser). */
async function russian(page: Page): Promise<void> {
  await page.locator('#lang').selectOption('ru');
  await page.locator('html[lang=ru]').waitFor();
}

/** Signs up for an account through the app's form in Russian. */
async function signUp(page: Page, name: string): Promise<void> {
  await page.goto(new URL('/#/login', page.url()).href);
  await page.getByLabel('Имя', { exact: true }).fill(name);
  await page.getByLabel('Пароль', { exact: true }).fill('password1');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.locator('.who .me').waitFor();
}

/**
 * The visible text of the page (the language menu, which names each language in itself, left out), each piece
 * with the language it claims; a script for the page, as the test's own types have no DOM.
 */
const VISIBLE = `(() => {
  const out = [];
  const root = document.querySelector('#app') ?? document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    const text = n.textContent?.trim() ?? '';
    if (!e || !text || e.closest('#lang')) continue;
    const option = e.closest('option');
    if (option ? !option.closest('select')?.checkVisibility() : !e.checkVisibility()) continue;
    out.push({ text, lang: e.closest('[lang]')?.getAttribute('lang') ?? '' });
  }
  return out;
})()`;

/** Fails on any visible text of the page that is not Russian (names, the title and the players' posts aside). */
async function expectRussian(page: Page, screen: string, known: readonly string[]): Promise<void> {
  await page.waitForLoadState('networkidle');
  const texts = (await page.evaluate(VISIBLE)) as { text: string; lang: string }[];
  expect(texts.length, screen).toBeGreaterThan(10);
  const bad = texts
    .map((x) => ({ ...x, why: (x.lang || 'ru') === 'ru' ? mixedLanguage(x.text, 'ru', known) : `lang=${x.lang}` }))
    .filter((x) => x.why !== null)
    .map((x) => `${screen}: ${x.why} «${x.text.slice(0, 200)}»`);
  expect(bad).toEqual([]);
}

describe.skipIf(!run)('a whole mafia-cities game in Russian, in twelve browsers', () => {
  let w: WebServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  let modPage: Page;
  const errors: string[] = [];
  const known = [...NAMES, MOD, NEWCOMER, TITLE, 'Город 1', 'Город 2'];

  beforeAll(async () => {
    w = await webServer();
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('created from the Russian form, played two days and nights from the forms, with a substitution and moved deadlines, to the honest win', async () => {
    try {
      await play();
    } catch (e) {
      for (const [n, p] of Object.entries({ ...pages, mod: modPage })) await p?.screenshot({ path: `/tmp/e2e-mafia-cities-${n}.png` }).catch(() => undefined);
      throw e;
    }
  }, 300_000);

  /** A new browser context in the Russian interface. */
  async function newPage(): Promise<Page> {
    const p = await openPage(browser, w.url);
    errors.push(...p.errors);
    await russian(p.page);
    return p.page;
  }

  async function play(): Promise<void> {
    // The moderator signs up and creates the game from the form: the rulebook, its name, the Russian game language,
    // the default zone and start, and the smallest number of players the form allows.
    modPage = await newPage();
    await signUp(modPage, MOD);
    await modPage.goto(`${w.url}/#/new`);
    await modPage.locator('#c-variant').selectOption('mafia-cities');
    await modPage.locator('#c-title').fill(TITLE);
    await modPage.locator('#c-locale').selectOption('ru');
    expect(await modPage.locator('#c-zone').inputValue()).toBe('Europe/Moscow');
    const min = (await modPage.locator('#c-players').getAttribute('min')) ?? '';
    expect(min).toBe(String(NAMES.length));
    await modPage.locator('#c-players').fill(min);
    await expectRussian(modPage, 'create', known);
    await modPage.locator('.create form button[type=submit]').click();
    await modPage.locator('.console').waitFor();
    const id = decodeURIComponent(modPage.url().split('#/games/')[1]!.split('/')[0]!);
    const base = `${w.url}/#/games/${id}`;
    expect(await modPage.locator('.game-head h1').textContent()).toBe(TITLE);

    // Ten players sign up for accounts and for the game, each in his own context.
    for (const n of NAMES) {
      const p = await newPage();
      await signUp(p, n);
      await p.goto(`${base}/main`);
      await p.getByRole('button', { name: 'Записаться в игру' }).click();
      await p.getByRole('button', { name: 'Отказаться' }).waitFor();
      pages[n] = p;
    }
    await modPage.locator('.console li', { hasText: NAMES.at(-1)! }).waitFor();
    await expectAccessible(modPage, 'console (signup)');
    await expectRussian(modPage, 'console (signup)', known);

    // The moderator starts from the console at 11:00 Moscow: day 0 (judge elections, no execution) runs until 22:00.
    await modPage.getByRole('button', { name: 'Начать игру сейчас' }).click();
    for (const n of NAMES) await pages[n]!.locator('[data-testid=status]', { hasText: 'Идёт' }).waitFor({ timeout: 30_000 });

    // The deal is drawn: who is who, and who lives where, as the moderator and each player can read it.
    const api = new Client(w.server.app, MOD);
    await api.req('POST', '/api/sessions', { name: MOD, password: 'password1' });
    const roles = (await api.req('GET', `/api/games/${id}`)).json.moderator.roles as Record<string, string>;
    const city: Record<string, string> = {};
    for (const n of NAMES) {
      const c = new Client(w.server.app, n);
      await c.req('POST', '/api/sessions', { name: n, password: 'password1' });
      const run = ((await c.req('GET', `/api/games/${id}/actions`)).json.actions as { command: string; channel?: string }[]).find((a) => a.command === 'run');
      city[n] = run!.channel!;
    }
    const who = (role: string, where?: string) => NAMES.filter((n) => roles[n] === role && (where === undefined || city[n] === where));
    const maniac = who('maniac')[0]!;
    const doctor = who('doctor')[0]!;
    // A: the maniac's city; B: the other. Each has one mafioso (its Godfather at once) and one commissioner.
    const A = city[maniac]!;
    const B = A === 'city-1' ? 'city-2' : 'city-1';
    const mafA = who('mafioso', A)[0]!;
    const mafB = who('mafioso', B)[0]!;
    const comA = who('commissioner', A)[0]!;
    const comB = who('commissioner', B)[0]!;
    // A's victims: residents of A who are neither mafia nor the maniac nor the doctor (the commissioner last).
    const [victim1, victim2] = [...who('citizen', A), comA] as [string, string];
    // B has at least two citizens: one the maniac kills, one who hands his seat to the newcomer.
    const [knifed, leaving] = who('citizen', B) as [string, string];
    expect([maniac, doctor, mafA, mafB, comA, comB, victim1, victim2, knifed, leaving].every(Boolean)).toBe(true);

    // Each player reads his role card; the maniac's private tab is accessible and Russian.
    for (const n of NAMES) {
      await pages[n]!.goto(`${base}/me`);
      expect(await roleOf(pages[n]!)).toBe(roles[n]);
    }
    // Issue 25 item 10: the city tabs read «Город 1», a mafioso has one family chat (no second team tab).
    const tabs = async (n: string) => (await pages[n]!.locator('nav.tabs a').allTextContents()).map((x) => x.trim());
    // (A tab's text goes on with its unread count.)
    expect((await tabs(mafA)).filter((x) => /^Город \d(?!\d)/.test(x)).map((x) => x.slice(0, 'Город 1'.length))).toEqual(['Город 1', 'Город 2']);
    const chats = (await pages[mafA]!.locator('nav.tabs a').evaluateAll((as) => as.map((a) => a.getAttribute('data-tab') ?? ''))).filter(
      (x) => x.startsWith('family') || x.startsWith('team'),
    );
    expect(chats).toEqual([`family-${A.slice('city-'.length)}`]);
    await expectAccessible(pages[maniac]!, 'role and actions');
    await expectRussian(pages[maniac]!, 'role and actions', known);

    // Day 0: the doctor protects victim 1 for the first night.
    await accepted(pages[doctor]!, 'protect', victim1);

    // Night 1 (22:00): the maniac knifes a citizen of B, A's Godfather orders victim 1 killed, B's refuses, B's
    // commissioner checks B's mafioso.
    await w.at(msk('2025-11-03T22:00'));
    await accepted(pages[maniac]!, 'knife', knifed);
    await accepted(pages[mafA]!, 'kill', victim1);
    await accepted(pages[mafB]!, 'nokill', null);
    // The answer comes at once, in the commissioner's inbox.
    await accepted(pages[comB]!, 'check', mafB);
    await pages[comB]!.locator('.channel[data-channel=inbox] .item', { hasText: 'причастен' }).first().waitFor({ timeout: 20_000 });

    // Day 1 (10:00): the knifed citizen is dead, victim 1 survived thanks to the doctor.
    await w.at(msk('2025-11-04T10:00'));
    for (const n of [victim1, mafB]) await pages[n]!.locator(`.player[data-name="${knifed}"][data-status="out"]`).waitFor({ timeout: 20_000 });
    expect(await pages[mafB]!.locator(`.player[data-name="${victim1}"]`).getAttribute('data-status')).toBe('alive');

    // A substitution from the console: the newcomer takes B's citizen's seat and sees its role card, he does not.
    const newcomer = await newPage();
    await signUp(newcomer, NEWCOMER);
    pages[NEWCOMER] = newcomer;
    await modPage.goto(`${base}/console`);
    const sub = modPage.locator('form.substitute');
    await sub.locator('#sub-old').selectOption(leaving);
    await sub.locator('#sub-new').fill(NEWCOMER);
    await sub.locator('button[type=submit]').click();
    await modPage.locator(`.player[data-name="${NEWCOMER}"]`).waitFor({ timeout: 20_000 });
    await newcomer.goto(`${base}/me`);
    expect(await roleOf(newcomer)).toBe('citizen');
    await pages[leaving]!.goto(`${base}/me`);
    await pages[leaving]!.locator(`.player[data-name="${NEWCOMER}"]`).waitFor({ timeout: 20_000 });
    await pages[leaving]!.waitForLoadState('networkidle');
    expect(await pages[leaving]!.locator('.role-card').count()).toBe(0);
    const players = NAMES.map((n) => (n === leaving ? NEWCOMER : n));
    const residents = (c: string) => players.filter((n) => (n === NEWCOMER ? city[leaving] : city[n]) === c);

    // Day 1's vote is moved later, 22:00 → 22:30: the console shows the new time before and after the confirmation.
    await moveDeadline(base, 'vote', '2025-11-04T22:30');

    // Nominations in the city threads: A nominates the maniac, B its mafioso.
    const nominatorA = residents(A).find((n) => n !== maniac && n !== mafA)!;
    const nominatorB = residents(B).find((n) => n !== mafB && n !== knifed)!;
    for (const [n, target] of [
      [nominatorA, maniac],
      [nominatorB, mafB],
    ] as const) {
      await pages[n]!.goto(`${base}/${city[n === NEWCOMER ? leaving : n]}`);
      await accepted(pages[n]!, 'nominate', target);
    }

    // 18:00: every living resident but the two nominees votes; the live count shows in each city's thread.
    await w.at(msk('2025-11-04T18:00'));
    const votersA = residents(A).filter((n) => n !== maniac);
    const votersB = residents(B).filter((n) => n !== mafB && n !== knifed);
    // B's last voter waits until after 22:00, the vote's old end, to show the window is still open then.
    const late = votersB.at(-1)!;
    for (const [voters, target, c] of [
      [votersA, maniac, A],
      [votersB.slice(0, -1), mafB, B],
    ] as const) {
      for (const n of voters) {
        await pages[n]!.goto(`${base}/${c}`);
        await accepted(pages[n]!, 'vote', target);
      }
    }
    // A page that has not acted since it opened shows each count live.
    const watcher = pages[maniac]!;
    await watcher.goto(`${base}/${A}`);
    await watcher.locator(`.votes li[data-target="${maniac}"]`, { hasText: `${votersA.length} голоса` }).waitFor({ timeout: 20_000 });
    await watcher.goto(`${base}/${B}`);
    await watcher.locator(`.votes li[data-target="${mafB}"]`, { hasText: `${votersB.length - 1} голос` }).waitFor({ timeout: 20_000 });
    await expectAccessible(watcher, 'city thread with vote count');
    await expectRussian(watcher, 'city thread with vote count', known);

    // 22:00 was the old end: nobody is executed and the vote still takes votes, seen live on the watcher's page.
    await w.at(msk('2025-11-04T22:00'));
    await pages[late]!.goto(`${base}/${B}`);
    await accepted(pages[late]!, 'vote', mafB);
    await watcher.locator(`.votes li[data-target="${mafB}"]`, { hasText: `${votersB.length} голоса` }).waitFor({ timeout: 20_000 });
    expect(await watcher.locator(`.player[data-name="${mafB}"]`).getAttribute('data-status')).toBe('alive');
    // At 22:30 both cities execute their nominee.
    await w.at(msk('2025-11-04T22:30'));
    for (const n of [maniac, mafB]) await pages[victim1]!.locator(`.player[data-name="${n}"][data-status="out"]`).waitFor({ timeout: 20_000 });

    // Night 2: A's Godfather kills victim 2; A's commissioner checks him.
    for (const [n, command, target] of [
      [mafA, 'kill', victim2],
      [comA, 'check', mafA],
    ] as const) {
      await pages[n]!.goto(`${base}/me`);
      await accepted(pages[n]!, command, target);
    }

    // Day 2 (10:00): victim 2 is dead. Its vote is moved earlier, 22:00 → 21:00.
    await w.at(msk('2025-11-05T10:00'));
    await pages[victim1]!.locator(`.player[data-name="${victim2}"][data-status="out"]`).waitFor({ timeout: 20_000 });
    await moveDeadline(base, 'vote', '2025-11-05T21:00');
    await expectAccessible(modPage, 'console (running)');
    await expectRussian(modPage, 'console (running)', known);

    // A nominates its mafioso and votes him out; B, with nobody nominated, executes by lot.
    await pages[victim1]!.goto(`${base}/${A}`);
    await accepted(pages[victim1]!, 'nominate', mafA);
    await w.at(msk('2025-11-05T18:00'));
    for (const n of residents(A).filter((x) => ![maniac, mafA, victim2].includes(x))) {
      await pages[n]!.goto(`${base}/${A}`);
      await accepted(pages[n]!, 'vote', mafA);
    }

    // 21:00, the new end: the executions, and the honest residents have won.
    await w.at(msk('2025-11-05T21:00'));
    for (const n of [...players.filter((x) => x !== leaving)])
      await pages[n]!.locator('[data-testid=status]', { hasText: 'Завершена' }).waitFor({ timeout: 30_000 });
    await pages[victim1]!.goto(`${base}/main`);
    await channelShows(pages[victim1]!, 'Победа честных жителей!');
    // Roles are public now.
    await pages[victim1]!.locator(`.player[data-name="${mafA}"]`, { hasText: 'Мафиози' }).waitFor();
    await expectAccessible(pages[victim1]!, 'thread (ended)');
    await expectRussian(pages[victim1]!, 'thread (ended)', known);
    await modPage.goto(`${base}/console`);
    await modPage.locator('[data-testid=verdict]').waitFor({ timeout: 30_000 });
    await expectRussian(modPage, 'console (ended)', known);
    expect(errors).toEqual([]);
  }

  /** Moves a deadline from the console: the preview and the list show the new time (Moscow's, the game's zone). */
  async function moveDeadline(base: string, which: string, to: string): Promise<void> {
    const [, time] = to.split('T') as [string, string];
    await modPage.goto(`${base}/console`);
    const move = modPage.locator('form.move');
    await move.locator('#move-which').selectOption(which);
    await move.locator('#move-to').fill(to);
    await move.locator('button[type=submit]').click();
    expect(await modPage.locator('[data-testid=move-preview]').textContent()).toContain(time);
    await move.locator('button[type=submit]').click();
    await modPage.locator('section[aria-labelledby=c-deadlines] li', { hasText: time }).waitFor({ timeout: 20_000 });
  }
});
