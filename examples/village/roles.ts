// The village's roles and sides.
import type { RoleDef, SideDef } from '../../src/engine/variant.ts';

/** Two roles: the mafia kills by night, the villagers vote by day. */
export const ROLES: readonly RoleDef[] = [
  { id: 'mafioso', side: 'mafia', team: 'mafia', names: { en: 'mafioso' }, summary: { en: 'kills one player each night with the other mafiosi' } },
  { id: 'villager', side: 'village', team: 'village', names: { en: 'villager' }, summary: { en: 'finds the mafia and votes them out by day' } },
];

/** The two sides that can win. */
export const SIDES: readonly SideDef[] = [
  { id: 'village', names: { en: 'village' } },
  { id: 'mafia', names: { en: 'mafia' } },
];
