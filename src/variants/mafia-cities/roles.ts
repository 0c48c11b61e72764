// The mafia-cities roles and sides (spec §2, §1.1). Godfather and judge are positions a player holds, not roles.
import type { RoleDef, SideDef } from '../../engine/variant.ts';

/** The roles. `team` is what a commissioner's check shows (CIT-COM-2). */
export const ROLES: readonly RoleDef[] = [
  {
    id: 'citizen',
    side: 'honest',
    team: 'honest',
    names: { ru: 'Гражданин', en: 'Citizen' },
    summary: { ru: 'ночью спит, днём выдвигает и голосует', en: 'sleeps at night, nominates and votes by day' },
  },
  {
    id: 'mafioso',
    side: 'mafia',
    team: 'mafia',
    names: { ru: 'Мафиози', en: 'Mafioso' },
    summary: { ru: 'ночью мафия города убивает жителя своего города', en: 'at night the city’s family kills a resident of its city' },
  },
  {
    id: 'commissioner',
    side: 'honest',
    team: 'honest',
    names: { ru: 'Комиссар', en: 'Commissioner' },
    summary: { ru: 'ночью проверяет одного жителя своего города', en: 'checks one resident of his city each night' },
  },
  {
    id: 'doctor',
    side: 'honest',
    team: 'honest',
    names: { ru: 'Врач', en: 'Doctor' },
    summary: { ru: 'днём называет, кого защитит следующей ночью', en: 'names by day whom he protects the next night' },
  },
  {
    id: 'maniac',
    side: 'maniac',
    team: 'honest',
    names: { ru: 'Маньяк', en: 'Maniac' },
    summary: { ru: 'каждую ночь обязан убить; побеждает, пережив всех', en: 'must kill every night; wins by outliving everyone' },
  },
];

/** The sides (CIT-WIN). */
export const SIDES: readonly SideDef[] = [
  { id: 'honest', names: { ru: 'Честные жители', en: 'Honest residents' } },
  { id: 'mafia', names: { ru: 'Мафия', en: 'Mafia' } },
  { id: 'maniac', names: { ru: 'Маньяк', en: 'Maniac' } },
];

/** CIT-SET-5: mafiosi in a city of s residents. */
export function mafiaCount(s: number): number {
  return Math.max(1, Math.floor((s - 2) / 3));
}

/** §3.4: the default number of cities for n players. */
export function defaultCityCount(n: number): number {
  return Math.max(2, Math.min(6, Math.floor(n / 8)));
}

/** The role list the default distribution gives n players (for `narrator rules` and balance reports). */
export function defaultRoles(n: number): string[] {
  const k = Math.min(defaultCityCount(n), Math.max(2, Math.floor(n / 5)));
  const out: string[] = ['doctor', 'maniac'];
  for (let c = 0; c < k; c++) {
    const size = Math.floor(n / k) + (c < n % k ? 1 : 0);
    for (let i = 0; i < mafiaCount(size); i++) out.push('mafioso');
    out.push('commissioner');
  }
  while (out.length < n) out.push('citizen');
  return out.slice(0, n);
}
