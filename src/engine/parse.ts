// Reads commands out of forum posts and PMs: quotes and markup are removed, lines are folded, and each line that
// starts with a keyword of the variant's syntax table becomes a command line. A keyword written elsewhere (mid-line
// before a colon, or at a line start without the command's form) is a mention: it forms no command, but its author
// is told how to write it, because a player must never lose a vote without knowing. Never throws.
import { fold } from './names.ts';
import type { Locale } from './state.ts';

/** How a command is written: folded keywords and whether a name follows. */
export interface SyntaxRule {
  /** The command this rule produces (e.g. 'vote'). */
  readonly command: string;
  /** Accepted keywords as written in the rulebook (folded before matching). */
  readonly keywords: readonly string[];
  /**
   * 'colon': `Keyword: arg`; 'space': `Keyword arg`; 'none': the keyword alone on its line (optionally `.`/`!`);
   * 'lead': the keyword as the first word of the line (followed by the end, whitespace or punctuation).
   */
  readonly form: 'colon' | 'space' | 'none' | 'lead';
  /** Only the first non-empty line of the text can hold it (a post that "begins with" the keyword, DE-SIGN-1). */
  readonly firstLine?: boolean;
  /** Where the command is written (a thread post or a PM); absent: either. Elsewhere it is neither read nor hinted. */
  readonly where?: 'post' | 'pm';
  /** False when the rulebook answers mentions itself (e.g. DE-GEN-4 forwards a PN without a command line). */
  readonly hint?: boolean;
  /** The keyword a game in each locale teaches (role messages, hints, action templates); default keywords[0]. */
  readonly taught?: Readonly<Partial<Record<Locale, string>>>;
}

/** One command found in a text. */
export interface CommandLine {
  readonly command: string;
  /** The argument as written (markup removed), '' when there is none. */
  readonly arg: string;
  /** The whole line as written. */
  readonly line: string;
  /** Where the command is written (from its syntax rule), when the rule says. */
  readonly where?: 'post' | 'pm';
}

/** A keyword that a text mentions without forming a command line: the author gets a hint. */
export interface Mention {
  readonly command: string;
  /** The line as written. */
  readonly line: string;
  /** Why it is no command: written mid-line or without its form ('line'), or not on the first line ('first'). */
  readonly why: 'line' | 'first';
  readonly where?: 'post' | 'pm';
  /** False when the rulebook answers such texts itself. */
  readonly hint: boolean;
}

/** What a text holds: its command lines, in order, and its mentions of keywords that form no command. */
export interface Reading {
  readonly lines: readonly CommandLine[];
  readonly mentions: readonly Mention[];
}

const MAX_TEXT = 100_000;
const MARKUP = /[[<>*_~`]/;

/** Removes quoted text (BBCode [quote] blocks, Markdown '>' lines) and formatting markup. */
export function stripMarkup(text: string): string {
  let s = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  // Nothing below can match a text without these characters (most posts): skip the regular expressions.
  if (!MARKUP.test(s)) return s;
  // Nested quotes: remove innermost blocks until none is left (bounded).
  for (let i = 0; i < 20 && /\[quote[^\]]*\]/i.test(s); i++) {
    const next = s.replace(/\[quote[^\]]*\](?:(?!\[quote)[\s\S])*?\[\/quote\]/gi, '');
    if (next === s) break;
    s = next;
  }
  s = s.replace(/\[quote[^\]]*\][\s\S]*$/i, ''); // an unclosed quote runs to the end
  s = s
    .split(/\r?\n/)
    .filter((l) => !/^\s*>/.test(l))
    .join('\n');
  return (
    s
      .replace(/\[\/?[a-z*]+(?:=[^\]]*)?\]/gi, '')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/(\*\*|__|~~|`)/g, '')
      // Single-mark emphasis around a whole line (`*Vote: X*`, `_Vote: X_`) and a `*` list bullet are forum habits too.
      .replace(/^[ \t]*[*_]+[ \t]*|[ \t]*[*_]+[ \t]*$/gm, '')
  );
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiled form of a syntax table. */
export interface Syntax {
  readonly rules: readonly { readonly rule: SyntaxRule; readonly re: RegExp; readonly mention: RegExp }[];
}

/** Compiles a syntax table (done once per variant). */
export function compileSyntax(rules: readonly SyntaxRule[]): Syntax {
  return {
    rules: rules.map((rule) => {
      const kws = rule.keywords.map((k) => escapeRe(fold(k))).join('|');
      const body =
        rule.form === 'colon'
          ? `^(?:${kws})\\s*:\\s*(.*)$`
          : rule.form === 'space'
            ? `^(?:${kws})\\s+(.+)$`
            : rule.form === 'none'
              ? `^(?:${kws})\\s*[.!]?$`
              : `^(?:${kws})(?:$|[^\\p{L}\\p{N}])`;
      // A mention: the keyword as the first word of a line that is no command ("vote babis", "Join me"), or
      // followed by a colon later in a line ("Good evening all. Vote: Babis"). A keyword merely used in a
      // sentence ("I do not want to join", "Wann endet die Anmeldung?") is discussion and gets nothing.
      const mention = rule.form === 'lead' ? `^(?:${kws})(?![\\p{L}\\p{N}])` : `^(?:${kws})(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])(?:${kws})\\s*:`;
      return { rule, re: new RegExp(body, 'u'), mention: new RegExp(mention, 'u') };
    }),
  };
}

