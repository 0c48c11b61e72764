// Small choices every variant's bots make: the targets the rules offer for a command, and the best-scored candidate.
import type { GameEvent, PlayerId } from '../core/types.ts';
import { typed } from '../engine/events.ts';
import type { LegalAction } from '../engine/variant.ts';
import type { Rand } from './random.ts';

/** The targets the rules allow for `command` right now, or undefined when the command is not available. */
export function targetsOf(legal: readonly LegalAction[], command: string): readonly PlayerId[] | undefined {
  return legal.find((a) => a.command === command)?.targets;
}

/**
 * The line that takes legal action `a` with these arguments (player ids for player arguments), or undefined when an
 * argument is not one the rules offer now: a bot writes only what a player could send. Without `params` (a rulebook
 * that does not declare its actions yet) the first `{name}` of the template takes the first argument.
 */
export function fillLine(a: LegalAction, args: Readonly<Record<string, string>>, name: (id: PlayerId) => string): string | undefined {
  if (!a.params || a.line === undefined) {
    const target = Object.values(args)[0];
    if (target === undefined || !a.targets?.includes(target)) return undefined;
    return a.template.replace('{name}', name(target));
  }
  let line = a.line;
  // An absent optional argument takes its separator with it: `Kill: {target} EXECUTOR: {executor}` → `Kill: Anna`.
  for (const p of a.params) if (p.optional && args[p.key] === undefined) line = dropSlot(line, p.key);
  for (const p of a.params) {
    const value = args[p.key];
    if (value === undefined) {
      if (!p.optional) return undefined;
      continue;
    }
    if (p.kind === 'player' && !p.targets.includes(value)) return undefined;
    if (p.kind === 'choice' && !p.values.includes(value)) return undefined;
    line = line.replace(`{${p.key}}`, p.kind === 'player' ? name(value) : value);
  }
  return line;
}

/** A line without slot `{key}` and the separator before it (the text since the previous slot). */
function dropSlot(line: string, key: string): string {
  const slot = `{${key}}`;
  const i = line.indexOf(slot);
  if (i < 0) return line;
  const prev = line.lastIndexOf('}', i);
  return line.slice(0, prev >= 0 ? prev + 1 : i) + line.slice(i + slot.length);
}

/** The key of an action's first player argument ('target' when it declares none). */
export function targetKey(a: LegalAction): string {
  return a.params?.find((p) => p.kind === 'player')?.key ?? 'target';
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
