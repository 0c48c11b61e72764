// `narrator serve --demo`: demo accounts (a moderator and nine players) and a nine-player palermo game that
// starts three minutes after it is created and plays every day of the week. Run again, it only prints the log-ins.
import type { Accounts } from '../app/accounts.ts';
import type { Clock } from '../app/clock.ts';
import { buildConfig } from '../app/config.ts';
import type { GameService, LoadedGame } from '../app/game-service.ts';
import { isoLocal, localDate } from '../engine/time.ts';

/** The demo's password for every account. */
export const DEMO_PASSWORD = 'narrator-demo';
/** The demo moderator's account name. */
export const DEMO_MODERATOR = 'moderator';
/** The demo players, in signup order. */
export const DEMO_PLAYERS = ['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos', 'Hara', 'Ilias'];
/** The demo game's title. */
export const DEMO_TITLE = 'Narrator demo — nine players';

/** Creates the demo accounts and game unless they exist; returns the game and the lines to print. */
export async function setupDemo(service: GameService, accounts: Accounts, clock: Clock, url: string): Promise<{ game: LoadedGame; lines: string[] }> {
  for (const name of [DEMO_MODERATOR, ...DEMO_PLAYERS]) if (!(await accounts.byName(name))) await accounts.signUp(name, DEMO_PASSWORD);
  let game = service.list().find((g) => g.meta.title === DEMO_TITLE && g.meta.host === DEMO_MODERATOR);
  if (!game) {
    const tz = 'Europe/Athens';
    const local = (ms: number) => isoLocal(ms, tz).slice(0, 16);
    const now = clock.now();
    const { variant, config } = buildConfig(
      {
        variant: 'palermo',
        timeZone: tz,
        locale: 'en',
        calendar: { preset: 'none', workingWeekdays: [1, 2, 3, 4, 5, 6, 7] },
        startAt: local(now + 180_000),
        // Round 1 closes at 20:00 on its date: started late in the evening, it is played the next day.
        ...(Number(local(now + 180_000).slice(11, 13)) >= 18 ? { firstRoundDate: localDate(now + 86_400_000, tz) } : {}),
      },
      now,
    );
    game = await service.create(variant, config, (await import('node:crypto')).randomBytes(32).toString('hex'), DEMO_MODERATOR, DEMO_TITLE);
    for (const name of DEMO_PLAYERS) await service.submit(game.id, (at) => ({ type: 'post', at, actor: { kind: 'guest', name }, text: 'Join' }));
  }
  const id = game.id;
  const lines = [
    `Demo game "${DEMO_TITLE}" (id ${id}): ${game.state.status}; start ${isoLocal(game.state.config.startAt, game.state.config.timeZone)}.`,
    `Log-ins (password "${DEMO_PASSWORD}"): moderator ${DEMO_MODERATOR}; players ${DEMO_PLAYERS.join(', ')}.`,
    `Try it:`,
    `  curl -c anna.txt -H 'content-type: application/json' -d '{"name":"Anna","password":"${DEMO_PASSWORD}"}' ${url}/api/sessions   # prints csrfToken`,
    `  curl -b anna.txt ${url}/api/games/${id}/inbox                                   # Anna's role message (after the start)`,
    `  curl -b anna.txt -H "x-csrf-token: <csrfToken>" -H 'content-type: application/json' -d '{"text":"Vote: Babis"}' ${url}/api/games/${id}/posts`,
    `  curl ${url}/api/games/${id}/thread                                               # the thread and the vote count`,
    `The moderator can start at once (POST /api/games/${id}/start) and move deadlines (POST /api/games/${id}/mod {"action":"move-deadline","args":{"deadline":"close","to":"…"}}).`,
  ];
  return { game, lines };
}