const PLACEHOLDER: Readonly<Record<Locale, string>> = { el: '<όνομα>', en: '<name>', de: '<Name>', ru: '<имя>' };

/** How a locale writes the placeholder of a player's name in a command line (`<όνομα>`, `<name>`). */
export function namePlaceholder(locale: Locale): string {
  return PLACEHOLDER[locale];
}

/** How a command is written in a locale: its taught keyword and form, e.g. `Vote: <name>` ('' if unknown). */
export function commandExample(rules: readonly SyntaxRule[], command: string, locale: Locale, arg = PLACEHOLDER[locale]): string {
  const rule = rules.find((r) => r.command === command);
  if (!rule) return '';
  const kw = rule.taught?.[locale] ?? rule.keywords[0] ?? '';
  if (rule.form === 'colon') return `${kw}: ${arg}`;
  if (rule.form === 'space') return `${kw} ${arg}`;
  return kw;
}

/** Finds every command line in a text, in order. Lines are matched on their folded form. Memoised. */
export function parseCommands(text: string, syntax: Syntax): readonly CommandLine[] {
  return readText(text, syntax).lines;
}

/** The latest text read and its reading: the engine, then the rulebook, then the hint check read the same post. */
let last: { readonly text: string; readonly syntax: Syntax; readonly reading: Reading } | undefined;

/** Reads a text: its command lines and its mentions of keywords that form no command line. Memoised. */
export function readText(text: string, syntax: Syntax): Reading {
  if (last !== undefined && last.text === text && last.syntax === syntax) return last.reading;
  const reading = readMemo(text, syntax);
  last = { text, syntax, reading };
  return reading;
}

function readMemo(text: string, syntax: Syntax): Reading {
  // The same short texts ("Vote: Anna") recur all game long: remember recent parses per syntax (the results are
  // never mutated).
  if (text.length > 500) return frozen(readFresh(text, syntax));
  let memo = parsed.get(syntax);
  if (!memo) parsed.set(syntax, (memo = new Map()));
  const hit = memo.get(text);
  if (hit) return hit;
  const reading = frozen(readFresh(text, syntax));
  if (memo.size > 5_000) memo.clear();
  memo.set(text, reading);
  return reading;
}

function frozen(r: { lines: CommandLine[]; mentions: Mention[] }): Reading {
  return Object.freeze({ lines: Object.freeze(r.lines), mentions: Object.freeze(r.mentions) });
}

const parsed = new WeakMap<Syntax, Map<string, Reading>>();

function readFresh(text: string, syntax: Syntax): { lines: CommandLine[]; mentions: Mention[] } {
  const lines: CommandLine[] = [];
  const mentions: Mention[] = [];
  let first = true;
  for (const raw of stripMarkup(text).split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const isFirst = first;
    first = false;
    if (line.length > 2000) continue;
    const folded = fold(line);
    let found = false;
    for (const { rule, re } of syntax.rules) {
      if (rule.firstLine && !isFirst) continue;
      if (!re.test(folded)) continue;
      // Take the argument from the original line so names keep their spelling; folding keeps offsets only
      // roughly, so cut at the separator instead of using the folded capture.
      let arg = '';
      if (rule.form === 'colon') arg = line.slice(line.indexOf(':') + 1).trim();
      else if (rule.form === 'space') {
        // A keyword of several words ("/court propose") is followed by its argument after as many words.
        const kw =
          rule.keywords
            .map(fold)
            .filter((k) => folded.startsWith(k))
            .sort((a, b) => b.length - a.length)[0] ?? '';
        const words = Math.max(1, kw.split(' ').length);
        arg = line.replace(new RegExp(`^(?:\\S+\\s+){${words}}`), '').trim();
      }
      lines.push({ command: rule.command, arg, line, ...(rule.where ? { where: rule.where } : {}) });
      found = true;
      break;
    }
    if (found) continue;
    for (const { rule, re, mention } of syntax.rules) {
      const why = rule.firstLine && !isFirst && re.test(folded) ? 'first' : mention.test(folded) ? 'line' : undefined;
      if (!why) continue;
      mentions.push({ command: rule.command, line, why, hint: rule.hint !== false, ...(rule.where ? { where: rule.where } : {}) });
      break;
    }
  }
  return { lines, mentions };
}
