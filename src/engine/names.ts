// Forum-name matching (PAL-GEN-4): case-, accent- and markup-insensitive, no transliteration.
import type { PlayerId } from '../core/types.ts';

const foldCache = new Map<string, string>();

/** Folds a string for comparison: no accents, lower case, final sigma as sigma, single spaces, trimmed. Memoised. */
export function fold(s: string): string {
  const hit = foldCache.get(s);
  if (hit !== undefined) return hit;
  const out = foldRaw(s);
  if (s.length <= 200) {
    if (foldCache.size > 20_000) foldCache.clear();
    foldCache.set(s, out);
  }
  return out;
}

function foldRaw(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A player as name matching sees it. */
export interface Named {
  readonly id: PlayerId;
  readonly name: string;
}

/** The outcome of resolving a name: one player, or why not. */
export type NameMatch =
  | { readonly kind: 'one'; readonly id: PlayerId }
  | { readonly kind: 'none' }
  | { readonly kind: 'ambiguous' }
  /** No single name matches, but the text names two or more players (a possible proxy vote, PAL-VOTE-3). */
  | { readonly kind: 'several'; readonly ids: readonly PlayerId[] };

const TRIM = /^[\s"'«»“”„.,;:!?()[\]<>@*_~`-]+|[\s"'«»“”„.,;:!?()[\]<>@*_~`-]+$/g;

/** Resolves `text` to exactly one of `players` by folded name. */
export function matchName(text: string, players: readonly Named[]): NameMatch {
  const t = fold(text.replace(TRIM, ''));
  if (t === '') return { kind: 'none' };
  const exact = players.filter((p) => fold(p.name) === t);
  if (exact.length === 1) return { kind: 'one', id: exact[0]!.id };
  if (exact.length > 1) return { kind: 'ambiguous' };
  const words = ` ${t.replace(/[^\p{L}\p{N}_ -]+/gu, ' ').replace(/\s+/g, ' ')} `;
  const inside = players.filter((p) => {
    const n = fold(p.name);
    return n !== '' && words.includes(` ${n} `);
  });
  if (inside.length >= 2) return { kind: 'several', ids: inside.map((p) => p.id) };
  return { kind: 'none' };
}
