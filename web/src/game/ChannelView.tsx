// One channel (the thread, the inbox, a team channel, a city's thread…) read from the URL the API gave for it:
// the newest page first, older pages on demand, and live frames applied as they come: a post or an announcement
// in this channel is its own line, drawn from the frame; an event that is no line of this channel is skipped; only
// what the frame cannot show (an edit, an inbox line) makes the view read on from the last number read.
// Numbers are the caller's own, the same cursor as the WebSocket's, so nothing is read twice or missed.
// As a forum reader expects (issue 26): each post shows its number and permalink and can be quoted into the composer;
// the view opens at a permalink's post, else at the first post the reader has not read (his marker is the server's,
// so every device agrees), marks where the unread posts begin, and moves the marker as posts come into view.
import { Component } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { quoteOf } from '../../../src/core/post-refs.ts';
import type { ChannelInfo as Channel, ChannelReading, CommandReply, Item, MessageTablesReply, ServerFrame } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { dateTime, locale, t } from '../i18n/i18n.ts';
import { type PostLinks, PostLinksContext, Rich } from '../markup/Rich.tsx';
import { playerHref, postHref } from '../route.ts';
import { coalesce, Notice, ReplyView } from '../ui.tsx';
import { blocks, type FrameLine, lineOf, numberedAfter, splitPins } from './lines.ts';
import { localText, useTables } from './texts.ts';

/** How many of the caller's events one page looks back over. */
const WINDOW = 120;
/** A first page with fewer items than this looks further back. */
const ENOUGH = 40;
/** How many of the caller's events a view opened at a post (a permalink, the first unread) shows before it. */
const BEFORE = 12;
/**
 * The longest backlog (the caller's events after his first unread post) a view opens at: the view reads everything
 * from where it opens, so a reader further behind (or on his first visit) opens at the newest page as before and
 * jumps back with the button.
 */
