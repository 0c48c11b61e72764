// One channel (the thread, the inbox, a team channel, a city's thread…) read from the URL the API gave for it:
// the newest page first, older pages on demand, and live frames applied as they come: a post or an announcement
// in this channel is its own line, drawn from the frame; an event that is no line of this channel is skipped; only
// what the frame cannot show (an edit, an inbox line) makes the view read on from the last number read.
// Numbers are the caller's own, the same cursor as the WebSocket's, so nothing is read twice or missed.
import { Component } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChannelInfo as Channel, CommandReply, Item, MessageTablesReply, ServerFrame } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { dateTime, locale, t } from '../i18n/i18n.ts';
import { Rich } from '../markup/Rich.tsx';
import { coalesce, Notice, ReplyView } from '../ui.tsx';
import { blocks, type FrameLine, lineOf, splitPins } from './lines.ts';
import { localText, useTables } from './texts.ts';

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
  variant,
  gameLocale,
  onPosted,
}: {
  readonly channel: Channel;
  /** The game's rulebook and language: messages show in the reader's language where its templates exist. */
  readonly variant: string;
  readonly gameLocale: string;
  /** The caller's version of the game when the view opens (where the newest page ends). */
  readonly version: number;
  /** Registers a call on every live frame (useGame's `onLive`). */
  readonly onLive: (f: (frame: ServerFrame) => void) => () => void;
  readonly zone: string;
  readonly onPosted?: () => void;
}) {
  const [state, setState] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const tables = useTables(variant, gameLocale, locale());
  // The view's truth between renders: frames come faster than renders, so each one reads and writes it directly.
  const ref = useRef<Loaded | null>(null);
  const put = (next: Loaded | null) => {
    ref.current = next;
    setState(next);
  };

  // Reads on from the last number read; while one is wanted or running, frames drawn directly do not move the cursor
  // (the read starts from it and would skip the event that asked for it).
  const reading = useRef(false);
  const missed = useRef(false);
  const update = useRef(
    coalesce(async () => {
      const cur = ref.current;
      if (!cur) {
        // Still loading the first page: read on once it is there.
        missed.current = true;
        reading.current = false;
        return;
      }
      reading.current = true;
      try {
        const r = await readOn(channel.read, cur.upto);
        const now = ref.current!;
        if (r.items.length === 0 && r.upto <= now.upto) return;
        put({ ...now, items: merged(now.items, r.items), upto: Math.max(now.upto, r.upto) });
      } finally {
        reading.current = false;
      }
    }, 20),
  ).current;

  const onFrame = (f: ServerFrame) => {
    const cur = ref.current;
    const got: FrameLine = f.type === 'event' ? lineOf(f, channel) : { kind: 'read' };
    if (got.kind === 'read' || !cur) {
      reading.current = true;
      update();
      return;
    }
    const upto = reading.current ? cur.upto : Math.max(cur.upto, (f as { seq: number }).seq);
    if (got.kind === 'none') {
      if (upto !== cur.upto) ref.current = { ...cur, upto };
      return;
    }
    put({ ...cur, items: merged(cur.items, [got.item]), upto });
  };

  useEffect(() => {
    let cancelled = false;
    put(null);
    (async () => {
      let first = Math.max(0, version - WINDOW);
      let r = await readOn(channel.read, first);
      while (r.items.length < ENOUGH && first > 0) {
        const before = Math.max(0, first - WINDOW * 4);
        const older = await readOn(channel.read, before);
        r = { items: older.items, upto: older.upto };
        first = before;
      }
      if (cancelled) return;
      put({ items: r.items, first, upto: r.upto });
      if (missed.current) {
        missed.current = false;
        update();
      }
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
    const now = ref.current ?? cur;
    put({ ...now, items: [...before, ...now.items], first: from });
  };

  const shown = splitPins(state?.items ?? []);
  return (
    <section class="channel" aria-label={channelName(channel)} data-channel={channel.id}>
      <Notice error={error} />
      {state && state.first > 0 && (
        <button type="button" class="older" onClick={() => void older().catch(setError)}>
          {t('thread.older')}
        </button>
      )}
      {state && state.items.length === 0 && <p class="empty">{t('thread.empty')}</p>}
      {shown.pinned.length > 0 && (
        <ol class="items pinned" aria-label={t('thread.pinned')}>
          {shown.pinned.map((it) => (
            <Line key={it.seq} item={it} zone={zone} tables={tables} gameLocale={gameLocale} />
          ))}
        </ol>
      )}
      <ol class="items" aria-live="polite">
        {blocks(shown.rest).map((b) => (
          <Block key={b[0]!.seq} items={b} zone={zone} tables={tables} gameLocale={gameLocale} />
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

/** The name a channel is shown under. */
export function channelName(c: Channel): string {
  if (c.id === 'main') return t('game.thread');
  if (c.kind === 'inbox') return t('game.inbox');
  if (c.kind === 'team') return t('game.team', { name: c.title });
  return c.title;
}

/**
 * A line that renders again only when its item or zone changes: items are immutable, and a live post would
 * otherwise parse and format every line of the page again (with 50 open pages sharing two cores, that was most of
 * a post's latency).
 */
type LineProps = { readonly item: Item; readonly zone: string; readonly tables: MessageTablesReply | null; readonly gameLocale: string };
class Line extends Component<LineProps> {
  /** The language it was rendered in: a change of language renders every line again. */
  private lang = '';
  override shouldComponentUpdate(next: LineProps): boolean {
    return next.item !== this.props.item || next.zone !== this.props.zone || next.tables !== this.props.tables || locale() !== this.lang;
  }
  override render() {
    this.lang = locale();
    return <ItemView {...this.props} />;
  }
}

type BlockProps = Omit<LineProps, 'item'> & { readonly items: readonly Item[] };
/** A run of lines that renders again only when one of its items (or the zone, tables or language) changed. */
class Block extends Component<BlockProps> {
  private lang = '';
  override shouldComponentUpdate(next: BlockProps): boolean {
    const a = this.props.items;
    const b = next.items;
    return (
      a.length !== b.length || a.some((it, i) => it !== b[i]) || next.zone !== this.props.zone || next.tables !== this.props.tables || locale() !== this.lang
    );
  }
  override render() {
    this.lang = locale();
    const { items, ...rest } = this.props;
    return (
      <>
        {items.map((it) => (
          <Line key={it.seq} item={it} {...rest} />
        ))}
      </>
    );
  }
}

/** Lines whose text a user wrote (shown as written, with its quotes and emphasis). */
const userTextKind = (kind: string) => kind === 'post' || kind === 'edit' || kind === 'chat' || kind === 'sent';

/** One line: a post with its author, an announcement set apart, a private message, a chat line. */
function ItemView({ item, zone, tables, gameLocale }: LineProps) {
  const announcement = item.kind === 'announcement';
  // A game message (announcement, role message, result, refusal) in the reader's language where it can be.
  const shown = userTextKind(item.kind) ? { text: item.text, lang: null } : localText(item, tables, locale());
  const userText = userTextKind(item.kind);
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
        <div class="body plain" dir="auto" lang={shown.lang ?? gameLocale} data-local={shown.lang ? '' : undefined}>
          {shown.text}
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
