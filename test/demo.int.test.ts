// Issue 25 item 12: `npm start` (serve --demo) sets up a demo game of every rulebook in its community's language,
// with its players signed up and the log-ins printed, and each demo game starts on its own.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/app/clock.ts';
import { DEMO_GAMES, DEMO_PASSWORD, DEMO_PLAYERS, setupDemo } from '../src/server/demo.ts';
import { serve } from '../src/server/main.ts';
import { VARIANTS } from '../src/variants/registry.ts';

describe('the demo games (issue 25 item 12)', () => {
  it('one game per rulebook in its community’s language, signed up, log-ins printed, each starting by itself; a second run adds none', async () => {
    // A Friday evening in Athens: palermo's round 1 moves to the next day, and the demo plays on the weekend.
    const clock = new ManualClock(Date.parse('2025-11-07T19:30:00Z'));
    const lines: string[] = [];
    const s = await serve({
      port: 0,
      host: '127.0.0.1',
      db: ':memory:',
      clock,
      demo: true,
      logLevel: 'warn',
      pollMs: 60_000,
      accountOptions: { scryptN: 1024 },
      print: (l) => lines.push(l),
    });
    try {
      const games = s.service.list();
      expect(new Set(games.map((g) => g.state.config.variant))).toEqual(new Set(Object.keys(VARIANTS)));
      const want = { palermo: 'el', 'palermo-intrigue': 'el', 'mafia-de': 'de', 'mafia-cities': 'ru' } as const;
      for (const g of games) {
        const v = g.state.config.variant as keyof typeof want;
        expect(g.state.config.locale, v).toBe(want[v]);
        expect(g.state.status, v).toBe('signup');
        expect(g.state.order.length, v).toBe(DEMO_GAMES.find((d) => d.variant === v)!.players);
        expect(
          lines.some((l) => l.includes(g.id) && l.includes(v)),
          v,
        ).toBe(true);
      }
      expect(lines.some((l) => l.includes(DEMO_PASSWORD) && DEMO_PLAYERS.every((p) => l.includes(p)))).toBe(true);
      // Three minutes later every demo game has started.
      clock.t += 4 * 60_000;
      await s.scheduler.pollOnce();
      await s.service.idle();
      for (const g of s.service.list()) expect(g.state.status, g.state.config.variant).toBe('running');
      // Run again (a restart), it finds its games and prints the log-ins again.
      const again = await setupDemo(s.service, s.accounts, clock, s.url);
      expect(s.service.list()).toHaveLength(DEMO_GAMES.length);
      expect(again.games.map((g) => g.id).sort()).toEqual(games.map((g) => g.id).sort());
    } finally {
      await s.close();
    }
  }, 60_000);
});
