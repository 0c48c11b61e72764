// Dealing one card (or token) to each player from the game RNG (a reusable piece): a rulebook describes the deal as
// data — picks among the players a constraint allows, then a shuffled list for the rest — and gets a verifiable,
// replayable result. The deal consumes draws in step order, like every other use of the game RNG.
import type { PlayerId } from '../core/types.ts';
import type { Draws } from './rng.ts';

/** One step of a deal. */
export type DealStep =
  /** Gives `card` to one player picked uniformly among the card-less players `eligible` allows (signup order). */
  | { readonly kind: 'pick'; readonly card: string; readonly eligible: (id: PlayerId) => boolean }
  /** Shuffles `cards` and gives the i-th to the i-th card-less player (signup order). */
  | { readonly kind: 'shuffle'; readonly cards: readonly string[] };

/** The result of a deal: a card per player and, for a verifier, what each step drew from. */
export interface DealtHands {
  readonly hands: Readonly<Record<PlayerId, string>>;
  readonly steps: readonly { readonly from: readonly string[]; readonly result: readonly string[] | string }[];
  /** True when a pick step found nobody eligible (the configuration cannot be dealt). */
  readonly impossible: boolean;
}

/** Runs the steps over the players in signup order; players already holding a card (`fixed`) are skipped. */
export function dealHands(order: readonly PlayerId[], steps: readonly DealStep[], d: Draws, fixed: Readonly<Record<PlayerId, string>> = {}): DealtHands {
  const hands: Record<PlayerId, string> = { ...fixed };
  const log: { from: readonly string[]; result: readonly string[] | string }[] = [];
  let impossible = false;
  const free = () => order.filter((id) => !Object.hasOwn(hands, id));
  for (const step of steps) {
    if (step.kind === 'pick') {
      const pool = free().filter(step.eligible);
      if (pool.length === 0) {
        impossible = true;
        continue;
      }
      const chosen = pool[d.pickIndex(pool.length)]!;
      hands[chosen] = step.card;
      log.push({ from: pool, result: chosen });
    } else {
      const holders = free();
      const cards = step.cards.slice(0, holders.length);
      const shuffled = d.shuffle(cards);
      holders.forEach((id, i) => {
        if (shuffled[i] !== undefined) hands[id] = shuffled[i]!;
      });
      log.push({ from: cards, result: shuffled });
    }
  }
  return { hands, steps: log, impossible };
}
