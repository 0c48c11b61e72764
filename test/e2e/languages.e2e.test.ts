// Issue 25 item 6: every screen in one language. For each rulebook (in its community's language) and each interface
// language, Chromium crawls the lobby, the create form, the thread, the role and actions tab, the team and group
// channels, the console (its audit log and forum exports included) and checks every visible text against the
// language it claims (test/support/language.ts): the interface's, or the game's on a game message the reader's
// language has no catalogue for. Players' names, the titles and what players wrote are taken out first. One server
// and one browser for the whole crawl; the games are set up through the API.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsOf } from '../../src/engine/actions/text.ts';
import type { Locale } from '../../src/engine/state.ts';
import { VARIANTS } from '../../src/variants/registry.ts';
import { browserAvailable, launch, logIn, openPage, type WebServer, webServer } from '../support/browser.ts';
import type { Client } from '../support/harness.ts';
import { TEN } from '../support/harness.ts';
import { type Lang, mixedLanguage, visibleTexts } from '../support/language.ts';

const run = browserAvailable();
const LANGS: readonly Lang[] = ['el', 'de', 'ru', 'en'];
const GAMES = [
  { variant: 'palermo', locale: 'el', startAt: '2025-11-03T11:00' },
  { variant: 'palermo-intrigue', locale: 'el', startAt: '2025-11-03T11:00' },
  { variant: 'mafia-de', locale: 'de', startAt: '2025-11-03T11:00', gameNumber: '7' },
  { variant: 'mafia-cities', locale: 'ru', startAt: '2025-11-03T12:00', options: { includeManiac: false } },
] as const;
/** What the players write: known, so the crawl takes it out like a name. */
const PLAYER_TEXT = ['hello everyone', 'a word to the moderators', 'our plan'];
/** mafia-cities' cities are named by the moderator («Город 1» … by default): names, like the players'. */
const CITY_NAMES = ['Город 1', 'Город 2'];

/** A rulebook's command keywords and lines in a language, each piece of a line between its placeholders. */
function commandWords(variant: string, locale: string): string[] {
  const v = VARIANTS[variant]!;
  const table = 'actions' in v && v.actions ? (v.actions as { actions: readonly Parameters<typeof textsOf>[0][] }).actions : [];
  return table.flatMap((a) => {
    const t = textsOf(a, locale as Locale);
    return [t.keyword, ...[t.human, t.template].flatMap((l) => l.split(/\{\w+\}|\n/))].map((x) => x.trim()).filter((x) => x.length > 1);
  });
}

interface Game {
  readonly id: string;
  readonly variant: string;
  readonly locale: string;
  readonly title: string;
  /** A player in a team or group channel (the crawl's player), and the channels he sees. */
  readonly member: string;
}

