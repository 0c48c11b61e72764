// The last word (CIT-LW): a nominee may speak once per list, from his nomination until voteEnd; the engine publishes
// it in the thread of every city whose list he is on. He may instead ask the Prokurator to phone him: staff then
// publish the recording (moderator action `lastword`).
import type { PlayerId } from '../../core/types.ts';
import { announceIn } from '../../engine/channels.ts';
import { type B, cityName, cityOf, cityThread, isDaytime, msg, nm, type S, time } from './common.ts';
import { citOptions } from './options.ts';
import type { CitRejectionCode } from './rejections.ts';

type Reply = { readonly code: CitRejectionCode; readonly params?: Record<string, string | number> };

/** The cities whose list holds the player today and have not heard his last word. */
function openLists(s: S, id: PlayerId): number[] {
  return s.v.cities.map((_, c) => c).filter((c) => s.v.nominations[c]!.some((n) => n.target === id) && !s.v.lastWords[c]!.includes(id));
}

/** CIT-LW-1, CIT-LW-2: why a last word of this text is refused now, if it is (staff's recordings; players' are declared). */
function refusal(s: S, id: PlayerId, text: string | null): Reply | undefined {
  const v = s.v;
  if (v.day < 1 || !isDaytime(s)) return { code: 'REJ-LW-CLOSED' };
  const listed = v.cities.some((_, c) => v.nominations[c]!.some((n) => n.target === id));
  if (!listed) return { code: 'REJ-LW-NOTCAND' };
  if (openLists(s, id).length === 0) return { code: 'REJ-LW-USED' };
  const max = citOptions(s.config).lastWordTextMaxChars;
  if (text !== null && text.trim().length > max) return { code: 'REJ-LW-LONG', params: { max, n: text.trim().length } };
  if (text !== null && text.trim() === '') return { code: 'REJ-LW-NOTCAND' };
  return undefined;
}

/** Publishes a last word in every city thread whose list holds him (CIT-LW-4). */
export function publishLastWord(b: B, id: PlayerId, text: string, recorded: boolean): void {
  const s = b.state;
  const cities = openLists(s, id);
  b.emit('cit.lastword', { player: id, cities });
  for (const c of cities) {
    const away = cityOf(s, id) !== c ? 'yes' : 'no';
    announceIn(
      b,
      cityThread(b.state, c),
      msg('T-LW', { name: nm(s, id), away, city: cityName(s, cityOf(s, id)), recorded: recorded ? 'yes' : 'no', text: text.trim() }),
    );
  }
}

/** CIT-LW-3, CIT-MOD-7: staff publish a recorded call (as text or a link to the recording). */
export function staffLastWord(b: B, id: PlayerId, text: string): Reply | undefined {
  const r = refusal(b.state, id, text);
  if (r) return r;
  publishLastWord(b, id, text, true);
  return undefined;
}

/** CIT-LW-3: at voteEnd, nominees whose call was not recorded are told. */
export function missedCalls(b: B): void {
  const s = b.state;
  for (const id of s.v.lwCalls) b.tell([id], msg('P-LW-MISSED', { voteEnd: time(s, s.v.voteEnd) }));
}
