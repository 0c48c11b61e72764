// Which rule an event shows firing: data a rulebook declares (`Variant.firing`) so the simulator's statistics
// ("how often each rule fired", `narrator simulate`) read the rulebook's own ids instead of a copy of them.
import { own } from '../core/own.ts';
import type { GameEvent } from '../core/types.ts';
import { typed } from './events.ts';

/**
 * What one event type (or message key) shows firing: a rule label ('PAL-TIE-1 runoff'); one label per value of a
 * data field (of the event, or of the message's params), with `null` for a value that fires nothing and `else` for
 * the rest (`{}` stands for the value); or, where no field decides it, a function of the event's data.
 */
export type Firing =
  | string
  | { readonly by: string; readonly is: Readonly<Record<string, string | null>>; readonly else?: string }
  | ((data: Readonly<Record<string, unknown>>) => readonly string[]);

/** A rulebook's rule firings: by event type, and by message key for the parts of `message` events. */
export interface RuleFiring {
  readonly events: Readonly<Record<string, Firing>>;
  readonly messages?: Readonly<Record<string, Firing>>;
}

function fired(f: Firing | undefined, data: unknown): readonly string[] {
  if (f === undefined) return [];
  if (typeof f === 'string') return [f];
  const d = (data ?? {}) as Readonly<Record<string, unknown>>;
  if (typeof f === 'function') return f(d);
  const value = String(d[f.by]);
  const listed = own(f.is, value);
  const rule = listed !== undefined ? listed : f.else?.replace('{}', value);
  return rule ? [rule] : [];
}

/** The rule labels an event shows firing under a rulebook's declaration (none when it declares nothing). */
export function rulesFired(firing: RuleFiring | undefined, e: GameEvent): readonly string[] {
  if (!firing) return [];
  const ev = typed(e);
  const ofType = fired(own(firing.events, ev.type), ev.data);
  if (ev.type !== 'message' || !firing.messages) return ofType;
  const out = [...ofType];
  for (const p of ev.data.parts) out.push(...fired(own(firing.messages, p.key), p.params));
  return out;
}
