// The simulation adapter of `palermo`: what each player learns from the events he may see, the bots of every role
// (random play, sensible play, and the random-lynch model of the literature); the rules each event shows firing are in firing.ts.
import { listTexts, refId } from '../../core/params.ts';
import type { GameEvent, Message, PlayerId } from '../../core/types.ts';
import { typed } from '../../engine/events.ts';
import { syntaxOf } from '../../engine/game.ts';
import { parseCommands } from '../../engine/parse.ts';
import type { GameState } from '../../engine/state.ts';
import { best, fillLine, observing, targetKey, targetsOf } from '../../sim/choose.ts';
import type { Intent, Policy, PolicySet, SimVariant, Turn } from '../../sim/types.ts';
import type { PalEvents } from './events.ts';
import { palermo } from './index.ts';
import { defaultRoles } from './roles.ts';
import type { PalState } from './state.ts';

/** What one palermo player knows: built only from events whose audience includes him. */
export interface PalView {
  readonly me: PlayerId;
  role?: string;
  round: number;
  readonly order: PlayerId[];
  readonly idByName: Map<string, PlayerId>;
  readonly alive: Set<PlayerId>;
  /** Killers this player knows (a killer's team, or the henchman's role message). */
  readonly mates: Set<PlayerId>;
  /** Killers an informant knows. */
  readonly known: Set<PlayerId>;
  /** Formal team shown by reveals ('killer' or 'citizen'). */
  readonly revealed: Map<PlayerId, string>;
  /** The live count of the open round: voter -> target. */
  readonly votes: Map<PlayerId, PlayerId>;
  /** Votes per target in the live count (kept with `votes`). */
  readonly tally: Map<PlayerId, number>;
  /** Final votes of every closed round (from the public tally). */
  readonly history: Map<PlayerId, PlayerId>[];
  /** Per voter: closed rounds whose final vote went to a player revealed a killer (hits) or a citizen (misses). */
  readonly records: Map<PlayerId, { hits: number; misses: number }>;
  /** Per voter: closed rounds whose final vote went to one of this player's known killers (`mates`). */
  readonly onMates: Map<PlayerId, number>;
  /** Public informant claims: claimer -> the killer he names. */
  readonly claims: Map<PlayerId, PlayerId>;
  /** The player has claimed already. */
  claimed: boolean;
}

function newView(me: PlayerId): PalView {
  return {
    me,
    round: 0,
    order: [],
    idByName: new Map(),
    alive: new Set(),
    mates: new Set(),
    known: new Set(),
    revealed: new Map(),
    votes: new Map(),
    tally: new Map(),
    history: [],
    records: new Map(),
    onMates: new Map(),
    claims: new Map(),
    claimed: false,
  };
}

const CLAIM = 'Claim: informant';

// The view's counts are kept as events arrive, so a bot reads them instead of counting every vote and every round
// for every candidate of every choice.

/** Sets (or, with `target` undefined, removes) a voter's live vote, keeping the tally. */
function setVote(v: PalView, voter: PlayerId, target: PlayerId | undefined): void {
  const was = v.votes.get(voter);
  if (was !== undefined) v.tally.set(was, v.tally.get(was)! - 1);
  if (target === undefined) v.votes.delete(voter);
  else {
    v.votes.set(voter, target);
    v.tally.set(target, (v.tally.get(target) ?? 0) + 1);
  }
}

function clearVotes(v: PalView): void {
  v.votes.clear();
  v.tally.clear();
}

/** Adds `by` to a voter's record for a final vote on a player shown to be of `team` (no team: nothing). */
function score(v: PalView, voter: PlayerId, team: string | undefined, by: number): void {
  if (team !== 'killer' && team !== 'citizen') return;
  const r = v.records.get(voter) ?? { hits: 0, misses: 0 };
  if (team === 'killer') r.hits += by;
  else r.misses += by;
  v.records.set(voter, r);
}

/** Records a closed round's final votes in the history and in every voter's record and count of votes on mates. */
function closeRound(v: PalView, final: Map<PlayerId, PlayerId>): void {
  v.history.push(final);
  for (const [voter, target] of final) {
    score(v, voter, v.revealed.get(target), 1);
    if (v.mates.has(target)) v.onMates.set(voter, (v.onMates.get(voter) ?? 0) + 1);
  }
}

