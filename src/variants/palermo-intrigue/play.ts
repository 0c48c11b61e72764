// Playing an Intrigue Card (INT-CARD-2…12): the common checks in the rule's order, then each card's effect.
import { phrase } from '../../core/params.ts';
import type { Actor, Message, Millis, PlayerId } from '../../core/types.ts';
import { matchName } from '../../engine/names.ts';
import type { CommandLine } from '../../engine/parse.ts';
import { deadlineOf } from '../../engine/schedule.ts';
import { nameOf, signedUp } from '../../engine/state.ts';
import { hhmm } from '../../engine/time.ts';
import { msg, voidVotesFor } from '../palermo/flow.ts';
import { type CardId, cardDef, readCard } from './cards.ts';
import type { IntRight } from './conditions.ts';
import { afterChange, DETENTION_HOURS, setCondition } from './flow.ts';
import { type IntBuilder, reject } from './rejections.ts';
import { at, cardParam, cardRound, cond, dateLabel, deadTime, isMafioso, may, roleParam, type S, stateParam, TIMES, teamOf, teamParam } from './rules.ts';
import { INT_SCHEDULE, timerContext } from './schedule.ts';
import type { IntState } from './state.ts';

type B = IntBuilder<IntState>;
type PlayerActor = Extract<Actor, { kind: 'player' }>;

const HOUR = 3_600_000;

/** The right a card's target needs (INT-STATE-3). */
const TARGET_RIGHT: Partial<Record<CardId, IntRight>> = {
  'feign-death': 'ghost-target',
  'grave-robbing': 'ghost-target',
  'vote-cancel': 'vote',
  detention: 'target',
  'detention-cancel': 'detained-target',
  oracle: 'oracle-target',
};

/** Why a card cannot be played now (INT-CARD-5, -6, -8, -11, -12), as a reason key, or undefined. */
function windowClosed(s: S, me: PlayerId, card: CardId, target: PlayerId | undefined, t: Millis): string | undefined {
  const v = s.v;
  switch (card) {
    case 'extra-vote':
      if (v.phase !== 'day' || t >= v.lockAt) return 'WHY-VOTE-CLOSED';
      return v.votes[me] === undefined ? 'WHY-NO-BALLOT' : undefined;
    case 'vote-cancel':
      return v.phase === 'day' && t >= v.lockAt ? 'WHY-VOTE-CLOSED' : undefined;
    case 'vote-exemption': {
      // INT-CARD-12 (decision B30): before 13:00 of the card round's day, round 1 included.
      if (v.phase === 'runoff') return undefined;
      return t >= at(s, v.date, TIMES.kill) ? 'WHY-BEFORE-MURDER' : undefined;
    }
    case 'failed-murder': {
      const m = v.murdered;
      const ok = m !== undefined && m.round === v.round && m.victims.includes(me) && v.phase === 'day' && t < v.lockAt && cond(s, me) === 'ghost';
      return ok ? undefined : 'WHY-NOT-MURDERED';
    }
    case 'detention-cancel': {
      // INT-CARD-8: within 5 h of the detention; a detention that already ran out is past its window.
      if (target !== undefined && cond(s, target) === 'ghost' && s.players[target]?.removedHow === 'detention') return 'WHY-DETENTION-OVER';
      return undefined;
    }
    default:
      return undefined;
  }
}

/** INT-CARD-2: `ΚΑΡΤΑ: <κάρτα> [<όνομα>]`. */
export function playCard(b: B, actor: PlayerActor, line: CommandLine, t: Millis): void {
  const s = b.state;
  const me = actor.id;
  const read = readCard(line.arg);
  const held = s.v.cards[me];
  // Holds the unused card (R-CARD-NONE).
  if (!read || held !== read.card || s.v.usedCards.includes(me)) return reject(b, actor, 'R-CARD-NONE', {}, { line: line.line });
  const card = read.card;
  const def = cardDef(card)!;
  // Active, except the murdered holder of «Αποτυχία Δολοφονίας» (INT-CARD-11, decision B39).
  if (cond(s, me) !== 'active' && card !== 'failed-murder') return reject(b, actor, 'R-STATE', { state: stateParam(s, me) }, { line: line.line });
  if (card === 'failed-murder' && cond(s, me) !== 'active' && cond(s, me) !== 'ghost')
    return reject(b, actor, 'R-STATE', { state: stateParam(s, me) }, { line: line.line });
  // INT-NIGHT-4: no cards in dead time, except «Ακύρωση Προφυλάκισης».
  if (!def.deadTime && deadTime(s, t)) return reject(b, actor, 'R-DEAD-TIME', {}, { line: line.line });
  // The card's window (INT-CARD-2, palermo §5.4 step 2) before the target's name (step 3). Only «Ακύρωση
  // Προφυλάκισης» needs the name for its window (the 5 h of that detention), so the name is read first, judged after.
  const m = def.targeted ? matchName(read.rest, signedUp(s)) : undefined;
  const target = m?.kind === 'one' ? m.id : undefined;
  const why = windowClosed(s, me, card, target, t);
  if (why) return reject(b, actor, 'R-CARD-WINDOW', { card: cardParam(card), reason: phrase(why) }, { line: line.line });
  if (def.targeted && target === undefined) return reject(b, actor, 'R-NAME', { text: read.rest }, { line: line.line });
  if (target !== undefined) {
    const right = TARGET_RIGHT[card];
    if (right && !may(s, target, right))
      return reject(b, actor, 'R-TARGET-STATE', { name: nameOf(s, target), state: stateParam(s, target) }, { line: line.line });
    if (target === me) return reject(b, actor, 'R-SELF', {}, { line: line.line });
  }
  const round = cardRound(s);
  // INT-CARD-7: one detention in force per card round.
  if (card === 'detention' && s.v.detentionRounds.includes(round)) return reject(b, actor, 'R-DETENTION-USED', {}, { line: line.line });
  b.emit('card.played', { player: me, card, ...(target !== undefined ? { target } : {}), round }, { kind: 'players', ids: [me] });
  b.tell([me], msg('MSG-INT-ACK', { command: line.line }));
  effect(b, me, card, target, t, round);
}

