// The simulation adapter of `mafia-cities`: each bot's view (only what its player was shown), and the bots of every
// role, random and sensible. Bots choose among the derived legal actions and write through `fillLine`, so they send
// only what a player could, posting public forms in the channel the action names (their city's thread).
import type { GameEvent, PlayerId } from '../../core/types.ts';
import type { EventsOf } from '../../engine/events.ts';
import { typed } from '../../engine/events.ts';
import type { GameState } from '../../engine/state.ts';
import type { LegalAction } from '../../engine/variant.ts';
import { fillLine, targetKey } from '../../sim/choose.ts';
import type { Intent, Policy, PolicySet, SimVariant, Turn } from '../../sim/types.ts';
import type { CitEvents } from './events.ts';
import { mafiaCities } from './index.ts';
import { defaultRoles } from './roles.ts';
import type { CitState } from './state.ts';

/** What one bot knows: his role and city, the public cities, his family, his checks, who is out, the votes. */
export interface CitView {
  readonly me: PlayerId;
  role?: string;
  cityOf: Record<PlayerId, number>;
  /** His family's members (a mafioso only). */
  readonly mates: Set<PlayerId>;
  /** A commissioner's answers: player → mafia? */
  readonly checks: Map<PlayerId, boolean>;
  readonly out: Set<PlayerId>;
  /** Standing execution votes he has seen in his city (voter → target). */
  readonly votes: Map<PlayerId, PlayerId>;
}

type T = Turn<CitView>;
type E = EventsOf<CitEvents>;

const READ = new Set(['cit.cities', 'role.assigned', 'team.formed', 'cit.check', 'player.removed', 'cit.voted', 'cit.unvoted', 'cit.day']);

function observe(v: CitView, ev: GameEvent): void {
  const e: E = typed<CitEvents>(ev);
  switch (e.type) {
    case 'cit.cities':
      v.cityOf = { ...e.data.cityOf };
      break;
    case 'role.assigned':
      if (e.data.player === v.me) v.role = e.data.role;
      break;
    case 'team.formed':
      for (const id of e.data.members) v.mates.add(id);
      break;
    case 'cit.check':
      v.checks.set(e.data.target, e.data.mafia);
      break;
    case 'player.removed':
      v.out.add(e.data.player);
      break;
    case 'cit.voted':
      if (e.data.city === v.cityOf[v.me]) v.votes.set(e.data.voter, e.data.target);
      break;
    case 'cit.unvoted':
      v.votes.delete(e.data.voter);
      break;
    case 'cit.day':
      v.votes.clear();
      break;
    default:
      break;
  }
}

/** The intent of a legal action with its target written in (none when the target is not one on offer). */
function write(turn: T, a: LegalAction, target?: PlayerId): Intent[] {
  const text = fillLine(a, target !== undefined ? { [targetKey(a)]: target } : {}, turn.name);
  return text === undefined ? [] : [{ via: a.via, text, ...(a.channel !== undefined ? { channel: a.channel } : {}) }];
}

/**
 * The actions the bots play: the day's lists and votes, the judge election, the roles' night and day commands and
 * the Godfather election. Suicide, resignation, recalls, relays, the court, last words, speeches and absences are
 * the humans' (a random bot taking them would end or stall games the balance figures are about).
 */
const PLAYED = new Set([
  'nominate',
  'vote',
  'unvote',
  'run',
  'unrun',
  'judgevote',
  'protect',
  'knife',
  'check',
  'kill',
  'nokill',
  'tour',
  'notour',
  'propose',
  'propose-tour',
  'gf',
]);

const pick = <X>(turn: T, xs: readonly X[]): X | undefined => (xs.length === 0 ? undefined : xs[Math.floor(turn.rng.float() * xs.length)]);

/** Random play: each turn one legal action, on a random target. */
const randomBot: Policy<CitView> = {
  id: 'random',
  act(turn) {
    // A Godfather decides; he does not also propose to himself.
    const decides = turn.legal.some((x) => x.command === 'kill');
    const a = pick(
      turn,
      turn.legal.filter((x) => PLAYED.has(x.id ?? x.command) && !(decides && x.command.startsWith('propose'))),
    );
    if (!a) return [];
    if (!a.targets) return write(turn, a);
    const t = pick(turn, a.targets);
    return t === undefined ? [] : write(turn, a, t);
  },
};