/** Shows a player's formal team; the records of those whose final votes went to him follow. */
function reveal(v: PalView, id: PlayerId, team: string): void {
  const was = v.revealed.get(id);
  v.revealed.set(id, team);
  if (was === team) return;
  for (const round of v.history)
    for (const [voter, target] of round) {
      if (target !== id) continue;
      score(v, voter, was, -1);
      score(v, voter, team, 1);
    }
}

/** Learns a killer; the counts of final votes on killers follow. */
function addMate(v: PalView, id: PlayerId): void {
  if (v.mates.has(id)) return;
  v.mates.add(id);
  for (const round of v.history) for (const [voter, target] of round) if (target === id) v.onMates.set(voter, (v.onMates.get(voter) ?? 0) + 1);
}

function namesToIds(v: PalView, names: readonly string[]): PlayerId[] {
  return names.map((n) => v.idByName.get(n.trim())).filter((x): x is PlayerId => x !== undefined);
}

function observeMessage(v: PalView, parts: readonly Message[]): void {
  for (const p of parts) {
    const params = p.params ?? {};
    const name = typeof params.name === 'string' ? v.idByName.get(params.name) : undefined;
    switch (p.key) {
      case 'MSG-REVEAL':
      case 'MSG-ABS-ELIM':
      case 'MSG-ABS-ELIM-TOP':
      case 'MSG-PENALTY':
        if (name) reveal(v, name, refId(params.team) ?? '');
        break;
      case 'MSG-OUT-MISS':
        if (name) reveal(v, name, 'killer');
        break;
      case 'MSG-ROLE-HENCHMAN':
        for (const id of namesToIds(v, listTexts(params.killers))) addMate(v, id);
        break;
    }
  }
}

const OBSERVED = new Set([
  'player.signed_up',
  'role.assigned',
  'team.formed',
  'pal.knowledge',
  'informant.told',
  'round.opened',
  'vote.cast',
  'votes.voided',
  'player.removed',
  'player.restored',
  'close.resolved',
  'post.published',
]);
const OBSERVED_MESSAGES = new Set(['MSG-REVEAL', 'MSG-ABS-ELIM', 'MSG-ABS-ELIM-TOP', 'MSG-PENALTY', 'MSG-OUT-MISS', 'MSG-ROLE-HENCHMAN']);

/** True for the events `observe` reads (the others are not offered to every view). */
const relevant = observing(OBSERVED, OBSERVED_MESSAGES);

