// Issue 25, "Done when", for mafia-de: a whole German game in Chromium, in German. A moderator whose interface is
// German (chosen in the header's language menu) creates «Mafia #137» from the create form with the German game
// language; seven players with German forum names, each in his own browser context with a German interface, sign up
// through the app; the moderator starts from the console. Ballots go by PN from the private action form (nobody but
// the moderator sees the live count, the thread publishes every ballot at the deadline); the specials act at night
// through their forms (the Night-1 role choice of the mafioso, the boss's murder with its death message, the guardian
// angel's protection, the matchmaker's comparison, the detective's query); a newcomer takes over the detective's
// seat from the console (he sees the role card, the old player no longer does); the first night's deadline is moved
// later and the second day's earlier from the console, each new time on screen and honoured; the citizens win on
// Day 3, and the end, the public roles and the verified seed are on screen. axe-core on the thread, the private tab
// and the console; every screen visited is German (test/support/language.ts). The game clock is moved by the test.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launch, openPage, type WebServer, webServer } from '../support/browser.ts';
import { mixedLanguage } from '../support/language.ts';

const NAMES = ['Anke', 'Bernd', 'Claudia', 'Dieter', 'Erika', 'Frank', 'Gisela'] as const;
/** The newcomer who takes over a seat during Day 2. */
const NEWCOMER = 'Jörg';
const TITLE = 'Mafia #137';
const run = browserAvailable();

/** A local time of the game's zone (Europe/Berlin, UTC+1 in November) as the instant `w.at` takes. */
const berlin = (local: string) => `${local}+01:00`;

/** A death message as DE-KILL-3 wants it: at least four sentences and 300 characters naming the victim. */
function deathMessage(victim: string): string {
  return [
    `In einer kalten Novembernacht ging ${victim} allein durch die dunklen Gassen hinter dem alten Finanzamt.`,
    'Niemand hörte die leisen Schritte, die ihm seit dem Marktplatz folgten.',
    'Am Morgen fand man nur noch seinen Hut am Ufer des Flusses, ordentlich gefaltet wie eine Steuererklärung.',
    'Die Familie lässt ausrichten, dass sie jede Schuld pünktlich eintreibt.',
    `${victim} wird uns allen fehlen, doch vergessen wird hier niemand.`,
  ].join(' ');
}

/** Fills an action form's fields in order (a choice or player by its shown name, a text), sends it, and returns the reply. */
async function act(page: Page, command: string, fields: readonly string[]): Promise<string> {
  const form = page.locator(`form.action[data-command="${command}"]`);
  await form.waitFor({ timeout: 30_000 });
  // The panel keeps its last reply (numbered): count it without waiting. (Read on the page: a used-up action's form
  // leaves the panel, its reply stays.)
  const replies = page.locator('.actions [data-testid=reply]');
  const before = (await replies.count()) > 0 ? Number((await replies.getAttribute('data-n')) ?? 0) : 0;
  const inputs = form.locator('select, textarea, input');
  for (const [i, value] of fields.entries()) {
    const input = inputs.nth(i);
    if ((await input.evaluate((e) => e.tagName)) === 'SELECT') await input.selectOption({ label: value });
    else await input.fill(value);
  }
  // An irreversible action (the mafioso's role choice) asks to confirm first (issue 25 item 7). Read before sending:
  // an action used up by it (the insider's one guess a day) leaves the page with its form.
  const confirm = (await form.getAttribute('data-confirm')) !== null;
  await form.locator('button[type=submit]').click();
  if (confirm) await form.locator('.confirm button[type=submit]').click();
  const reply = page.locator(`.actions [data-testid=reply][data-n="${before + 1}"]`);
  await reply.waitFor({ timeout: 60_000 });
  return (await reply.textContent()) ?? '';
}

/** Waits until the page's main thread shows a line containing the text. */
async function threadShows(page: Page, text: string): Promise<void> {
  await page.locator('.channel[data-channel=main] .item', { hasText: text }).first().waitFor({ timeout: 30_000 });
}

/** Waits until the page's inbox shows a line containing the text. */
async function inboxShows(page: Page, text: string): Promise<void> {
  await page.locator('.channel[data-channel=inbox] .item', { hasText: text }).first().waitFor({ timeout: 30_000 });
}

/** The options of a select, as shown (without the empty "choose" entry every choice starts at). */
async function options(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(`${selector} option:not([value=""])`).allTextContents()).map((s) => s.trim()).sort();
}

