// Driving a whole game through the web app as its users would (issue 25): an account signed up through the log-in
// form, the interface's language chosen from the header's picker, a game created from the create form, signed up
// for with the game's button, started and moderated from the console (substitution, a deadline moved), played through
// the action forms, and read from the screen (the live count, the thread, the countdown). Selectors are the app's
// ids and data attributes, never its texts, so the same helpers drive every interface language.
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage } from './browser.ts';
import { mixedLanguage, visibleTexts } from './language.ts';

/** The password every account of a browser game is made with. */
export const PASSWORD = 'password1';

/** A player's or moderator's own browser: a fresh context; its error list (filled as it runs) joins `errors`. */
export async function newBrowserPage(browser: Browser, url: string, errors: string[][]): Promise<Page> {
  const p = await openPage(browser, url);
  errors.push(p.errors);
  return p.page;
}

/** Chooses the interface's language from the header's picker (the choice a user makes; it is kept for the browser). */
export async function chooseLanguage(page: Page, lang: string): Promise<void> {
  await page.locator('#lang').selectOption(lang);
  await page.locator(`html[lang="${lang}"]`).waitFor();
}

/** Signs a new account up through the log-in form's second button. */
export async function signUp(page: Page, url: string, name: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.locator('#login-name').fill(name);
  await page.locator('#login-password').fill(PASSWORD);
  await page.locator('section.login button[type=button]').click();
  await page.locator('.who .me', { hasText: name }).waitFor();
}

/** A new user's browser in `lang`, signed up as `name`. */
export async function newUser(browser: Browser, url: string, name: string, lang: string, errors: string[][]): Promise<Page> {
  const page = await newBrowserPage(browser, url, errors);
  await chooseLanguage(page, lang);
  await signUp(page, url, name);
  return page;
}

/** What the create form is filled with; the rest stays at the form's defaults. */
export interface NewGame {
  readonly variant: string;
  readonly title: string;
  /** The game's language. */
  readonly locale: string;
  /** The start, local to the game's zone ("2025-11-03T11:00"). */
  readonly start: string;
}

/** Creates a game from the create form; resolves with its id once the console shows. */
export async function createGame(page: Page, url: string, g: NewGame): Promise<string> {
  await page.goto(`${url}/#/new`);
  await page.locator('#c-variant').selectOption(g.variant);
  await page.locator('#c-title').fill(g.title);
  await page.locator('#c-locale').selectOption(g.locale);
  await page.locator('#c-start').fill(g.start);
  await page.locator('section.create form > button[type=submit]').click();
  await page.locator('.console').waitFor({ timeout: 30_000 });
  return decodeURIComponent(page.url().split('#/games/')[1]!.split('/')[0]!);
}

/** Signs the page's user (`name`) up for the game with the game's own button. */
export async function joinGame(page: Page, url: string, id: string, name: string): Promise<void> {
  await page.goto(`${url}/#/games/${id}/main`);
  await page.locator('button.join').click();
  // The players' list names him once the server took the signup.
  await page.locator(`.player[data-name="${name}"]`).waitFor({ timeout: 30_000 });
}

/** Starts the game from the console (its "start now"); resolves when the game runs. */
export async function startFromConsole(page: Page): Promise<void> {
  await page.locator('.console section[aria-labelledby="c-signups"] .buttons button').first().click();
  await gameStatus(page, 'running');
}

/** Waits until the game's page shows the status ("running", "ended"). */
export async function gameStatus(page: Page, status: string): Promise<void> {
  await page.locator(`article.game[data-status="${status}"]`).waitFor({ timeout: 30_000 });
}

/** Selects a target in an action form and sends it; resolves with the reply's text. */
export async function act(page: Page, command: string, target: string | null, text?: string): Promise<string> {
  const form = page.locator(`form.action[data-command="${command}"]`);
  await form.waitFor({ timeout: 30_000 });
  const panel = page.locator('.actions', { has: form });
  // The panel keeps its last reply (numbered): count it without waiting. A short wait on the attribute read 0 when the
  // page was slow, and the test then waited for reply 1 while the panel was already at 3.
  const replies = panel.locator('[data-testid=reply]');
  const before = (await replies.count()) > 0 ? Number((await replies.getAttribute('data-n')) ?? 0) : 0;
  if (target !== null) await form.locator('select').first().selectOption(target);
  if (text !== undefined) await form.locator('textarea').fill(text);
  await form.locator('button[type=submit]').click();
  // An irreversible action (last words, an outing) asks to confirm first (issue 25 item 7).
  if ((await form.getAttribute('data-confirm')) !== null) await form.locator('.confirm button[type=submit]').click();
  const reply = page.locator(`[data-testid=reply][data-n="${before + 1}"]`);
  // Generous: on a saturated machine the reply has been seen to take more than 30 s.
  await reply.waitFor({ timeout: 60_000 });
  return (await reply.textContent()) ?? '';
}

