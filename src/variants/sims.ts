// The rulebooks the simulator can play, by id. A rulebook plugs in by adding its adapter (variants/<id>/sim.ts)
// here; src/sim itself names no rulebook.
import type { SimVariant } from '../sim/types.ts';
import { mafiaCitiesSim } from './mafia-cities/sim.ts';
import { mafiaDeSim } from './mafia-de/sim.ts';
import { palermoSim } from './palermo/sim.ts';
import { palermoIntrigueSim } from './palermo-intrigue/sim.ts';

/** Simulation adapters by variant id. */
export const SIMS: Readonly<Record<string, SimVariant<unknown>>> = {
  palermo: palermoSim,
  'palermo-intrigue': palermoIntrigueSim,
  'mafia-de': mafiaDeSim,
  'mafia-cities': mafiaCitiesSim,
};

/** The adapter of a variant, if it can be simulated. */
export function getSim(id: string): SimVariant<unknown> | undefined {
  return Object.hasOwn(SIMS, id) ? SIMS[id] : undefined;
}