/** Signs up for an account through the log-in form of a German interface. */
async function register(page: Page, url: string, name: string): Promise<void> {
  await page.goto(`${url}/#/login`);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Passwort').fill('password1');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await page.locator('.who .me').waitFor();
}

describe.skipIf(!run)('a whole mafia-de game in German, in nine browsers', () => {
  let w: WebServer;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  let modPage: Page;
  /** Each page's errors as openPage collects them (read at the end: they grow while the game runs). */
  const errors: string[][] = [];
  /** Names, the title and what players wrote: taken out before a screen's text is checked for English. */
  const known: string[] = [...NAMES, NEWCOMER, 'Mod', TITLE];
  const problems: string[] = [];

  beforeAll(async () => {
    w = await webServer();
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('creates from the German form, plays three days and two nights through the forms, substitutes, moves deadlines, and the citizens win', async () => {
    try {
      await play();
    } catch (e) {
      // A failure leaves every page's picture behind for the reader of the log.
      for (const [n, p] of Object.entries({ ...pages, mod: modPage })) await p?.screenshot({ path: `/tmp/e2e-mafia-de-${n}.png` }).catch(() => undefined);
      throw e;
    }
    expect(problems).toEqual([]);
    expect(errors.flat()).toEqual([]);
  }, 240_000);

  /** Records where the screen's visible text is not German (issue 25 item 5): the interface and the game speak German. */
  async function german(page: Page, screen: string): Promise<void> {
    const langs = await page.locator('#app [lang]').evaluateAll((els) => els.filter((e) => !e.closest('#lang')).map((e) => e.getAttribute('lang') ?? ''));
    for (const l of new Set(langs)) if (l !== 'de') problems.push(`${screen}: lang=${l}`);
    const menu = await page.locator('#lang option').allTextContents();
    // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what the reader reads (hidden parts are not).
    const why = mixedLanguage(await page.locator('#app').innerText(), 'de', [...known, ...menu]);
    if (why) problems.push(`${screen}: ${why}`);
  }

  /** Opens a German page: a fresh context whose user picks Deutsch in the header's language menu. */
  async function germanPage(): Promise<Page> {
    const p = await openPage(browser, w.url);
    errors.push(p.errors);
    await p.page.locator('#lang').selectOption('de');
    await p.page.locator('html[lang=de]').waitFor();
    return p.page;
  }

  async function play(): Promise<void> {
    // The moderator: German interface, an account through the form, the game from the create form.
    modPage = await germanPage();
    await register(modPage, w.url, 'Mod');
    await modPage.goto(`${w.url}/#/new`);
    await modPage.getByLabel('Regelwerk').selectOption('mafia-de');
    await modPage.getByLabel('Titel', { exact: true }).fill(TITLE);
    await modPage.getByLabel('Spielsprache').selectOption('de');
    expect(await modPage.getByLabel('Zeitzone', { exact: true }).inputValue()).toBe('Europe/Berlin');
    await modPage.getByLabel(/^Start/).fill('2025-11-03T12:00');
    await modPage.getByLabel(/^Erwartete Spieler/).fill('7');
    // The deal for seven: the boss, one mafioso, the three citizen specials and two citizens.
    await modPage.locator('.create-preview', { hasText: 'Mafiaboss' }).waitFor();
    await german(modPage, 'create');
    await modPage.getByRole('button', { name: 'Anlegen' }).click();
    await modPage.locator('.console').waitFor();
    const id = decodeURIComponent(modPage.url().split('#/games/')[1]!.split('/')[0]!);
    const url = (tab: string) => `${w.url}/#/games/${id}/${tab}`;
    await expectAccessible(modPage, 'console (signup)');
    await german(modPage, 'console (signup)');

    // Seven players and the newcomer get accounts; the seven sign up for the game through its page.
    for (const n of NAMES) {
      const page = await germanPage();
      await register(page, w.url, n);
      await page.goto(url('main'));
      await page.getByRole('button', { name: 'Für dieses Spiel anmelden' }).click();
      await page.getByRole('button', { name: 'Zurückziehen' }).waitFor();
      pages[n] = page;
    }
    const newcomer = await germanPage();
    await register(newcomer, w.url, NEWCOMER);
    pages[NEWCOMER] = newcomer;
    await modPage.locator('section[aria-labelledby=c-signups] li', { hasText: 'Gisela' }).waitFor();
    await german(pages.Anke!, 'thread (signup)');

    // The moderator starts now (Monday 09:00 in Berlin): Day 1 runs to 20:00.
    await modPage.getByRole('button', { name: 'Spiel jetzt starten' }).click();
    for (const n of NAMES) await pages[n]!.locator('[data-testid=status]', { hasText: 'Laufend' }).waitFor();
    await threadShows(pages.Anke!, 'Mafia #137 beginnt!');

    // Each player reads his own role card, in German.
    const roles: Record<string, string> = {};
    for (const n of NAMES) {
      await pages[n]!.goto(url('me'));
      const card = pages[n]!.locator('.role-card .role:not([data-role=""])');
      await card.waitFor();
      roles[n] = (await card.getAttribute('data-role')) ?? '';
    }
    const holder = (r: string) => NAMES.filter((n) => roles[n] === r);
    const [boss, mafioso, det, mm, ga] = ['mafia-boss', 'mafioso', 'detective', 'matchmaker', 'guardian-angel'].map((r) => {
      expect(holder(r), r).toHaveLength(1);
      return holder(r)[0]!;
    }) as [string, string, string, string, string];
    const [c1, c2] = holder('citizen') as [string, string];
    expect(holder('citizen')).toHaveLength(2);
    expect(await pages[boss]!.locator('.role-card .role').textContent()).toBe('Mafiaboss');
    await expectAccessible(pages[boss]!, 'role and actions');
    await german(pages[boss]!, 'role and actions (boss)');

    // Day 1: every ballot from the private form (a player's list offers every player in the game, himself
    // included, nothing chosen); six put out c1, c1 votes for the boss.
    expect(await options(pages[c2]!, 'form.action[data-command="vote"] select')).toEqual([...NAMES].sort());
    for (const who of NAMES) {
      const whom = who === c1 ? boss : c1;
      expect(await act(pages[who]!, 'vote', [whom])).toContain(`Stimme → ${whom}`);
    }
    await inboxShows(pages[c1]!, `deine Stimme für ${boss} an Tag 1`);
    // The live count is the moderator's alone; the players' thread says the ballots are secret.
    await modPage.goto(url('main'));
    // Titled with the day as the thread numbers it (issue 25 item 11).
    await modPage.locator('#votes-h', { hasText: 'Stimmenstand (Tag 1)' }).waitFor();
    await modPage.locator(`.votes li[data-target="${c1}"]`, { hasText: '6 Stimmen' }).waitFor();
    await modPage.locator(`.votes li[data-target="${boss}"]`, { hasText: '1 Stimme' }).waitFor();
    await german(modPage, 'thread with the count (moderator)');
    await pages[c2]!.goto(url('main'));
    await pages[c2]!.locator('.votes.private').waitFor();
    expect(await pages[c2]!.locator('.votes li').count()).toBe(0);
    await expectAccessible(pages[c2]!, 'thread (Day 1)');
    await german(pages[c2]!, 'thread (Day 1)');

    // 20:00: the thread publishes every ballot, the tally, and the lynch.
    await w.at(berlin('2025-11-03T20:00'));
    await threadShows(pages[c2]!, 'Ergebnis der Abstimmung an Tag 1:');
    await threadShows(pages[c2]!, `${c1} → ${boss}`);
    await threadShows(pages[c2]!, `Stimmen: ${c1}: 6, ${boss}: 1`);
    await threadShows(pages[c2]!, `${c1} wurde gelyncht.`);
    await pages[c2]!.locator(`.player[data-name="${c1}"][data-status="out"]`).waitFor();

    // Night 1: the moderator moves its end later, 10:00 → 11:00; the thread and the countdown say so.
    await moveDeadline('2025-11-04T11:00');
    await threadShows(pages[c2]!, 'Neuer Einsendeschluss: Dienstag, 04.11.2025, 11:00 Uhr');
    await pages[c2]!.locator(`.countdown[data-at="${Date.parse(berlin('2025-11-04T11:00'))}"]`).waitFor();

    // The mafioso picks his special role (final: confirmed), the boss orders the murder of c2 with its death
    // message, the guardian angel protects c2, the matchmaker compares the two mafiosi; the detective has no
    // query in an odd night.
    for (const n of [boss, mafioso, det, mm, ga]) await pages[n]!.goto(url('me'));
    expect(await act(pages[mafioso]!, 'role', ['Insider'])).toContain('Rolle → Insider');
    await inboxShows(pages[boss]!, `${mafioso}`);
    expect(await options(pages[boss]!, 'form.action[data-command="kill"] select')).toEqual(NAMES.filter((n) => n !== boss && n !== c1).sort());
    const kill1 = await act(pages[boss]!, 'kill', [c2, deathMessage(c2)]);
    expect(kill1).toContain(`Mord → ${c2}`);
    await inboxShows(pages[boss]!, `Mordauftrag für ${c2} in Nacht 1. Todesbotschaft gültig`);
    expect(await act(pages[ga]!, 'protect', [c2])).toContain(`Schutz → ${c2}`);
    expect(await act(pages[mm]!, 'compare', [boss, mafioso])).toContain('Vergleich');
    await inboxShows(pages[mm]!, `Vergleich von ${boss} und ${mafioso} in Nacht 1`);
    expect(await pages[det]!.locator('form.action[data-command="query"]').count()).toBe(0);
    await german(pages[mm]!, 'role and actions (matchmaker, night)');
    known.push(deathMessage(c2));

    // 10:00 no longer ends the night; 11:00 does: nobody murdered (protected), the comparison answered.
    await w.at(berlin('2025-11-04T10:00'));
    await pages[mm]!.locator('form.action[data-command="compare"]').waitFor();
    await w.at(berlin('2025-11-04T11:00'));
    await pages[c2]!.goto(url('main'));
    await threadShows(pages[c2]!, 'In der Nacht 1 wurde niemand ermordet.');
    await threadShows(pages[c2]!, 'Tag 2 beginnt.');
    await inboxShows(pages[mm]!, `Deine Abfrage hat ergeben, dass ${boss} und ${mafioso} gleichen Parteien angehören.`);
    await pages[c2]!.locator(`.player[data-name="${c2}"][data-status="alive"]`).waitFor();

    // Day 2: the console (open since the move) offers Day 2's deadline to move, not the time typed for the night.
    await modPage.goto(url('console'));
    await expect.poll(() => modPage.locator('#move-to').inputValue(), { timeout: 30_000 }).toBe('2025-11-04T20:00');
    // The newcomer takes over the detective's seat; no seat is chosen before the moderator picks one.
    const sub = modPage.locator('form.substitute');
    expect(await sub.locator('#sub-old').inputValue()).toBe('');
    await sub.locator('#sub-old').selectOption(det);
    await sub.locator('#sub-new').fill(NEWCOMER);
    await sub.getByRole('button', { name: 'Spieler ersetzen' }).click();
    await modPage.locator('section[aria-labelledby=c-signups] li', { hasText: `${NEWCOMER} · Detektiv · lebt` }).waitFor();
    await expectAccessible(modPage, 'console (running)');
    await german(modPage, 'console (running)');
    await newcomer.goto(url('me'));
    await newcomer.locator('.role-card .role[data-role=detective]', { hasText: 'Detektiv' }).waitFor();
    // The seat's inbox is his, and the role PNs come again after the hand-over (DE-MOD-8).
    await expect.poll(() => newcomer.locator('.channel[data-channel=inbox] .item', { hasText: 'Du bist der Detektiv.' }).count(), { timeout: 30_000 }).toBe(2);
    await pages[det]!.goto(url('me'));
    await pages[det]!.locator('.channel').first().waitFor();
    expect(await pages[det]!.locator('.role-card').count()).toBe(0);
    expect(await pages[det]!.locator('form.action').count()).toBe(0);
    await threadShows(pages[c2]!, `${NEWCOMER} ersetzt ${det}`);
    await german(newcomer, 'role and actions (newcomer)');

    // The insider's guess by day (answered at once), then the ballots: four against the mafioso.
    await pages[mafioso]!.goto(url('me'));
    expect(await act(pages[mafioso]!, 'suspect', [c2])).toContain(`Verdacht → ${c2}`);
    await inboxShows(pages[mafioso]!, `${c2} ist nicht der Detektiv.`);
    const day2: [string, string][] = [
      [NEWCOMER, mafioso],
      [mm, mafioso],
      [ga, mafioso],
      [c2, mafioso],
      [boss, c2],
      [mafioso, c2],
    ];
    for (const [who, whom] of day2) {
      const p = pages[who]!;
      if (who !== mafioso) await p.goto(url('me'));
      expect(await act(p, 'vote', [whom])).toContain(`Stimme → ${whom}`);
    }
    await modPage.goto(url('main'));
    await modPage.locator(`.votes li[data-target="${mafioso}"]`, { hasText: '4 Stimmen' }).waitFor();
    await modPage.locator(`.votes li[data-target="${c2}"]`, { hasText: '2 Stimmen' }).waitFor();

    // The moderator moves Day 2's end earlier, 20:00 → 18:00: it fires at 18:00.
    await moveDeadline('2025-11-04T18:00');
    await pages[c2]!.goto(url('main'));
    await threadShows(pages[c2]!, 'Neuer Einsendeschluss: Dienstag, 04.11.2025, 18:00 Uhr');
    await pages[c2]!.locator(`.countdown[data-at="${Date.parse(berlin('2025-11-04T18:00'))}"]`).waitFor();
    await w.at(berlin('2025-11-04T18:00'));
    await threadShows(pages[c2]!, `Stimmen: ${mafioso}: 4, ${c2}: 2`);
    await threadShows(pages[c2]!, `${mafioso} wurde gelyncht.`);
    await threadShows(pages[c2]!, 'Die Nacht 2 beginnt.');

    // Night 2 (even): the new detective queries the boss; the boss murders the matchmaker; the guardian angel may
    // not protect c2 two nights running (not offered) and protects the detective.
    for (const n of [NEWCOMER, boss, ga]) await pages[n]!.goto(url('me'));
    expect(await act(pages[NEWCOMER]!, 'query', [boss])).toContain(`Abfrage → ${boss}`);
    expect(await options(pages[ga]!, 'form.action[data-command="protect"] select')).not.toContain(c2);
    expect(await act(pages[ga]!, 'protect', [NEWCOMER])).toContain(`Schutz → ${NEWCOMER}`);
    expect(await act(pages[boss]!, 'kill', [mm, deathMessage(mm)])).toContain(`Mord → ${mm}`);
    known.push(deathMessage(mm));

    // Wednesday 10:00: the murder and its death message in the thread; the query answered to the detective.
    await w.at(berlin('2025-11-05T10:00'));
    await threadShows(pages[c2]!, `Die Mafia hat ${mm} ermordet.`);
    await threadShows(pages[c2]!, `In einer kalten Novembernacht ging ${mm} allein`);
    await inboxShows(pages[NEWCOMER]!, `Deine Abfrage hat ergeben, dass ${boss} zur Mafia gehört.`);

    // Day 3: three ballots against the boss end the game at 20:00; the citizens win.
    for (const who of [NEWCOMER, ga, c2, boss]) {
      await pages[who]!.goto(url('me'));
      const whom = who === boss ? c2 : boss;
      expect(await act(pages[who]!, 'vote', [whom])).toContain(`Stimme → ${whom}`);
    }
    await w.at(berlin('2025-11-05T20:00'));
    for (const n of [...NAMES, NEWCOMER]) await pages[n]!.locator('[data-testid=status]', { hasText: 'Beendet' }).waitFor();
    await pages[c2]!.goto(url('main'));
    await threadShows(pages[c2]!, `${boss} wurde gelyncht.`);
    await threadShows(pages[c2]!, 'Die Bürger haben gewonnen!');
    // Roles are public now, by their German names; the console shows the seed and its verification.
    await pages[c2]!.locator(`.player[data-name="${boss}"]`, { hasText: 'Mafiaboss' }).waitFor();
    await german(pages[c2]!, 'thread (ended)');
    await modPage.goto(url('console'));
    await modPage.locator('[data-testid=verdict]', { hasText: 'Geprüft' }).waitFor();
    await expectAccessible(modPage, 'console (ended)');
    await german(modPage, 'console (ended)');

    /** Moves the open phase's deadline from the console to a local time of the game's zone (preview, then confirm). */
    async function moveDeadline(to: string): Promise<void> {
      await modPage.goto(url('console'));
      const move = modPage.locator('form.move');
      await move.locator('#move-to').fill(to);
      await move.getByRole('button', { name: 'Frist verschieben' }).click();
      await modPage.locator('[data-testid=move-preview]').waitFor();
      await move.getByRole('button', { name: 'Bestätigen' }).click();
      // The console's list of deadlines shows the new one, as the game's zone reads it.
      const shown = `${to.slice(8, 10)}.${to.slice(5, 7)}.${to.slice(0, 4)}, ${to.slice(11)}`;
      await modPage.locator('section[aria-labelledby=c-deadlines] li', { hasText: shown }).waitFor();
    }
  }
});
