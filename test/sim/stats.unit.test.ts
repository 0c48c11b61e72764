// Statistics and the progress bar: Wilson intervals, histogram summaries, merging tallies across workers, and the
// progress line (games done, games/s, time left) that degrades to plain lines off a terminal.
import { describe, expect, it } from 'vitest';
import { clock, Progress } from '../../src/sim/progress.ts';
import { addGame, emptyTally, histogramSummary, mergeTally, wilson } from '../../src/sim/stats.ts';
import type { GameResult } from '../../src/sim/types.ts';

describe('wilson', () => {
  it('gives the textbook interval and stays inside [0, 1]', () => {
    const e = wilson(50, 100);
    expect(e.p).toBe(0.5);
    expect(e.lo).toBeCloseTo(0.4038, 3);
    expect(e.hi).toBeCloseTo(0.5962, 3);
    const none = wilson(0, 20);
    expect(none.lo).toBe(0);
    expect(none.hi).toBeGreaterThan(0.1);
    expect(wilson(20, 20).hi).toBe(1);
  });
});

describe('tallies', () => {
  const game = (winner: string, rounds: number): GameResult => ({
    winner,
    reason: 'x',
    rounds,
    commands: 10,
    events: 30,
    seats: [
      { role: 'killer', alive: winner === 'killers' },
      { role: 'citizen', alive: true },
    ],
    rules: { 'PAL-TIE-1 runoff': rounds > 3 ? 2 : 0 },
  });

  it('merges like one tally of all games', () => {
    const a = emptyTally();
    const b = emptyTally();
    const all = emptyTally();
    const games = [game('killers', 3), game('citizens', 4), game('citizens', 5), game('killers', 4)];
    games.forEach((g, i) => {
      addGame(i < 2 ? a : b, g);
      addGame(all, g);
    });
    expect(mergeTally(a, b)).toEqual(all);
    expect(all.wins).toEqual({ killers: 2, citizens: 2 });
    expect(all.roles.killer).toEqual({ dealt: 4, survived: 2 });
    expect(all.rules['PAL-TIE-1 runoff']).toEqual({ games: 4, times: 6 });
  });

  it('summarises a histogram of rounds', () => {
    const s = histogramSummary({ 2: 1, 3: 2, 4: 6, 9: 1 });
    expect(s.mean).toBeCloseTo(4.1, 10);
    expect(s.median).toBe(4);
    expect(s.p90).toBe(4);
    expect([s.min, s.max]).toEqual([2, 9]);
  });
});

describe('progress', () => {
  it('formats time left', () => {
    expect(clock(59)).toBe('0:59');
    expect(clock(3725)).toBe('1:02:05');
    expect(clock(Number.POSITIVE_INFINITY)).toBe('--:--');
  });

  it('prints plain lines with games done, rate and ETA when the stream is not a terminal', () => {
    const written: string[] = [];
    const out = { isTTY: false, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
    const p = new Progress(1000, 'games', out);
    p.update(250);
    p.update(260); // throttled: within 5 s of the last line
    p.finish(1000);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/25\.0%\s+250\/1,000 games\s+[\d,]+ games\/s\s+ETA \d+:\d\d\n$/);
    expect(written[1]).toMatch(/100\.0%.*done in \d+:\d\d/);
  });
});
