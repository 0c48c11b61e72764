// Newspaper ads (DE-NEWS) and testaments (DE-WILL): anonymous ads under pseudonyms bound to their first author,
// with quotas per cycle; testaments that replace each other and go public or to chosen players on death.

import { own } from '../../core/own.ts';
import type { Param, PlayerId, Rejection } from '../../core/types.ts';
import { matchStrict, strictKey } from '../../engine/names.ts';
import { normKeyword } from './commands.ts';
import { type B, msg, nameList, opts, partyOf, phaseLabel, pn, roleOf, type S } from './common.ts';
import type { DeRejectionCode } from './rejections.ts';
import { MAFIA } from './roles.ts';

type Refuse = (code: DeRejectionCode, params?: Record<string, Param>) => Rejection;

/** DE-NEWS-1/4: the ad quota of a player per cycle; 0 for plain citizens. */
export function adQuota(s: S, id: PlayerId): number {
  const o = opts(s);
  if (partyOf(s, id) === MAFIA) return o.adQuotaMafia;
  return roleOf(s, id) === 'citizen' ? 0 : o.adQuotaCitizenSpecial;
}

/** DE-NEWS-1, DE-NEWS-2, DE-NEWS-3 (pseudonyms bound to their first author), DE-NEWS-4: an ad «Anzeige: Pseudonym» with the text on the following lines. */
export function placeAd(b: B, me: PlayerId, pseudonym: string, rest: readonly string[], no: Refuse): Rejection | undefined {
  const s = b.state;
  const o = opts(s);
  const q = adQuota(s, me);
  if (q === 0) return no('R-AD-NOT-ALLOWED');
  const p = pseudonym.trim();
  const text = rest.join('\n').trim();
  const used = s.v.adCount[me] ?? 0;
  if (used >= q) return no('R-AD-QUOTA', { q });
  const key = strictKey(p);
  const bound = own(s.v.pseudonyms, key);
  if (p !== '' && bound && bound.author !== me) return no('R-AD-PSEUDONYM', { p });
  if (p === '' || [...p].length > o.pseudonymMaxChars || text === '' || [...text].length > o.adMaxChars) {
    return no('R-AD-INVALID', { maxP: o.pseudonymMaxChars, maxA: o.adMaxChars });
  }
  b.emit('ad.accepted', { author: me, key, display: p, text }, { kind: 'players', ids: [me] });
  pn(b, [me], 'Bestätigung', msg('MSG-ACK-AD', { p: bound?.display ?? p, phase: phaseLabel(s), k: used + 1, q }));
}

/** DE-WILL-1, DE-WILL-2 (recipients are participants; an unknown name changes nothing): a testament (optionally with «Empfänger:» / «Recipients:» as its first line) or «Testament löschen» / «Will: delete». */
export function writeWill(b: B, me: PlayerId, arg: string, rest: readonly string[], no: Refuse): Rejection | undefined {
  const s = b.state;
  // Decision (interpretation 11): the text may start on the keyword line; «löschen» alone deletes.
  const lines = [arg, ...rest];
  if ((normKeyword(arg) === 'loeschen' || normKeyword(arg) === 'delete') && rest.every((l) => l.trim() === '')) {
    b.emit('will.deleted', { player: me }, { kind: 'players', ids: [me] });
    pn(b, [me], 'Bestätigung', msg('MSG-ACK-WILL-DELETED'));
    return;
  }
  const first = lines.findIndex((l) => l.trim() !== '');
  let recipients: PlayerId[] = [];
  let body = lines;
  // «Empfänger:» (colon optional) or, in English, «Recipients:» (colon required, so a text may begin with the word).
  const head = first >= 0 ? /^\s*(?:empf(?:ä|ae)nger\s*:?|recipients\s*:)\s*(.*)$/i.exec(lines[first]!) : null;
  if (head) {
    body = lines.slice(first + 1);
    for (const raw of head[1]!.split(/\s*,\s*|\s+(?:und|and)\s+/i)) {
      const name = raw.trim();
      if (name === '') continue;
      const m = matchStrict(
        name,
        s.order.map((id) => s.players[id]!),
      );
      if (m.kind !== 'one' || m.id === me) return no('R-WILL-RECIPIENT', { input: name });
      if (!recipients.includes(m.id)) recipients.push(m.id);
    }
  }
  const text = body.join('\n').trim();
  const max = opts(s).testamentMaxChars;
  if (text === '' || [...text].length > max) return no('R-WILL-INVALID', { max });
  recipients = s.order.filter((id) => recipients.includes(id));
  b.emit('will.set', { player: me, text, recipients }, { kind: 'players', ids: [me] });
  pn(b, [me], 'Bestätigung', recipients.length ? msg('MSG-ACK-WILL-TO', { names: nameList(s, recipients) }) : msg('MSG-ACK-WILL-PUBLIC'));
}
