// Small helpers shared by the mafia-de modules: options, message parts with subjects, structured parameters
// (name lists, deadlines, phases, statuses), party counts and role labels.
import { list, phrase, ref } from '../../core/params.ts';
import type { Message, Millis, Param, ParamList, Phrase, PlayerId } from '../../core/types.ts';
import type { Builder } from '../../engine/builder.ts';
import { currentPhase } from '../../engine/phases.ts';
import { type GameState, isAlive, nameOf, playersIn } from '../../engine/state.ts';
import { hhmm, localDate, weekday } from '../../engine/time.ts';
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

/** A list parameter of player names in signup order («A, B und C»); `empty` stands in for none. */
export function nameList(s: S, ids: readonly PlayerId[], empty?: Param): ParamList {
  const set = new Set(ids);
  return list(
    s.order.filter((id) => set.has(id)).map((id) => nameOf(s, id)),
    'and',
    empty,
  );
}

/** A deadline parameter in the game's zone (rendered «Donnerstag, 31.03.2011, 20:00 Uhr»). */
export function when(s: S, ms: Millis): Phrase {
  const day = localDate(ms, s.config.timeZone);
  const date = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
  return phrase('PART-DEADLINE', { weekday: ref('weekday', String(weekday(day))), date, time: hhmm(ms, s.config.timeZone) });
}

/** «keine» / «none», for an empty list of roles or winners. */
export const NONE: Phrase = phrase('PART-NONE');

/** A message part. */
export function msg(key: string, params?: Record<string, Param>): Message {
  return params ? { key, params } : { key };
}

/** PN subjects (spec §6.2). */
export type Subject = 'Status' | 'Sonderstatus' | 'Abfrage' | 'Anmeldung' | 'Bestätigung' | 'Abgelehnt' | 'Hinweis' | 'Verwarnung' | 'Testament';

/** Sends a PN with its subject line «Mafia #{game} | …» to players. */
export function pn(b: B, ids: readonly PlayerId[], subject: Subject, ...parts: Message[]): void {
  b.tell(ids, msg('SUBJ', { game: gameNo(b.state), subject: phrase(`SUBJECT-${subject}`) }), ...parts);
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
 * A role label parameter: the role, or «Mafiaboss und Rufmörder» for a boss by succession who holds a special role
 * (a plain successor shows as «Mafiaboss»).
 */
export function roleLabel(s: S, id: PlayerId): Param {
  const role = roleOf(s, id);
  if (s.v.boss !== id || role === 'mafia-boss') return ref('role', role);
  return role === 'mafioso' ? ref('role', 'mafia-boss') : list([ref('role', 'mafia-boss'), ref('role', role)], 'and');
}

/** A status parameter «Partei (Rolle)». */
export function statusParam(s: S, id: PlayerId): Phrase {
  return phrase('PART-STATUS', { party: ref('side', partyOfRole(roleOf(s, id))), role: roleLabel(s, id) });
}

/** The open day or night: the engine's open phase (none before the start and after the end). */
export function dePhase(s: S): 'day' | 'night' | undefined {
  return currentPhase(s)?.id as 'day' | 'night' | undefined;
}

/** The number of the open day or night (DE-SCHED-1: night N follows day N); after the end, the last one's. */
export function deRound(s: S): number {
  return currentPhase(s)?.round ?? s.v.last;
}

/** The current phase as a label parameter («Tag 2», «Nacht 2»). */
export function phaseLabel(s: S): Phrase {
  return phrase('PART-PHASE', { kind: dePhase(s) ?? 'day', n: deRound(s) });
}

/** The signup as a phase label parameter («die Anmeldung»). */
export const SIGNUP_PHASE: Phrase = phrase('PART-PHASE', { kind: 'signup' });
