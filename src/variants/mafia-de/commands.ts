// Reading a PN (DE-GEN-8/9): one command per PN, decided by the first non-empty line; keywords are
// case-insensitive and may spell umlauts as ae/oe/ue/ss; the colon may be whitespace. A PN whose body is no
// command may take its keyword from the subject; a body that is exactly one name is a bare-name command.
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

/**
 * The PN keywords of each command in each locale: German as the rulebook writes them (DE-GEN-8), English for games
 * in English. Every game accepts both; a game's own texts, hints and forms teach the keywords of its locale.
 */
export const PM_KEYWORDS: Readonly<Record<PmCommand, { readonly de: string; readonly en: string }>> = {
  vote: { de: 'Stimme', en: 'Vote' },
  kill: { de: 'Mord', en: 'Kill' },
  dm: { de: 'Todesbotschaft', en: 'Death message' },
  protect: { de: 'Schutz', en: 'Protect' },
  query: { de: 'Abfrage', en: 'Query' },
  compare: { de: 'Vergleich', en: 'Compare' },
  frame: { de: 'Rufmord', en: 'Frame' },
  voodoo: { de: 'Voodoo', en: 'Voodoo' },
  rob: { de: 'Raub', en: 'Rob' },
  suspect: { de: 'Verdacht', en: 'Suspect' },
  role: { de: 'Rolle', en: 'Role' },
  successor: { de: 'Nachfolger', en: 'Successor' },
  ad: { de: 'Anzeige', en: 'Ad' },
  will: { de: 'Testament', en: 'Will' },
  surrender: { de: 'Aufgabe', en: 'Surrender' },
};

/**
 * Keyword (normalised) → command. `colon`: the keyword needs its colon before an argument. DE-GEN-8 lets the
 * German keywords take whitespace instead; the English ones are everyday words ("Will you…", "Role of…"), so a PN
 * that merely begins with one is a command only when the colon follows (decision, docs/mafia-de.md).
 */
const KEYWORDS = new Map<string, { readonly command: PmCommand; readonly colon: boolean }>();
for (const [c, k] of Object.entries(PM_KEYWORDS)) KEYWORDS.set(normKeyword(k.en), { command: c as PmCommand, colon: true });
// The rulebook's own keywords win where both languages spell a keyword alike («Voodoo»).
for (const [c, k] of Object.entries(PM_KEYWORDS)) KEYWORDS.set(normKeyword(k.de), { command: c as PmCommand, colon: false });

/** The keyword of a command in a locale (German unless the game speaks English). */
export function keywordOf(command: string, locale: string): string {
  const k = PM_KEYWORDS[command as PmCommand];
  if (!k) return command;
  return locale === 'en' ? k.en : k.de;
}

/** DE-WIN-4: a thread post whose whole first line is the surrender keyword (optional `!`/`.`). */
export const SURRENDER_LINE = /^(?:aufgabe|surrender)[.!]*$/i;

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

const HEAD1 = /^([\p{L}]+)(\s*:\s*|\s+|$)([\s\S]*)$/u;
const HEAD2 = /^([\p{L}]+\s+[\p{L}]+)(\s*:\s*|\s+|$)([\s\S]*)$/u;

function commandLine(line: string): { command: PmCommand; arg: string } | undefined {
  const t = line.trim();
  // Two-word keywords ("Death message:") before one-word ones.
  for (const re of [HEAD2, HEAD1]) {
    const m = re.exec(t);
    if (!m) continue;
    const k = KEYWORDS.get(normKeyword(m[1]!));
    if (!k) continue;
    const arg = m[3]!.trim();
    if (k.colon && !m[2]!.includes(':') && arg !== '') continue;
    return { command: k.command, arg };
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
  // The English role names are accepted too (an English game teaches them).
  if (k === 'rufmoerder' || k === 'framer') return 'framer';
  if (k === 'voodoo-puppe' || k === 'voodoopuppe' || k === 'voodoo puppe' || k === 'voodoo' || k === 'voodoo doll' || k === 'voodoo-doll') return 'voodoo-doll';
  if (k === 'raeuber' || k === 'robber') return 'robber';
  if (k === 'insider') return 'insider';
  if (k === 'keine' || k === 'kein' || k === 'ohne' || k === 'none') return 'none';
  return undefined;
}

/** DE-QRY-2: the names of a comparison («X und Y», also «,», «/», «&», and «X and Y» in English). */
export function splitPair(arg: string): string[] {
  return arg
    .split(/\s+(?:und|and)\s+|\s*[,/&]\s*/i)
    .map((x) => x.trim())
    .filter((x) => x !== '');
}
