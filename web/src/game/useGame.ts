// One game as the page holds it: its detail (players, the caller's part, vote count, deadline), the caller's
// channels and legal actions, kept fresh by the WebSocket. A frame only says that something changed; the hook
// refetches what it touches (coalesced), and `tick` tells the open channel views to read on from their cursors.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ActionsReply, ChannelInfo as Channel, GameDetail, ServerFrame } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { syncClock } from '../api/clock.ts';
import { live } from '../api/live.ts';
import { coalesce } from '../ui.tsx';

/** What a game screen reads. */
export interface GameData {
  readonly detail: GameDetail | null;
  readonly channels: readonly Channel[];
  readonly actions: ActionsReply | null;
  readonly error: unknown;
  /** Grows with every batch of live frames: channel views read on when it changes. */
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
export function useGame(id: string, accountName: string | null): GameData {
  const [detail, setDetail] = useState<GameDetail | null>(null);
  const [channels, setChannels] = useState<readonly Channel[]>([]);
  const [actions, setActions] = useState<ActionsReply | null>(null);
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

  const refresh = useMemo(
    () =>
      coalesce(async () => {
        try {
          const d = await api.game(id);
          const [c, a] = await Promise.all([api.channels(id), d.me.role === 'player' ? api.actions(id) : Promise.resolve(null)]);
          setDetail(d);
          setChannels(c.channels);
          setActions(a);
          setError(null);
        } catch (e) {
          setError(e);
        }
      }),
    [id, accountName],
  );

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
          // The channel views read on at once, in parallel with the refetch of the detail.
          for (const l of liveListeners) l(f);
          setTick((n) => n + 1);
          refresh();
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
  }, [id, accountName, refresh]);

  return { detail, channels, actions, error, tick, onLive, refresh };
}
