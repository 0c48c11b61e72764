// The variants the simulator can play, by id. A variant plugs in by adding its adapter here (see palermo.ts).
import { mafiaDeSim } from './mafia-de.ts';
import { palermoSim } from './palermo.ts';
import type { SimVariant } from './types.ts';

/** Simulation adapters by variant id. */
export const SIMS: Readonly<Record<string, SimVariant<unknown>>> = {
  palermo: palermoSim,
  'mafia-de': mafiaDeSim,
};

/** The adapter of a variant, if it can be simulated. */
export function getSim(id: string): SimVariant<unknown> | undefined {
  return Object.hasOwn(SIMS, id) ? SIMS[id] : undefined;
}
