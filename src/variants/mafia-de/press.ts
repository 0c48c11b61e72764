// Newspaper ads (DE-NEWS) and testaments (DE-WILL), read for their declarations (actions.ts): ad quotas per
// cycle, and a testament's optional recipients line.

import type { PlayerId } from '../../core/types.ts';
import { matchStrict } from '../../engine/names.ts';
import { signedUp } from '../../engine/state.ts';
import { normKeyword } from './commands.ts';
import { opts, partyOf, roleOf, type S } from './common.ts';
import { MAFIA } from './roles.ts';

/** DE-NEWS-1/4: the ad quota of a player per cycle; 0 for plain citizens. */
export function adQuota(s: S, id: PlayerId): number {
  const o = opts(s);
  if (partyOf(s, id) === MAFIA) return o.adQuotaMafia;
  return roleOf(s, id) === 'citizen' ? 0 : o.adQuotaCitizenSpecial;
}

/** A testament as written: its recipients (signup order; none: public) and text, or the recipient no player is. */
export type Will = { readonly recipients: readonly PlayerId[]; readonly text: string } | { readonly unknown: string };

/**
 * DE-WILL-1, DE-WILL-2 (recipients are participants, not the author): the text after the keyword, optionally with
 * «Empfänger:» (colon optional) or, in English, «Recipients:» (colon required, so a text may begin with the word) as
 * its first line. Decision (interpretation 11): the text may start on the keyword line.
 */
export function readWill(s: S, me: PlayerId, written: string): Will {
  const lines = written.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  const head = first >= 0 ? /^\s*(?:empf(?:ä|ae)nger\s*:?|recipients\s*:)\s*(.*)$/i.exec(lines[first]!) : null;
  if (!head) return { recipients: [], text: written.trim() };
  const named: PlayerId[] = [];
  for (const raw of head[1]!.split(/\s*,\s*|\s+(?:und|and)\s+/i)) {
    const name = raw.trim();
    if (name === '') continue;
    const m = matchStrict(name, signedUp(s));
    if (m.kind !== 'one' || m.id === me) return { unknown: name };
    named.push(m.id);
  }
  return {
    recipients: s.order.filter((id) => named.includes(id)),
    text: lines
      .slice(first + 1)
      .join('\n')
      .trim(),
  };
}

/** «Testament löschen» / «Will: delete»: the word alone deletes the testament. */
export function isDeletion(written: string): boolean {
  const k = normKeyword(written);
  return k === 'loeschen' || k === 'delete';
}
