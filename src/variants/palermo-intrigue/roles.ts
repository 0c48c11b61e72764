// The palermo-intrigue cast and its default distribution table (INT §2, INT-DIST-1/2).
import type { RoleDef, SideDef } from '../../engine/variant.ts';
import { knownKillers } from '../palermo/roles.ts';

/** Role ids of palermo-intrigue, in canonical deck order (INT-DIST-2). */
export const DECK_ORDER = [
  'archmafioso',
  'visible-mafioso-a',
  'visible-mafioso-b',
  'visible-mafioso-x',
  'hidden-mafioso',
  'informant',
  'detective',
  'medium',
  'nurse',
  'mayor',
  'lawyer',
  'corrupt-cop',
  'prostitute',
  'rival-mafioso',
  'roommate',
  'henchman',
  'citizen',
] as const;

/** A role id of palermo-intrigue. */
export type IntRole = (typeof DECK_ORDER)[number];

/** Formal mafiosi (the Rival Mafioso is one too, but he is not counted in M, INT §2). */
export const MAFIOSI: ReadonlySet<string> = new Set(['archmafioso', 'visible-mafioso-a', 'visible-mafioso-b', 'visible-mafioso-x', 'hidden-mafioso']);

/** Visible mafiosi: the ones the informant knows (INT-DIST-3). */
export const VISIBLE: ReadonlySet<string> = new Set(['visible-mafioso-a', 'visible-mafioso-b', 'visible-mafioso-x']);

/** Citizens on the Mafia's side who know the mafiosi' names (INT-DIST-3). */
export const HELPERS: ReadonlySet<string> = new Set(['corrupt-cop', 'prostitute', 'henchman']);

const R = (id: IntRole, side: string, team: string, el: string, en: string, sumEn: string, sumEl: string): RoleDef => ({
  id,
  side,
  team,
  names: { el, en },
  summary: { en: sumEn, el: sumEl },
});

/** The cast (formal team = what a check, the oracle and a full reveal show; side = with whom the role wins). */
export const ROLES: readonly RoleDef[] = [
  R(
    'archmafioso',
    'mafia',
    'mafioso',
    'Αρχιμαφιόζος',
    'Archmafioso',
    'knows all mafiosi with sub-roles; his murder order prevails; may always out',
    'γνωρίζει όλους τους μαφιόζους· η εντολή του υπερισχύει· κάνει πάντα κάρφωμα',
  ),
  R(
    'visible-mafioso-a',
    'mafia',
    'mafioso',
    'Φανερός Μαφιόζος Α',
    'Visible Mafioso A',
    'known to the informant; murder orders',
    'γνωστός στον πληροφοριοδότη· εντολές δολοφονίας',
  ),
  R(
    'visible-mafioso-b',
    'mafia',
    'mafioso',
    'Φανερός Μαφιόζος Β',
    'Visible Mafioso B',
    'known to the informant and the Rival Mafioso',
    'γνωστός στον πληροφοριοδότη και στον Αντίπαλο Μαφιόζο',
  ),
  R(
    'visible-mafioso-x',
    'mafia',
    'mafioso',
    'Φανερός Μαφιόζος',
    'Visible Mafioso',
    'known to the informant (large games)',
    'γνωστός στον πληροφοριοδότη (μεγάλα παιχνίδια)',
  ),
  R(
    'hidden-mafioso',
    'mafia',
    'mafioso',
    'Κρυφός Μαφιόζος',
    'Hidden Mafioso',
    'unknown to the informant; outs first',
    'άγνωστος στον πληροφοριοδότη· κάνει πρώτος το κάρφωμα',
  ),
  R(
    'informant',
    'citizens',
    'citizen',
    'Πληροφοριοδότης',
    'Informant',
    'knows the visible mafiosi; target of outings',
    'γνωρίζει τους φανερούς μαφιόζους· στόχος του καρφώματος',
  ),
  R(
    'detective',
    'citizens',
    'citizen',
    'Ντετέκτιβ',
    'Detective',
    'each night: the formal team of one active player',
    'κάθε νύχτα: η τυπική ομάδα ενός ενεργού παίκτη',
  ),
  R('medium', 'citizens', 'citizen', 'Μέντιουμ', 'Medium', 'each night: the formal team of one ghost', 'κάθε νύχτα: η τυπική ομάδα ενός φαντάσματος'),
  R(
    'nurse',
    'citizens',
    'citizen',
    'Νοσοκόμα',
    'Nurse',
    'each night: protects one player from the next noon murder',
    'κάθε νύχτα: προστατεύει έναν παίκτη από την επόμενη δολοφονία',
  ),
  R('mayor', 'citizens', 'citizen', 'Δήμαρχος', 'Mayor', 'his ballot breaks a tie at the count', 'η ψήφος του λύνει την ισοψηφία'),
  R(
    'lawyer',
    'citizens',
    'citizen',
    'Δικηγόρος',
    'Lawyer',
    'by 20:10: annuls all ballots on one client',
    'μέχρι τις 20:10: ακυρώνει τις ψήφους προς έναν πελάτη',
  ),
  R(
    'corrupt-cop',
    'mafia',
    'citizen',
    'Διεφθαρμένος Αστυνομικός',
    'Corrupt Cop',
    'by 20:10: moves the ballots on X to Y; shows as citizen, wins with the Mafia',
    'μέχρι τις 20:10: μεταφέρει τις ψήφους από Χ σε Υ· κερδίζει με τη Μαφία',
  ),
  R(
    'prostitute',
    'mafia',
    'citizen',
    'Πόρνη',
    'Prostitute',
    'each night by 00:00: blocks one night ability; shows as citizen, wins with the Mafia',
    'κάθε νύχτα ως τις 00:00: μπλοκάρει μια νυχτερινή ικανότητα· κερδίζει με τη Μαφία',
  ),
  R(
    'rival-mafioso',
    'rival',
    'mafioso',
    'Αντίπαλος Μαφιόζος',
    'Rival Mafioso',
    'knows visible B; takes his murderer with him; takes over the murders when the Mafia is gone',
    'γνωρίζει τον Φανερό Β· παίρνει μαζί του τον δολοφόνο του· αναλαμβάνει τις δολοφονίες',
  ),
  R('roommate', 'citizens', 'citizen', 'Συγκάτοικος', 'Roommate', 'knows the other roommate', 'γνωρίζει τον άλλο συγκάτοικο'),
  R(
    'henchman',
    'mafia',
    'citizen',
    'Τσιράκι',
    'Henchman',
    'knows the mafiosi; shows as citizen; wins with the Mafia',
    'γνωρίζει τους μαφιόζους· εμφανίζεται πολίτης· κερδίζει με τη Μαφία',
  ),
  R('citizen', 'citizens', 'citizen', 'Πολίτης', 'Citizen', 'votes; holds a card', 'ψηφίζει· έχει μια κάρτα'),
];

