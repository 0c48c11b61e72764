// The forum bridge (DESIGN.md §6): announcements, vote counts and whole days as BBCode (phpBB, XenForo) or
// Markdown (Discourse), ready to paste. User text is escaped so a player's post cannot break the markup, its line
// ends are normalised before it is split into lines (a lone "\r" is a line end to a Markdown parser), and every line
// holding a bidi control is balanced and isolated, so it cannot reverse what follows it.
import type { Item, VoteCount } from '../app/views.ts';
import { isolateLine, normalizeLineEnds } from '../core/text.ts';

/** A paste format. */
export type Format = 'bbcode' | 'markdown';

/** Neutralises BBCode tags in user text: '[' becomes a full-width bracket that renders alike but parses as text. */
export function escapeBbcode(text: string): string {
  return text.replace(/\[/g, '［').replace(/\]/g, '］');
}

/** Escapes Markdown punctuation so user text renders literally. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_{}[\]()#+\-.!|>~<&=])/g, '\\$1');
}

/** User text as lines fit for a paste: line ends normalised, each line's bidi controls balanced and isolated. */
export function safeLines(text: string): string[] {
  return normalizeLineEnds(text).split('\n').map(isolateLine);
}

const esc = (f: Format, t: string) =>
  safeLines(t)
    .map(f === 'bbcode' ? escapeBbcode : escapeMarkdown)
    .join('\n');
const bold = (f: Format, t: string) => (f === 'bbcode' ? `[b]${t}[/b]` : `**${t}**`);

/** One announcement of the moderator. */
export function announcement(f: Format, it: Item, title?: string): string {
  const head = title ? `${bold(f, esc(f, oneLine(title)))}\n` : '';
  return `${head}${esc(f, it.text)}`;
}

/** The live vote count as a list, most votes first; `notVoted` words the line of who has not voted (the game's language). */
export function votes(f: Format, c: VoteCount, heading: string, notVoted: (names: string) => string = (n) => `Not voted: ${n}`): string {
  const lines = c.lines.map((l) => `${esc(f, oneLine(l.target))}: ${l.votes} (${esc(f, oneLine(l.voters.join(', ')))})`);
  const missing =
    c.notVoted.length > 0 ? `${f === 'bbcode' ? '[i]' : '_'}${esc(f, oneLine(notVoted(c.notVoted.join(', '))))}${f === 'bbcode' ? '[/i]' : '_'}` : '';
  if (f === 'bbcode')
    return [bold(f, esc(f, oneLine(heading))), `[list]\n${lines.map((l) => `[*]${l}`).join('\n')}\n[/list]`, missing].filter(Boolean).join('\n');
  return [bold(f, esc(f, oneLine(heading))), '', ...lines.map((l) => `- ${l}`), ...(missing ? ['', missing] : [])].join('\n');
}

/** A day of the thread: posts as quotes with their author and time, announcements in bold. */
export function day(f: Format, items: readonly Item[], heading: string): string {
  return dayText([...dayHeading(f, heading), ...items.flatMap((it) => dayLines(f, it))]);
}

/** The lines a day's export opens with. */
export function dayHeading(f: Format, heading: string): string[] {
  return [bold(f, esc(f, oneLine(heading))), ''];
}

/** The lines of one item of a day's export; `moderator` is the word an announcement is signed with. */
export function dayLines(f: Format, it: Item, moderator = 'moderator'): string[] {
  const when = it.time.slice(11, 16);
  if (it.kind === 'announcement') return [`${bold(f, `${when} — ${moderator}`)}\n${esc(f, it.text)}`, ''];
  if (f === 'bbcode') return [`[quote="${esc(f, oneLine(it.author ?? '')).replace(/"/g, "'")}"]${esc(f, it.text)}[/quote]`, ''];
  return [`**${esc(f, oneLine(it.author ?? ''))}** (${when}):`, ...safeLines(it.text).map((l) => `> ${quoteIndent(escapeMarkdown(l))}`), ''];
}

/** A day's export from its lines. */
export function dayText(lines: readonly string[]): string {
  return lines.join('\n').trimEnd();
}

/** A name on one line (a name never holds a line end; this keeps a corrupt one from opening a new line). */
const oneLine = (t: string) => normalizeLineEnds(t).replace(/\n/g, ' ');

/** A quoted line's leading blanks as no-break spaces: four spaces or a tab would start a code block in the quote. */
const quoteIndent = (line: string) => line.replace(/^[ \t]+/, (blanks) => '\u00a0'.repeat(blanks.length));
