// One channel (the thread, the inbox, a team channel, a city's thread…) read from the URL the API gave for it:
// the newest page first, older pages on demand, and on every live tick the items after the last number read.
// Numbers are the caller's own, the same cursor as the WebSocket's, so nothing is read twice or missed.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChannelInfo as Channel, CommandReply, Item, ServerFrame } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { dateTime, t } from '../i18n/i18n.ts';
import { Rich } from '../markup/Rich.tsx';
import { coalesce, Notice, ReplyView } from '../ui.tsx';

/** How many of the caller's events one page looks back over. */
const WINDOW = 120;
/** A first page with fewer items than this looks further back. */
const ENOUGH = 40;

interface Loaded {
  readonly items: Item[];
  /** The `from` of the oldest page loaded (0: the start is loaded). */
  readonly first: number;
  /** The last number read: the next live read starts after it. */
  readonly upto: number;
}

/** Reads every page after `from` up to the end (a live read, or the first load). */
async function readOn(url: string, from: number): Promise<{ items: Item[]; upto: number }> {
  const items: Item[] = [];
  let cursor = from;
  for (let i = 0; i < 50; i++) {
    const p = await api.read(url, cursor, 500);
    items.push(...p.items);
    if (p.next === null) return { items, upto: Math.max(cursor, p.version) };
    cursor = p.next;
  }
  return { items, upto: cursor };
}

/** A channel's items with paging and live arrival, and a box to write in it when the caller may. */
export function ChannelView({
  channel,
  version,
  onLive,
  zone,
  onPosted,
}: {
  readonly channel: Channel;
  /** The caller's version of the game when the view opens (where the newest page ends). */
  readonly version: number;
  /** Registers a call on every live frame (useGame's `onLive`). */
  readonly onLive: (f: (frame: ServerFrame) => void) => () => void;
  readonly zone: string;
  readonly onPosted?: () => void;
}) {
  const [state, setState] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const ref = useRef<Loaded | null>(null);
  ref.current = state;

  const update = useRef(
    coalesce(async () => {
      const cur = ref.current;
      if (!cur) return;
      const r = await readOn(channel.read, cur.upto);
      if (r.items.length === 0 && r.upto === cur.upto) return;
      setState({ ...ref.current!, items: merged(ref.current!.items, r.items), upto: r.upto });
    }),
  ).current;

  // A public post is shown from its frame at once (the read that follows brings the same line, and every other one).
  const onFrame = (f: ServerFrame) => {
    const direct = f.type === 'event' ? postOf(f, channel.id) : null;
    const cur = ref.current;
    if (direct && cur) {
      const next = { ...cur, items: merged(cur.items, [direct]) };
      ref.current = next;
      setState(next);
    }
    update();
  };

  useEffect(() => {
    let cancelled = false;
    setState(null);
    (async () => {
      let first = Math.max(0, version - WINDOW);
      let r = await readOn(channel.read, first);
      while (r.items.length < ENOUGH && first > 0) {
        const before = Math.max(0, first - WINDOW * 4);
        const older = await readOn(channel.read, before);
        r = { items: older.items, upto: older.upto };
        first = before;
      }
      if (!cancelled) setState({ items: r.items, first, upto: r.upto });
    })().catch((e) => !cancelled && setError(e));
    return () => {
      cancelled = true;
    };
  }, [channel.read]);

  useEffect(() => onLive(onFrame), [onLive]);

  const older = async () => {
    const cur = ref.current;
    if (!cur || cur.first === 0) return;
    const from = Math.max(0, cur.first - WINDOW);
    const p = await api.read(channel.read, from, 500);
    const before = p.items.filter((i) => i.seq <= cur.first);
    setState({ ...cur, items: [...before, ...cur.items], first: from });
  };

  return (
    <section class="channel" aria-label={channelName(channel)} data-channel={channel.id}>
      <Notice error={error} />
      {state && state.first > 0 && (
        <button type="button" class="older" onClick={() => void older().catch(setError)}>
          {t('thread.older')}
        </button>
      )}
      {state && state.items.length === 0 && <p class="empty">{t('thread.empty')}</p>}
      <ol class="items" aria-live="polite">
        {state?.items.map((it) => (
          <ItemView key={it.seq} item={it} zone={zone} />
        ))}
      </ol>
      {channel.write && channel.postable && <Composer url={channel.write} name={channelName(channel)} onPosted={onPosted} />}
    </section>
  );
}

/** Items with new ones merged in by number, each once, in order. */
function merged(items: readonly Item[], more: readonly Item[]): Item[] {
  const seen = new Set(items.map((i) => i.seq));
  const add = more.filter((i) => !seen.has(i.seq));
  if (add.length === 0) return [...items];
  const last = items[items.length - 1]?.seq ?? 0;
  const out = [...items, ...add];
  return add.some((i) => i.seq < last) ? out.sort((a, b) => a.seq - b.seq) : out;
}

/** The thread line of a public post's frame in this channel, or null (every other event waits for the read). */
function postOf(f: Extract<ServerFrame, { type: 'event' }>, channel: string): Item | null {
  const e = f.event;
  if (e.type !== 'post.published' || e.audience.kind !== 'public') return null;
  const d = e.data as { postId?: unknown; name?: unknown; text?: unknown; channel?: unknown };
  if (typeof d.text !== 'string' || typeof d.name !== 'string' || (typeof d.channel === 'string' ? d.channel : 'main') !== channel) return null;
  return { seq: f.seq, at: e.at, time: '', kind: 'post', author: d.name, ...(typeof d.postId === 'string' ? { postId: d.postId } : {}), text: d.text };
}

/** The name a channel is shown under. */
export function channelName(c: Channel): string {
  if (c.id === 'main') return t('game.thread');
  if (c.kind === 'inbox') return t('game.inbox');
  if (c.kind === 'team') return t('game.team', { name: c.title });
  return c.title;
}

/** One line: a post with its author, an announcement set apart, a private message, a chat line. */
function ItemView({ item, zone }: { readonly item: Item; readonly zone: string }) {
  const announcement = item.kind === 'announcement';
  const userText = item.kind === 'post' || item.kind === 'edit' || item.kind === 'chat' || item.kind === 'sent';
  return (
    <li class={`item item-${item.kind}`} data-seq={item.seq} data-kind={item.kind}>
      <header>
        {announcement ? <strong class="tag">{t('thread.announcement')}</strong> : item.author && <bdi class="author">{item.author}</bdi>}
        <time dateTime={new Date(item.at).toISOString()} title={item.time}>
          {dateTime(item.at, zone)}
        </time>
      </header>
      {userText ? (
        <Rich text={item.text} />
      ) : (
        <div class="body plain" dir="auto">
          {item.text}
        </div>
      )}
    </li>
  );
}

/** A text box that writes in the channel and shows what the engine read. */
function Composer({ url, name, onPosted }: { readonly url: string; readonly name: string; readonly onPosted?: (() => void) | undefined }) {
  const [text, setText] = useState('');
  const [reply, setReply] = useState<CommandReply | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const id = `compose-${url.replace(/[^a-z0-9]/gi, '-')}`;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      const r = await api.write(url, text);
      setReply(r);
      setError(null);
      setText('');
      onPosted?.();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="composer" onSubmit={submit}>
      <label for={id}>{t('thread.writeTo', { channel: name })}</label>
      <textarea id={id} rows={3} value={text} onInput={(e) => setText(e.currentTarget.value)} maxLength={20000} />
      <button type="submit" disabled={busy}>
        {t('thread.send')}
      </button>
      <Notice error={error} />
      <ReplyView reply={reply} />
    </form>
  );
}
