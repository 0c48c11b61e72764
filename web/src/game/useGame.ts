// One game as the page holds it: its detail (players, the caller's part, vote count, deadline), the caller's
// channels and legal actions, kept fresh by the WebSocket. The open channel view applies each frame itself (a post
// or announcement is its own line); the hook re-reads the detail, channels and actions only after an event that can
// change them (not after a plain post or edit), debounced and coalesced: one refresh in flight per page and one
// after it. With 50 open pages, re-reading everything on every post cost 200 requests per post and swamped the
// server and the browsers (bench/web.ts measured a p99 of 41 s).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ActionsReply, ChannelInfo as Channel, ChannelReading, GameDetail, ReadingReply, ServerFrame } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { syncClock } from '../api/clock.ts';
import { live } from '../api/live.ts';
import { locale, onLocale } from '../i18n/i18n.ts';
import { coalesce } from '../ui.tsx';

/** What a game screen reads. */
export interface GameData {
  readonly detail: GameDetail | null;
  readonly channels: readonly Channel[];
  readonly actions: ActionsReply | null;
  /** Where the caller stopped reading each channel (null: not logged in). */
  readonly reading: ReadingReply | null;
  /** Takes a channel's reading the server answered after a mark (its tab's unread count follows). */
  readonly onRead: (r: ChannelReading) => void;
  readonly error: unknown;
  /** Grows after every refresh an event caused (not after a plain post): the timeline re-reads when it changes. */
  readonly tick: number;
  /**
   * Calls `f` on every live frame, before any re-render: the channel views read on from there directly, since an
   * effect waits for the next paint, which a browser throttles in a background tab.
   */
  readonly onLive: (f: (frame: ServerFrame) => void) => () => void;
  /** Refetches the detail, channels and actions now (after the caller's own command; his views follow its frames). */
  readonly refresh: () => void;
}

/** Loads a game and follows it live. */
/** Events that only add or change thread lines: the detail, channels, actions and timeline stay as they were. */
const LINES_ONLY: ReadonlySet<string> = new Set(['post.published', 'post.edited']);

/** How long a live refresh waits for the other frames of the same commit (a vote is a post and a vote.cast). */
const LIVE_DELAY_MS = 40;

/** True when a frame may change more than a channel's lines (any event but a post or an edit, a (re)subscription). */
export function changesState(f: ServerFrame): boolean {
  if (f.type === 'event') return !LINES_ONLY.has(f.event.type);
  return f.type === 'subscribed' || f.type === 'renumbered';
}

export function useGame(id: string, accountName: string | null): GameData {
  const [detail, setDetail] = useState<GameDetail | null>(null);
  const [channels, setChannels] = useState<readonly Channel[]>([]);
  const [actions, setActions] = useState<ActionsReply | null>(null);
  const [reading, setReading] = useState<ReadingReply | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const liveListeners = useRef(new Set<(frame: ServerFrame) => void>()).current;
  const onLive = useMemo(
    () => (f: (frame: ServerFrame) => void) => {
      liveListeners.add(f);
      return () => liveListeners.delete(f);
    },
    [],
  );

  const { refresh, later } = useMemo(() => {
    const load = async () => {
      try {
        const d = await api.game(id);
        const [c, a, r] = await Promise.all([
          api.channels(id, locale()),
          d.me.role === 'player' ? api.actions(id) : Promise.resolve(null),
          accountName !== null ? api.reading(id) : Promise.resolve(null),
        ]);
        setDetail(d);
        setChannels(c.channels);
        setActions(a);
        setReading(r);
        setError(null);
        setTick((n) => n + 1);
      } catch (e) {
        setError(e);
      }
    };
    return { refresh: coalesce(load), later: coalesce(load, LIVE_DELAY_MS) };
  }, [id, accountName]);
  // The channels' titles are read in the interface language: a change of language reads them again.
  useEffect(() => onLocale(refresh), [refresh]);

  useEffect(() => {
    setDetail(null);
    refresh();
    // Subscribed from the caller's version now: the views load their pages themselves, the socket only wakes them.
    let unfollow: (() => void) | undefined;
    let cancelled = false;
    void api
      .game(id)
      .then((d) => {
        if (cancelled) return;
        unfollow = live.follow(id, d.version, (f) => {
          if (f.type !== 'event' && f.type !== 'subscribed' && f.type !== 'renumbered') return;
          // The channel views apply the frame at once; the detail is re-read only when the event can change it.
          for (const l of liveListeners) l(f);
          if (changesState(f)) later();
        });
      })
      .catch(setError);
    const offStatus = live.onStatus((up) => {
      if (up) void syncClock().catch(() => undefined);
    });
    return () => {
      cancelled = true;
      unfollow?.();
      offStatus();
    };
  }, [id, accountName, refresh, later]);

  const onRead = useMemo(
    () => (r: ChannelReading) => setReading((cur) => (cur ? { channels: cur.channels.map((c) => (c.channel === r.channel ? r : c)) } : cur)),
    [],
  );

  return { detail, channels, actions, reading, onRead, error, tick, onLive, refresh };
}
