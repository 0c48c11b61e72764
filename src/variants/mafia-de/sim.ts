// The simulation adapter of `mafia-de`: the bots of every role (random play and sensible play) and the rulebook's own
// deal (the rules each event shows firing are in firing.ts). What a bot knows is its player's view (sim-view.ts); what it may do
// is `legalActions` (derived from the declarations); every PN it sends is a legal action's line filled in by `fillLine`.
import type { PlayerId } from '../../core/types.ts';
import type { GameState } from '../../engine/state.ts';
import { best, fillLine, targetsOf } from '../../sim/choose.ts';
import type { Intent, Policy, PolicySet, SimVariant, Turn } from '../../sim/types.ts';
import { parseRoleChoice } from './actions.ts';
import { mafiaDe } from './index.ts';
import { defaultRoles, MAFIA_SPECIALS, mafiaCount } from './roles.ts';
import { type DeView, newDeView, observeDe, relevantDe, SAY } from './sim-view.ts';
import type { DeState } from './state.ts';

type T = Turn<DeView>;

// ---------------------------------------------------------------------------------------------------------------
// Writing commands

/**
 * The line of a legal action with these arguments (player ids for players), through `fillLine`: nothing when the
 * action is not open or an argument is not one on offer, so a bot sends only what a player could.
 */
function write(turn: T, id: string, args: Readonly<Record<string, string>>): Intent[] {
  const a = turn.legal.find((x) => x.id === id);
  const text = a ? fillLine(a, args, turn.name) : undefined;
  return a && text !== undefined ? [{ via: a.via, text }] : [];
}

/** A single-target action on `target`. */
function act(turn: T, id: string, target: PlayerId): Intent[] {
  return write(turn, id, { target });
}

function post(text: string): Intent {
  return { via: 'post', text };
}

/** DE-KILL-3: a death message of five sentences and well over 300 characters that names the victim. */
export function deathMessage(name: string): string {
  return [
    `${name} wurde im Morgengrauen am alten Hafen gefunden, den Hut noch tief ins Gesicht gezogen.`,
    'Niemand in der Stadt hatte mit diesem Ende gerechnet, am wenigsten die Fischer am Kai.',
    'Die Familie lässt ausrichten, dass Neugier ein gefährliches Hobby ist und bleibt.',
    'Die Blumen am Tatort waren sorgfältig ausgewählt, und der Rotwein daneben war sehr teuer.',
    `Möge ${name} in Frieden ruhen, denn die Geschäfte gehen weiter wie bisher.`,
  ].join(' ');
}

/** The murder order with its death message on the following lines (DE-KILL-1, DE-KILL-2). */
function killOrder(turn: T, target: PlayerId): Intent[] {
  return write(turn, 'kill', { target, dm: deathMessage(turn.name(target)) });
}

/** The role choice (DE-MROLE-2), as the game's locale writes the role. */
function roleChoice(turn: T, role: string): Intent[] {
  const offered = turn.legal.find((a) => a.id === 'role')?.choices ?? [];
  const value = offered.find((x) => parseRoleChoice(x) === role);
  return value === undefined ? [] : write(turn, 'role', { role: value });
}

