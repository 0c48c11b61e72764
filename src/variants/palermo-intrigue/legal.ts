// What a player may do now (forms, bots): mirrors the checks of actions.ts and play.ts, with targets, windows
// (`until`) and choices, so clients need no rulebook-specific code.
import type { Millis, PlayerId } from '../../core/types.ts';
import { commandExample } from '../../engine/parse.ts';
import { windowUntil } from '../../engine/schedule.ts';
import type { GameState } from '../../engine/state.ts';
import type { LegalAction } from '../../engine/variant.ts';
import { cardDef } from './cards.ts';
import { canExecute } from './flow.ts';
import { active, at, cardRound, cond, deadTime, inOuting, isMafioso, may, roleOf, type S, TIMES, vendettaOpen, votableNow } from './rules.ts';
import { INT_SCHEDULE } from './schedule.ts';
import type { IntState } from './state.ts';

/** When a declared window closes in this game as it stands (schedule.ts; a moved or paused deadline included). */
function w(s: S, id: string): Millis | undefined {
  return windowUntil(INT_SCHEDULE, s, id);
}

function tpl(s: S, command: string, arg = '{name}'): string {
  // The syntax lives on the variant; commandExample needs only the rules, which index.ts passes through `syntax`.
  return commandExample(SYNTAX_REF.rules, command, s.config.locale, arg);
}

/** Filled in by index.ts (avoids an import cycle). */
export const SYNTAX_REF: { rules: Parameters<typeof commandExample>[0] } = { rules: [] };

/** What a player may do now. */
export function legalActions(s: GameState<IntState>, me: PlayerId): LegalAction[] {
  if (s.status !== 'running') return [];
  const v = s.v;
  const out: LegalAction[] = [];
  const t = s.clock;
  const role = roleOf(s, me);
  const c = cond(s, me);
  // Last words of a voted-out ghost.
  const lw = v.lastWords[me];
  if (c === 'ghost' && lw && lw.postId === undefined && t < lw.until && v.echo[me] === undefined) {
    out.push({ command: 'lastwords', via: 'post', template: s.config.locale === 'el' ? '<τελευταία λόγια>' : '<last words>', until: lw.until });
  }
  // Votes: before 20:00, or the one change of 20:05–20:10.
  if (v.phase === 'day' && may(s, me, 'vote') && !v.doubled.some((x) => x.voter === me && x.round === v.round)) {
    const targets = votableNow(s).filter((id) => id !== me);
    if (t < v.lockAt) out.push({ command: 'vote', via: 'post', template: tpl(s, 'vote'), targets, until: w(s, 'vote') });
    else if (t >= v.extAt && t < v.closeAt && v.atLock.includes(me) && !v.changed.includes(me))
      out.push({ command: 'vote', via: 'post', template: '{name}', targets, until: w(s, 'vote-change') });
  }
  if (v.phase === 'runoff' && v.runoff && c === 'active') {
    out.push({
      command: 'ballot',
      via: 'post',
      template: tpl(s, 'ballot'),
      targets: v.runoff.candidates.filter((x) => x !== me && cond(s, x) === 'active'),
      until: w(s, 'ballot'),
    });
  }
  if (c === 'active') roleActions(s, me, role, t, out);
  cardAction(s, me, t, out);
  return out;
}

