// Small choices every variant's bots make: the targets the rules offer for a command, and the best-scored candidate.
import type { GameEvent, PlayerId } from '../core/types.ts';
import { typed } from '../engine/events.ts';
import type { LegalAction } from '../engine/variant.ts';
import type { Rand } from './random.ts';

/** The targets the rules allow for `command` right now, or undefined when the command is not available. */
export function targetsOf(legal: readonly LegalAction[], command: string): readonly PlayerId[] | undefined {
  return legal.find((a) => a.command === command)?.targets;
}

/** The best-scored candidate; a little noise breaks ties at random, so equal candidates do not favour signup order. */
export function best(rng: Rand, list: readonly PlayerId[], score: (id: PlayerId) => number): PlayerId | undefined {
  let top: PlayerId | undefined;
  let topScore = -Infinity;
  for (const id of list) {
    const s = score(id) + rng.float() * 0.01;
    if (s > topScore) {
      top = id;
      topScore = s;
    }
  }
  return top;
}

/** A view's event filter: the event types it folds, and the `message` events carrying one of the message keys. */
export function observing(types: ReadonlySet<string>, messageKeys: ReadonlySet<string>): (e: GameEvent) => boolean {
  return (e) => {
    const ev = typed(e);
    return types.has(ev.type) || (ev.type === 'message' && ev.data.parts.some((p) => messageKeys.has(p.key)));
  };
}