/** Targets the bot should not harm: himself, and for a mafioso his family. */
function friends(turn: T): Set<PlayerId> {
  const v = turn.view;
  return v.role === 'mafioso' ? new Set([...v.mates, v.me]) : new Set([v.me]);
}

/** Sensible play: every role uses its ability; votes follow what the bot knows, else the leader of his city. */
const sensible: Policy<CitView> = {
  id: 'sensible',
  act(turn) {
    const v = turn.view;
    const out: Intent[] = [];
    const safe = friends(turn);
    const known = (t: PlayerId) => v.checks.get(t);
    const prefer = (ts: readonly PlayerId[]) => {
      const hostile = ts.filter((t) => !safe.has(t));
      const guilty = hostile.filter((t) => known(t) === true);
      const unknown = hostile.filter((t) => known(t) !== false);
      return pick(turn, guilty.length > 0 ? guilty : unknown.length > 0 ? unknown : hostile);
    };
    for (const a of turn.legal) {
      switch (a.command) {
        case 'nominate': {
          // One nomination a day: mostly someone of his own city he does not trust.
          const own = (a.targets ?? []).filter((t) => v.cityOf[t] === v.cityOf[v.me]);
          const t = prefer(own.length > 0 ? own : (a.targets ?? []));
          if (t !== undefined && turn.rng.float() < 0.6) out.push(...write(turn, a, t));
          break;
        }
        case 'vote': {
          if (v.votes.has(v.me) && turn.pass === 0) break;
          const ts = a.targets ?? [];
          const tally = new Map<PlayerId, number>();
          for (const t of v.votes.values()) tally.set(t, (tally.get(t) ?? 0) + 1);
          const guilty = ts.filter((t) => known(t) === true);
          const leader = [...ts].filter((t) => !safe.has(t)).sort((x, y) => (tally.get(y) ?? 0) - (tally.get(x) ?? 0))[0];
          const t = guilty[0] ?? (turn.rng.float() < 0.5 ? leader : prefer(ts)) ?? prefer(ts);
          if (t !== undefined && v.votes.get(v.me) !== t) out.push(...write(turn, a, t));
          break;
        }
        case 'run':
          if (turn.rng.float() < 0.3) out.push(...write(turn, a));
          break;
        case 'judgevote': {
          if (v.votes.has(v.me)) break;
          const t = pick(
            turn,
            (a.targets ?? []).filter((x) => v.role === 'mafioso' || known(x) !== true),
          );
          if (t !== undefined) out.push(...write(turn, a, t));
          break;
        }
        case 'protect': {
          const t = pick(
            turn,
            (a.targets ?? []).filter((x) => x !== v.me || turn.rng.float() < 0.2),
          );
          if (t !== undefined && turn.pass === 0) out.push(...write(turn, a, t));
          break;
        }
        case 'knife':
        case 'check':
        case 'kill':
        case 'tour': {
          if (turn.pass > 0) break;
          const ts = (a.targets ?? []).filter((x) => a.command !== 'check' || !v.checks.has(x));
          const t = a.command === 'check' ? pick(turn, ts) : prefer(ts);
          if (t !== undefined) out.push(...write(turn, a, t));
          break;
        }
        case 'gf': {
          // The family agrees on its first member (lowest seat), so a majority forms at once.
          const t = [...(a.targets ?? [])].sort()[0];
          if (t !== undefined && turn.pass === 0) out.push(...write(turn, a, t));
          break;
        }
        default:
          break;
      }
    }
    return out;
  },
};

const ROLES = ['citizen', 'mafioso', 'commissioner', 'doctor', 'maniac'];
const all = (p: Policy<CitView>): PolicySet<CitView> => Object.fromEntries(ROLES.map((r) => [r, p]));

/** The mafia-cities simulation adapter. */
export const mafiaCitiesSim: SimVariant<CitView> = {
  variant: mafiaCities,
  policies: { sensible: all(sensible), random: all(randomBot) },
  newView: (me) => ({ me, cityOf: {}, mates: new Set(), checks: new Map(), out: new Set(), votes: new Map() }),
  observe,
  relevant: (e) => READ.has(e.type),
  roleIn: (v) => v.role,
  rounds: (s) => (s as GameState<CitState>).v.day,
  // The rulebook deals per city itself (CIT-SET-5); a role list only says how many of each there are.
  roleList: (players) => defaultRoles(players),
  defaultKillers: (players) => defaultRoles(players).filter((r) => r === 'mafioso').length,
  killerRole: 'mafioso',
  fillerRole: 'citizen',
};
