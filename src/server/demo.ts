// `narrator serve --demo`: demo accounts (a moderator and ten players) and a demo game of every rulebook, each in
// its community's language (palermo and palermo-intrigue in Greek, mafia-de in German, mafia-cities in Russian),
// starting three minutes after it is created and playing every day of the week, so a newcomer can try each. Run
// again, it creates only the games that are missing and prints the log-ins.
import { randomBytes } from 'node:crypto';
import type { Accounts } from '../app/accounts.ts';
import type { Clock } from '../app/clock.ts';
import { buildConfig, setupContextOf } from '../app/config.ts';
import type { GameService, LoadedGame } from '../app/game-service.ts';
import { commandExample } from '../engine/parse.ts';
import type { Locale } from '../engine/state.ts';
import { isoLocal } from '../engine/time.ts';
import { getVariant } from '../variants/registry.ts';

/** The demo's password for every account. */
export const DEMO_PASSWORD = 'narrator-demo';
/** The demo moderator's account name. */
export const DEMO_MODERATOR = 'moderator';
/** The demo players, in signup order: every demo game signs up the first `players` of them. */
export const DEMO_PLAYERS = ['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos', 'Hara', 'Ilias', 'Jota'];

/** One demo game: its rulebook, the community's language, its title and how many of the demo players sign up. */
export interface DemoGame {
  readonly variant: string;
  readonly locale: Locale;
  readonly title: string;
  readonly players: number;
}

/** The demo game of each rulebook, in its community's language. */
export const DEMO_GAMES: readonly DemoGame[] = [
  { variant: 'palermo', locale: 'el', title: 'Narrator demo — Παλέρμο', players: 9 },
  { variant: 'palermo-intrigue', locale: 'el', title: 'Narrator demo — Παλέρμο με Κάρτες Ίντριγκας', players: 10 },
  // DE-GEN-1: a mafia-de game carries its number in its title.
  { variant: 'mafia-de', locale: 'de', title: 'Narrator-Demo — Mafia #1', players: 9 },
  { variant: 'mafia-cities', locale: 'ru', title: 'Демо Narrator — Мафия: города', players: 10 },
];

/** Creates the demo accounts and the missing demo games; returns the games and the lines to print. */
export async function setupDemo(service: GameService, accounts: Accounts, clock: Clock, url: string): Promise<{ games: LoadedGame[]; lines: string[] }> {
  for (const name of [DEMO_MODERATOR, ...DEMO_PLAYERS]) if (!(await accounts.byName(name))) await accounts.signUp(name, DEMO_PASSWORD);
  const games: LoadedGame[] = [];
  for (const demo of DEMO_GAMES) games.push(await demoGame(service, clock, demo));
  const lines = [
    ...games.map(
      (g, i) =>
        `Demo game "${g.meta.title}" (${DEMO_GAMES[i]!.variant}, ${DEMO_GAMES[i]!.locale}; ${url}/#/games/${g.id}): ${g.state.status}; start ${isoLocal(g.state.config.startAt, g.state.config.timeZone).slice(0, 16)}.`,
    ),
    `Log-ins (password "${DEMO_PASSWORD}"): moderator ${DEMO_MODERATOR}; players ${DEMO_PLAYERS.join(', ')} (each plays in every demo game it has seats for).`,
    `Try it: open ${url}, log in as a player to play or as ${DEMO_MODERATOR} to run a game from its console (start it at once, pause, move deadlines, substitute).`,
    `With curl:`,
    `  curl -c anna.txt -H 'content-type: application/json' -d '{"name":"Anna","password":"${DEMO_PASSWORD}"}' ${url}/api/sessions   # prints csrfToken`,
    `  curl -b anna.txt ${url}/api/games/${games[0]!.id}/actions                                   # what Anna may do now (after the start)`,
    `  curl ${url}/api/games/${games[0]!.id}/thread                                               # the thread and the vote count`,
  ];
  return { games, lines };
}

/** The demo game of a rulebook: the one created before, or a new one with its players signed up. */
async function demoGame(service: GameService, clock: Clock, demo: DemoGame): Promise<LoadedGame> {
  const found = service.list().find((g) => g.meta.title === demo.title && g.meta.host === DEMO_MODERATOR);
  if (found) return found;
  const variant = getVariant(demo.variant);
  if (!variant) throw new Error(`no rulebook ${demo.variant}`);
  const tz = variant.defaultTimeZone;
  const now = clock.now();
  const { variant: v, config } = buildConfig(
    {
      variant: demo.variant,
      timeZone: tz,
      locale: demo.locale,
      // Every day is a play day, so the demo runs on a weekend too.
      calendar: { preset: 'none', workingWeekdays: [1, 2, 3, 4, 5, 6, 7] },
      startAt: isoLocal(now + 180_000, tz).slice(0, 16),
      // Round 1 on the first date it can be played (an evening start plays it the next day), the number from the title.
      firstRoundDate: 'auto',
      gameNumber: 'auto',
    },
    now,
    setupContextOf(() => service.list()),
  );
  const g = await service.create(v, config, randomBytes(32).toString('hex'), DEMO_MODERATOR, demo.title);
  for (const name of DEMO_PLAYERS.slice(0, demo.players)) {
    await service.submit(g.id, (at) => ({ type: 'post', at, actor: { kind: 'guest', name }, text: commandExample(v.syntax, 'join', demo.locale) }));
  }
  return service.get(g.id);
}
