// Reading a PN (DE-GEN-8/9): one command per PN, decided by the first non-empty line; keywords are
// case-insensitive and may spell umlauts as ae/oe/ue/ss; the colon may be whitespace. A PN whose body is no
// command may take its keyword from the subject; a body that is exactly one name is a bare-name command. The
// keywords themselves are the declared actions' (actions.ts); this module only reads.
import { type SyntaxRule, stripMarkup } from '../../engine/parse.ts';

/** Normalised keyword → command, and whether the keyword needs its colon before an argument. */
export type PmKeywords = ReadonlyMap<string, { readonly command: string; readonly colon: boolean }>;

/**
 * The PN keywords of a syntax table. DE-GEN-8 lets the rulebook's German keywords (those taught in German) take
 * whitespace instead of the colon; the English ones are everyday words ("Will you…", "Role of…"), so a PN that
 * merely begins with one is a command only when the colon follows (decision, docs/mafia-de.md). The German keyword
 * wins where both languages spell one alike («Voodoo»).
 */
export function pmKeywords(syntax: readonly SyntaxRule[]): PmKeywords {
  const out = new Map<string, { command: string; colon: boolean }>();
  const rules = syntax.filter((r) => r.where === 'pm');
  for (const r of rules) for (const k of r.keywords) if (k !== r.taught?.de) out.set(normKeyword(k), { command: r.command, colon: true });
  for (const r of rules) if (r.taught?.de) out.set(normKeyword(r.taught.de), { command: r.command, colon: false });
  return out;
}

/** DE-WIN-4: a thread post whose whole first line is the surrender keyword (optional `!`/`.`). */
export const SURRENDER_LINE = /^(?:aufgabe|surrender)[.!]*$/i;

/** A parsed PN: the command, the argument of its line, the following lines (payload) and the command line as written. */
export interface ParsedPm {
  readonly command: string | 'bare';
  readonly arg: string;
  readonly rest: readonly string[];
  readonly line: string;
}

/** Lower case with umlauts spelled out (DE-GEN-8), whitespace collapsed. */
export function normKeyword(s: string): string {
  return s.normalize('NFC').toLocaleLowerCase('de').replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();
}

const HEAD1 = /^([\p{L}]+)(\s*:\s*|\s+|$)([\s\S]*)$/u;
const HEAD2 = /^([\p{L}]+\s+[\p{L}]+)(\s*:\s*|\s+|$)([\s\S]*)$/u;

function commandLine(line: string, keywords: PmKeywords): { command: string; arg: string; line: string } | undefined {
  const t = line.trim();
  // Two-word keywords ("Death message:") before one-word ones.
  for (const re of [HEAD2, HEAD1]) {
    const m = re.exec(t);
    if (!m) continue;
    const k = keywords.get(normKeyword(m[1]!));
    if (!k) continue;
    const arg = m[3]!.trim();
    if (k.colon && !m[2]!.includes(':') && arg !== '') continue;
    return { command: k.command, arg, line: t };
  }
  return undefined;
}

/** Removes any number of reply prefixes and a leading «Mafia #N |» from a subject. */
export function cleanSubject(subject: string): string {
  let s = subject.trim();
  for (let i = 0; i < 10; i++) {
    const next = s.replace(/^(?:re|aw|fwd|wg)\s*:\s*/i, '').replace(/^mafia\s*#\s*\d+\s*\|\s*/i, '');
    if (next === s) break;
    s = next.trim();
  }
  return s;
}

/**
 * Parses a PN. Returns undefined when no command is recognised (the PN is forwarded). `isName` says whether a
 * text is exactly one participant's name (bare names, DE-GEN-9).
 */
export function parsePm(text: string, subject: string | undefined, isName: (t: string) => boolean, keywords: PmKeywords): ParsedPm | undefined {
  const lines = stripMarkup(text).split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  const body = first >= 0 ? lines.slice(first) : [];
  const head = body[0] !== undefined ? commandLine(body[0], keywords) : undefined;
  if (head) return { ...head, rest: body.slice(1) };
  if (subject !== undefined) {
    const sub = commandLine(cleanSubject(subject), keywords);
    if (sub) {
      if (sub.arg !== '') return { ...sub, rest: body };
      const arg = (body[0] ?? '').trim();
      return { command: sub.command, arg, line: arg === '' ? sub.line : `${sub.line} ${arg}`, rest: body.slice(1) };
    }
  }
  const whole = body.join('\n').trim();
  if (whole !== '' && !whole.includes('\n') && isName(whole)) return { command: 'bare', arg: whole, rest: [], line: whole };
  return undefined;
}
