// The simulation adapter of palermo-intrigue: bots for every role and every card, random and sensible. A bot knows
// only its player's view (events addressed to him or public); what it may do comes from `legalActions`, and it
// writes every command in the rulebook's syntax, so the engine judges it like a forum post or PM.
import { refId } from '../../core/params.ts';
import type { GameEvent, Message, Param, PlayerId } from '../../core/types.ts';
import { typed } from '../../engine/events.ts';
import type { GameState } from '../../engine/state.ts';
import type { LegalAction } from '../../engine/variant.ts';
import { best, fillLine } from '../../sim/choose.ts';
import type { Intent, Policy, PolicySet, SimVariant, Turn } from '../../sim/types.ts';
import type { IntEvents } from './events.ts';
import { palermoIntrigue } from './index.ts';
import { DECK_ORDER, defaultRoles, MAFIOSI, visibleCount } from './roles.ts';
import type { IntState } from './state.ts';

/** What one player knows. */
export interface IntView {
  readonly me: PlayerId;
  role?: string;
  readonly idByName: Map<string, PlayerId>;
  /** Players this player knows to be formal mafiosi or citizens (own knowledge, checks, oracle). */
  readonly known: Map<PlayerId, 'mafioso' | 'citizen'>;
  /** The Mafia as its members and helpers were told (names). */
  readonly mafia: Set<PlayerId>;
  /** Public conditions (absent = active). */
  readonly cond: Map<PlayerId, string>;
  /** Declared ballots of the open round (public thread votes). */
  readonly declared: Map<PlayerId, PlayerId>;
  /** How many declared ballots name each player (kept with `declared`). */
  readonly counts: Map<PlayerId, number>;
}

function newView(me: PlayerId): IntView {
  return { me, idByName: new Map(), known: new Map(), mafia: new Set(), cond: new Map(), declared: new Map(), counts: new Map() };
}

/** Records (or, with `target` undefined, withdraws) a voter's declared ballot, keeping the counts. */
function declare(v: IntView, voter: PlayerId, target: PlayerId | undefined): void {
  const was = v.declared.get(voter);
  if (was !== undefined) v.counts.set(was, (v.counts.get(was) ?? 0) - 1);
  if (target === undefined) v.declared.delete(voter);
  else {
    v.declared.set(voter, target);
    v.counts.set(target, (v.counts.get(target) ?? 0) + 1);
  }
}

const RESULT_KEYS = new Set(['MSG-INT-DET-RESULT', 'MSG-INT-ORACLE']);
const TYPES = new Set(['player.signed_up', 'role.assigned', 'role.changed', 'int.knowledge', 'condition.changed', 'vote.cast', 'votes.voided', 'round.opened']);

function relevant(e: GameEvent): boolean {
  return TYPES.has(e.type) || (e.type === 'message' && (typed(e).data as { parts: readonly Message[] }).parts.some((p) => RESULT_KEYS.has(p.key)));
}

function observe(v: IntView, e: GameEvent): void {
  const ev = typed<IntEvents>(e);
  switch (ev.type) {
    case 'player.signed_up':
      v.idByName.set(ev.data.name, ev.data.id);
      return;
    case 'role.assigned':
      if (ev.data.player === v.me) v.role = ev.data.role;
      return;
    case 'role.changed':
      if (ev.data.player === v.me) v.role = ev.data.role;
      return;
    case 'int.knowledge': {
      if (ev.data.player !== v.me) return;
      const r = v.role ?? '';
      for (const id of ev.data.knows) {
        if (r === 'roommate') v.known.set(id, 'citizen');
        else v.known.set(id, 'mafioso');
        if (MAFIOSI.has(r) || r === 'corrupt-cop' || r === 'prostitute' || r === 'henchman') v.mafia.add(id);
      }
      return;
    }
    case 'condition.changed':
      v.cond.set(ev.data.player, ev.data.to);
      return;
    case 'vote.cast':
      declare(v, ev.data.voter, ev.data.target);
      return;
    case 'votes.voided':
      for (const voter of ev.data.voters) declare(v, voter, undefined);
      return;
    case 'round.opened':
      v.declared.clear();
      v.counts.clear();
      return;
    case 'message':
      for (const p of ev.data.parts) {
        const name = String(p.params?.name ?? '');
        const id = v.idByName.get(name);
        if (id === undefined) continue;
        if (p.key === 'MSG-INT-DET-RESULT') v.known.set(id, refId(p.params?.team) === 'mafioso' ? 'mafioso' : 'citizen');
        if (p.key === 'MSG-INT-ORACLE') v.known.set(id, phraseKey(p.params?.answer) === 'YES' ? 'mafioso' : 'citizen');
      }
      return;
    default:
      return;
  }
}

/** The key of a phrase parameter (undefined when it is none). */
function phraseKey(p: Param | undefined): string | undefined {
  return typeof p === 'object' && 'phrase' in p ? p.phrase : undefined;
}

type T = Turn<IntView>;

/**
 * The line that takes legal action `a` with these arguments (player ids; a choice as offered), through `fillLine`: a
 * bot writes only what a player could send, so an argument the rules do not offer now sends nothing.
 */
function write(out: Intent[], a: LegalAction, turn: T, args: Readonly<Record<string, string | undefined>> = {}): void {
  const given: Record<string, string> = {};
  for (const [k, v] of Object.entries(args)) if (v !== undefined) given[k] = v;
  const text = fillLine(a, given, turn.name);
  if (text !== undefined) out.push({ via: a.via, text });
}

function onMafiaSide(v: IntView): boolean {
  const r = v.role ?? '';
  return MAFIOSI.has(r) || r === 'corrupt-cop' || r === 'prostitute' || r === 'henchman';
}

