// Reads commands out of forum posts and PMs: quotes and markup are removed, lines are folded, and each line that
// starts with a keyword of the variant's syntax table becomes a command line. Never throws.
import { fold } from './names.ts';

/** How a command is written: folded keywords and whether a name follows. */
export interface SyntaxRule {
  /** The command this rule produces (e.g. 'vote'). */
  readonly command: string;
  /** Accepted keywords as written in the rulebook (folded before matching). */
  readonly keywords: readonly string[];
  /**
   * 'colon': `Keyword: arg`; 'space': `Keyword arg`; 'none': the keyword alone; 'word': the keyword anywhere;
   * 'lead': the keyword as the first word of the line (followed by the end, whitespace or punctuation).
   */
  readonly form: 'colon' | 'space' | 'none' | 'word' | 'lead';
}

/** One command found in a text. */
export interface CommandLine {
  readonly command: string;
  /** The argument as written (markup removed), '' when there is none. */
  readonly arg: string;
  /** The whole line as written. */
  readonly line: string;
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
  return s
    .replace(/\[\/?[a-z*]+(?:=[^\]]*)?\]/gi, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/(\*\*|__|~~|`)/g, '');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiled form of a syntax table. */
export interface Syntax {
  readonly rules: readonly { readonly rule: SyntaxRule; readonly re: RegExp }[];
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
              : rule.form === 'lead'
                ? `^(?:${kws})(?:$|[^\\p{L}\\p{N}])`
                : `(?:^|[^\\p{L}])(?:${kws})(?:$|[^\\p{L}])`;
      return { rule, re: new RegExp(body, 'u') };
    }),
  };
}

/** Finds every command line in a text, in order. Lines are matched on their folded form. Memoised. */
export function parseCommands(text: string, syntax: Syntax): readonly CommandLine[] {
  // The same short texts ("Vote: Anna") recur all game long, and a post is parsed by the engine and the variant:
  // remember recent parses per syntax (the results are never mutated).
  if (text.length > 500) return parseFresh(text, syntax);
  let memo = parsed.get(syntax);
  if (!memo) parsed.set(syntax, (memo = new Map()));
  const hit = memo.get(text);
  if (hit) return hit;
  const lines = Object.freeze(parseFresh(text, syntax));
  if (memo.size > 5_000) memo.clear();
  memo.set(text, lines);
  return lines;
}

const parsed = new WeakMap<Syntax, Map<string, readonly CommandLine[]>>();

function parseFresh(text: string, syntax: Syntax): CommandLine[] {
  const out: CommandLine[] = [];
  for (const raw of stripMarkup(text).split('\n')) {
    const line = raw.trim();
    if (line === '' || line.length > 2000) continue;
    const folded = fold(line);
    for (const { rule, re } of syntax.rules) {
      const m = re.exec(folded);
      if (!m) continue;
      // Take the argument from the original line so names keep their spelling; folding keeps offsets only
      // roughly, so cut at the separator instead of using the folded capture.
      let arg = '';
      if (rule.form === 'colon') arg = line.slice(line.indexOf(':') + 1).trim();
      else if (rule.form === 'space') arg = line.replace(/^\S+\s+/, '').trim();
      out.push({ command: rule.command, arg, line });
      break;
    }
  }
  return out;
}
