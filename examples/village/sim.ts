// The village in the simulator: the generic adapter's random play on the derived legal actions (src/sim/generic.ts).
import { genericSim } from '../../src/sim/generic.ts';
import { village } from './index.ts';

/** The village's simulation adapter (random play only: sensible bots are a rulebook's own work). */
export const villageSim = genericSim(village, { killerRole: 'mafioso', fillerRole: 'villager', rounds: (s) => s.v.round });