function roleActions(s: S, me: PlayerId, role: string, t: Millis, out: LegalAction[]): void {
  const v = s.v;
  const act = active(s);
  const dayOpen = v.phase === 'day' && v.round >= 2 && !v.killDone;
  const killer = v.rmActive ? role === 'rival-mafioso' : isMafioso(s, me);
  if (killer && dayOpen && canExecute(s, me)) {
    out.push({ command: 'kill', via: 'pm', template: tpl(s, 'kill'), targets: act.filter((id) => id !== me), until: w(s, 'kill') });
  }
  const nightOpen = v.lastClose !== undefined && v.nightEndsAt !== undefined && t >= v.lastClose && t < v.nightEndsAt && !v.answered.includes(me);
  const nightCmd: Record<string, string> = { detective: 'check', medium: 'medium', nurse: 'protect', prostitute: 'block' };
  const cmd = nightCmd[role];
  if (cmd && nightOpen && !(role === 'prostitute' && v.midnightAt !== undefined && t >= v.midnightAt)) {
    const targets =
      role === 'medium' ? s.order.filter((id) => cond(s, id) === 'ghost') : act.filter((id) => id !== me && !(role === 'nurse' && id === v.lastProtection));
    out.push({ command: cmd, via: 'pm', template: tpl(s, cmd), targets, until: w(s, role === 'prostitute' ? 'prostitute-order' : 'night-orders') });
  }
  if (v.phase === 'day' && t < v.closeAt) {
    if (role === 'lawyer') {
      const last = v.lastClient?.round === v.round - 1 ? v.lastClient.client : undefined;
      out.push({ command: 'client', via: 'pm', template: tpl(s, 'client'), targets: act.filter((id) => id !== me && id !== last), until: w(s, 'end-of-vote') });
    }
    if (role === 'corrupt-cop') {
      const targets = votableNow(s).filter((id) => id !== me);
      out.push({ command: 'transfer', via: 'pm', template: tpl(s, 'transfer', '{name} -> {to}'), targets, until: w(s, 'end-of-vote') });
    }
  }
  // Outings (INT-OUT-1…3): eligible outers while the ordinary window is open.
  if (isMafioso(s, me) && v.outingOpen && act.filter((id) => isMafioso(s, id)).length >= 2) {
    const hidden = act.filter((id) => roleOf(s, id) === 'hidden-mafioso');
    const eligible = hidden.length === 0 || hidden.includes(me) || role === 'archmafioso';
    const targets = act.filter((id) => id !== me && !isMafioso(s, id));
    const o = v.outing;
    if (eligible && (!o || (inOuting(s, me) && !o.frozen))) {
      // A pending outing is replaced only by one of its own kind, a massacre claim by the same claim (PAL-OUT-5).
      if (!o || o.kind === 'simple') out.push({ command: 'out', via: 'pm', template: tpl(s, 'out'), targets, until: w(s, 'outing') });
      const own = o?.kind === 'massacre' ? (o.outer === me ? o.claim : o.second?.claim) : undefined;
      const other = o?.kind === 'massacre' ? (o.outer === me ? o.second?.target : o.target) : undefined;
      if (!v.specialUsed && (!o || own !== undefined))
        out.push({
          command: 'massacre',
          via: 'pm',
          template: tpl(s, 'massacre', '{name} ΩΣ {choice}'),
          targets: targets.filter((id) => id !== other),
          choices: own === undefined ? ['ΠΛΗΡΟΦΟΡΙΟΔΟΤΗΣ', 'ΝΤΕΤΕΚΤΙΒ'] : [own === 'informant' ? 'ΠΛΗΡΟΦΟΡΙΟΔΟΤΗΣ' : 'ΝΤΕΤΕΚΤΙΒ'],
          until: w(s, 'outing'),
        });
    } else if (eligible && o?.kind === 'massacre' && !o.second && !o.frozen && !inOuting(s, me)) {
      out.push({
        command: 'massacre',
        via: 'pm',
        template: tpl(s, 'massacre', '{name} ΩΣ {choice}'),
        targets: targets.filter((id) => id !== o.target),
        choices: [o.claim === 'informant' ? 'ΝΤΕΤΕΚΤΙΒ' : 'ΠΛΗΡΟΦΟΡΙΟΔΟΤΗΣ'],
        until: w(s, 'outing'),
      });
    }
  }
  // INT-OUT-7: the vendetta, while its period lasts and no massacre or vendetta has been resolved.
  if (isMafioso(s, me) && v.outingOpen && !v.specialUsed && vendettaOpen(s) && act.filter((id) => isMafioso(s, id)).length >= 2) {
    const hidden = act.filter((id) => roleOf(s, id) === 'hidden-mafioso');
    const o = v.outing;
    if ((hidden.length === 0 || hidden.includes(me) || role === 'archmafioso') && (!o || (o.kind === 'vendetta' && o.outer === me && !o.frozen))) {
      out.push({
        command: 'vendetta',
        via: 'pm',
        template: tpl(s, 'vendetta'),
        targets: act.filter((id) => id !== me && !isMafioso(s, id)),
        until: w(s, 'outing'),
      });
    }
  }
  if (v.outing && inOuting(s, me) && !v.outing.frozen) out.push({ command: 'withdraw', via: 'pm', template: tpl(s, 'withdraw') });
}

/** The holder's card, when its common conditions and window hold now (INT-CARD-2). */
function cardAction(s: S, me: PlayerId, t: Millis, out: LegalAction[]): void {
  const v = s.v;
  const card = v.cards[me];
  if (!card || v.usedCards.includes(me)) return;
  const def = cardDef(card)!;
  const c = cond(s, me);
  if (c !== 'active' && card !== 'failed-murder') return;
  if (!def.deadTime && deadTime(s, t)) return;
  const word = def.keywords[0]!;
  const push = (targets: PlayerId[] | undefined, until?: Millis) => {
    if (targets && targets.length === 0) return;
    out.push({
      command: 'card',
      via: 'pm',
      template: tpl(s, 'card', targets ? `${word} {name}` : word),
      ...(targets ? { targets } : {}),
      choices: [word],
      ...(until !== undefined ? { until } : {}),
    });
  };
  const others = (pred: (id: PlayerId) => boolean) => s.order.filter((id) => id !== me && pred(id));
  switch (card) {
    case 'feign-death':
    case 'grave-robbing':
      return push(others((id) => cond(s, id) === 'ghost'));
    case 'extra-vote':
      if (v.phase === 'day' && t < v.lockAt && v.votes[me] !== undefined) push(undefined, w(s, 'vote'));
      return;
    case 'vote-cancel':
      if (v.phase === 'runoff' || t < v.lockAt) push(others((id) => may(s, id, 'vote')));
      return;
    case 'detention':
      if (!v.detentionRounds.includes(cardRound(s))) push(others((id) => cond(s, id) === 'active'));
      return;
    case 'detention-cancel':
      return push(others((id) => cond(s, id) === 'detained'));
    case 'echo':
      return push(undefined);
    case 'oracle':
      return push(others((id) => cond(s, id) === 'active' || cond(s, id) === 'ghost'));
    case 'failed-murder': {
      const m = v.murdered;
      if (c === 'ghost' && m && m.round === v.round && m.victims.includes(me) && v.phase === 'day' && t < v.lockAt) push(undefined, w(s, 'failed-murder-card'));
      return;
    }
    case 'vote-exemption': {
      const noon = at(s, v.date, TIMES.kill);
      if (v.phase === 'runoff' || t < noon) push(undefined, v.phase === 'runoff' ? undefined : (w(s, 'exemption-card') ?? noon));
      return;
    }
  }
}