const BACKLOG = 1500;
/** How long the view gathers posts coming into view before it moves the reader's marker. */
const MARK_DELAY_MS = 500;

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
  name,
  nameLang,
  onPosted,
  gameId,
  tab,
  names = [],
  post,
  reading: marker,
  onRead,
}: {
  readonly channel: Channel;
  /** The game's rulebook and language: messages show in the reader's language where its templates exist. */
  readonly variant: string;
  readonly gameLocale: string;
  /** The channel's name as its tab shows it (a team by the rulebook's name), when the caller has one. */
  readonly name?: string | undefined;
  /** The language of that name when it is the rulebook's, not the interface's. */
  readonly nameLang?: string | undefined;
  /** The caller's version of the game when the view opens (where the newest page ends). */
  readonly version: number;
  /** Registers a call on every live frame (useGame's `onLive`). */
  readonly onLive: (f: (frame: ServerFrame) => void) => () => void;
  readonly zone: string;
  readonly onPosted?: () => void;
  readonly gameId: string;
  /** The tab the channel is shown in (its permalinks name it). */
  readonly tab: string;
  /** The game's player names (mentions of them link to them). */
  readonly names?: readonly string[];
  /** A post to open at (a permalink). */
  readonly post?: number | undefined;
  /** Where the reader stopped reading this channel (undefined: not logged in, or a channel without numbers). */
  readonly reading?: ChannelReading | undefined;
  /** Hears the reading after the view moved the marker. */
  readonly onRead?: ((r: ChannelReading) => void) | undefined;
}) {
  const [state, setState] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const tables = useTables(variant, gameLocale, locale());
  // Where the unread posts began when the view opened (they keep their mark while it stays open).
  const [unreadFrom] = useState(() => (marker && marker.unread > 0 ? marker.last + 1 : Number.POSITIVE_INFINITY));
  const [target, setTarget] = useState<number | undefined>(post);
  const section = useRef<HTMLElement>(null);
  const sectionId = `channel-${channel.id.replace(/[^a-z0-9-]/gi, '-')}`;
  const composer = useRef<((text: string) => void) | null>(null);
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
    // A line drawn from a frame takes the number after the last one shown; without one to follow, the server numbers it.
    const got: FrameLine = f.type === 'event' && cur ? numberedAfter(lineOf(f, channel), cur.items) : { kind: 'read' };
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

  // Opens at the permalink's post, else at the first unread post of a reader who has read here before, else at the
  // newest page.
  const [opening] = useState(() => {
    if (post !== undefined) return api.post(gameId, channel.id, post).catch(() => null);
    const back = marker?.firstUnread;
    return Promise.resolve(back && marker.last > 0 && back.seq >= version - BACKLOG ? back : null);
  });
  useEffect(() => {
    let cancelled = false;
    put(null);
    opening
      .then(async (where) => {
        let first = where ? Math.max(0, where.seq - 1 - BEFORE) : Math.max(0, version - WINDOW);
        let r = await readOn(channel.read, first);
        while (!where && r.items.length < ENOUGH && first > 0) {
          const before = Math.max(0, first - WINDOW * 4);
          const older = await readOn(channel.read, before);
          r = { items: older.items, upto: older.upto };
          first = before;
        }
        if (cancelled) return;
        put({ items: r.items, first, upto: r.upto });
        // The first unread post is shown when the page holds it (a first visit to a short thread: post 1).
        const at = where?.n ?? (r.items.some((i) => i.n === unreadFrom) ? unreadFrom : undefined);
        if (at !== undefined) requestAnimationFrame(() => show(at, post !== undefined && at === post));
        if (missed.current) {
          missed.current = false;
          update();
        }
      })
      .catch((e) => !cancelled && setError(e));
    return () => {
      cancelled = true;
    };
  }, [channel.read]);

  // A permalink to another post of the open channel: shown at once when loaded, else the view opens there.
  useEffect(() => {
    if (post === undefined || post === target) return;
    setTarget(post);
    if (ref.current?.items.some((i) => i.n === post)) show(post, true);
    else void openAt(post);
  }, [post]);

  /** Scrolls post `n` into view; a permalink's post is marked as the one linked to. */
  function show(n: number, linked: boolean): void {
    const el = section.current?.querySelector<HTMLElement>(`li[data-n="${n}"]`);
    if (!el) return;
    for (const x of section.current!.querySelectorAll('.item.linked')) x.classList.remove('linked');
    if (linked) el.classList.add('linked');
    el.scrollIntoView({ block: 'start' });
  }

  /** Reloads the view from just before post `n` (a permalink to a post not loaded; the first unread one). */
  async function openAt(n: number, linked = true): Promise<void> {
    const where = await api.post(gameId, channel.id, n).catch((e: unknown) => {
      setError(e);
      return null;
    });
    if (!where) return;
    const first = Math.max(0, where.seq - 1 - BEFORE);
    const r = await readOn(channel.read, first);
    put({ items: r.items, first, upto: r.upto });
    requestAnimationFrame(() => show(n, linked));
  }

  useEffect(() => onLive(onFrame), [onLive]);

  // The reader's marker follows the posts that come into view (half a post, or half the screen of a long one).
  const seen = useRef(marker?.last ?? 0);
  const sent = useRef(marker?.last ?? 0);
  const mark = useRef(
    coalesce(async () => {
      const n = seen.current;
      if (n <= sent.current) return;
      sent.current = n;
      onRead?.(await api.markRead(gameId, channel.id, n));
    }, MARK_DELAY_MS),
  ).current;
  const observer = useMemo(() => {
    if (marker === undefined || typeof IntersectionObserver === 'undefined') return null;
    return new IntersectionObserver(
      (entries, io) => {
        for (const e of entries) {
          const n = Number(e.target.getAttribute('data-n'));
          if (e.isIntersecting && (e.intersectionRatio >= 0.5 || e.intersectionRect.height >= innerHeight / 2) && n > seen.current) seen.current = n;
          // A line read (or behind one read) needs no more watching: the browser checks every watched line each frame.
          if (n <= seen.current) io.unobserve(e.target);
        }
        if (seen.current > sent.current) mark();
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
  }, [channel.read]);
  useEffect(() => () => observer?.disconnect(), [observer]);
  // Each numbered line registers itself as it mounts (a scan of the page per render cost every open page a
  // style recalculation per live post).
  const watch = useMemo(
    () => (el: Element, on: boolean) => {
      // A line already read is not watched.
      if (on && Number(el.getAttribute('data-n')) > seen.current) observer?.observe(el);
      else if (!on) observer?.unobserve(el);
    },
    [observer],
  );

  /** Puts a quote of the item into the composer. */
  const quote = useMemo(
    () => (item: Item, text: string) => {
      composer.current?.(quoteOf(item.kind === 'announcement' ? t('thread.announcement') : (item.author ?? ''), item.n, text));
    },
    [],
  );
  const links = useMemo<PostLinks>(
    () => ({ names, player: (name) => playerHref(gameId, name), post: (n) => postHref(gameId, tab, n) }),
    [names.join('\u0000'), gameId, tab],
  );
  const actions = useMemo<LineActions>(
    () => ({ quote: channel.write && channel.postable ? quote : undefined, permalink: (n) => postHref(gameId, tab, n), unreadFrom, watch }),
    [channel.write, channel.postable, gameId, tab, unreadFrom, watch],
  );

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
  // The jump is offered while the view holds posts past the marker it opened with (its text stays the same as posts
  // come: a live post changes nothing above the thread).
  const last = state?.items.findLast((i) => i.n !== undefined)?.n;
  const unread = Number.isFinite(unreadFrom) && last !== undefined && last >= unreadFrom;
  const jump = () => {
    if (ref.current?.items.some((i) => i.n === unreadFrom)) show(unreadFrom, false);
    else void openAt(unreadFrom, false);
  };
  return (
    <PostLinksContext.Provider value={links}>
      <section class="channel" aria-labelledby={`${sectionId}-name`} data-channel={channel.id} ref={section}>
        <h2 class="visually-hidden" id={`${sectionId}-name`} lang={nameLang}>
          {name ?? channelName(channel)}
        </h2>
        <Notice error={error} />
        {state && state.first > 0 && (
          <button type="button" class="older" onClick={() => void older().catch(setError)}>
            {t('thread.older')}
          </button>
        )}
        {unread && (
          <button type="button" class="jump-unread" onClick={jump}>
            {t('thread.jumpUnread', { n: unreadFrom })}
          </button>
        )}
        {channel.write && channel.postable && (
          <button type="button" class="to-composer" onClick={() => composer.current?.('')}>
            {t('thread.write')}
          </button>
        )}
        {state && state.items.length === 0 && <p class="empty">{t('thread.empty')}</p>}
        {shown.pinned.length > 0 && (
          <ol class="items pinned" aria-label={t('thread.pinned')}>
            {shown.pinned.map((it) => (
              <Line key={it.seq} item={it} zone={zone} tables={tables} gameLocale={gameLocale} actions={actions} />
            ))}
          </ol>
        )}
        <ol class="items" aria-live="polite">
          {blocks(shown.rest).map((b) => (
            <Block key={b[0]!.seq} items={b} zone={zone} tables={tables} gameLocale={gameLocale} actions={actions} />
          ))}
        </ol>
        {channel.write && channel.postable && (
          <Composer url={channel.write} name={name ?? channelName(channel)} nameLang={nameLang} onPosted={onPosted} insert={composer} />
        )}
      </section>
    </PostLinksContext.Provider>
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
  return c.tab ?? c.title;
}

/**
 * A line that renders again only when its item or zone changes: items are immutable, and a live post would
 * otherwise parse and format every line of the page again (with 50 open pages sharing two cores, that was most of
 * a post's latency).
 */
/** What a line offers besides its text: quoting it (where the reader may write), its permalink, the unread mark. */
interface LineActions {
  readonly quote: ((item: Item, text: string) => void) | undefined;
  readonly permalink: (n: number) => string;
  /** The first post unread when the view opened (posts from it on are marked new). */
  readonly unreadFrom: number;
  /** Starts (or stops) watching a numbered line come into view, to move the reader's marker. */
  readonly watch: (el: Element, on: boolean) => void;
}

type LineProps = {
  readonly item: Item;
  readonly zone: string;
  readonly tables: MessageTablesReply | null;
  readonly gameLocale: string;
  readonly actions: LineActions;
};
class Line extends Component<LineProps> {
  /** The language it was rendered in: a change of language renders every line again. */
  private lang = '';
  override shouldComponentUpdate(next: LineProps): boolean {
    return (
      next.item !== this.props.item ||
      next.zone !== this.props.zone ||
      next.tables !== this.props.tables ||
      next.actions !== this.props.actions ||
      locale() !== this.lang
    );
  }
  /** The line's element, watched while it is mounted (a stable function: called at mount and unmount only). */
  private el: Element | null = null;
  private readonly track = (el: Element | null) => {
    if (this.props.item.n === undefined) return;
    if (el) this.props.actions.watch(el, true);
    else if (this.el) this.props.actions.watch(this.el, false);
    this.el = el;
  };
  override render() {
    this.lang = locale();
    return <ItemView {...this.props} track={this.track} />;
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
      a.length !== b.length ||
      a.some((it, i) => it !== b[i]) ||
      next.zone !== this.props.zone ||
      next.tables !== this.props.tables ||
      next.actions !== this.props.actions ||
      locale() !== this.lang
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
function ItemView({ item, zone, tables, gameLocale, actions, track }: LineProps & { readonly track: (el: Element | null) => void }) {
  const announcement = item.kind === 'announcement';
  // A game message (announcement, role message, result, refusal) in the reader's language where it can be.
  const shown = userTextKind(item.kind) ? { text: item.text, lang: null } : localText(item, tables, locale());
  const userText = userTextKind(item.kind);
  const n = item.n;
  const unread = n !== undefined && n >= actions.unreadFrom;
  const quote = actions.quote;
  return (
    <li
      ref={track}
      class={`item item-${item.kind}${unread ? ' unread' : ''}`}
      data-seq={item.seq}
      data-kind={item.kind}
      data-n={n}
      data-unread={unread ? '' : undefined}
    >
      {n !== undefined && n === actions.unreadFrom && <p class="unread-mark">{t('thread.unreadMark')}</p>}
      <header>
        {announcement ? (
          <strong class="tag">{t('thread.announcement')}</strong>
        ) : (
          item.author && (
            // A player's name, or on a game message the staff's signature in the game's language («Прокуратор»).
            <bdi class="author" lang={userText ? undefined : gameLocale}>
              {item.author}
            </bdi>
          )
        )}
        <span class="line-meta">
          <time dateTime={new Date(item.at).toISOString()} title={item.time}>
            {dateTime(item.at, zone)}
          </time>
          {n !== undefined && (
            <a class="permalink" href={actions.permalink(n)} aria-label={t('thread.permalink', { n })}>
              {t('thread.postNumber', { n })}
            </a>
          )}
          {n !== undefined && quote && (item.kind === 'post' || announcement) && (
            <button type="button" class="quote-button" onClick={() => quote(item, shown.text)} aria-label={t('thread.quoteLabel', { n })}>
              {t('thread.quote')}
            </button>
          )}
        </span>
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

/** A text box that writes in the channel and shows what the engine read; a quote button adds to its text (`insert`). */
function Composer({
  url,
  name,
  nameLang,
  onPosted,
  insert,
}: {
  readonly url: string;
  readonly name: string;
  /** The language of the channel's name (a rulebook's title in the game's language), when not the interface's. */
  readonly nameLang?: string | undefined;
  readonly onPosted?: (() => void) | undefined;
  readonly insert: { current: ((text: string) => void) | null };
}) {
  const [text, setText] = useState('');
  const [reply, setReply] = useState<CommandReply | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const id = `compose-${url.replace(/[^a-z0-9]/gi, '-')}`;
  const box = useRef<HTMLTextAreaElement>(null);
  insert.current = (quoted: string) => {
    setText((cur) => (quoted === '' || cur === '' || cur.endsWith('\n') ? cur : `${cur}\n`) + quoted);
    box.current?.focus();
    box.current?.scrollIntoView({ block: 'nearest' });
  };
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
      <label for={id}>
        {(() => {
          // The channel's name may be the rulebook's, in the game's language: marked as such inside the sentence.
          const [before, after] = t('thread.writeTo', { channel: '\u0001' }).split('\u0001');
          return (
            <>
              {before}
              <span lang={nameLang}>{name}</span>
              {after}
            </>
          );
        })()}
      </label>
      <textarea id={id} ref={box} rows={3} value={text} onInput={(e) => setText(e.currentTarget.value)} maxLength={20000} />
      <button type="submit" disabled={busy}>
        {t('thread.send')}
      </button>
      <Notice error={error} />
      <ReplyView reply={reply} />
    </form>
  );
}
