// What a live frame means for one open channel view: a line drawn from the frame itself (a post or an
// announcement in this channel), nothing (an event that is no line of this channel: a vote, a phase, another
// channel's post), or a read (a line the frame cannot show as the server would: an edit needs its author's name and
// its post's channel, an inbox or team line its own projection). The rules follow the server's projections of a
// channel's items (src/app/views.ts: channelItems, inboxItems, teamItems); a read is always correct, so every
// doubt reads.
import type { ChannelInfo as Channel, EventFrame, Item } from '../../../src/protocol/index.ts';
import { cleanText } from './clean.ts';

/** The meaning of a frame for one channel view. */
export type FrameLine = { readonly kind: 'item'; readonly item: Item } | { readonly kind: 'none' } | { readonly kind: 'read' };

const NONE: FrameLine = { kind: 'none' };
const READ: FrameLine = { kind: 'read' };

/** The channel an event's data names, the main thread when it names none (engine/channels.ts channelOfEvent). */
const channelOf = (data: { readonly channel?: unknown }) => (typeof data.channel === 'string' ? data.channel : 'main');

/** What frame `f` means for the view of `channel`. */
export function lineOf(f: EventFrame, channel: Channel): FrameLine {
  const e = f.event;
  const audience = e.audience as { readonly kind: string; readonly team?: string };
  // The inbox holds only what was addressed to the viewer (or the moderators); a team channel only its team's events.
  if (channel.kind === 'inbox') return audience.kind === 'public' ? NONE : READ;
  if (channel.kind === 'team') return audience.kind === 'team' ? READ : NONE;
  const main = channel.id === 'main';
  // The main thread holds public events only; another channel what names it (the frame is one the viewer may see).
  const here = (data: { readonly channel?: unknown }) => channelOf(data) === channel.id && (!main || audience.kind === 'public');
  const data = (e.data ?? {}) as Record<string, unknown>;
  if (e.type === 'post.published') {
    if (!here(data)) return NONE;
    if (typeof data.text !== 'string' || typeof data.name !== 'string') return READ;
    const postId = typeof data.postId === 'string' ? { postId: data.postId } : {};
    return { kind: 'item', item: { seq: f.seq, at: e.at, time: '', kind: 'post', author: cleanText(data.name), ...postId, text: cleanText(data.text) } };
  }
  if (e.type === 'message') {
    if (!here(data)) return NONE;
    const parts = Array.isArray(data.parts) ? (data.parts as NonNullable<Item['parts']>) : undefined;
    if (f.text === undefined || !parts) return READ;
    const code = typeof parts[0]?.key === 'string' ? { code: parts[0].key } : {};
    const pin = typeof data.pin === 'string' ? { pin: data.pin } : {};
    return {
      kind: 'item',
      item: { seq: f.seq, at: e.at, time: '', kind: 'announcement', author: 'moderator', ...code, text: cleanText(f.text), parts, ...pin },
    };
  }
  // An edit is public and belongs where its post is, which only the server's read knows.
  if (e.type === 'post.edited') return audience.kind === 'public' ? READ : NONE;
  return NONE;
}

/**
 * A line drawn from a frame with its post number: the one after the last numbered line shown (a channel's lines
 * arrive in order, each once). With no numbered line to follow (an empty view, an unnumbered channel), a read: the
 * server numbers it.
 */
export function numberedAfter(line: FrameLine, items: readonly Item[]): FrameLine {
  if (line.kind !== 'item') return line;
  for (let i = items.length - 1; i >= 0; i--) {
    const n = items[i]!.n;
    if (n !== undefined) return items[i]!.seq < line.item.seq ? { kind: 'item', item: { ...line.item, n: n + 1 } } : READ;
  }
  return READ;
}

/**
 * A channel's items split as a forum shows them: the latest item of each pinned slot (a status list, a city's tally:
 * the protocol's `pin`) above the thread, the earlier ones of a slot left out (a later one replaces them, like an
 * edited pinned post), and every other item in order.
 */
export function splitPins(items: readonly Item[]): { readonly pinned: Item[]; readonly rest: Item[] } {
  const latest = new Map<string, Item>();
  for (const i of items) if (i.pin !== undefined) latest.set(i.pin, i);
  return { pinned: [...latest.values()].sort((a, b) => a.seq - b.seq), rest: items.filter((i) => i.pin === undefined) };
}

/** How many lines one block of a thread holds: a live line re-renders the last block only, not every line shown. */
export const BLOCK = 16;

/**
 * The lines cut into blocks from the first one loaded, so a line appended at the end changes the last block only
 * (or opens a new one) and every earlier block holds the same items in the same places; loading older posts cuts
 * anew, which renders the page once.
 */
export function blocks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BLOCK) out.push(items.slice(i, i + BLOCK));
  return out;
}
