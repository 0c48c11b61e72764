// Playing an Intrigue Card (INT-CARD-2…12): one declaration per card behind `ΚΑΡΤΑ:` (the card named selects it),
// its common checks in the rule's order, then the card's effect.
import { phrase } from '../../core/params.ts';
import type { Message, Millis, PlayerId } from '../../core/types.ts';
import type { AnyAction, Ctx, Splitter } from '../../engine/actions/declare.ts';
import { choice, notSelf, resolve } from '../../engine/actions/guards.ts';
import { fold } from '../../engine/names.ts';
import { deadlineOf } from '../../engine/schedule.ts';
import { nameOf } from '../../engine/state.ts';
import { hhmm } from '../../engine/time.ts';
import { msg, voidVotesFor } from '../palermo/flow.ts';
import type { IntKit } from './actions.ts';
import { activeSender, named, targetState } from './actions.ts';
import { CARDS, type CardDef, type CardId, readCard } from './cards.ts';
import type { IntRight } from './conditions.ts';
import type { IntEvents } from './events.ts';
import { afterChange, DETENTION_HOURS, setCondition } from './flow.ts';
import type { IntBuilder, IntRejectionCode } from './rejections.ts';
import {
  at,
  cardParam,
  cardRound,
  cond,
  dateLabel,
  deadTime,
  isMafioso,
  may,
  phaseNow,
  roleParam,
  type S,
  stateParam,
  TIMES,
  teamOf,
  teamParam,
} from './rules.ts';
import { INT_SCHEDULE, timerContext } from './schedule.ts';
import type { IntState } from './state.ts';

type B = IntBuilder<IntState>;
type C = Ctx<IntState>;
type Code = IntRejectionCode;

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

/** The 13:00 of a play day, remembered for the date it was asked for (the exemption card asks on every derivation). */
let noonMemo: { date: string; zone: string; noon: Millis } | undefined;
function noonOf(s: S): Millis {
  if (noonMemo?.date !== s.v.date || noonMemo.zone !== s.config.timeZone)
    noonMemo = { date: s.v.date, zone: s.config.timeZone, noon: at(s, s.v.date, TIMES.kill) };
  return noonMemo.noon;
}

/** Why a card cannot be played now (INT-CARD-5, -6, -11, -12), as a reason key, or undefined. */
const WINDOWS: Partial<Record<CardId, (c: C) => string | undefined>> = {
  'extra-vote': (c) => {
    if (phaseNow(c.s) !== 'day' || c.at >= c.s.v.lockAt) return 'WHY-VOTE-CLOSED';
    return c.s.v.votes[c.me] === undefined ? 'WHY-NO-BALLOT' : undefined;
  },
  'vote-cancel': (c) => (phaseNow(c.s) === 'day' && c.at >= c.s.v.lockAt ? 'WHY-VOTE-CLOSED' : undefined),
  // INT-CARD-12 (decision B30): before 13:00 of the card round's day, round 1 included.
  'vote-exemption': (c) => (phaseNow(c.s) !== 'runoff' && c.at >= noonOf(c.s) ? 'WHY-BEFORE-MURDER' : undefined),
  'failed-murder': (c) => {
    const v = c.s.v;
    const m = v.murdered;
    const ok = m !== undefined && m.round === v.round && m.victims.includes(c.me) && phaseNow(c.s) === 'day' && c.at < v.lockAt && cond(c.s, c.me) === 'ghost';
    return ok ? undefined : 'WHY-NOT-MURDERED';
  },
};

/** When a card's window closes, for the legal action (the declared window; the exemption's noon in round 1 too). */
const UNTIL: Partial<Record<CardId, (k: IntKit) => (c: C) => Millis | undefined>> = {
  'extra-vote': (k) => k.until('vote'),
  'failed-murder': (k) => k.until('failed-murder-card'),
  'vote-exemption': (k) => {
    const card = k.until('exemption-card');
    return (c) => (phaseNow(c.s) === 'runoff' ? undefined : (card(c) ?? noonOf(c.s)));
  },
};

/** Where a card's name ends and its target's begins: after as many words as the keyword `readCard` found (INT-CARD-2). */
function afterKeyword(def: CardDef): Splitter {
  return {
    exec(text) {
      const r = readCard(text);
      if (r?.card !== def.id || r.rest === '') return null;
      const m = new RegExp(`^(?:\\S+\\s+){${fold(text).split(' ').length - r.rest.split(' ').length}}`, 'u').exec(text);
      return m ? { index: m[0].trimEnd().length, 0: m[0].slice(m[0].trimEnd().length) } : null;
    },
  };
}

