// Linked deaths (a reusable piece): a holder is linked to one other player; when the holder is killed the linked
// player dies with him. Links are single-level (no chains): a linked player's own link does not fire.
import type { PlayerId } from '../core/types.ts';

/** Holder → linked player. */
export type Links = Readonly<Record<PlayerId, PlayerId>>;

/** Players who die because a holder among `dying` is linked to them (in the game, not dying anyway). */
export function linkedDeaths(dying: readonly PlayerId[], links: Links, inGame: (id: PlayerId) => boolean): PlayerId[] {
  const out: PlayerId[] = [];
  for (const holder of dying) {
    const linked = links[holder];
    if (linked === undefined || dying.includes(linked) || out.includes(linked) || !inGame(linked)) continue;
    out.push(linked);
  }
  return out;
}

/** Links after removals: a removed holder loses his link and a link to a removed player is cleared. */
export function pruneLinks(links: Links, removed: readonly PlayerId[]): Record<PlayerId, PlayerId> {
  return Object.fromEntries(Object.entries(links).filter(([holder, linked]) => !removed.includes(holder) && !removed.includes(linked)));
}
