// INT-VOTE-5: the count at 20:10 as a pure function of the ballots and the round's effects, so its order (cards →
// Mayor → Lawyer → Corrupt Cop) is testable on its own. Totals go through the engine's plurality tally.
import type { PlayerId } from '../../core/types.ts';
import { type Tally, tally } from '../../engine/tally.ts';

/** What the count needs to know. */
export interface CountInput {
  /** Final ballot of every eligible voter (INT-VOTE-5 step 1). */
  readonly ballots: ReadonlyMap<PlayerId, PlayerId>;
  readonly order: readonly PlayerId[];
  /** Voters whose ballot weighs 2 («Επιπλέον Ψήφος»). */
  readonly doubled: ReadonlySet<PlayerId>;
  /** Voters hit by «Ακύρωση Ψήφου». */
  readonly cancelled: ReadonlySet<PlayerId>;
  readonly votable: (id: PlayerId) => boolean;
  /** The active Mayor, if any. */
  readonly mayor?: PlayerId;
  /** The active Lawyer's client, if any. */
  readonly client?: PlayerId;
  /** The active Corrupt Cop's transfer, if any. */
  readonly transfer?: { readonly from: PlayerId; readonly to: PlayerId };
}

/** An effect line of the tally post (INT-VOTE-5), in the order the steps applied. */
export type CountEffect =
  | { readonly kind: 'cancelled'; readonly voter: PlayerId }
  | { readonly kind: 'double'; readonly voter: PlayerId }
  | { readonly kind: 'client'; readonly client: PlayerId }
  | { readonly kind: 'transfer'; readonly from: PlayerId; readonly to: PlayerId };

/** The count's result. */
export interface CountResult {
  /** Ballots as cast (for the tally rows). */
  readonly cast: Tally;
  /** Totals after every step. */
  readonly final: Tally;
  readonly effects: readonly CountEffect[];
  /** Where the Mayor's marked ballot ends up (after the Corrupt Cop's move), if it survived. */
  readonly mayorTarget?: PlayerId;
}

/** INT-VOTE-5 steps 1–7. */
export function count(input: CountInput): CountResult {
  const { order } = input;
  const weight = (voter: PlayerId) => (input.doubled.has(voter) ? 2 : 1);
  const cast = tally(input.ballots, order, weight);
  const effects: CountEffect[] = [];
  // Step 2: «Ακύρωση Ψήφου»; step 3: targets no longer votable.
  const live = new Map<PlayerId, PlayerId>();
  for (const voter of order) {
    const target = input.ballots.get(voter);
    if (target === undefined) continue;
    if (input.cancelled.has(voter)) {
      effects.push({ kind: 'cancelled', voter });
      continue;
    }
    if (!input.votable(target)) continue;
    live.set(voter, target);
  }
  for (const voter of order) if (live.has(voter) && input.doubled.has(voter)) effects.push({ kind: 'double', voter });
  // Step 4 (INT-ROLE-8): the Mayor's ballot, an ordinary one, is marked if it survived.
  let mayorTarget = input.mayor !== undefined ? live.get(input.mayor) : undefined;
  // Step 5: the Lawyer annuls every ballot on his client.
  if (input.client !== undefined) {
    const c = input.client;
    const hit = [...live].filter(([, t]) => t === c).map(([voter]) => voter);
    if (hit.length > 0) effects.push({ kind: 'client', client: c });
    for (const voter of hit) live.delete(voter);
    if (mayorTarget === c) mayorTarget = undefined;
  }
  // Step 6: the Corrupt Cop moves every remaining ballot on X to Y, the Mayor's mark with it (INT-ROLE-7).
  const tr = input.transfer;
  if (tr && input.votable(tr.from) && input.votable(tr.to)) {
    const hit = [...live].filter(([, t]) => t === tr.from).map(([voter]) => voter);
    if (hit.length > 0) effects.push({ kind: 'transfer', from: tr.from, to: tr.to });
    for (const voter of hit) live.set(voter, tr.to);
    if (mayorTarget === tr.from) mayorTarget = tr.to;
  }
  // Step 7: totals and the top set.
  const final = tally(live, order, weight);
  return { cast, final, effects, ...(mayorTarget !== undefined ? { mayorTarget } : {}) };
}
