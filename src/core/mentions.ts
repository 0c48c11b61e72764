// Who a post addresses (issue 26): `@name` mentions and quotes of someone's post, read from the text as forums write
// them. Pure, so the server's notifications and a client's highlighting read a post the same way. Names follow the
// account name rule (letters, digits, '_', '.', '-'; starting and ending with a letter or digit), so `@Anna.` is Anna
// and a trailing full stop is punctuation. A mention inside a quote is the quoted author's, not a new one; an e-mail
// address is no mention.

/** A quote's author and, where the quote names it, the number of the quoted post. */
export interface Quoted {
  readonly name: string;
  readonly post?: number;
}

/** What a post addresses. */
export interface Addressed {
  /** Names mentioned with `@`, in order of first appearance, each once. */
  readonly mentions: readonly string[];
  /** Authors quoted (BBCode `[quote="Name"]`, `[quote=Name post=12]`, Markdown `> **Name** wrote:`), each once. */
  readonly quotes: readonly Quoted[];
}

const NAME = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}_.-]{0,22}[\\p{L}\\p{N}])?';
const MENTION = new RegExp(`(?<![\\p{L}\\p{N}_.@-])@(${NAME})`, 'gu');
/** `[quote="Name"]`, `[quote=Name]`, `[quote="Name" post=12]`, `[quote=Name;12]`, `[quote="Name #12"]`. */
const BB_QUOTE = /\[quote=([^\]\n]{1,80})\]/giu;
const BB_BLOCK = /\[quote(?:=[^\]\n]{0,80})?\]([\s\S]*?)\[\/quote\]/giu;
/** A Markdown quote's first line naming its author: `> **Name** wrote:`, `> Name wrote (#12):`, `> @Name:`. */
const MD_AUTHOR = new RegExp(
  `^ {0,3}> ?(?:\\*\\*|__)?@?(${NAME})(?:\\*\\*|__)?(?:\\s*\\(?#(\\d+)\\)?)?(?:\\s+(?:wrote|schrieb|έγραψε|писал[аи]?))?(?:\\s*\\(?#(\\d+)\\)?)?:`,
  'u',
);

/** The name and post number a quote's attribute holds. */
function quoteAttr(attr: string): Quoted | undefined {
  const m = new RegExp(`^\\s*"?@?(${NAME})`, 'u').exec(attr);
  if (!m) return undefined;
  const post = /(?:post(?:_id)?\s*=\s*"?|[;#]\s*)(\d{1,9})/iu.exec(attr.slice(m[0].length));
  return post ? { name: m[1]!, post: Number(post[1]) } : { name: m[1]! };
}

/** The text outside quotes (BBCode blocks and Markdown `>` lines), where a mention is the author's own. */
function unquoted(text: string): string {
  let out = text;
  // Innermost blocks first, so nested quotes come out whole.
  for (let i = 0; i < 8; i++) {
    const next = out.replace(BB_BLOCK, ' ');
    if (next === out) break;
    out = next;
  }
  return out
    .split('\n')
    .filter((l) => !/^ {0,3}>/.test(l))
    .join('\n');
}

/** The mentions and quotes of a post's text. */
export function addressed(text: string): Addressed {
  const mentions: string[] = [];
  const seen = new Set<string>();
  for (const m of unquoted(text).matchAll(MENTION)) {
    const key = m[1]!.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      mentions.push(m[1]!);
    }
  }
  const quotes: Quoted[] = [];
  const quotedKeys = new Set<string>();
  const add = (q: Quoted | undefined) => {
    if (!q) return;
    const key = q.name.toLowerCase();
    if (quotedKeys.has(key)) return;
    quotedKeys.add(key);
    quotes.push(q);
  };
  for (const m of text.matchAll(BB_QUOTE)) add(quoteAttr(m[1]!));
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    // Only the first line of a `>` block can name its author.
    if (i > 0 && /^ {0,3}>/.test(lines[i - 1]!)) continue;
    const m = MD_AUTHOR.exec(lines[i]!);
    if (m) add((m[2] ?? m[3]) ? { name: m[1]!, post: Number(m[2] ?? m[3]) } : { name: m[1]! });
  }
  return { mentions, quotes };
}
