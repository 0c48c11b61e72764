// Reading a PN (DE-GEN-8/9): one command per PN, decided by the first non-empty line; keywords are
// case-insensitive and may spell umlauts as ae/oe/ue/ss; the colon may be whitespace. A PN whose body is no
// command may take its keyword from the subject; a body that is exactly one name is a bare-name command.
import { own } from '../../core/own.ts';
import { stripMarkup } from '../../engine/parse.ts';

/** A command id of the PN syntax. */
export type PmCommand =
  | 'vote'
  | 'kill'
  | 'dm'
  | 'protect'
  | 'query'
  | 'compare'
  | 'frame'
  | 'voodoo'
  | 'rob'
  | 'suspect'
  | 'role'
  | 'successor'
  | 'ad'
  | 'will'
  | 'surrender';

/** Keyword (normalised) → command. */
const KEYWORDS: Readonly<Record<string, PmCommand>> = {
  stimme: 'vote',
  mord: 'kill',
  todesbotschaft: 'dm',
  schutz: 'protect',
  abfrage: 'query',
  vergleich: 'compare',
  rufmord: 'frame',
  voodoo: 'voodoo',
  raub: 'rob',
  verdacht: 'suspect',
  rolle: 'role',
  nachfolger: 'successor',
  anzeige: 'ad',
  testament: 'will',
  aufgabe: 'surrender',
};

/** The canonical keyword of a command (for R-AMBIGUOUS examples). */
export const KEYWORD_OF: Readonly<Record<string, string>> = {
  kill: 'Mord',
  protect: 'Schutz',
  query: 'Abfrage',
  frame: 'Rufmord',
  voodoo: 'Voodoo',
  rob: 'Raub',
};

/** A parsed PN: the command, the argument of its line and the following lines (payload). */
export interface ParsedPm {
  readonly command: PmCommand | 'bare';
  readonly arg: string;
  readonly rest: readonly string[];
}

/** Lower case with umlauts spelled out (DE-GEN-8), whitespace collapsed. */
export function normKeyword(s: string): string {
  return s.normalize('NFC').toLocaleLowerCase('de').replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();
}

const HEAD = /^([\p{L}]+)(?:\s*:\s*|\s+|$)([\s\S]*)$/u;

function commandLine(line: string): { command: PmCommand; arg: string } | undefined {
  const m = HEAD.exec(line.trim());
  if (!m) return undefined;
  const command = own(KEYWORDS, normKeyword(m[1]!));
  return command ? { command, arg: m[2]!.trim() } : undefined;
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
export function parsePm(text: string, subject: string | undefined, isName: (t: string) => boolean): ParsedPm | undefined {
  const lines = stripMarkup(text).split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  const body = first >= 0 ? lines.slice(first) : [];
  const head = body[0] !== undefined ? commandLine(body[0]) : undefined;
  if (head) return { ...head, rest: body.slice(1) };
  if (subject !== undefined) {
    const sub = commandLine(cleanSubject(subject));
    if (sub) {
      if (sub.arg !== '') return { command: sub.command, arg: sub.arg, rest: body };
      return { command: sub.command, arg: (body[0] ?? '').trim(), rest: body.slice(1) };
    }
  }
  const whole = body.join('\n').trim();
  if (whole !== '' && !whole.includes('\n') && isName(whole)) return { command: 'bare', arg: whole, rest: [] };
  return undefined;
}

/** DE-MROLE-2: the role named in a `Rolle` command (with the accepted spellings), 'none', or undefined. */
export function parseRoleChoice(arg: string): string | undefined {
  const k = normKeyword(arg).replace(/[.!]+$/, '');
  if (k === 'rufmoerder') return 'framer';
  if (k === 'voodoo-puppe' || k === 'voodoopuppe' || k === 'voodoo puppe' || k === 'voodoo') return 'voodoo-doll';
  if (k === 'raeuber') return 'robber';
  if (k === 'insider') return 'insider';
  if (k === 'keine' || k === 'kein' || k === 'ohne') return 'none';
  return undefined;
}

/** DE-QRY-2: the names of a comparison («X und Y», also «,», «/», «&»). */
export function splitPair(arg: string): string[] {
  return arg
    .split(/\s+und\s+|\s*[,/&]\s*/i)
    .map((x) => x.trim())
    .filter((x) => x !== '');
}
