// Human staff of mafia-cities (CIT-ENG-2, CIT-ENG-3, CIT-ENG-5): the capacities `prokurator` and `consigliere`,
// the duty every non-public event belongs to, and the Prokurator's appointment of the Consigliere.
//
// Capacities are engine state, set by a staff action, rather than app metadata: the appointment is a public,
// logged fact of the game («Консильери: <ник>»), it replays with the events, and the views derive from the state.
// Until a Consigliere is appointed the staff hold both capacities (the single host of a game without human
// Consigliere oversees the engine's one). Once one is appointed he holds `consigliere` only (both when a
// Prokurator appoints himself) and every other staff member `prokurator` only.
import { z } from 'zod';
import type { Audience, Message, PlayerId } from '../../core/types.ts';
import { type ModActions, modActionsOf, modArg, refuse } from '../../engine/modactions.ts';
import { fold } from '../../engine/names.ts';
import { everywhere, msg, type S } from './common.ts';
import type { CitEvents } from './events.ts';
import type { CitState } from './state.ts';

/** A staff capacity (CIT-ENG-2). */
export type Duty = 'prokurator' | 'consigliere';

/** Events that are the Consigliere's matters whoever receives them (CIT-ENG-3: mafia, commissioners, relay). */
const CONSIGLIERE_EVENTS: ReadonlySet<string> = new Set([
  'cit.gf.opened',
  'cit.gf.voted',
  'cit.gf.elected',
  'cit.gf.void',
  'cit.check',
  'cit.decision',
  'cit.proposal',
  'cit.relay',
  'cit.spoke',
]);

/** Private message keys of the Consigliere's duties (role messages of mafiosi and commissioners, checks, family reports). */
const CONSIGLIERE_MESSAGES: ReadonlySet<string> = new Set([
  'P-ROLE-MAFIA',
  'P-ROLE-COMMISSIONER',
  'P-ROLE-CITIZEN',
  'P-CHECK-YES',
  'P-CHECK-NO',
  'P-MAF-DONE',
  'P-MAF-SILENCE',
  'P-MAF-VOID-DAY',
  'P-MAF-VOID-NIGHT',
  'P-PROPOSAL',
  'P-RELAY',
  'P-HINT',
  'P-GF-DEAD',
  'P-GF-ELECTED',
  'P-GF-VOTE',
]);

/** Commands of the Consigliere's duties: their PMs, acknowledgements and refusals are his (whoever sent them). */
const CONSIGLIERE_COMMANDS: ReadonlySet<string> = new Set(['check', 'kill', 'nokill', 'tour', 'notour', 'defer', 'propose', 'propose-tour', 'gf', 'relay']);

/** Rejection codes of the Consigliere's duties. */
const CONSIGLIERE_CODES = /^REJ-(MAF|TOUR|GF|COM|REL)-/;

/**
 * The PM command keywords (with their Russian aliases) of the Consigliere's duties, opening any line of a text: a PM
 * whose second line is `/kill …` is the Consigliere's matter too, though only its first command counts (§0.1).
 */
const CONSIGLIERE_WORDS =
  /^\s*\/(check|проверка|kill|убить|nokill|отказ|tour|гастроли|notour|defer|не-могу-решить|propose|propose-tour|gf|крёстный|relay|консильери)(?=\s|$)/imu;

/**
 * The Consigliere's draws: the deal's mafiosi and commissioners (CIT-SET-5; CIT-SET-7 is public) and a Godfather
 * election's lot (CIT-GF-1), whose list is the family.
 */
function consigliereDraw(purpose: string): boolean {
  return purpose.startsWith('mafioso:') || purpose.startsWith('commissioner:') || purpose.startsWith('godfather:');
}

/**
 * CIT-ENG-3: the duty a non-public event belongs to. Decided by what the event is about, never by who receives it,
 * so that what the Prokurator sees does not tell him who is a mafioso (a citizen's `/kill` is the Consigliere's
 * matter too).
 */
