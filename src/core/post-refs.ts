// What a post refers to, as forums read it (issue 26 item 7): the posts it quotes and the players it mentions with
// `@name`. Pure and shared: the server's notifications (a mention of one's name, a quote of one's post), the web app's
// quote button, mention links and quote blocks all read posts through these functions, so they agree on one syntax.
//
// A quote is BBCode, as phpBB and XenForo write it, with the quoted post's number: `[quote="Anna" post=12]…[/quote]`;
// Discourse's and XenForo's forms `[quote="Anna, post:12, topic:3"]`, vBulletin's `[quote=Anna;12]`, `[quote="Anna #12"]`
// and a bare `[quote=Anna]` are read too. Only a post's own quotes count (a quote inside a quote is the quoted
// author's, not this one's), and a mention inside a quote is the quoted author's too. A Markdown `>` quote names its
// author on its first line (`> **Anna** wrote (#12):`); for a notification it counts as a quote of Anna.

/** A quote of a post: its author as written, and the post's number when the quote names it. */
export interface QuoteRef {
  readonly author: string;
  readonly post?: number;
}

/** A mention of one of the game's names: the name as the game spells it, and where `@name` stands in the text. */
export interface Mention {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

/** An opening quote tag: `[quote]`, `[quote=Anna]`, `[quote="Anna"]`, each optionally with ` post=12`. */
export const QUOTE_OPEN = /\[quote(?:=(?:"([^"\]\n]{0,64})"|([^\]\n]{0,64}?)))?(?:\s+post=#?(\d{1,9}))?\]/gi;
const QUOTE_TAG = /\[quote(?:=(?:"[^"\]\n]{0,64}"|[^\]\n]{0,64}?))?(?:\s+post=#?\d{1,9})?\]|\[\/quote\]/gi;

/**
 * The author and post number of an opening quote tag from its parts (QUOTE_OPEN's groups: the quoted author, the bare
 * one, the `post=` number), Discourse's `"Anna, post:12"` included.
 */
export function quoteAttrs(quotedAuthor?: string, bareAuthor?: string, postNumber?: string): { readonly author: string | null; readonly post: number | null } {
  let author = quotedAuthor ?? bareAuthor ?? null;
  let post = postNumber !== undefined ? Number(postNumber) : null;
  // Discourse's and XenForo's `Anna, post: 12, …`; vBulletin's `Anna;12`; `Anna #12`.
  const numbered = author === null ? null : /^(.*?)(?:,\s*post:\s*|\s*;\s*|\s+#)(\d{1,9})(?:,.*)?$/.exec(author);
  if (numbered) {
    author = numbered[1]!;
    post ??= Number(numbered[2]);
  }
  author = author?.trim() ?? null;
  return { author: author === '' ? null : author, post };
}

/** The stretches of a text inside quote blocks (closed ones; an unclosed tag quotes nothing). */
function quoted(text: string): { start: number; end: number; open: RegExpMatchArray }[] {
  const out: { start: number; end: number; open: RegExpMatchArray }[] = [];
  const stack: RegExpMatchArray[] = [];
  for (const m of text.matchAll(QUOTE_TAG)) {
    if (m[0][1] !== '/') {
      stack.push(m);
      continue;
    }
    const open = stack.pop();
    if (open && stack.length === 0) out.push({ start: open.index!, end: m.index! + m[0].length, open });
  }
  return out;
}

/** The post's own quotes (not those nested in a quote), in order. */
export function quotesIn(text: string): QuoteRef[] {
  return quoted(text).flatMap(({ open }) => {
    const m = new RegExp(QUOTE_OPEN.source, 'i').exec(open[0]);
    const a = m ? quoteAttrs(m[1], m[2], m[3]) : { author: null, post: null };
    return a.author === null ? [] : [{ author: a.author, ...(a.post !== null ? { post: a.post } : {}) }];
  });
}

/** An account name (accounts.ts NAME_PATTERN), unanchored. */
const NAME = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}_.-]{0,22}[\\p{L}\\p{N}])?';
/** A Markdown quote's first line naming its author: `> **Anna** wrote:`, `> Anna wrote (#12):`, `> @Anna:`. */
const MD_AUTHOR = new RegExp(
  `^ {0,3}> ?(?:\\*\\*|__)?@?(${NAME})(?:\\*\\*|__)?(?:\\s*\\(?#(\\d{1,9})\\)?)?(?:\\s+(?:wrote|schrieb|έγραψε|писал[аи]?))?(?:\\s*\\(?#(\\d{1,9})\\)?)?:`,
  'u',
);