/** How much a sensible bot wants a player gone (higher = more). */
function suspicion(v: IntView, id: PlayerId): number {
  if (onMafiaSide(v)) return v.mafia.has(id) ? -10 : 1;
  const k = v.known.get(id);
  return k === 'mafioso' ? 10 : k === 'citizen' ? -5 : 0;
}

function declaredCount(v: IntView, id: PlayerId): number {
  return v.counts.get(id) ?? 0;
}

/** One style of play for every role; `sensible` aims, `random` picks. */
function policy(style: 'sensible' | 'random'): Policy<IntView> {
  return {
    id: style,
    act(turn: T): Intent[] {
      const v = turn.view;
      const rng = turn.rng;
      const out: Intent[] = [];
      let outed = false;
      const pick = (targets: readonly PlayerId[], score: (id: PlayerId) => number) =>
        style === 'random' ? (targets.length > 0 ? rng.pick(targets) : undefined) : best(rng, targets, score);
      for (const a of turn.legal) {
        const targets = a.targets ?? [];
        switch (a.command) {
          case 'vote': {
            const mine = v.declared.get(v.me);
            if (mine !== undefined && (style === 'sensible' || !rng.chance(0.2)) && turn.pass === 0) break;
            if (mine !== undefined && a.id === 'vote.change') break; // keep the vote in the change window
            const t = pick(targets, (id) => suspicion(v, id) * 3 + declaredCount(v, id));
            if (t !== undefined && t !== mine) write(out, a, turn, { target: t });
            break;
          }
          case 'ballot': {
            const t = pick(targets, (id) => suspicion(v, id));
            if (t !== undefined && turn.pass === 0) write(out, a, turn, { target: t });
            break;
          }
          case 'kill':
          case 'check':
          case 'medium':
          case 'protect':
          case 'block':
          case 'client': {
            if (turn.pass > 0 || targets.length === 0) break;
            const friendly = a.command === 'protect' || a.command === 'client';
            const t = pick(targets, (id) =>
              friendly ? -suspicion(v, id) : a.command === 'check' || a.command === 'medium' ? (v.known.has(id) ? -5 : 1) : suspicion(v, id),
            );
            if (t !== undefined) write(out, a, turn, { target: t });
            break;
          }
          case 'transfer': {
            if (turn.pass === 0 || targets.length < 2) break;
            const from = pick(targets, (id) => (v.mafia.has(id) ? 5 : 0) + declaredCount(v, id));
            const to = pick(
              targets.filter((x) => x !== from),
              (id) => suspicion(v, id),
            );
            if (from !== undefined && to !== undefined && (style === 'random' ? rng.chance(0.5) : declaredCount(v, from) > 0))
              write(out, a, turn, { from, to });
            break;
          }
          case 'out':
          case 'vendetta':
            // One outing declaration per turn: a second one would meet the first (R-OUT-ACTIVE).
            if (!outed && turn.pass === 0 && rng.chance(style === 'random' ? 0.1 : 0.05) && targets.length > 0) {
              write(out, a, turn, { target: rng.pick(targets) });
              outed = true;
            }
            break;
          case 'massacre':
            if (!outed && turn.pass === 0 && rng.chance(style === 'random' ? 0.05 : 0.02) && targets.length > 0) {
              write(out, a, turn, { target: rng.pick(targets), claim: rng.pick(a.choices ?? []) });
              outed = true;
            }
            break;
          case 'withdraw':
            if (rng.chance(0.05)) write(out, a, turn);
            break;
          case 'card': {
            // A ghost's card (Αποτυχία Δολοφονίας) is his way back before 20:00: both styles play it at once.
            const ghost = v.cond.get(v.me) === 'ghost';
            if (!ghost && !rng.chance(style === 'random' ? 0.3 : 0.15)) break;
            if (a.targets) {
              const t = pick(targets, (id) => suspicion(v, id));
              if (t !== undefined) write(out, a, turn, { card: a.choices?.[0], target: t });
            } else write(out, a, turn, { card: a.choices?.[0] });
            break;
          }
          default:
            break;
        }
      }
      return out;
    },
  };
}

function all(p: Policy<IntView>): PolicySet<IntView> {
  return Object.fromEntries(DECK_ORDER.map((r) => [r, p]));
}

/** The default table with `killers` formal mafiosi (the others as the table gives them). */
function roleList(players: number, killers?: number): string[] {
  const base = defaultRoles(players);
  if (killers === undefined) return base;
  const V = visibleCount(killers);
  const mafia = ['archmafioso', 'visible-mafioso-a', ...(V >= 2 ? ['visible-mafioso-b'] : []), ...Array<string>(Math.max(0, V - 2)).fill('visible-mafioso-x')];
  while (mafia.length < killers) mafia.push('hidden-mafioso');
  const rest = base.filter((r) => !MAFIOSI.has(r) && r !== 'citizen');
  const list = [...mafia.slice(0, killers), ...rest];
  while (list.length < players) list.push('citizen');
  return list.slice(0, players);
}

/** The palermo-intrigue simulation adapter. */
export const palermoIntrigueSim: SimVariant<IntView> = {
  variant: palermoIntrigue,
  policies: { sensible: all(policy('sensible')), random: all(policy('random')) },
  newView,
  observe,
  relevant,
  roleIn: (v) => v.role,
  rounds: (s) => (s as GameState<IntState>).v.round,
  roleList,
  defaultKillers: (n) => defaultRoles(n).filter((r) => MAFIOSI.has(r)).length,
  killerRole: 'archmafioso',
  killerRoles: [...MAFIOSI],
  fillerRole: 'citizen',
  // INT-DIST-1: an archmafioso and at least one more mafioso.
  minKillers: 2,
};