/** A vote PN plus its declaration in the thread (the thread is how the table sees votes before the deadline). */
function voteFor(turn: T, target: PlayerId | undefined): Intent[] {
  const v = turn.view;
  if (target === undefined || !targetsOf(turn.legal, 'vote')?.includes(target)) return [];
  if (v.declared.get(v.me) === target) return [];
  return [...act(turn, 'vote', target), post(SAY.vote(turn.name(target)))];
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the table

function living(v: DeView): PlayerId[] {
  return v.order.filter((id) => v.alive.has(id));
}

/** Declared votes per target. */
function declaredCounts(v: DeView): Map<PlayerId, number> {
  const c = new Map<PlayerId, number>();
  for (const t of v.declared.values()) c.set(t, (c.get(t) ?? 0) + 1);
  return c;
}

/** A living public claimer (detective first), if any. */
function claimer(v: DeView, which: 'detective' | 'matchmaker'): PlayerId | undefined {
  const id = v[which];
  return id !== undefined && v.alive.has(id) ? id : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The town

/** A townsperson's suspicion: sure parties dominate, then 'different party' comparisons, then the thread's wagons. */
function suspicion(v: DeView, id: PlayerId, c: Map<PlayerId, number>): number {
  const p = v.party.get(id);
  if (p === 'mafia') return 100;
  if (p === 'citizens') return -100;
  let s = 0.2 * (c.get(id) ?? 0);
  for (const r of v.relations) if (!r.same && (r.a === id || r.b === id)) s += 1.5;
  // Final votes on players later known to be citizens (murder victims, cleared players) count against the voter.
  for (const day of v.history) {
    const t = day.get(id);
    const pt = t !== undefined && t !== id ? v.party.get(t) : undefined;
    if (pt === 'citizens') s += 1;
    else if (pt === 'mafia') s -= 1;
  }
  return s;
}

/** The town's day: vote the most suspicious player early; late, a sure mafioso or the leading wagon of two or more. */
function townDay(turn: T): Intent[] {
  const v = turn.view;
  const targets = targetsOf(turn.legal, 'vote')?.filter((id) => id !== v.me);
  if (!targets || targets.length === 0) return [];
  const c = declaredCounts(v);
  const sure = targets.filter((id) => v.party.get(id) === 'mafia');
  if (sure.length > 0)
    return voteFor(
      turn,
      best(turn.rng, sure, (id) => c.get(id) ?? 0),
    );
  if (turn.pass === 0) {
    if (v.declared.has(v.me)) return [];
    return voteFor(
      turn,
      best(turn.rng, targets, (id) => suspicion(v, id, c) + turn.rng.float()),
    );
  }
  const lead = best(turn.rng, targets, (id) => c.get(id) ?? 0);
  if (lead !== undefined && (c.get(lead) ?? 0) >= 2 && v.party.get(lead) !== 'citizens') return voteFor(turn, lead);
  return [];
}

/** The findings of a detective or matchmaker, one line each, for a claim post or a testament. */
function findings(turn: T): string[] {
  const v = turn.view;
  if (v.role === 'detective') {
    return [...v.checked].filter((id) => v.party.has(id)).map((id) => (v.party.get(id) === 'mafia' ? SAY.mafia(turn.name(id)) : SAY.citizen(turn.name(id))));
  }
  return v.relations.map((r) => (r.same ? SAY.same(turn.name(r.a), turn.name(r.b)) : SAY.diff(turn.name(r.a), turn.name(r.b))));
}

/**
 * A detective claims when he has found a living mafioso or is about to be lynched; a matchmaker when a living pair
 * differs. Both keep a testament with their findings, so a murder still tells the town.
 */
function townClaim(turn: T): Intent[] {
  const v = turn.view;
  if (v.role !== 'detective' && v.role !== 'matchmaker') return [];
  const head = v.role === 'detective' ? SAY.detective : SAY.matchmaker;
  const lines = findings(turn);
  const out: Intent[] = [];
  if (lines.length > v.willLines && turn.pass === 0) {
    v.willLines = lines.length;
    out.push(...write(turn, 'will', { text: `${head}\n${lines.join('\n')}` }));
  }
  if (v.phase !== 'day' || lines.length === 0) return out;
  const c = declaredCounts(v);
  const threatened = turn.pass === 1 && (c.get(v.me) ?? 0) >= 2 && !v.claimed;
  const worth =
    v.fresh > 0 &&
    (v.role === 'detective'
      ? [...v.checked].some((id) => v.alive.has(id) && v.party.get(id) === 'mafia')
      : v.relations.some((r) => !r.same && v.alive.has(r.a) && v.alive.has(r.b)));
  if (threatened || (turn.pass === 0 && worth)) {
    v.claimed = true;
    v.fresh = 0;
    out.push(post(`${head}\n${lines.join('\n')}`));
  }
  return out;
}

/** The detective checks a living player whose party he does not know, preferring players in 'different' pairs. */
function query(turn: T): Intent[] {
  const v = turn.view;
  const t = targetsOf(turn.legal, 'query')?.filter((id) => !v.party.has(id) && !v.checked.has(id));
  if (!t || t.length === 0) return [];
  const target = best(turn.rng, t, (id) => suspicion(v, id, declaredCounts(v)) + turn.rng.float());
  return target ? act(turn, 'query', target) : [];
}

/** The matchmaker pairs a player of known party with an unknown one, else two unknown players not compared yet. */
function compare(turn: T): Intent[] {
  const v = turn.view;
  const t = targetsOf(turn.legal, 'compare');
  if (!t || t.length < 2) return [];
  const unknown = turn.rng.shuffle(t.filter((id) => !v.party.has(id)));
  const known = t.filter((id) => v.party.has(id));
  const fresh = (a: PlayerId, b: PlayerId) => !v.compared.has([a, b].sort().join('|'));
  for (const a of known) for (const b of unknown) if (fresh(a, b)) return write(turn, 'compare', { a, b });
  for (let i = 0; i < unknown.length; i++)
    for (let j = i + 1; j < unknown.length; j++) if (fresh(unknown[i]!, unknown[j]!)) return write(turn, 'compare', { a: unknown[i]!, b: unknown[j]! });
  const [a, b] = turn.rng.shuffle(t);
  return write(turn, 'compare', { a: a!, b: b! });
}

/**
 * The guardian angel protects the claimed detective, else the claimed matchmaker, else herself; never the same
 * player two nights running (the legal targets already leave out last night's choice, DE-PROT-2).
 */
function protect(turn: T): Intent[] {
  const v = turn.view;
  const t = targetsOf(turn.legal, 'protect');
  if (!t || t.length === 0) return [];
  for (const id of [claimer(v, 'detective'), claimer(v, 'matchmaker'), v.me]) if (id !== undefined && t.includes(id)) return act(turn, 'protect', id);
  const trusted = t.filter((id) => v.party.get(id) === 'citizens');
  return act(turn, 'protect', turn.rng.pick(trusted.length > 0 ? trusted : t));
}

/** Every townsperson's turn: claims, the day vote, the night ability of his role. */
function townAct(turn: T): Intent[] {
  const v = turn.view;
  const out = [...chatter(turn), ...townClaim(turn), ...townDay(turn)];
  if (v.phase === 'night' && turn.pass === 0) out.push(...query(turn), ...compare(turn), ...protect(turn));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The mafia

/** Non-mafiosi in the game, signup order. */
function prey(v: DeView): PlayerId[] {
  return living(v).filter((id) => !v.mates.has(id));
}

/**
 * The team's target of the day, computed from what every mafioso sees alike (claims of earlier phases, the team's
 * membership and the day number), so that the whole team votes one player without a private channel.
 */
function teamTarget(v: DeView): PlayerId | undefined {
  const cands = prey(v);
  for (const id of [claimer(v, 'detective'), claimer(v, 'matchmaker')]) if (id !== undefined) return id;
  if (cands.length === 0) return undefined;
  let key = v.n * 7919;
  for (const id of [...v.mates].sort()) for (const ch of id) key = (key * 31 + ch.charCodeAt(0)) >>> 0;
  return cands[key % cands.length];
}

/**
 * The mafia's day: early, the team's target; late, the strongest declared wagon on a non-mafioso if it leads the
 * team's own (so a teammate under fire is outvoted).
 */
function mafiaDay(turn: T): Intent[] {
  const v = turn.view;
  const targets = targetsOf(turn.legal, 'vote');
  if (!targets) return [];
  const safe = targets.filter((id) => !v.mates.has(id));
  if (safe.length === 0) return [];
  const own = teamTarget(v);
  if (turn.pass === 0) return voteFor(turn, own !== undefined && safe.includes(own) ? own : turn.rng.pick(safe));
  const c = declaredCounts(v);
  const lead = best(turn.rng, safe, (id) => (c.get(id) ?? 0) + (id === own ? 0.5 : 0));
  return voteFor(turn, lead);
}

/** The boss murders the claimed detective, the detective the insider found, the claimed matchmaker, else an accuser. */
function murder(turn: T): Intent[] {
  const v = turn.view;
  const t = targetsOf(turn.legal, 'kill')?.filter((id) => !v.mates.has(id));
  if (!t || t.length === 0) return [];
  for (const id of [claimer(v, 'detective'), v.found, claimer(v, 'matchmaker')]) if (id !== undefined && t.includes(id)) return killOrder(turn, id);
  const accusers = t.filter((id) => {
    const target = v.declared.get(id);
    return target !== undefined && v.mates.has(target);
  });
  return killOrder(turn, turn.rng.pick(accusers.length > 0 ? accusers : t));
}

/**
 * DE-BOSS-2: the boss names as successor the teammate the table suspects least (fewest declared votes), again when
 * the one he named has left; without a designation the rulebook would pick the first mafioso in signup order.
 */
function designate(turn: T): Intent[] {
  const v = turn.view;
  if (!turn.legal.some((a) => a.command === 'kill') || (v.successor !== undefined && v.alive.has(v.successor))) return [];
  const mates = living(v).filter((id) => v.mates.has(id) && id !== v.me);
  if (mates.length === 0) return [];
  const c = declaredCounts(v);
  const pick = best(turn.rng, mates, (id) => -(c.get(id) ?? 0));
  return pick ? act(turn, 'successor', pick) : [];
}

/** The framer frames a citizen nobody has cleared, so the night's check or comparison about him shows mafia. */
function frame(turn: T): Intent[] {
  const v = turn.view;
  const t = targetsOf(turn.legal, 'frame')?.filter((id) => !v.mates.has(id) && id !== v.detective && id !== v.matchmaker);
  if (!t || t.length === 0) return [];
  return act(turn, 'frame', turn.rng.pick(t));
}

/** The robber blocks the claimed detective in even nights and the claimed matchmaker in odd ones, else a guess. */
function rob(turn: T): Intent[] {
  const v = turn.view;
  const t = targetsOf(turn.legal, 'rob')?.filter((id) => !v.mates.has(id));
  if (!t || t.length === 0) return [];
  const slot = v.n % 2 === 0 ? (claimer(v, 'detective') ?? v.found) : claimer(v, 'matchmaker');
  return act(turn, 'rob', slot !== undefined && t.includes(slot) ? slot : turn.rng.pick(t));
}

/** The voodoo doll ties her fate to the most valuable townsperson she knows of (a claimer), else keeps or picks one. */
function voodoo(turn: T): Intent[] {
  const v = turn.view;
  const t = targetsOf(turn.legal, 'voodoo')?.filter((id) => !v.mates.has(id));
  if (!t || t.length === 0) return [];
  const want = [claimer(v, 'detective'), v.found, claimer(v, 'matchmaker')].find((id) => id !== undefined && t.includes(id));
  return act(turn, 'voodoo', want ?? turn.rng.pick(t));
}

/** Night-1 preferences of a plain mafioso among the free specials (weights; 'keine' is never chosen). */
const PREFERENCE: Readonly<Record<string, number>> = { framer: 3, robber: 3, 'voodoo-doll': 2, insider: 2 };

function chooseRole(turn: T, weights: Readonly<Record<string, number>>): Intent[] {
  if (!turn.legal.some((a) => a.command === 'role')) return [];
  const free = MAFIA_SPECIALS.filter((r) => !turn.view.taken.has(r));
  if (free.length === 0) return roleChoice(turn, 'none');
  const total = free.reduce((a, r) => a + (weights[r] ?? 1), 0);
  let x = turn.rng.float() * total;
  for (const r of free) {
    x -= weights[r] ?? 1;
    if (x < 0) return roleChoice(turn, r);
  }
  return roleChoice(turn, free[free.length - 1]!);
}

/** The insider guesses the claimed detective, else an unguessed non-mafioso; after a hit he tells the family by ad. */
function insider(turn: T): Intent[] {
  const v = turn.view;
  const out: Intent[] = [];
  if (v.role !== 'insider') return out;
  if (v.found !== undefined && !v.told && v.phase === 'day' && v.alive.has(v.found)) {
    v.told = true;
    out.push(...write(turn, 'ad', { pseudonym: 'Onkel Toni', text: SAY.family(turn.name(v.found)) }));
  }
  const t = targetsOf(turn.legal, 'suspect');
  if (!t || v.found !== undefined || turn.pass > 0) return out;
  const cands = t.filter((id) => v.alive.has(id) && !v.mates.has(id) && !v.guessed.has(id));
  const d = claimer(v, 'detective');
  const pick = d !== undefined && cands.includes(d) ? d : cands.length > 0 ? turn.rng.pick(cands) : undefined;
  if (pick !== undefined) out.push(...act(turn, 'suspect', pick));
  return out;
}

/** Every mafioso's turn: the day vote with the team, the insider's guess, and whatever night action he holds. */
function mafiaAct(turn: T): Intent[] {
  const v = turn.view;
  const out = [...chatter(turn), ...mafiaDay(turn), ...insider(turn)];
  if (v.phase === 'night' && turn.pass === 0)
    out.push(...chooseRole(turn, PREFERENCE), ...murder(turn), ...designate(turn), ...frame(turn), ...rob(turn), ...voodoo(turn));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Both styles

/** DE-INACT-2: two posts of 20+ characters per day and night keep a player free of warnings (one each phase). */
function chatter(turn: T): Intent[] {
  if (turn.pass > 0) return [];
  const v = turn.view;
  if (v.phase === 'night') return [post(SAY.night)];
  // By day the vote declaration is the post; a bot that keeps its vote still posts.
  if (v.phase === 'day' && v.declared.has(v.me)) return [post(SAY.chat)];
  return [];
}

function role(id: string, act: (turn: T) => Intent[]): Policy<DeView> {
  return { id: `sensible.${id}`, act };
}

/** Uniform random choices among the legal targets; the activity posts and the valid death message still go in. */
const random: Policy<DeView> = {
  id: 'random',
  act(turn) {
    const v = turn.view;
    const out: Intent[] = [];
    if (turn.pass === 0) out.push(post(v.phase === 'night' ? SAY.night : SAY.chat));
    for (const a of turn.legal) {
      if (turn.pass > 0 && !(a.command === 'vote' && turn.rng.chance(0.3))) continue;
      const t = a.targets;
      if (a.id === 'role') out.push(...chooseRole(turn, {}));
      else if (a.id === 'will') {
        if (turn.rng.chance(0.05)) out.push(...write(turn, 'will', { text: 'Ich war es nicht, ehrlich.' }));
      } else if (!t || t.length === 0) continue;
      else if (a.id === 'kill') out.push(...killOrder(turn, turn.rng.pick(t)));
      else if (a.id === 'compare') {
        if (t.length >= 2) {
          const [x, y] = turn.rng.shuffle(t);
          out.push(...write(turn, 'compare', { a: x!, b: y! }));
        }
      } else out.push(...act(turn, a.id ?? a.command, turn.rng.pick(t)));
    }
    return out;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The deal

/** DE-SIGN-5's deck for `players` with `killers` mafiosi (boss included); citizen specials give way on tiny tables. */
function roleList(players: number, killers = mafiaCount(players)): string[] {
  const list = defaultRoles(players, killers);
  for (const r of ['guardian-angel', 'matchmaker', 'detective']) {
    if (list.length <= players) break;
    list.splice(list.indexOf(r), 1);
  }
  return list.slice(0, players);
}

const TOWN_ROLES = ['citizen', 'detective', 'matchmaker', 'guardian-angel'] as const;
const MAFIA_ROLES = ['mafia-boss', 'mafioso', ...MAFIA_SPECIALS] as const;

function all(p: Policy<DeView>): PolicySet<DeView> {
  return Object.fromEntries([...TOWN_ROLES, ...MAFIA_ROLES].map((r) => [r, p]));
}

/** The mafia-de simulation adapter. */
export const mafiaDeSim: SimVariant<DeView> = {
  variant: mafiaDe,
  policies: {
    sensible: {
      ...Object.fromEntries(TOWN_ROLES.map((r) => [r, role(r, townAct)])),
      ...Object.fromEntries(MAFIA_ROLES.map((r) => [r, role(r, mafiaAct)])),
    },
    random: all(random),
  },
  newView: newDeView,
  observe: observeDe,
  relevant: relevantDe,
  roleIn: (v) => v.role,
  rounds: (s) => (s as GameState<DeState>).v.last,
  roleList,
  defaultKillers: mafiaCount,
  killerRole: 'mafioso',
  killerRoles: MAFIA_ROLES,
  fillerRole: 'citizen',
};
