// The variants Narrator ships, by id. The engine never imports a variant; programs look them up here.
import type { Variant } from '../engine/variant.ts';
import { mafiaCities } from './mafia-cities/index.ts';
import { mafiaDe } from './mafia-de/index.ts';
import { palermo } from './palermo/index.ts';
import { palermoIntrigue } from './palermo-intrigue/index.ts';

const registered: Record<string, Variant<unknown>> = {
  palermo,
  'palermo-intrigue': palermoIntrigue,
  'mafia-de': mafiaDe,
  'mafia-cities': mafiaCities,
};

/** Every registered variant, by id: the shipped rulebooks above, and any added by `registerVariant`. */
export const VARIANTS: Readonly<Record<string, Variant<unknown>>> = registered;

/**
 * Adds a rulebook beside the shipped ones, before any game of it is created or loaded: what a plug-in or a test does
 * instead of the line a shipped rulebook has above (docs/new-rulebook.md). An id already taken is a bug.
 */
export function registerVariant(variant: Variant<unknown>): void {
  if (Object.hasOwn(registered, variant.id)) throw new Error(`a rulebook "${variant.id}" is already registered`);
  registered[variant.id] = variant;
}

/** Looks up a variant by id. */
export function getVariant(id: string): Variant<unknown> | undefined {
  return Object.hasOwn(VARIANTS, id) ? VARIANTS[id] : undefined;
}