/** The effect of an accepted card (INT-CARD-3…12). */
function effect(b: B, me: PlayerId, card: CardId, target: PlayerId | undefined, t: Millis, round: number): void {
  const s = b.state;
  const name = (id: PlayerId) => nameOf(s, id);
  switch (card) {
    case 'feign-death': {
      const id = target!;
      setCondition(b, id, 'active', 'feign-death');
      b.announce(msg('MSG-INT-REVIVE', { name: name(id) }));
      // INT-RM-4: a mafioso returning after the Rival Mafioso's activation is a plain citizen.
      if (b.state.v.rmActive && isMafioso(b.state, id)) {
        b.emit('role.changed', { player: id, role: 'citizen' }, { kind: 'players', ids: [id] });
        b.tell([id], msg('MSG-INT-BECAME-CITIZEN'));
      }
      return afterChange(b);
    }
    case 'grave-robbing': {
      // INT-CARD-4: the complete role, a permanent exit, no last words.
      const id = target!;
      setCondition(b, id, 'out', 'grave-robbing');
      b.emit('revealed', { players: [id] });
      b.announce(msg('MSG-INT-GRAVE', { name: name(id), roleName: roleParam(s, id), team: teamParam(s, id) }));
      return afterChange(b);
    }
    case 'extra-vote':
    case 'vote-cancel':
      return; // Shown only in the tally (INT-CARD-5, INT-CARD-6).
    case 'detention': {
      const id = target!;
      const until = t + DETENTION_HOURS * HOUR;
      b.emit('detention.started', { player: id, until, cardRound: round });
      setCondition(b, id, 'detained', 'detention');
      b.upsertDeadlines(deadlineOf(INT_SCHEDULE, 'detention', timerContext(s), { anchor: t, key: `${id}:${t}` }));
      const parts: Message[] = [
        msg('MSG-INT-DETAINED', { name: name(id), time: hhmm(until, s.config.timeZone), date: dateLabel(s, until) }),
        ...voidVotesFor(b, id),
      ];
      b.announce(...parts);
      return afterChange(b);
    }
    case 'detention-cancel': {
      const id = target!;
      b.emit('detention.cancelled', { player: id });
      setCondition(b, id, 'active', 'detention-cancel');
      b.dropDeadlines((d) => d.kind === 'detention' && d.id.startsWith(`det:${id}:`));
      b.announce(msg('MSG-INT-DETENTION-CANCELLED', { name: name(id) }));
      return afterChange(b);
    }
    case 'echo': {
      const due = deadlineOf(INT_SCHEDULE, 'echo', timerContext(s), { anchor: t, key: `${t}:${me}` });
      const startsAt = due.at;
      b.upsertDeadlines(due);
      b.announce(msg('MSG-INT-ECHO-PLAYED', { time: hhmm(startsAt, s.config.timeZone) }));
      return;
    }
    case 'oracle': {
      // INT-CARD-10: the fixed question, answered at once; the Prostitute cannot block it.
      const id = target!;
      b.tell([me], msg('MSG-INT-ORACLE', { name: name(id), answer: phrase(teamOf(s, id) === 'mafioso' ? 'YES' : 'NO') }));
      return;
    }
    case 'failed-murder': {
      // INT-CARD-11 (decision B32): as if the murder had not happened; ballots restored unless changed since.
      const before = s.v.voided;
      setCondition(b, me, 'active', 'failed-murder');
      const restore: Record<PlayerId, PlayerId> = {};
      for (const [voter, tgt] of Object.entries(before)) {
        if ((voter === me || tgt === me) && cond(b.state, voter) === 'active' && b.state.v.votes[voter] === undefined) restore[voter] = tgt;
      }
      if (Object.keys(restore).length > 0) b.emit('votes.restored', { ballots: restore });
      b.announce(msg('MSG-INT-FAILED-MURDER', { name: name(me) }));
      return afterChange(b);
    }
    case 'vote-exemption': {
      b.announce(msg('MSG-INT-EXEMPT', { name: name(me), r: round }), ...voidVotesFor(b, me));
      return;
    }
  }
}
