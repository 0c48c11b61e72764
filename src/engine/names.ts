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

/** A list of players as name matching reads it: each folded name, and the ids of each folded name. */
interface NameIndex {
  readonly folded: readonly string[];
  readonly ids: ReadonlyMap<string, readonly PlayerId[]>;
}

/** The latest lists indexed, with their indexes (a few, strongly held: see perParts on WeakMaps of short-lived keys). */
const indexes: { readonly players: readonly Named[]; readonly ix: NameIndex }[] = [];

/** The index of a list of players (made once per list: `signedUp` hands out one list while the players stand). */
function nameIndex(players: readonly Named[]): NameIndex {
  for (const x of indexes) if (x.players === players) return x.ix;
  const folded = players.map((p) => fold(p.name));
  const ids = new Map<string, PlayerId[]>();
  players.forEach((p, i) => {
    const k = folded[i]!;
    const same = ids.get(k);
    if (same) same.push(p.id);
    else ids.set(k, [p.id]);
  });
  const ix: NameIndex = { folded, ids };
  indexes.unshift({ players, ix });
  if (indexes.length > 8) indexes.pop();
  return ix;
}

const argCache = new Map<string, string>();

/** A command's argument folded for matching, without surrounding punctuation and quotes. Memoised. */
function foldArg(text: string): string {
  const hit = argCache.get(text);
  if (hit !== undefined) return hit;
  const t = fold(text.replace(TRIM, ''));
  if (text.length <= 200) {
    if (argCache.size > 20_000) argCache.clear();
    argCache.set(text, t);
  }
  return t;
}

const NONE: NameMatch = { kind: 'none' };
const AMBIGUOUS: NameMatch = { kind: 'ambiguous' };

/** Resolves `text` to exactly one of `players` by folded name. */
export function matchName(text: string, players: readonly Named[]): NameMatch {
  const t = foldArg(text);
  if (t === '') return NONE;
  const ix = nameIndex(players);
  const exact = ix.ids.get(t);
  if (exact?.length === 1) return { kind: 'one', id: exact[0]! };
  if (exact !== undefined) return AMBIGUOUS;
  const words = ` ${t.replace(/[^\p{L}\p{N}_ -]+/gu, ' ').replace(/\s+/g, ' ')} `;
  const inside = players.filter((_, i) => {
    const n = ix.folded[i]!;
    return n !== '' && words.includes(` ${n} `);
  });
  if (inside.length >= 2) return { kind: 'several', ids: inside.map((p) => p.id) };
  return NONE;
}

const QUOTE_PAIRS: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ['„', '“'],
  ['“', '”'],
  ['»', '«'],
  ["'", "'"],
];

/** Normalises a forum name for strict comparison: NFC, trimmed, whitespace collapsed, case-folded (accents kept). */
export function strictKey(s: string): string {
  return s.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('de');
}

/**
 * Strict name matching (no fuzzy matching, accents significant): strips one pair of surrounding quotes and a
 * leading '@', compares with case folding, and retries once without a final '.' (so "Markus F." keeps its dot).
 */
export function matchStrict(text: string, players: readonly Named[]): NameMatch {
  let t = text.normalize('NFC').trim();
  for (const [open, close] of QUOTE_PAIRS) {
    if (t.length >= 2 && t.startsWith(open) && t.endsWith(close)) {
      t = t.slice(open.length, t.length - close.length).trim();
      break;
    }
  }
  if (t.startsWith('@')) t = t.slice(1).trim();
  const find = (x: string): NameMatch => {
    const k = strictKey(x);
    if (k === '') return { kind: 'none' };
    const hits = players.filter((p) => strictKey(p.name) === k);
    if (hits.length === 1) return { kind: 'one', id: hits[0]!.id };
    return hits.length > 1 ? { kind: 'ambiguous' } : { kind: 'none' };
  };
  const first = find(t);
  if (first.kind === 'none' && t.endsWith('.')) return find(t.slice(0, -1));
  return first;
}
