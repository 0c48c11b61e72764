// The forum bridge (DESIGN.md §6): announcements, vote counts and whole days as BBCode (phpBB, XenForo) or
// Markdown (Discourse), ready to paste. User text is escaped so a player's post cannot break the markup.
import type { Item, VoteCount } from '../app/views.ts';

/** A paste format. */
export type Format = 'bbcode' | 'markdown';

/** Neutralises BBCode tags in user text: '[' becomes a full-width bracket that renders alike but parses as text. */
export function escapeBbcode(text: string): string {
  return text.replace(/\[/g, '［').replace(/\]/g, '］');
}

/** Escapes Markdown punctuation so user text renders literally. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_{}[\]()#+\-.!|>~<])/g, '\\$1');
}

const esc = (f: Format, t: string) => (f === 'bbcode' ? escapeBbcode(t) : escapeMarkdown(t));
const bold = (f: Format, t: string) => (f === 'bbcode' ? `[b]${t}[/b]` : `**${t}**`);

/** One announcement of the moderator. */
export function announcement(f: Format, it: Item, title?: string): string {
  const head = title ? `${bold(f, esc(f, title))}\n` : '';
  return `${head}${esc(f, it.text)}`;
}

/** The live vote count as a list, most votes first. */
export function votes(f: Format, c: VoteCount, heading: string): string {
  const lines = c.lines.map((l) => `${esc(f, l.target)}: ${l.votes} (${esc(f, l.voters.join(', '))})`);
  const missing =
    c.notVoted.length > 0 ? `${f === 'bbcode' ? '[i]' : '_'}${esc(f, `Not voted: ${c.notVoted.join(', ')}`)}${f === 'bbcode' ? '[/i]' : '_'}` : '';
  if (f === 'bbcode') return [bold(f, esc(f, heading)), `[list]\n${lines.map((l) => `[*]${l}`).join('\n')}\n[/list]`, missing].filter(Boolean).join('\n');
  return [bold(f, esc(f, heading)), '', ...lines.map((l) => `- ${l}`), ...(missing ? ['', missing] : [])].join('\n');
}

/** A day of the thread: posts as quotes with their author and time, announcements in bold. */
export function day(f: Format, items: readonly Item[], heading: string): string {
  const out = [bold(f, esc(f, heading)), ''];
  for (const it of items) {
    const when = it.time.slice(11, 16);
    if (it.kind === 'announcement') out.push(`${bold(f, `${when} — moderator`)}\n${esc(f, it.text)}`, '');
    else if (f === 'bbcode') out.push(`[quote="${escapeBbcode(it.author ?? '').replace(/"/g, "'")}"]${escapeBbcode(it.text)}[/quote]`, '');
    else out.push(`**${escapeMarkdown(it.author ?? '')}** (${when}):`, ...it.text.split('\n').map((l) => `> ${escapeMarkdown(l)}`), '');
  }
  return out.join('\n').trimEnd();
}
