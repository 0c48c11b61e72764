// What a live frame means for an open channel view (web/src/game/lines.ts): a line drawn from the frame exactly as
// the server's read would give it, nothing for an event that is no line of the channel, or a read when only the
// server can tell.
import { describe, expect, it } from 'vitest';
import type { ChannelInfo, EventFrame } from '../../src/protocol/index.ts';
import { BLOCK, blocks, lineOf, numberedAfter, splitPins } from '../../web/src/game/lines.ts';

const channel = (id: string, kind: ChannelInfo['kind'] = 'public'): ChannelInfo => ({
  id,
  kind,
  title: id,
  readable: true,
  postable: true,
  read: `/r/${id}`,
  write: null,
});
const frame = (type: string, data: unknown, audience: unknown = { kind: 'public' }, text?: string): EventFrame =>
  ({ type: 'event', game: 'g', seq: 7, event: { type, at: 1000, audience, data }, ...(text !== undefined ? { text } : {}) }) as EventFrame;

describe('live frames in a channel view', () => {
  it('numbers a line drawn from a frame after the last numbered line shown; with none to follow, reads (issue 26)', () => {
    const line = lineOf(frame('post.published', { postId: 'p9', name: 'Anna', text: 'hi' }), channel('main'));
    const item = (seq: number, n?: number) => ({ seq, at: 0, time: '', kind: n === undefined ? 'edit' : 'post', text: '', ...(n !== undefined ? { n } : {}) });
    // An edit after the last post carries no number: the post before it does.
    expect(numberedAfter(line, [item(3, 11), item(5)])).toMatchObject({ kind: 'item', item: { seq: 7, n: 12 } });
    expect(numberedAfter(line, [item(5)])).toEqual({ kind: 'read' });
    expect(numberedAfter(line, [])).toEqual({ kind: 'read' });
    // A frame already behind the lines shown is not guessed at.
    expect(numberedAfter(line, [item(8, 4)])).toEqual({ kind: 'read' });
    expect(numberedAfter({ kind: 'none' }, [item(3, 1)])).toEqual({ kind: 'none' });
  });

  it('draws a public post of the main thread as its line, cleaned as the server cleans items', () => {
    const got = lineOf(frame('post.published', { postId: 'p1', name: 'Anna', text: 'a\r\nb \u202eevil' }), channel('main'));
    expect(got).toEqual({ kind: 'item', item: { seq: 7, at: 1000, time: '', kind: 'post', author: 'Anna', postId: 'p1', text: 'a\nb \u202eevil\u202c' } });
  });

  it('skips what is no line of the channel, and draws a city thread’s own posts', () => {
    expect(lineOf(frame('post.published', { postId: 'p', name: 'A', text: 't', channel: 'city-1' }), channel('main'))).toEqual({ kind: 'none' });
    expect(lineOf(frame('post.published', { postId: 'p', name: 'A', text: 't' }), channel('city-1'))).toEqual({ kind: 'none' });
    expect(lineOf(frame('post.published', { postId: 'p', name: 'A', text: 't', channel: 'city-1' }), channel('city-1')).kind).toBe('item');
    // The main thread holds public events only.
    expect(lineOf(frame('post.published', { postId: 'p', name: 'A', text: 't' }, { kind: 'players', ids: ['x'] }), channel('main'))).toEqual({ kind: 'none' });
    expect(lineOf(frame('vote.cast', { voter: 'a', target: 'b' }), channel('main'))).toEqual({ kind: 'none' });
  });

  it('draws an announcement from the frame’s rendered text, and reads when there is none', () => {
    const parts = [{ key: 'MSG-KILL', params: { r: 2 } }];
    expect(lineOf(frame('message', { parts }, { kind: 'public' }, 'Round 2'), channel('main'))).toEqual({
      kind: 'item',
      item: { seq: 7, at: 1000, time: '', kind: 'announcement', author: 'moderator', code: 'MSG-KILL', text: 'Round 2', parts },
    });
    expect(lineOf(frame('message', { parts }), channel('main'))).toEqual({ kind: 'read' });
  });

  it('reads for an edit, an inbox line and a team line, which only the server projects', () => {
    expect(lineOf(frame('post.edited', { postId: 'p', author: 'a', text: 't' }), channel('main'))).toEqual({ kind: 'read' });
    expect(lineOf(frame('message', { parts: [] }, { kind: 'players', ids: ['me'] }), channel('inbox', 'inbox'))).toEqual({ kind: 'read' });
    expect(lineOf(frame('post.published', { postId: 'p', name: 'A', text: 't' }), channel('inbox', 'inbox'))).toEqual({ kind: 'none' });
    expect(lineOf(frame('team.chat', { name: 'A', text: 't' }, { kind: 'team', team: 'killers' }), channel('team:killers', 'team'))).toEqual({ kind: 'read' });
    expect(lineOf(frame('post.published', { postId: 'p', name: 'A', text: 't' }), channel('team:killers', 'team'))).toEqual({ kind: 'none' });
  });

  it('keeps a pinned announcement’s slot, and shows only the latest of each slot above the thread (CIT-ANN-1, CIT-VOTE-6)', () => {
    const parts = [{ key: 'T-TALLY', params: {} }];
    const got = lineOf(frame('message', { parts, channel: 'city-1', pin: 'tally:1' }, { kind: 'public' }, 'Tally'), channel('city-1'));
    expect(got.kind === 'item' && got.item.pin).toBe('tally:1');
    const item = (seq: number, pin?: string) => ({
      seq,
      at: seq,
      time: '',
      kind: 'announcement' as const,
      author: 'moderator',
      text: `#${seq}`,
      ...(pin ? { pin } : {}),
    });
    const { pinned, rest } = splitPins([item(1, 'status'), item(2), item(3, 'tally:1'), item(4, 'status'), item(5)]);
    expect(pinned.map((i) => i.seq)).toEqual([3, 4]);
    expect(rest.map((i) => i.seq)).toEqual([2, 5]);
  });

  it('cuts a thread into blocks so that an appended line leaves every earlier block as it was', () => {
    const items = Array.from({ length: 3 * BLOCK + 2 }, (_, i) => ({ seq: i + 1 }));
    const before = blocks(items);
    const after = blocks([...items, { seq: items.length + 1 }]);
    expect(before.map((b) => b.length)).toEqual([BLOCK, BLOCK, BLOCK, 2]);
    expect(after.map((b) => b.length)).toEqual([BLOCK, BLOCK, BLOCK, 3]);
    // The earlier blocks hold the very same items (a block renders again only when one of them differs).
    for (let i = 0; i < 3; i++) expect(after[i]!.every((it, j) => it === before[i]![j])).toBe(true);
    expect(after.flat()).toEqual([...items, { seq: items.length + 1 }]);
    expect(blocks([])).toEqual([]);
  });
});
