// The palermo cast and its default distribution table (spec §2, PAL-DIST-1/7).
import type { RoleDef, SideDef } from '../../engine/variant.ts';

/** Role ids of palermo. */
export type PalRole = 'citizen' | 'killer' | 'informant' | 'nurse' | 'henchman';

/** Side ids of palermo. */
export type PalSide = 'citizens' | 'killers';

/** The cast (formal team = what a reveal shows; side = with whom the role wins). */
export const ROLES: readonly RoleDef[] = [
  {
    id: 'killer',
    side: 'killers',
    team: 'killer',
    names: { el: 'Δολοφόνος', en: 'Killer' },
    summary: {
      en: 'knows the other killers; orders a murder by 13:00 from round 2; may out the informant',
      el: 'γνωρίζει τους άλλους δολοφόνους· δολοφονία ως τις 13:00 από τον 2ο γύρο· κάρφωμα του ρουφιάνου',
    },
  },
  {
    id: 'informant',
    side: 'citizens',
    team: 'citizen',
    names: { el: 'Πληροφοριοδότης', en: 'Informant' },
    summary: { en: 'knows k(M) killers; if the killers out him correctly they win', el: 'γνωρίζει k(M) δολοφόνους· αν καρφωθεί σωστά κερδίζουν οι δολοφόνοι' },
  },
  {
    id: 'nurse',
    side: 'citizens',
    team: 'citizen',
    names: { el: 'Νοσοκόμα', en: 'Nurse' },
    summary: {
      en: 'protects one player from the 13:00 murder, from round 2; not herself, not twice in a row',
      el: 'προστατεύει έναν παίκτη από τη δολοφονία των 13:00, από τον 2ο γύρο',
    },
  },
  {
    id: 'henchman',
    side: 'killers',
    team: 'citizen',
    names: { el: 'Τσιράκι', en: 'Henchman' },
    summary: {
      en: 'knows the killers, who do not know him; shows as citizen; wins with the killers',
      el: 'γνωρίζει τους δολοφόνους, εκείνοι όχι αυτόν· εμφανίζεται πολίτης· κερδίζει με τους δολοφόνους',
    },
  },
  { id: 'citizen', side: 'citizens', team: 'citizen', names: { el: 'Πολίτης', en: 'Citizen' }, summary: { en: 'votes every day', el: 'ψηφίζει κάθε μέρα' } },
];

/** The two sides. */
export const SIDES: readonly SideDef[] = [
  { id: 'citizens', names: { el: 'πολίτες', en: 'citizens' } },
  { id: 'killers', names: { el: 'δολοφόνοι', en: 'killers' } },
];

/** Formal team names as reveals write them (PAL-REV-2). */
export const TEAMS: readonly SideDef[] = [
  { id: 'citizen', names: { el: 'πολίτης', en: 'a citizen' } },
  { id: 'killer', names: { el: 'δολοφόνος', en: 'a killer' } },
];

/** Canonical deck order of PAL-DIST-2. */
export const DECK_ORDER: readonly PalRole[] = ['killer', 'informant', 'nurse', 'henchman', 'citizen'];

/** PAL-DIST-7: how many killers an informant must know, from the initial killer count M. */
export function knownKillers(M: number): number {
  return M >= 2 ? Math.floor((M - 2) / 3) + 1 : 0;
}

/** The default role table of spec §2 for N players, in canonical deck order. */
export function defaultRoles(n: number): PalRole[] {
  const M = Math.max(2, Math.floor(n / 5) + 1);
  const informants = n >= 20 ? 2 : 1;
  const nurse = n >= 10 ? 1 : 0;
  const henchman = n >= 14 ? 1 : 0;
  const deck: PalRole[] = [];
  const add = (r: PalRole, k: number) => {
    for (let i = 0; i < k; i++) deck.push(r);
  };
  add('killer', M);
  add('informant', informants);
  add('nurse', nurse);
  add('henchman', henchman);
  add('citizen', n - M - informants - nurse - henchman);
  return deck;
}

/** Puts a role list into canonical deck order (the order the shuffle starts from). */
export function canonical(list: readonly string[]): string[] {
  return [...list].sort((a, b) => DECK_ORDER.indexOf(a as PalRole) - DECK_ORDER.indexOf(b as PalRole));
}

/** PAL-DIST-1: checks an explicit role list for N players; returns an error text or null. */
export function checkRoleList(list: readonly string[], n: number): string | null {
  if (list.length !== n) return `the list has ${list.length} roles for ${n} players`;
  const bad = list.find((r) => !DECK_ORDER.includes(r as PalRole));
  if (bad) return `unknown role "${bad}"`;
  const count = (r: PalRole) => list.filter((x) => x === r).length;
  const M = count('killer');
  if (M < 1) return 'at least one killer is needed';
  if (M >= n - M) return 'killers must be fewer than the other players';
  if (count('informant') > 0 && M < 2) return 'an informant needs at least two killers';
  if (count('nurse') > 1) return 'at most one nurse';
  return null;
}
