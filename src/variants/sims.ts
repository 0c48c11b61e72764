// The rulebooks the simulator can play, by id. A rulebook plugs in by adding its adapter (variants/<id>/sim.ts)
// here; src/sim itself names no rulebook.
import type { SimVariant } from '../sim/types.ts';
import { mafiaCitiesSim } from './mafia-cities/sim.ts';
import { mafiaDeSim } from './mafia-de/sim.ts';
import { palermoSim } from './palermo/sim.ts';
import { palermoIntrigueSim } from './palermo-intrigue/sim.ts';

const registered: Record<string, SimVariant<unknown>> = {
  palermo: palermoSim,
  'palermo-intrigue': palermoIntrigueSim,
  'mafia-de': mafiaDeSim,
  'mafia-cities': mafiaCitiesSim,
};

/** Simulation adapters by variant id. */
export const SIMS: Readonly<Record<string, SimVariant<unknown>>> = registered;

/** Adds the adapter of a rulebook added by `registerVariant` (its id must be new here too). */
export function registerSim(id: string, sim: SimVariant<unknown>): void {
  if (Object.hasOwn(registered, id)) throw new Error(`a simulation of "${id}" is already registered`);
  registered[id] = sim;
}

/** The adapter of a variant, if it can be simulated. */
export function getSim(id: string): SimVariant<unknown> | undefined {
  return Object.hasOwn(SIMS, id) ? SIMS[id] : undefined;
}
