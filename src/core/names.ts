// Look-alike names (issue 10 item 6). Two names are confusable when their skeletons are equal: the UTS #39
// skeleton (Unicode's confusables.txt, through the `unhomoglyph` package: Cyrillic А and Latin A, 0 and O, rn
// and m) over the NFKC form (full-width Ａ is A), with full case folding (Straße = STRASSE) and without accents
// (Anná = Anna: a reader of a thread does not tell them apart at a glance, and a vote line must not either).
import unhomoglyph from 'unhomoglyph';

/** Bidirectional embedding, override and isolate controls (U+202A–202E, U+2066–2069). */
export const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

// toUpperCase expands ß to SS and ﬁ to FI, which toLowerCase alone never does: the full case folding of Unicode.
const fold = (s: string) => s.toUpperCase().toLowerCase();
const unaccented = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const once = (s: string) => fold(unaccented(unhomoglyph(unaccented(s))));

/** The key under which confusable names collide. Not for display: `m` becomes `rn`, `I` becomes `l`. */
export function nameSkeleton(name: string): string {
  // Mapped before folding (confusables.txt is case-sensitive: Greek Κ is Latin K, lower-case κ is not k), then
  // once more after, so a look-alike of either case meets the other.
  return once(once(name.normalize('NFKC').trim()));
}