describe.skipIf(!run)('every screen in one language (issue 25 item 6)', () => {
  let w: WebServer;
  let browser: Browser;
  const games: Game[] = [];
  /** Every name, title and player text: taken out of the texts before they are checked. */
  const known: string[] = [...TEN, 'Mod', ...PLAYER_TEXT, ...CITY_NAMES];
  const problems: string[] = [];

  beforeAll(async () => {
    w = await webServer();
    browser = await launch();
    const mod = await w.client('Mod');
    const players: Record<string, Client> = {};
    for (const n of TEN) players[n] = await w.client(n);
    for (const g of GAMES) {
      const title = `Crawl ${g.variant}`;
      // The title as written, and as a Markdown export escapes it.
      known.push(title, title.replace(/-/g, '\\-'));
      const r = await mod.req('POST', '/api/games', { title, ...g });
      if (r.status !== 201) throw new Error(r.text);
      const id = r.json.id as string;
      const names = g.variant === 'mafia-cities' ? TEN : TEN.slice(0, 9);
      for (const n of names) expect((await players[n]!.req('POST', `/api/games/${id}/signup`)).json.accepted).toBe(true);
      expect((await mod.req('POST', `/api/games/${id}/start`)).json.accepted).toBe(true);
      const detail = await mod.req('GET', `/api/games/${id}`);
      const roles = detail.json.moderator.roles as Record<string, string>;
      const channels = async (n: string) => (await players[n]!.req('GET', `/api/games/${id}/channels`)).json.channels as { id: string; kind: string }[];
      // The crawl's player: one who reads a team or group channel (a killer, a mafioso), else the first.
      let member = names[0]!;
      for (const n of names) {
        if ((await channels(n)).some((c) => c.kind === 'team' || c.kind === 'private')) {
          member = n;
          break;
        }
      }
      expect(roles[member], `${g.variant}: a player with a team channel`).toBeDefined();
      // Some life in the game: a post, a PM to the moderators, a line in the team channel, a moderator note.
      await players[names[1]!]!.req('POST', `/api/games/${id}/posts`, { text: PLAYER_TEXT[0] });
      await players[member]!.req('POST', `/api/games/${id}/pms`, { text: PLAYER_TEXT[1] });
      const team = (await channels(member)).find((c) => c.kind === 'team' || c.kind === 'private');
      if (team) {
        const url =
          team.kind === 'team' ? `/api/games/${id}/teams/${encodeURIComponent(team.id.slice(5))}` : `/api/games/${id}/channels/${encodeURIComponent(team.id)}`;
        await players[member]!.req('POST', url, { text: PLAYER_TEXT[2] });
      }
      // The game's command lines stay in the game's language everywhere (a Greek game's form says «ΔΟΛΟΦΟΝΙΑ:», and
      // its role message teaches that line whatever language it is read in): they count as known, like names.
      known.push(...commandWords(g.variant, g.locale));
      // And what the forms offer: each legal action's line and its choices (a card's name) as the game writes them.
      for (const n of names) {
        const legal = (await players[n]!.req('GET', `/api/games/${id}/actions`)).json.actions as { template: string; choices?: string[] }[];
        for (const a of legal) known.push(...a.template.split(/\{\w+\}/).map((x) => x.trim()), ...(a.choices ?? []));
      }
      games.push({ id, variant: g.variant, locale: g.locale, title, member });
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  /** Checks the screen now shown: each text in the language it claims, and that language the reader's or the game's. */
  async function check(page: Page, screen: string, ui: Lang, game?: Game): Promise<void> {
    // Let the rulebook's tables and the reads settle (no ellipsis of a label still loading).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(150);
    for (const x of await visibleTexts(page)) {
      const lang = x.lang || ui;
      const allowed = game ? [ui, game.locale] : [ui];
      if (!allowed.includes(lang)) problems.push(`${screen} [${ui}] ${x.where}: lang=${lang} «${x.text.slice(0, 400)}»`);
      const why = mixedLanguage(x.text, lang, known);
      if (why) problems.push(`${screen} [${ui}] ${x.where}: ${why} «${x.text.slice(0, 400)}»`);
    }
  }

  for (const ui of LANGS) {
    it(`in ${ui}: the lobby, the create form and every game screen of every rulebook`, async () => {
      const before = problems.length;
      const spectator = (await openPage(browser, w.url, { locale: ui })).page;
      await spectator.locator('.lobby').waitFor();
      await check(spectator, 'lobby', ui);
      await spectator.context().close();

      const mod = (await openPage(browser, w.url, { locale: ui })).page;
      await logIn(mod, 'Mod');
      await mod.goto(`${w.url}/#/new`);
      for (const g of GAMES) {
        // The moderator of the rulebook's community creates the game in its language: the form's rulebook texts (the
        // declared day) are in that language or the reader's.
        await mod.locator('#c-variant').selectOption(g.variant);
        await mod.locator('#c-locale').selectOption(g.locale);
        await check(mod, `create ${g.variant}`, ui, { id: '', variant: g.variant, locale: g.locale, title: '', member: '' });
      }
      for (const g of games) {
        const base = `${w.url}/#/games/${g.id}`;
        await mod.goto(`${base}/main`);
        await mod.locator('.channel .item').first().waitFor();
        await check(mod, `${g.variant} thread (moderator)`, ui, g);
        await mod.goto(`${base}/console`);
        await mod.locator('.console').waitFor();
        // Every other action's form, one after the other.
        const actions = await mod.locator('#other-action option').evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? ''));
        for (const a of actions) {
          await mod.locator('#other-action').selectOption(a);
          await check(mod, `${g.variant} console (${a})`, ui, g);
        }
        // The forum exports: each copy button fills the box.
        for (const b of await mod.locator('.console section[aria-labelledby="c-copy"] button').all()) {
          await b.click();
          await check(mod, `${g.variant} console export`, ui, g);
        }
        await mod.goto(`${base}/me`);
        await check(mod, `${g.variant} moderator inbox`, ui, g);

        const player = (await openPage(browser, w.url, { locale: ui })).page;
        await logIn(player, g.member);
        await player.goto(`${base}/main`);
        await player.locator('.channel .item').first().waitFor();
        await check(player, `${g.variant} thread (player)`, ui, g);
        const tabs = await player.locator('nav.tabs a').evaluateAll((as) => as.map((a) => a.getAttribute('data-tab') ?? ''));
        for (const tab of tabs.filter((x) => x !== 'main')) {
          await player.goto(`${base}/${tab}`);
          await player.locator('.channel, .role-card').first().waitFor();
          await check(player, `${g.variant} ${tab} (player)`, ui, g);
        }
        await player.context().close();
      }
      await mod.context().close();
      const mine = problems.slice(before);
      expect([...new Set(mine)], mine.join('\n')).toEqual([]);
    }, 240_000);
  }
});
