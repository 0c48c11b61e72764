// The mafia-de cast (spec §2), its two parties and the default deck (DE-SIGN-5, DE-GEN-1 mafiaCount).
import type { RoleDef, SideDef } from '../../engine/variant.ts';

/** Party ids (a party is both the formal team a check shows and the side that wins). */
export const CITIZENS = 'citizens';
/** The mafia party. */
export const MAFIA = 'mafia';

/** The mafia's special roles, in canonical order (DE-MROLE-7). */
export const MAFIA_SPECIALS = ['framer', 'voodoo-doll', 'robber', 'insider'] as const;

/** The cast. Mafia specials are never dealt: plain mafiosi pick them in Night 1 (DE-MROLE-1). */
export const ROLES: readonly RoleDef[] = [
  {
    id: 'citizen',
    side: CITIZENS,
    team: CITIZENS,
    names: { de: 'einfacher Bürger', en: 'plain citizen' },
    summary: { de: 'stimmt täglich per PN ab', en: 'votes by PM every day' },
  },
  {
    id: 'detective',
    side: CITIZENS,
    team: CITIZENS,
    names: { de: 'Detektiv', en: 'Detective' },
    summary: { de: 'fragt in geraden Nächten die Partei eines Spielers ab', en: 'checks one player’s party in even nights' },
  },
  {
    id: 'matchmaker',
    side: CITIZENS,
    team: CITIZENS,
    names: { de: 'Matchmaker', en: 'Matchmaker' },
    summary: { de: 'vergleicht in ungeraden Nächten zwei Spieler', en: 'compares two players’ parties in odd nights' },
  },
  {
    id: 'guardian-angel',
    side: CITIZENS,
    team: CITIZENS,
    names: { de: 'Schutzengel', en: 'Guardian Angel' },
    summary: {
      de: 'schützt jede Nacht einen Spieler (auch sich), nie zweimal hintereinander',
      en: 'protects one player each night (self allowed), never twice in a row',
    },
  },
  {
    id: 'mafia-boss',
    side: MAFIA,
    team: MAFIA,
    names: { de: 'Mafiaboss', en: 'Mafia boss' },
    summary: { de: 'sendet den Mord mit Todesbotschaft, erhält die Abfragen', en: 'sends the murder with its death message, receives the query results' },
  },
  {
    id: 'mafioso',
    side: MAFIA,
    team: MAFIA,
    names: { de: 'einfacher Mafioso', en: 'plain mafioso' },
    summary: { de: 'wählt in Nacht 1 eine Sonderrolle', en: 'picks a special role in Night 1' },
  },
  {
    id: 'framer',
    side: MAFIA,
    team: MAFIA,
    names: { de: 'Rufmörder', en: 'Framer' },
    summary: { de: 'fälscht nachts das Abfrageergebnis über einen Spieler', en: 'falsifies the night’s query result about one player' },
  },
  {
    id: 'voodoo-doll',
    side: MAFIA,
    team: MAFIA,
    names: { de: 'Voodoo-Puppe', en: 'Voodoo doll' },
    summary: { de: 'stirbt sie, stirbt der verbundene Spieler mit', en: 'when she is killed, her linked player dies too' },
  },
  {
    id: 'robber',
    side: MAFIA,
    team: MAFIA,
    names: { de: 'Räuber', en: 'Robber' },
    summary: { de: 'schaltet nachts die Fähigkeit eines Spielers aus', en: 'switches off one player’s ability for the night' },
  },
  {
    id: 'insider',
    side: MAFIA,
    team: MAFIA,
    names: { de: 'Insider', en: 'Insider' },
    summary: { de: 'rät ab Tag 2 täglich, wer der Detektiv ist', en: 'guesses the detective once a day from Day 2' },
  },
];

/** The two parties. */
export const SIDES: readonly SideDef[] = [
  { id: CITIZENS, names: { de: 'Bürger', en: 'Citizens' } },
  { id: MAFIA, names: { de: 'Mafia', en: 'Mafia' } },
];

/** DE-GEN-1, decision A31: mafiosi for n players. */
export function mafiaCount(n: number): number {
  return Math.floor(n / 3);
}

/** DE-SIGN-5: the canonical deck for n players with m mafiosi. */
export function defaultRoles(n: number, m = mafiaCount(n)): string[] {
  return [
    'mafia-boss',
    ...Array<string>(Math.max(0, m - 1)).fill('mafioso'),
    'detective',
    'matchmaker',
    'guardian-angel',
    ...Array<string>(Math.max(0, n - m - 3)).fill('citizen'),
  ];
}

/** The party of a role id. */
export function partyOfRole(role: string | undefined): string {
  return ROLES.find((r) => r.id === role)?.side ?? CITIZENS;
}
