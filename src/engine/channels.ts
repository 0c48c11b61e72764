// Channels: the places a game's posts and announcements appear in. A game has its main thread and, where a
// rulebook declares them, more public threads (one per city) and private group channels (a family, a court, an
// inbox opened for a request) with their own readers and writers. A rulebook declares its channels from its state
// (Variant.channels); the engine, the views and the API read access through the functions here, so every rulebook
// gets the same rules: a public channel is read by everyone, a private one by its readers and the moderator, and
// only a channel's current writers may post in it.
import type { Audience, Message, PlayerId, Viewer } from '../core/types.ts';
import { PUBLIC } from '../core/types.ts';
import type { Builder } from './builder.ts';
import type { GameState } from './state.ts';
import type { Variant } from './variant.ts';

/** The id of every game's main thread (posts and announcements without a channel belong to it). */
export const MAIN_CHANNEL = 'main';

/** A channel as a rulebook declares it for the current state. */
export interface ChannelDef {
  /** Stable within the game: the key of views, posts and legal actions. */
  readonly id: string;
  /** Public channels are read by everyone (spectators too); private ones by their readers and the moderator. */
  readonly kind: 'public' | 'private';
  /** The channel's title, a message of the rulebook. */
  readonly title: Message;
  /** Its name on a tab, where the title says more than a tab needs (a city's thread: «Город 1», not «1: Город 1»). */
  readonly tab?: Message;
  /** Who reads a private channel now (its members past and present keep what was addressed to them). */
  readonly readers: readonly PlayerId[];
  /** Who may post in it now. */
  readonly writers: readonly PlayerId[];
}

/** What one viewer may do with one channel. */
export interface ChannelAccess {
  readonly id: string;
  readonly kind: 'public' | 'private';
  readonly title: Message;
  readonly tab?: Message;
  readonly readable: boolean;
  readonly postable: boolean;
}

/** The main thread of a rulebook that declares no channels: everyone reads it, the players in the game post there. */
function mainOnly<V>(s: GameState<V>): ChannelDef[] {
  const alive = s.order.filter((id) => s.players[id]?.status === 'alive');
  return [{ id: MAIN_CHANNEL, kind: 'public', title: { key: 'MSG-CHANNEL-MAIN' }, readers: [], writers: alive }];
}

/** The channels of a game now: the rulebook's declaration, else the main thread alone. */
export function channelsOf<V>(variant: Variant<V>, s: GameState<V>): readonly ChannelDef[] {
  return variant.channels?.(s) ?? mainOnly(s);
}

/** One channel of a game by id, if it exists now. */
export function channelById<V>(variant: Variant<V>, s: GameState<V>, id: string): ChannelDef | undefined {
  return channelsOf(variant, s).find((c) => c.id === id);
}

/** True when the viewer may read the channel (the moderator reads every channel). */
export function canRead(c: ChannelDef, viewer: Viewer): boolean {
  if (c.kind === 'public' || viewer.kind === 'moderator') return true;
  return viewer.kind === 'player' && c.readers.includes(viewer.id);
}

/**
 * The channels a viewer may know of, with what he may do there: every public channel, and the private channels he
 * reads. A private channel he does not read is left out, so the list tells nobody which groups exist.
 */
export function channelAccess(channels: readonly ChannelDef[], viewer: Viewer): ChannelAccess[] {
  return channels
    .filter((c) => canRead(c, viewer))
    .map((c) => ({
      id: c.id,
      kind: c.kind,
      title: c.title,
      ...(c.tab ? { tab: c.tab } : {}),
      readable: true,
      postable: viewer.kind === 'player' && c.writers.includes(viewer.id),
    }));
}

/** Who an event in the channel is for: everyone, or its readers as they are now (frozen in the event). */
export function channelAudience(c: ChannelDef): Audience {
  return c.kind === 'public' ? PUBLIC : { kind: 'team', team: c.id, ids: [...c.readers] };
}

/** The channel an event of type `post.published` or `message` belongs to (the main thread when it names none). */
export function channelOfEvent(data: { readonly channel?: string }): string {
  return data.channel ?? MAIN_CHANNEL;
}

/** Posts an announcement (several message parts) in a channel. */
export function announceIn<V, M>(b: Builder<V, M, string>, c: ChannelDef, ...parts: Message[]): void {
  if (parts.length === 0) return;
  b.emit('message', c.id === MAIN_CHANNEL ? { parts } : { parts, channel: c.id }, channelAudience(c));
}

/** Publishes a player's post in a channel; returns its id. */
export function publishIn<V, M>(b: Builder<V, M, string>, c: ChannelDef, author: PlayerId, text: string, postId?: string): string {
  const id = postId ?? `post${b.state.posts + 1}`;
  const name = b.state.players[author]?.name ?? author;
  const data = c.id === MAIN_CHANNEL ? { postId: id, author, name, text } : { postId: id, author, name, text, channel: c.id };
  b.emit('post.published', data, channelAudience(c));
  return id;
}
