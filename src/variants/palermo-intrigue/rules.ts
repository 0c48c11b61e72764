// Questions about a palermo-intrigue state that every part of the rulebook asks (conditions, votability, teams,
// windows). Pure reads of the state.
import { phrase, ref } from '../../core/params.ts';
import type { Audience, Millis, Param, PlayerId } from '../../core/types.ts';
import { nextPlayDay } from '../../engine/calendar.ts';
import { currentPhase } from '../../engine/phases.ts';
import { inDailyWindow } from '../../engine/schedule.ts';
import { type GameState, perParts } from '../../engine/state.ts';
import { localDate } from '../../engine/time.ts';
import { at, dateLabel, stamp } from '../palermo/flow.ts';
import { ECHO_RIGHTS, type IntCondition, type IntRight, STATES } from './conditions.ts';
import { formalTeam, MAFIOSI, roleDef } from './roles.ts';
import { INT_SCHEDULE } from './schedule.ts';
import type { IntState } from './state.ts';

// Clock formatting is palermo's, unchanged (INT §3 keeps its dates and times).
export { at, dateLabel, stamp };

/** A palermo-intrigue game state. */
export type S = GameState<IntState>;

/** Fixed clock times of the day (INT §3). */
export const TIMES = {
  kill: '13:00',
  lock: '20:00',
  ext: '20:05',
  close: '20:10',
  midnight: '00:00',
  dawn: '02:00',
  deadStart: '02:00',
  deadEnd: '04:00',
} as const;

/** The role of a player ('' before the deal). */
export function roleOf(s: S, id: PlayerId): string {
  return s.players[id]?.role ?? '';
}

/** INT-STATE-1: a player's condition. */
export function cond(s: S, id: PlayerId): IntCondition {
  return STATES.of(s.v.conditions, id);
}

/** INT-STATE-3 (with the echo flag of INT-CARD-9): the player holds the right now. */
export function may(s: S, id: PlayerId, right: IntRight): boolean {
  if (!s.players[id]) return false;
  if (STATES.may(s.v.conditions, id, right)) return true;
  return cond(s, id) === 'ghost' && ECHO_RIGHTS.has(right) && s.v.echo[id] !== undefined;
}

/** Active players in signup order (drawn up again only when the conditions change: legal actions ask for every seat). */
export const active: (s: S) => readonly PlayerId[] = perParts(
  (s: S) => [s.v.conditions, s.order],
  (s: S) => s.order.filter((id) => cond(s, id) === 'active'),
);

/** Present players (active or detained) in signup order (INT §4.13). */
export function present(s: S): PlayerId[] {
  return s.order.filter((id) => STATES.may(s.v.conditions, id, 'present'));
}

/** Formal mafiosi without the Rival Mafioso (INT §4.13 "mafiosi"). */
export function isMafioso(s: S, id: PlayerId): boolean {
  return MAFIOSI.has(roleOf(s, id));
}

/** The formal team a check shows (INT-ROLE-1, INT-RM-1). */
export function teamOf(s: S, id: PlayerId): 'mafioso' | 'citizen' {
  return formalTeam(roleOf(s, id));
}

/** The side a player wins with (INT-WIN-6). */
export function sideOf(s: S, id: PlayerId): string {
  return roleDef(roleOf(s, id)).side;
}

/** The cycle's phase open now, as the engine keeps it: 'day', 'runoff', or none before the start and after the end. */
export function phaseNow(s: S): string | undefined {
  return currentPhase(s)?.id;
}

/** The card round of an action now (INT-CARD-7): the round of the next scheduled 20:10. */
export function cardRound(s: S): number {
  return phaseNow(s) === 'runoff' ? s.v.round + 1 : s.v.round;
}

/** INT-VOTE-3: votable in the main vote of round r. */
export function votable(s: S, id: PlayerId, r = cardRound(s)): boolean {
  if (cond(s, id) !== 'active') return false;
  for (const x of s.v.exempt) if (x.player === id && x.round === r) return false;
  return true;
}

/** The last set of active players, with the parts it read (replaced, never changed, when a condition changes). */
let lastActive: { readonly conditions: IntState['conditions']; readonly order: S['order']; readonly set: ReadonlySet<PlayerId> } | undefined;

/** The active players as a set: legal lists ask it of every candidate of every seat, a hash lookup each. */
export function activeSet(s: S): ReadonlySet<PlayerId> {
  const l = lastActive;
  if (l !== undefined && l.conditions === s.v.conditions && l.order === s.order) return l.set;
  const set = new Set(active(s));
  lastActive = { conditions: s.v.conditions, order: s.order, set };
  return set;
}

/** The last set of votable players, with the parts it read. */
let lastVotable:
  | {
      readonly conditions: IntState['conditions'];
      readonly order: S['order'];
      readonly exempt: IntState['exempt'];
      readonly round: number;
      readonly set: ReadonlySet<PlayerId>;
    }
  | undefined;

