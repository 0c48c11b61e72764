// The Todesbotschaft (DE-KILL-3): a link, or a text of at least four sentences and 300 characters that names the
// victim. Sentences are counted deterministically so that the boss gets the same answer as the engine.

/** The verdict on a death message. */
export type DmCheck =
  | { readonly ok: true; readonly form: 'link' }
  | { readonly ok: true; readonly form: 'text'; readonly sentences: number; readonly chars: number }
  | { readonly ok: false; readonly code: 'R-DM-EMPTY' }
  | { readonly ok: false; readonly code: 'R-DM-SHORT'; readonly sentences: number; readonly chars: number }
  | { readonly ok: false; readonly code: 'R-DM-VICTIM' };

/** NFC, every whitespace run to one space, trimmed (DE-KILL-3). */
export function normalizeDm(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

const END = /[.!?…]+["“”„»«')\]]*(?=\s|$)/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** Counts sentences: segments after each sentence end; a segment is a sentence iff it has at least two words. */
export function countSentences(normalized: string): number {
  const segments: string[] = [];
  let last = 0;
  for (const m of normalized.matchAll(END)) {
    const end = (m.index ?? 0) + m[0].length;
    segments.push(normalized.slice(last, end));
    last = end;
  }
  segments.push(normalized.slice(last));
  return segments.filter((seg) => (seg.match(WORD)?.length ?? 0) >= 2).length;
}

/** Checks a death message; `victim` is the current target's name (undefined while no target is set). */
export function checkDm(text: string, victim: string | undefined, min: { readonly sentences: number; readonly chars: number }): DmCheck {
  const n = normalizeDm(text);
  if (n === '') return { ok: false, code: 'R-DM-EMPTY' };
  if (/https?:\/\/\S+/.test(n)) return { ok: true, form: 'link' };
  const sentences = countSentences(n);
  const chars = [...n].length;
  if (sentences < min.sentences || chars < min.chars) return { ok: false, code: 'R-DM-SHORT', sentences, chars };
  if (victim !== undefined && !n.toLocaleLowerCase('de').includes(victim.toLocaleLowerCase('de'))) return { ok: false, code: 'R-DM-VICTIM' };
  return { ok: true, form: 'text', sentences, chars };
}
