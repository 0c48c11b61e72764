// Commit notices of a shared store (issue 16): the payload carries the commit's events when they fit (so a
// follower folds them without a read), and HeardEvents hands a game's queue only the events that follow its
// version without a gap.
import { describe, expect, it } from 'vitest';
import { HeardEvents } from '../../src/app/heard-events.ts';
import type { GameEvent } from '../../src/core/types.ts';
import { noticePayload, parseNotice } from '../../src/store/postgres.ts';

const ev = (i: number, extra: Record<string, unknown> = {}): GameEvent => ({
  type: 'post.published',
  at: 1000 + i,
  audience: { kind: 'public' },
  data: { i, ...extra },
});

describe('commit notice payload', () => {
  it('carries the events as a read would give them (data absent reads as null)', () => {
    const bare: GameEvent = { type: 'x', at: 5, audience: { kind: 'public' }, data: undefined };
    const events = [ev(1, { text: 'é "quoted"\nline' }), bare];
    const n = parseNotice(noticePayload('g1', 7, events));
    expect(n).toEqual({ streamId: 'g1', version: 7, events: [events[0], { ...events[1], data: null }] });
  });

  it('names only the stream and version when the events would pass the 8000-byte limit', () => {
    const big = [ev(1, { text: 'x'.repeat(8000) })];
    const p = noticePayload('g1', 3, big);
    expect(p).toBe('3 g1');
    expect(parseNotice(p)).toEqual({ streamId: 'g1', version: 3 });
  });

  it('reads a bare notice of the earlier format and ignores what is not a notice', () => {
    expect(parseNotice('12 abc')).toEqual({ streamId: 'abc', version: 12 });
    expect(parseNotice('12 abc\n{broken')).toEqual({ streamId: 'abc', version: 12 });
    expect(parseNotice('twelve abc')).toBeUndefined();
    expect(parseNotice('')).toBeUndefined();
  });
});

describe('HeardEvents', () => {
  it('hands out the runs that follow the version without a gap, and keeps a later run until the gap is filled', () => {
    const h = new HeardEvents();
    h.note({ streamId: 'g', version: 12, events: [ev(11), ev(12)] });
    h.note({ streamId: 'g', version: 15, events: [ev(15)] });
    expect(h.latest('g')).toBe(15);
    expect(h.take('g', 10).map((e) => [e.seq, (e.event.data as { i: number }).i])).toEqual([
      [11, 11],
      [12, 12],
    ]);
    // 13–14 were never heard: nothing follows 12 until they are read; the run at 15 is kept.
    expect(h.take('g', 12)).toEqual([]);
    expect(h.take('g', 14).map((e) => e.seq)).toEqual([15]);
    expect(h.latest('g')).toBeUndefined();
  });

  it('forgets runs the game has passed and keeps the version of a notice without events', () => {
    const h = new HeardEvents();
    h.note({ streamId: 'g', version: 3, events: [ev(3)] });
    h.note({ streamId: 'g', version: 9 });
    expect(h.take('g', 5)).toEqual([]);
    expect(h.latest('g')).toBe(9);
    expect(h.take('g', 9)).toEqual([]);
    expect(h.latest('g')).toBeUndefined();
    expect(h.take('other', 0)).toEqual([]);
  });
});