export function dutyOf(_s: S, type: string, data: unknown, audience: Audience): Duty {
  if (audience.kind === 'team' && audience.team.startsWith('family-')) return 'consigliere';
  if (CONSIGLIERE_EVENTS.has(type)) return 'consigliere';
  const d = (data ?? {}) as Record<string, unknown>;
  switch (type) {
    case 'role.assigned':
      // Who is and who is not a mafioso is the Consigliere's knowledge: a citizen's card too, or the Prokurator
      // would find the mafia as the cards he is not shown.
      return d.role === 'doctor' || d.role === 'maniac' ? 'prokurator' : 'consigliere';
    case 'cit.drawn':
      return consigliereDraw(String(d.purpose)) ? 'consigliere' : 'prokurator';
    case 'moderator.action':
      // CIT-MOD-5, CIT-REL-3: the Consigliere's overrides are logged for him.
      return d.action === 'godfather' || d.action === 'hint' ? 'consigliere' : 'prokurator';
    case 'pm.received':
    case 'pm.forwarded':
      return CONSIGLIERE_WORDS.test(String(d.text ?? '')) ? 'consigliere' : 'prokurator';
    case 'command.rejected': {
      // A refusal by its code; REJ-ROLE by the command refused; §0.1's notice by both the line that counted and the
      // one that did not (a Prokurator seeing a notice about a command he never saw would learn it was a mafia one).
      const params = (d.params ?? {}) as Record<string, unknown>;
      const lines = d.code === 'REJ-ONE-COMMAND' ? [d.line, params.first] : d.code === 'REJ-ROLE' ? [d.line] : [];
      return CONSIGLIERE_CODES.test(String(d.code)) || lines.some((l) => CONSIGLIERE_WORDS.test(String(l ?? ''))) ? 'consigliere' : 'prokurator';
    }
    case 'message': {
      const first = ((d.parts as readonly Message[] | undefined) ?? [])[0];
      if (!first) return 'prokurator';
      if (CONSIGLIERE_MESSAGES.has(first.key)) return 'consigliere';
      const what = first.key === 'P-ACK' ? (first.params?.what as { key?: string } | undefined)?.key : undefined;
      return what !== undefined && CONSIGLIERE_COMMANDS.has(what.replace(/^W-ACT-/, '')) ? 'consigliere' : 'prokurator';
    }
    default:
      return 'prokurator';
  }
}

/** CIT-ENG-2: the capacities a staff member holds now, or undefined for both (no Consigliere appointed yet). */
export function staffDuties(s: S, name: string): readonly Duty[] | undefined {
  const c = s.v.consigliere;
  if (c === null) return undefined;
  if (fold(c.name) !== fold(name)) return ['prokurator'];
  return c.both ? ['prokurator', 'consigliere'] : ['consigliere'];
}

/** True when the staff member holds the capacity. */
function holds(s: S, name: string, duty: Duty): boolean {
  return staffDuties(s, name)?.includes(duty) ?? true;
}

/** CIT-ENG-2: staff cannot sign up as players of the same game (a name that acted as staff or was appointed). */
export function staffSignup(s: S, name: string): { code: 'REJ-STAFF-PLAYER' } | undefined {
  return s.v.staff.some((n) => fold(n) === fold(name)) ? { code: 'REJ-STAFF-PLAYER' } : undefined;
}

/** True when a player of the game carries this name (he cannot be staff). */
function isPlayerName(s: S, name: string): PlayerId | undefined {
  return s.order.find((id) => fold(s.players[id]?.name ?? '') === fold(name));
}

/** CIT-ENG-3: the Consigliere's staff actions (CIT-MOD-5, CIT-REL-3); every other action of the rulebook is the Prokurator's. */
const CONSIGLIERE_ACTIONS: ReadonlySet<string> = new Set(['godfather', 'hint']);

/**
 * CIT-ENG-3: the refusal of a rulebook action by staff who lack its capacity (a Prokurator-only member naming a
 * mafioso for `godfather` would learn from the answer who is one), or undefined when he may run it.
 */
export function outsideDuty(s: S, name: string, action: string): ReturnType<typeof refuse> | undefined {
  if (action === 'consigliere') return undefined;
  const duty: Duty = CONSIGLIERE_ACTIONS.has(action) ? 'consigliere' : 'prokurator';
  return holds(s, name, duty) ? undefined : refuse(`the action "${action}" is the ${duty === 'consigliere' ? 'Consigliere' : 'Prokurator'}'s`);
}

/** A mafia-cities staff action: its arguments typed by its schema. */
const mod = modActionsOf<CitState, CitEvents>();

/** The staff actions of CIT-ENG-2. */
export const STAFF_ACTIONS: ModActions<CitState, CitEvents> = {
  consigliere: mod({
    summary:
      'The Prokurator appoints the Consigliere (a staff account, by name; himself = both capacities) or, without a name, dismisses him: «Консильери: <ник>» / «Консильери: движок».',
    rules: 'CIT-ENG-2, CIT-ENG-3, CIT-ENG-4',
    args: z.object({ name: modArg.name('the staff member').optional() }).strict(),
    run(b, args, cmd) {
      const s = b.state;
      const by = cmd.actor.kind === 'moderator' ? cmd.actor.name : '';
      if (s.status === 'ended' || s.status === 'cancelled') return refuse('the game is over');
      if (!holds(s, by, 'prokurator')) return refuse('only a Prokurator appoints or dismisses the Consigliere');
      const name = args.name;
      if (name !== undefined && isPlayerName(s, name) !== undefined) return { code: 'REJ-STAFF-PLAYER' };
      if (name === undefined && s.v.consigliere === null) return refuse('no Consigliere is appointed');
      b.emit('cit.consigliere', name === undefined ? { name: null } : { name, both: fold(name) === fold(by) });
      everywhere(b, msg('T-CONSIGLIERE', { name: name ?? '', engine: name === undefined ? 'yes' : 'no' }));
      return undefined;
    },
  }),
};