/** Folds one visible event into a view. */
function observe(v: PalView, e: GameEvent): void {
  const ev = typed<PalEvents>(e);
  switch (ev.type) {
    case 'player.signed_up':
      v.order.push(ev.data.id);
      v.idByName.set(ev.data.name, ev.data.id);
      v.alive.add(ev.data.id);
      break;
    case 'role.assigned':
      if (ev.data.player === v.me) v.role = ev.data.role;
      break;
    case 'team.formed':
      for (const id of ev.data.members) addMate(v, id);
      break;
    case 'pal.knowledge':
      for (const id of ev.data.killers) v.known.add(id);
      break;
    case 'informant.told':
      v.known.add(ev.data.killer);
      break;
    case 'round.opened':
      v.round = ev.data.round;
      clearVotes(v);
      break;
    case 'vote.cast':
      setVote(v, ev.data.voter, ev.data.target);
      break;
    case 'votes.voided':
      for (const id of ev.data.voters) setVote(v, id, undefined);
      break;
    case 'player.removed':
      v.alive.delete(ev.data.player);
      setVote(v, ev.data.player, undefined);
      break;
    case 'player.restored':
      v.alive.add(ev.data.player);
      break;
    case 'close.resolved': {
      const final = new Map<PlayerId, PlayerId>();
      for (const row of ev.data.rows) for (const voter of row.voters) final.set(voter, row.target);
      closeRound(v, final);
      clearVotes(v);
      break;
    }
    case 'post.published': {
      const text = ev.data.text;
      if (text.startsWith(CLAIM)) {
        // The accusation is the claim's vote line, read with the rulebook's own syntax table.
        const vote = parseCommands(text, syntaxOf(palermo)).find((l) => l.command === 'vote');
        const accused = vote ? v.idByName.get(vote.arg) : undefined;
        if (accused) v.claims.set(ev.data.author, accused);
      }
      break;
    }
    case 'message':
      observeMessage(v, ev.data.parts);
      break;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the table

const NO_RECORD = { hits: 0, misses: 0 } as const;

/** Rounds in which a player's final vote went to someone later shown to be a killer, and those against citizens. */
function record(v: PalView, id: PlayerId): { readonly hits: number; readonly misses: number } {
  return v.records.get(id) ?? NO_RECORD;
}

/** Current votes per target. */
function counts(v: PalView): ReadonlyMap<PlayerId, number> {
  return v.tally;
}

/** The intent that takes `command` on `target`, or none when the rules do not offer that target now. */
function write(turn: Turn<PalView>, command: string, target: PlayerId | undefined): Intent[] {
  const a = turn.legal.find((x) => x.command === command);
  const text = a && target !== undefined ? fillLine(a, { [targetKey(a)]: target }, turn.name) : undefined;
  return a && text !== undefined ? [{ via: a.via, text }] : [];
}

/** The leading target of the live count (ties broken at random), with its votes. */
function leader(turn: Turn<PalView>, among: readonly PlayerId[]): { id: PlayerId | undefined; n: number } {
  const c = counts(turn.view);
  const id = best(turn.rng, among, (x) => c.get(x) ?? 0);
  return { id, n: id ? (c.get(id) ?? 0) : 0 };
}

/** A vote intent, or nothing when it would not change the current vote. */
function voteFor(turn: Turn<PalView>, target: PlayerId | undefined): Intent[] {
  if (target === undefined || turn.view.votes.get(turn.player) === target) return [];
  return write(turn, 'vote', target);
}

/** Random ballot in a runoff (everybody may take part; nobody must). */
function ballot(turn: Turn<PalView>, prefer?: (id: PlayerId) => number): Intent[] {
  const t = targetsOf(turn.legal, 'ballot');
  if (!t || t.length === 0 || turn.pass > 0) return [];
  const target = prefer ? best(turn.rng, t, prefer) : turn.rng.pick(t);
  return write(turn, 'ballot', target);
}

// ---------------------------------------------------------------------------------------------------------------
// Sensible play

/** A townsperson's suspicion of a player: votes against revealed citizens, live votes, trust for hits on killers. */
function suspicion(v: PalView, id: PlayerId, c: ReadonlyMap<PlayerId, number>): number {
  if (v.known.has(id) || v.mates.has(id)) return 100;
  const r = record(v, id);
  const claimer = v.claims.has(id) ? -50 : 0;
  return r.misses * 1.0 - r.hits * 1.5 + 0.3 * (c.get(id) ?? 0) + claimer;
}

/** A claim whose claimer and accused are both still in the game. */
function liveClaim(v: PalView, exceptMe = true): { claimer: PlayerId; accused: PlayerId } | undefined {
  for (const [claimer, accused] of v.claims) {
    if ((exceptMe && claimer === v.me) || !v.alive.has(claimer) || !v.alive.has(accused)) continue;
    return { claimer, accused };
  }
  return undefined;
}

function townVote(turn: Turn<PalView>): Intent[] {
  const v = turn.view;
  const targets = targetsOf(turn.legal, 'vote');
  if (!targets) return [];
  const claim = liveClaim(v);
  if (claim && targets.includes(claim.accused)) return voteFor(turn, claim.accused);
  const c = counts(v);
  if (turn.pass === 0)
    return voteFor(
      turn,
      best(turn.rng, targets, (id) => suspicion(v, id, c) + turn.rng.float()),
    );
  // Late pass: join a wagon of two or more unless its target has earned trust.
  const l = leader(turn, targets);
  if (l.id && l.n >= 2 && suspicion(v, l.id, c) > -1) return voteFor(turn, l.id);
  return [];
}

const citizen: Policy<PalView> = {
  id: 'sensible.citizen',
  act: (turn) => [...townVote(turn), ...ballot(turn, (id) => suspicion(turn.view, id, counts(turn.view)))],
};

/** The informant steers votes onto a known killer from round 2; in round 1 he plays a citizen unless a known killer leads. */
const informant: Policy<PalView> = {
  id: 'sensible.informant',
  act(turn) {
    const v = turn.view;
    const targets = targetsOf(turn.legal, 'vote');
    const out: Intent[] = [...ballot(turn, (id) => (v.known.has(id) ? 10 : 0))];
    if (!targets) return out;
    const known = targets.filter((id) => v.known.has(id));
    if (known.length === 0) return [...out, ...townVote(turn)];
    const c = counts(v);
    const l = leader(turn, targets);
    const me = (c.get(v.me) ?? 0) >= Math.max(2, l.n) && !v.claimed;
    const target = best(turn.rng, known, (id) => c.get(id) ?? 0)!;
    if (turn.pass === 1 && me) {
      // About to be voted out: claim and name the killer (he risks the outing, but the town learns a killer).
      v.claimed = true;
      const [vote] = write(turn, 'vote', target);
      if (vote) return [...out, { via: 'post', text: `${CLAIM}\n${vote.text}` }];
    }
    if (v.round < 2 && !(l.id !== undefined && v.known.has(l.id))) return [...out, ...townVote(turn)];
    return [...out, ...voteFor(turn, target)];
  },
};

/** The nurse protects a claimed informant, else the player whose votes hit killers most, else someone at random. */
const nurse: Policy<PalView> = {
  id: 'sensible.nurse',
  act(turn) {
    const v = turn.view;
    const out = [...townVote(turn), ...ballot(turn)];
    const t = targetsOf(turn.legal, 'protect');
    if (t && t.length > 0 && turn.pass === 0) {
      const claim = liveClaim(v);
      const pick = claim && t.includes(claim.claimer) ? claim.claimer : best(turn.rng, t, (id) => record(v, id).hits * 2 - record(v, id).misses);
      if (pick) out.push(...write(turn, 'protect', pick));
    }
    return out;
  },
};

/** A killer-side vote: never a known killer; push the wagon on a non-killer, or start one on the likeliest informant. */
function killerVote(turn: Turn<PalView>): Intent[] {
  const v = turn.view;
  const targets = targetsOf(turn.legal, 'vote');
  if (!targets) return [];
  const safe = targets.filter((id) => !v.mates.has(id));
  if (safe.length === 0) return [];
  const l = leader(turn, targets);
  if (l.id && !v.mates.has(l.id) && l.n >= 2) return voteFor(turn, l.id);
  if (turn.pass === 1 && l.id && v.mates.has(l.id)) {
    // A teammate leads: counter-wagon on the best-supported non-killer.
    return voteFor(turn, leader(turn, safe).id);
  }
  if (v.votes.has(v.me) && !v.mates.has(v.votes.get(v.me)!)) return [];
  return voteFor(
    turn,
    best(turn.rng, safe, (id) => informantScore(v, id) + turn.rng.float()),
  );
}

/** How much a non-killer looks like the informant: claims, final votes on killers. */
function informantScore(v: PalView, id: PlayerId): number {
  if (v.claims.has(id)) return 10;
  return v.onMates.get(id) ?? 0;
}

/** The killer who acts for the team: the first in signup order still in the game. */
function leads(v: PalView): boolean {
  for (const id of v.order) if (v.mates.has(id) && v.alive.has(id)) return id === v.me;
  return true;
}

const killer: Policy<PalView> = {
  id: 'sensible.killer',
  act(turn) {
    const v = turn.view;
    const out = [...killerVote(turn), ...ballot(turn, (id) => (v.mates.has(id) ? -10 : informantScore(v, id)))];
    if (!leads(v) || turn.pass > 0) return out;
    const kill = targetsOf(turn.legal, 'kill')?.filter((id) => !v.mates.has(id));
    if (kill && kill.length > 0) {
      const target = best(turn.rng, kill, (id) => informantScore(v, id) * 2 + record(v, id).hits);
      if (target) out.push(...write(turn, 'kill', target));
    }
    const outing = targetsOf(turn.legal, 'out');
    if (outing && outing.length > 0) {
      // Out a claimer at once (a true claim wins); otherwise only a unique player with hits in two rounds or more.
      const claimed = outing.find((id) => v.claims.has(id));
      if (claimed) out.push(...write(turn, 'out', claimed));
      else {
        const scored = outing.map((id) => ({ id, s: informantScore(v, id) })).sort((a, b) => b.s - a.s);
        const [a, b] = scored;
        if (a && a.s >= 2 && (!b || b.s < a.s) && turn.rng.chance(0.5)) out.push(...write(turn, 'out', a.id));
      }
    }
    return out;
  },
};

/** The henchman votes like a killer (he knows them; they do not know him). */
const henchman: Policy<PalView> = {
  id: 'sensible.henchman',
  act: (turn) => [...killerVote(turn), ...ballot(turn, (id) => (turn.view.mates.has(id) ? -10 : informantScore(turn.view, id)))],
};

// ---------------------------------------------------------------------------------------------------------------
// Random play

/** Uniform random choices among the legal targets; optional actions (outing) rarely. */
const random: Policy<PalView> = {
  id: 'random',
  act(turn) {
    const out: Intent[] = [];
    for (const a of turn.legal) {
      const t = a.targets;
      if (!t || t.length === 0) continue;
      if (a.command === 'vote' && turn.pass === 1 && !turn.rng.chance(0.3)) continue;
      if ((a.command === 'kill' || a.command === 'protect' || a.command === 'ballot') && turn.pass === 1) continue;
      if (a.command === 'out' && !turn.rng.chance(0.05)) continue;
      out.push(...write(turn, a.command, turn.rng.pick(t)));
    }
    return out;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The random-lynch model (Migdał 2010; Braverman, Etesami and Mossel 2008)

/**
 * Each day the whole table votes out one living player chosen uniformly at random (the chosen one votes for someone
 * else, so there is no tie while three or more are in the game); each night the killers murder a uniformly random
 * non-killer. Votes are cast only after the 13:00 murder, so they never need recasting.
 */
const model: Policy<PalView> = {
  id: 'model',
  late: false,
  act(turn) {
    const v = turn.view;
    if (turn.pass > 0) return [];
    const out: Intent[] = [];
    const kill = targetsOf(turn.legal, 'kill');
    if (kill && leads(v)) out.push(...write(turn, 'kill', turn.rng.pick(kill.filter((id) => !v.mates.has(id)))));
    const targets = targetsOf(turn.legal, 'vote');
    if (targets && turn.next.kind === 'close') {
      const key = `day${v.round}`;
      let chosen = turn.table.get(key) as PlayerId | undefined;
      if (chosen === undefined) {
        chosen = turn.rng.pick(v.order.filter((id) => v.alive.has(id)));
        turn.table.set(key, chosen);
      }
      out.push(...write(turn, 'vote', chosen === v.me ? turn.rng.pick(targets) : chosen));
    }
    const b = targetsOf(turn.legal, 'ballot');
    if (b && b.length > 0) out.push(...write(turn, 'ballot', turn.rng.pick(b)));
    return out;
  },
};

function all(p: Policy<PalView>): PolicySet<PalView> {
  return { killer: p, informant: p, nurse: p, henchman: p, citizen: p };
}

/** Palermo's role list for `players` with `killers` killers: the default table's other roles where the rules allow. */
function roleList(players: number, killers = defaultKillers(players)): string[] {
  const base = defaultRoles(players).filter((r) => r !== 'killer' && r !== 'citizen');
  const specials = killers >= 2 ? base : base.filter((r) => r !== 'informant');
  const list = [...Array<string>(killers).fill('killer'), ...specials];
  while (list.length < players) list.push('citizen');
  return list.slice(0, players);
}

function defaultKillers(players: number): number {
  return defaultRoles(players).filter((r) => r === 'killer').length;
}

/** The palermo simulation adapter. */
export const palermoSim: SimVariant<PalView> = {
  variant: palermo,
  policies: {
    sensible: { killer, informant, nurse, henchman, citizen },
    random: all(random),
    model: all(model),
  },
  newView,
  observe,
  relevant,
  roleIn: (v) => v.role,
  rounds: (s) => (s as GameState<PalState>).v.round,
  roleList,
  defaultKillers,
  killerRole: 'killer',
  fillerRole: 'citizen',
};
