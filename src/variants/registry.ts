// The variants Narrator ships, by id. The engine never imports a variant; programs look them up here.
import type { Variant } from '../engine/variant.ts';
import { mafiaCities } from './mafia-cities/index.ts';
import { mafiaDe } from './mafia-de/index.ts';
import { palermo } from './palermo/index.ts';
import { palermoIntrigue } from './palermo-intrigue/index.ts';

/** Every registered variant, by id. */
export const VARIANTS: Readonly<Record<string, Variant<unknown>>> = {
  palermo,
  'palermo-intrigue': palermoIntrigue,
  'mafia-de': mafiaDe,
  'mafia-cities': mafiaCities,
};

/** Looks up a variant by id. */
export function getVariant(id: string): Variant<unknown> | undefined {
  return Object.hasOwn(VARIANTS, id) ? VARIANTS[id] : undefined;
}