/** Waits until the page's thread shows a line containing the text. */
export async function threadShows(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.channel[data-channel=main] .item', { hasText: text }).first().waitFor({ timeout: 30_000 });
}

/** The options of a select, as shown (without the empty "choose" entry every choice starts at). */
export async function options(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(`${selector} option:not([value=""])`).allTextContents()).map((s) => s.trim()).sort();
}

/** Waits until the live count on the page shows `n` votes for `target` (the number as the line writes it). */
export async function countShows(page: Page, target: string, n: number): Promise<void> {
  await page.locator(`.votes li[data-target="${target}"]`, { hasText: new RegExp(`(^|\\D)${n}(\\D|$)`) }).waitFor({ timeout: 30_000 });
}

/** Waits until the page lists the player with the status ("alive", "out"). */
export async function playerIs(page: Page, name: string, status: string): Promise<void> {
  await page.locator(`.player[data-name="${name}"][data-status="${status}"]`).waitFor({ timeout: 30_000 });
}

/** The role the page's role card shows (its id), or '' when it shows none. */
export async function roleCard(page: Page, url: string, id: string): Promise<string> {
  await page.goto(`${url}/#/games/${id}/me`);
  await page.locator('.tabs, .role-card').first().waitFor();
  if ((await page.locator('.role-card .role').count()) === 0) return '';
  return (await page.locator('.role-card .role').getAttribute('data-role')) ?? '';
}

/** Substitutes a player from the console: `newcomer` (an account) takes `old`'s seat. */
export async function substitute(page: Page, old: string, newcomer: string): Promise<void> {
  const form = page.locator('form.substitute');
  await form.locator('#sub-old').selectOption(old);
  await form.locator('#sub-new').fill(newcomer);
  await form.locator('button[type=submit]').click();
  await page.locator('.console section[aria-labelledby="c-signups"] li', { hasText: newcomer }).waitFor({ timeout: 30_000 });
}

/**
 * Moves a deadline from the console (`which`: its kind where the rulebook has a choice, else null for the first
 * pending one) to a local time of the game's zone; resolves with the preview the console showed before confirming.
 */
export async function moveDeadline(page: Page, which: string | null, to: string): Promise<string> {
  const form = page.locator('form.move');
  if (which !== null) await form.locator('#move-which').selectOption(which);
  await form.locator('#move-to').fill(to);
  await form.locator('button[type=submit]').click();
  const preview = form.locator('[data-testid=move-preview]');
  await preview.waitFor();
  const text = (await preview.textContent()) ?? '';
  await form.locator('button[type=submit]').click();
  await preview.waitFor({ state: 'detached' });
  return text;
}

/** The deadlines the console lists, as shown ("Κλείσιμο ψηφοφορίας: …"). */
export async function consoleDeadlines(page: Page): Promise<string[]> {
  return (await page.locator('.console section[aria-labelledby="c-deadlines"] ul li').allTextContents()).map((s) => s.trim());
}

/** Fails unless every visible text of the page is in `lang` (or the game's `gameLang`), `known` names and texts aside. */
export async function expectLanguage(page: Page, screen: string, lang: string, known: readonly string[], gameLang = lang): Promise<void> {
  await page.waitForLoadState('networkidle');
  const bad: string[] = [];
  for (const x of await visibleTexts(page)) {
    const claimed = x.lang || lang;
    if (![lang, gameLang].includes(claimed)) bad.push(`${x.where}: lang=${claimed} «${x.text}»`);
    const why = mixedLanguage(x.text, claimed, known);
    if (why) bad.push(`${x.where}: ${why} «${x.text}»`);
  }
  expect(bad, `${screen} in ${lang}`).toEqual([]);
}

/** Saves a picture of every page to /tmp/e2e-<prefix>-<name>.png, for the reader of a failed run's log. */
export async function screenshots(prefix: string, pages: Record<string, Page | undefined>): Promise<void> {
  for (const [n, p] of Object.entries(pages)) await p?.screenshot({ path: `/tmp/e2e-${prefix}-${n}.png` }).catch(() => undefined);
}