/** The players votable in the main vote of the open round (INT-VOTE-3), as a set drawn up when its parts change. */
export function votableSet(s: S): ReadonlySet<PlayerId> {
  const l = lastVotable;
  const v = s.v;
  if (l !== undefined && l.conditions === v.conditions && l.order === s.order && l.exempt === v.exempt && l.round === v.round) return l.set;
  const set = new Set(s.order.filter((id) => votable(s, id, v.round)));
  lastVotable = { conditions: v.conditions, order: s.order, exempt: v.exempt, round: v.round, set };
  return set;
}

/** Who may out (PAL-OUT-2, INT-OUT-2): how many formal mafiosi are active, and which hidden ones. */
export interface Outers {
  readonly activeMafiosi: number;
  readonly hiddenActive: readonly PlayerId[];
}

/** The last answer, with the parts it read (conditions, roster and order are replaced, never changed). */
let lastOuters:
  | { readonly conditions: IntState['conditions']; readonly players: S['players']; readonly order: S['order']; readonly outers: Outers }
  | undefined;

/** Who may out in a state, drawn up once however many mafiosi ask. */
export function outers(s: S): Outers {
  const l = lastOuters;
  if (l !== undefined && l.conditions === s.v.conditions && l.players === s.players && l.order === s.order) return l.outers;
  const act = active(s);
  const o: Outers = { activeMafiosi: act.filter((id) => isMafioso(s, id)).length, hiddenActive: act.filter((id) => roleOf(s, id) === 'hidden-mafioso') };
  lastOuters = { conditions: s.v.conditions, players: s.players, order: s.order, outers: o };
  return o;
}

/** Dead-time answers by zone and quarter hour: every zone's offset is a multiple of 15 minutes, so the answer is
 * constant within a quarter, and the zoned clock (Temporal) is asked once per quarter instead of once per call (a
 * number key per zone: no key string is built per call). */
const deadCache = new Map<string, Map<number, boolean>>();

/** INT-NIGHT-4: t is in the dead time of its calendar day. */
export function deadTime(s: S, t: Millis): boolean {
  let zone = deadCache.get(s.config.timeZone);
  if (!zone) deadCache.set(s.config.timeZone, (zone = new Map()));
  const k = Math.floor(t / 900_000);
  let hit = zone.get(k);
  if (hit === undefined) {
    const ctx = { timeZone: s.config.timeZone, options: {} };
    hit = inDailyWindow(INT_SCHEDULE, 'dead', t, ctx, localDate(t, s.config.timeZone));
    if (zone.size > 20_000) zone.clear();
    zone.set(k, hit);
  }
  return hit;
}

/** The Mafia's private group: the present mafiosi (INT-DIST-3). */
export function mafiaGroup(s: S): Audience {
  return { kind: 'team', team: 'mafia', ids: s.order.filter((id) => isMafioso(s, id) && cond(s, id) !== 'out') };
}

/** The first player holding a role, if any. */
export function holderOf(s: S, role: string): PlayerId | undefined {
  return s.order.find((id) => roleOf(s, id) === role);
}

/** The instant of a local time on the date of the next play day after the open round (its 20:10 etc.). */
export function nextRoundAt(s: S, time: string): Millis {
  return at(s, nextPlayDay(s.calendar, s.v.date), time);
}

/** The mafioso who may execute or out has no pending outing (INT-KILL-1). */
export function inOuting(s: S, id: PlayerId): boolean {
  const o = s.v.outing;
  return o !== undefined && (o.outer === id || o.second?.outer === id);
}

/** INT-OUT-7.2: a vendetta is accepted now. */
export function vendettaOpen(s: S): boolean {
  const p = s.v.vendetta;
  if (p.kind === 'none' || s.v.vendettaClosed) return false;
  const round = phaseNow(s) === 'runoff' ? s.v.round + 1 : s.v.round;
  if (p.kind === 'rounds') return round >= 2 && round <= p.last;
  // «όσο είναι ακόμη ενεργοί τουλάχιστον το 50% των αρχικών παικτών»: the active players, not the detained ones.
  return active(s).length >= p.min;
}

/** A condition as a message parameter (R-STATE, R-TARGET-STATE). */
export function stateParam(s: S, id: PlayerId): Param {
  return phrase(`STATE-${cond(s, id)}`);
}

/** A player's role as a message parameter. */
export function roleParam(s: S, id: PlayerId): Param {
  return ref('role', roleOf(s, id));
}

/** A player's formal team as a message parameter. */
export function teamParam(s: S, id: PlayerId): Param {
  return ref('team', teamOf(s, id));
}

/** A card's name as a message parameter. */
export function cardParam(card: string): Param {
  return phrase(`CARD-${card}`);
}