/** The authors Markdown `>` quotes name on their first lines (outside BBCode quotes), in order. */
export function markdownQuotesIn(text: string): QuoteRef[] {
  const out: QuoteRef[] = [];
  const lines = outsideQuotes(text).split('\n');
  lines.forEach((line, i) => {
    // Only the first line of a `>` block can name its author.
    if (i > 0 && /^ {0,3}>/.test(lines[i - 1]!)) return;
    const m = MD_AUTHOR.exec(line);
    const post = m?.[2] ?? m?.[3];
    if (m) out.push({ author: m[1]!, ...(post !== undefined ? { post: Number(post) } : {}) });
  });
  return out;
}

/** A text without its (closed) BBCode quote blocks. */
function outsideQuotes(text: string): string {
  let out = '';
  let last = 0;
  for (const q of quoted(text)) {
    out += text.slice(last, q.start);
    last = q.end;
  }
  return out + text.slice(last);
}

/** What the post's author wrote himself: its text without its quote blocks and Markdown `>` quote lines. */
export function ownText(text: string): string {
  return outsideQuotes(text)
    .split('\n')
    .filter((l) => !/^ {0,3}>/.test(l))
    .join('\n');
}

const WORD = /[\p{L}\p{N}_]/u;

/**
 * Where a text mentions one of `names` as `@name` (case does not matter; the longest name wins, so `@Anna Maria`
 * is Anna Maria and not Anna): an `@` that follows no letter or digit (not an e-mail address) and a name that ends
 * before one.
 */
export function mentionsIn(text: string, names: readonly string[]): Mention[] {
  const byLength = [...new Set(names)].filter((n) => n !== '').sort((a, b) => b.length - a.length);
  const lower = byLength.map((n) => n.toLowerCase());
  const out: Mention[] = [];
  for (let i = text.indexOf('@'); i >= 0; i = text.indexOf('@', i + 1)) {
    if (i > 0 && (WORD.test(text[i - 1]!) || text[i - 1] === '@')) continue;
    const k = lower.findIndex((n) => text.slice(i + 1, i + 1 + n.length).toLowerCase() === n && !WORD.test(text[i + 1 + n.length] ?? ''));
    if (k < 0) continue;
    const end = i + 1 + byLength[k]!.length;
    out.push({ name: byLength[k]!, start: i, end });
    i = end - 1;
  }
  return out;
}

/**
 * Whom a post addresses: the names of `names` it mentions in its own text (each once, in order) and the posts it
 * quotes, BBCode quotes first, then the authors its Markdown quotes name. A notification of a mention or a quote is
 * for these.
 */
export function postRefs(text: string, names: readonly string[]): { readonly mentioned: string[]; readonly quoted: QuoteRef[] } {
  const mentioned = [...new Set(mentionsIn(ownText(text), names).map((m) => m.name))];
  return { mentioned, quoted: [...quotesIn(text), ...markdownQuotesIn(text)] };
}

/**
 * A quote of a post for the composer: its author and number, and its own text (the quotes it held are left out, as
 * forums do, so quotes do not nest ever deeper). Quotation marks in the name cannot end the attribute early.
 */
export function quoteOf(author: string, post: number | undefined, text: string): string {
  const name = author.replace(/["\]\n]/g, '').slice(0, 64);
  const body = ownText(text).trim();
  return `[quote="${name}"${post !== undefined ? ` post=${post}` : ''}]${body}[/quote]\n`;
}