/** The three sides that can win (INT-WIN-6). */
export const SIDES: readonly SideDef[] = [
  { id: 'citizens', names: { el: 'οι πολίτες', en: 'the citizens' } },
  { id: 'mafia', names: { el: 'η Μαφία', en: 'the Mafia' } },
  { id: 'rival', names: { el: 'ο Αντίπαλος Μαφιόζος', en: 'the Rival Mafioso' } },
];

/** Formal teams as checks and reveals name them (`{ref:'team'}` parameters). */
export const TEAMS: readonly SideDef[] = [
  { id: 'citizen', names: { el: 'πολίτης', en: 'citizen' } },
  { id: 'mafioso', names: { el: 'μαφιόζος', en: 'mafioso' } },
];

/** The role definition of an id (citizen for an unknown one, which only a bug causes). */
export function roleDef(id: string): RoleDef {
  return ROLES.find((r) => r.id === id) ?? ROLES[ROLES.length - 1]!;
}

/** The formal team of a role: what the detective, medium and oracle see (INT-ROLE-1, INT-RM-1). */
export function formalTeam(role: string): 'mafioso' | 'citizen' {
  return roleDef(role).team === 'mafioso' ? 'mafioso' : 'citizen';
}

/** INT §2: visible mafiosi V for M formal mafiosi (so V ≥ k(M) always). */
export function visibleCount(M: number): number {
  if (M <= 2) return 1;
  if (M <= 7) return 2;
  return knownKillers(M);
}

/** INT-DIST-1: the default role table for N players, in canonical deck order. */
export function defaultRoles(n: number): IntRole[] {
  const M = Math.max(2, Math.floor(n / 4));
  const V = visibleCount(M);
  const deck: IntRole[] = ['archmafioso', 'visible-mafioso-a'];
  if (V >= 2) deck.push('visible-mafioso-b');
  for (let i = 2; i < V; i++) deck.push('visible-mafioso-x');
  for (let i = 0; i < M - 1 - V; i++) deck.push('hidden-mafioso');
  deck.push('informant', 'detective');
  if (n >= 12) deck.push('medium');
  if (n >= 10) deck.push('nurse');
  if (n >= 12) deck.push('mayor');
  if (n >= 16) deck.push('lawyer');
  if (n >= 12) deck.push('corrupt-cop');
  if (n >= 16) deck.push('prostitute', 'rival-mafioso');
  if (n >= 18) deck.push('roommate', 'roommate');
  while (deck.length < n) deck.push('citizen');
  return deck;
}

/** Puts a role list into canonical deck order (the order the shuffle starts from, INT-DIST-2). */
export function canonical(list: readonly string[]): string[] {
  const pos = (r: string) => DECK_ORDER.indexOf(r as IntRole);
  return [...list].sort((a, b) => pos(a) - pos(b));
}

/** INT-DIST-1: checks a role list for N players; returns an error text or null. */
export function checkRoleList(list: readonly string[], n: number): string | null {
  if (n < 8) return `palermo-intrigue needs at least 8 players, not ${n} (INT-DIST-1)`;
  if (list.length !== n) return `the list has ${list.length} roles for ${n} players`;
  const bad = list.find((r) => !DECK_ORDER.includes(r as IntRole));
  if (bad) return `unknown role "${bad}"`;
  const count = (r: string) => list.filter((x) => x === r).length;
  if (count('archmafioso') !== 1) return 'exactly one archmafioso is needed (INT-DIST-1)';
  const M = list.filter((r) => MAFIOSI.has(r)).length;
  if (M < 2) return 'at least two mafiosi are needed (INT-DIST-1)';
  for (const single of DECK_ORDER.filter(
    (r) => r !== 'visible-mafioso-x' && r !== 'hidden-mafioso' && r !== 'roommate' && r !== 'henchman' && r !== 'citizen',
  )) {
    if (count(single) > 1) return `at most one ${single} (INT-DIST-1)`;
  }
  if (count('roommate') !== 0 && count('roommate') !== 2) return 'roommates come in a pair or not at all (INT-DIST-1)';
  const aligned = list.filter((r) => roleDef(r).side === 'citizens').length;
  if (aligned === 0) return 'at least one aligned citizen is needed to hold «Αποτυχία Δολοφονίας» (INT-DIST-1)';
  return null;
}