/** The declarations of the ten cards, one each, in the deck's order. */
export function cardActions(K: IntKit): AnyAction<IntState, IntEvents, IntRejectionCode>[] {
  const syntax = [{ keywords: ['ΚΑΡΤΑ', 'Card'], form: 'colon', taught: { el: 'ΚΑΡΤΑ', en: 'Card' } }] as const;
  // INT-CARD-2: the card named is this one (`select`: several declarations answer «ΚΑΡΤΑ:»); he holds it unused.
  const isNamed = K.peek('card', 'R-CARD-NONE', (_c, value) => value !== undefined, { select: true });
  // INT-NIGHT-4: no cards in dead time, except «Ακύρωση Προφυλάκισης».
  const notDead = K.actor('R-DEAD-TIME', (c) => !deadTime(c.s, c.at));
  // INT-CARD-11 (decision B39): the murdered holder of «Αποτυχία Δολοφονίας» plays it as a ghost.
  const ghostToo = K.actor('R-STATE', (c) => cond(c.s, c.me) === 'active' || cond(c.s, c.me) === 'ghost', {
    params: (c) => ({ state: stateParam(c.s, c.me) }),
  });
  return CARDS.map((def) => {
    const id = def.id;
    const card = choice<IntRejectionCode, CardId>('R-CARD-NONE', {
      values: [id],
      read: (raw) => (readCard(raw)?.card === id ? id : undefined),
      show: (_v, locale) => (locale === 'en' ? def.keywords[def.keywords.length - 1]! : def.keywords[0]!),
      label: { el: 'κάρτα', en: 'card' },
    });
    const holds = K.actor('R-CARD-NONE', (c) => c.s.v.cards[c.me] === id && !c.s.v.usedCards.includes(c.me));
    const why = WINDOWS[id];
    const window = why
      ? [
          K.actor('R-CARD-WINDOW', (c) => why(c) === undefined, {
            params: (c) => ({ card: cardParam(id), reason: phrase(why(c) ?? '') }),
            until: UNTIL[id]?.(K),
          }),
        ]
      : [];
    const common = [isNamed, holds, resolve('card'), id === 'failed-murder' ? ghostToo : activeSender, ...(def.deadTime ? [] : [notDead]), ...window] as const;
    const base = {
      id: `card.${id}`,
      command: 'card',
      via: 'pm',
      syntax,
      summary: def.summary,
      rules: 'INT-CARD-2…12, INT-NIGHT-4',
      irreversible: true,
    } as const;
    if (!def.targeted) {
      return K.action({ ...base, params: { card }, checks: common, effect: (b, a) => played(b, a.me, id, undefined, a.line) });
    }
    const right = TARGET_RIGHT[id]!;
    return K.action({
      ...base,
      params: { card: { ...card, sep: undefined }, target: { ...named, sep: { taught: { el: ' ', en: ' ' }, accept: afterKeyword(def) } } },
      checks: [
        ...common,
        // INT-CARD-8: within 5 h of the detention; a detention that already ran out is past its window.
        ...(id === 'detention-cancel'
          ? [
              K.peek('target', 'R-CARD-WINDOW', (c, x) => x === undefined || cond(c.s, x) !== 'ghost' || c.s.players[x]?.removedHow !== 'detention', {
                params: () => ({ card: cardParam(id), reason: phrase('WHY-DETENTION-OVER') }),
              }),
            ]
          : []),
        resolve('target'),
        K.target('target', 'R-TARGET-STATE', (c, x) => may(c.s, x, right), { params: targetState }),
        notSelf<'target', Code>('target', 'R-SELF'),
        // INT-CARD-7: one detention in force per card round.
        ...(id === 'detention' ? [K.actor('R-DETENTION-USED', (c) => !c.s.v.detentionRounds.includes(cardRound(c.s)))] : []),
      ],
      effect: (b, a) => played(b, a.me, id, a.args.target, a.line),
    });
  });
}

/** An accepted card: recorded, acknowledged, then its effect. */
function played(b: B, me: PlayerId, card: CardId, target: PlayerId | undefined, line: string): void {
  const round = cardRound(b.state);
  b.emit('card.played', { player: me, card, ...(target !== undefined ? { target } : {}), round }, { kind: 'players', ids: [me] });
  b.tell([me], msg('MSG-INT-ACK', { command: line }));
  effect(b, me, card, target, b.at, round);
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
