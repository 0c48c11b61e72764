// Small helpers shared by the mafia-de modules: options, message parts with subjects, encoded parameters,
// party counts and role labels.
import type { Message, Millis, Param, PlayerId } from '../../core/types.ts';
import type { Builder } from '../../engine/builder.ts';
import { type GameState, isAlive, nameOf, playersIn } from '../../engine/state.ts';
import { isoLocal } from '../../engine/time.ts';
import type { DeEvents } from './events.ts';
import { type DeOptions, deOptions } from './options.ts';
import type { DeRejectionCode } from './rejections.ts';
import { CITIZENS, MAFIA, partyOfRole } from './roles.ts';
import type { DeState } from './state.ts';

export type { DeOptions };

/** The builder of this variant. */
export type B = Builder<DeState, DeEvents, DeRejectionCode>;
/** The game state of this variant. */
export type S = GameState<DeState>;

/** The options of a game. */
export function opts(s: S): DeOptions {
  return deOptions(s.config);
}

/** DE-GEN-1: the game number used in every subject and text (required at creation; '?' only for configs built by hand). */
export function gameNo(s: S): string {
  return s.config.gameNumber ?? '?';
}

/** Separator of encoded list parameters (rendered as a German or English enumeration). */
export const SEP = '\u001f';

/** A list parameter of player names in signup order. */
export function nameList(s: S, ids: readonly PlayerId[]): string {
  const set = new Set(ids);
  return s.order
    .filter((id) => set.has(id))
    .map((id) => nameOf(s, id))
    .join(SEP);
}

/** A deadline parameter: the local ISO instant (rendered «Donnerstag, 31.03.2011, 20:00 Uhr»). */
export function when(s: S, ms: Millis): string {
  return isoLocal(ms, s.config.timeZone);
}

/** A message part. */
export function msg(key: string, params?: Record<string, Param>): Message {
  return params ? { key, params } : { key };
}

/** PN subjects (spec §6.2). */
export type Subject = 'Status' | 'Sonderstatus' | 'Abfrage' | 'Anmeldung' | 'Bestätigung' | 'Abgelehnt' | 'Hinweis' | 'Verwarnung' | 'Testament';

/** Sends a PN with its subject line «Mafia #{game} | …» to players. */
export function pn(b: B, ids: readonly PlayerId[], subject: Subject, ...parts: Message[]): void {
  b.tell(ids, msg('SUBJ', { game: gameNo(b.state), subject }), ...parts);
}

/** Mafiosi (every mafia role) in the game, signup order. */
export function mafiaIn(s: S): PlayerId[] {
  return playersIn(s)
    .filter((p) => partyOfRole(p.role) === MAFIA)
    .map((p) => p.id);
}

/** Citizens (every citizen role) in the game, signup order. */
export function citizensIn(s: S): PlayerId[] {
  return playersIn(s)
    .filter((p) => partyOfRole(p.role) === CITIZENS)
    .map((p) => p.id);
}

/** The party of a participant. */
export function partyOf(s: S, id: PlayerId): string {
  return partyOfRole(s.players[id]?.role);
}

/** The role id of a participant ('' before the deal). */
export function roleOf(s: S, id: PlayerId): string {
  return s.players[id]?.role ?? '';
}

/** True when the player is the boss in office. */
export function isBoss(s: S, id: PlayerId): boolean {
  return s.v.boss === id && isAlive(s, id);
}

/**
 * A status parameter «Partei (Rolle)»: encoded 'party|role' or 'party|mafia-boss+role' for a boss by succession
 * who holds a special role (a plain successor shows as «Mafiaboss»).
 */
export function statusParam(s: S, id: PlayerId): string {
  const role = roleOf(s, id);
  const party = partyOfRole(role);
  if (s.v.boss === id && role !== 'mafia-boss') return `${party}|${role === 'mafioso' ? 'mafia-boss' : `mafia-boss+${role}`}`;
  return `${party}|${role}`;
}

/** The current phase as a label parameter ('day:2' → «Tag 2», 'night:2' → «Nacht 2»). */
export function phaseLabel(s: S): string {
  return `${s.v.phase}:${s.v.n}`;
}
