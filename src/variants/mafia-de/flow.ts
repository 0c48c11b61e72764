// The mafia-de game flow: deal and role PNs, the start post, the steps of the day and night resolutions of spec §5
// (D1–D10, N1–N14), removals with their side effects (voodoo, testaments, succession), warnings, disqualification,
// win checks and the end post. Which steps run at which deadline, and which phase follows, is declared (schedule.ts,
// index.ts); the engine runs them (engine/phases.ts).
import { list, phrase, ref } from '../../core/params.ts';
import type { Message, Millis, Param, ParamList, PlayerId } from '../../core/types.ts';
import { countBallots, tallyAllTied, votersFor } from '../../engine/ballot.ts';
import { checkTeam, compareTeams } from '../../engine/checks.ts';
import { linkedDeaths } from '../../engine/links.ts';
import { currentPhase, enterPhase, type Flowing, type FlowTable, type StepContext } from '../../engine/phases.ts';
import { isShielded } from '../../engine/protection.ts';
import { applyBlock } from '../../engine/roleblock.ts';
import { deadlineOf } from '../../engine/schedule.ts';
import { type Deadline, type GameConfig, isAlive, nameOf, playersIn } from '../../engine/state.ts';
import { successor } from '../../engine/succession.ts';
import { assignRemaining } from '../../engine/teamchoice.ts';
import { addDays, instantOf, isoLocal, localDate, weekday } from '../../engine/time.ts';
import type { ConfigProblem } from '../../engine/variant.ts';
import { taught } from './actions.ts';
import {
  type B,
  citizensIn,
  dePhase,
  deRound,
  gameNo,
  isBoss,
  mafiaIn,
  msg,
  NONE,
  nameList,
  opts,
  partyOf,
  phaseLabel,
  pn,
  roleLabel,
  roleOf,
  type S,
  statusParam,
  when,
} from './common.ts';
import { checkDm } from './deathmessage.ts';
import type { DeEvents } from './events.ts';
import { deOptions } from './options.ts';
import { CITIZENS, defaultRoles, MAFIA, MAFIA_SPECIALS, mafiaCount } from './roles.ts';
import { DE_SCHEDULE, deContext, isPause, isPauseDate } from './schedule.ts';
import type { Act, ActKind, DeState } from './state.ts';

export { isPause, isPauseDate } from './schedule.ts';

const HOUR = 3_600_000;

// ---------------------------------------------------------------------------------------------------------------
// Calendar

/**
 * DE-SCHED-2/4, DE-SIGN-5: why a configuration's schedule cannot be played, or null: the signup deadline (a
 * deadline, so never on a pause date) and a Day 1 deadline within a year of it.
 */
export function scheduleProblem(config: GameConfig): ConfigProblem | null {
  const o = deOptions(config);
  const tz = config.timeZone;
  const signup = config.signupDeadline ?? config.startAt;
  const paused = (d: string) => isPauseDate(config.calendar, o.weekendPause, o.pauseDates, d);
  const date = localDate(signup, tz);
  if (paused(date)) {
    const cal = config.calendar;
    const holiday = cal.workingWeekdays.includes(weekday(date)) && !cal.extraPauseDays.includes(date);
    const why = o.pauseDates.includes(date)
      ? 'one of pauseDates'
      : o.weekendPause && weekday(date) >= 6
        ? 'a weekend day with weekendPause'
        : holiday
          ? `a public holiday of the calendar's preset ${cal.preset}`
          : 'not a game day of the calendar';
    const message = `the signup deadline ${isoLocal(signup, tz).slice(0, 16)} falls on a pause date (${date} is ${why}); no deadline may fall on a pause date (DE-SCHED-4)`;
    return { field: config.signupDeadline !== undefined ? 'signupDeadline' : 'startAt', reason: 'pauseDate', params: { date }, message };
  }
  for (let i = 0; i < 366; i++) {
    const d = addDays(date, i);
    if (!paused(d) && instantOf(d, o.dayEnd, tz) - signup >= o.minDayHours * HOUR) return null;
  }
  const message = `Day 1 has no deadline: no ${o.dayEnd} at least ${o.minDayHours} h after the signup deadline falls on a game day within a year (DE-SCHED-2, DE-SCHED-4)`;
  return { field: 'calendar', reason: 'noDay1', params: {}, message };
}

/** DE-SCHED-2/3/5: the pending `phase` deadline of the open day or night, planned from its opening or moved to `exactly`. */
export function phaseEnd(s: S, phase: 'day' | 'night', exactly?: Millis): Deadline {
  const ctx = deContext(s, deRound(s), currentPhase(s)?.openedAt ?? s.clock);
  return deadlineOf(DE_SCHEDULE, phase === 'day' ? 'day.end' : 'night.end', ctx, exactly === undefined ? undefined : { exactly });
}

// ---------------------------------------------------------------------------------------------------------------
// Deal and start

/** DE-SIGN-5/6: the deal (seeded shuffle of the canonical deck, or fixed by the moderator) and the role PNs. */
export function deal(b: B): void {
  const s = b.state;
  const n = s.order.length;
  const fixed = s.config.fixedRoles;
  let roles: Record<PlayerId, string>;
  if (fixed) {
    roles = {};
    for (const id of s.order) {
      const key = Object.keys(fixed).find((k) => k.toLowerCase() === nameOf(s, id).toLowerCase());
      roles[id] = key ? fixed[key]! : '';
    }
    const bad = Object.values(roles).filter((r) => r === '' || MAFIA_SPECIALS.includes(r as never)).length > 0;
    const bosses = Object.values(roles).filter((r) => r === 'mafia-boss').length;
    if (bad || bosses !== 1) {
      b.emit('game.cancelled', { reason: 'config', detail: 'a fixed deal needs every player with a dealt role and exactly one boss' });
      return;
    }
    b.emit('game.dealt', { roles, fixed: true, drawn: [] }, { kind: 'moderator' });
  } else {
    const m = opts(s).mafiaCount ?? mafiaCount(n);
    const from = s.config.roleList ? [...s.config.roleList] : defaultRoles(n, m);
    const d = b.draws();
    const deck = d.shuffle(from);
    roles = Object.fromEntries(s.order.map((id, i) => [id, deck[i]!]));
    b.emit('game.dealt', { roles, fixed: false, drawn: d.used, check: { kind: 'shuffle', from, result: deck } }, { kind: 'moderator' });
  }
  const st = b.state;
  const boss = st.order.find((id) => roles[id] === 'mafia-boss');
  b.emit('boss.set', { boss }, { kind: 'moderator' });
  const mafia = st.order.filter((id) => partyOf(st, id) === MAFIA);
  const o = opts(st);
  const help = { dayEnd: o.dayEnd, nightEnd: o.nightEnd, minS: o.deathMessageMinSentences, minC: o.deathMessageMinChars };
  // DE-SIGN-6: the base PN to everybody, then the Sonderstatus PNs.
  for (const id of st.order) {
    b.emit('role.assigned', { player: id, role: roles[id] }, { kind: 'players', ids: [id] });
    pn(b, [id], 'Status', msg('MSG-ROLE-BASE', { game: gameNo(st) }), msg('BLANK'), taught(st, 'MSG-HELP-BASE', help));
  }
  for (const id of st.order) {
    const role = roles[id]!;
    const key = { detective: 'DET', matchmaker: 'MM', 'guardian-angel': 'GA' }[role];
    if (key) pn(b, [id], 'Sonderstatus', msg(`MSG-ROLE-${key}`), msg('BLANK'), taught(st, `MSG-HELP-${key}`, help));
    if (partyOf(st, id) === MAFIA) {
      const others = mafia.filter((x) => x !== id);
      const variant = others.length === 0 ? '0' : others.length === 1 ? '1' : 'N';
      const intro = msg(`MSG-ROLE-MAFIA-${variant}`, { names: nameList(st, others), boss: boss ? nameOf(st, boss) : '' });
      pn(b, [id], 'Sonderstatus', intro, msg('BLANK'), taught(st, role === 'mafia-boss' ? 'MSG-HELP-BOSS' : 'MSG-HELP-MAFIOSO', help));
    }
  }
  b.emit('team.formed', { team: MAFIA, members: mafia }, { kind: 'team', team: MAFIA, ids: mafia });
}

/**
 * DE-SIGN-7, DE-SCHED-2, DE-SCHED-8: the start post, closed by the Day 1 deadline; Day 1 opens at the distribution
 * instant. A deal fixed by the moderator is announced as such (DE-MOD-7). Nobody joins after this (DE-SIGN-9).
 */
export function start(b: B): void {
  const s = b.state;
  const n = s.order.length;
  const m = mafiaIn(s).length;
  const c = scratch();
  const names = s.order.map((id) => nameOf(s, id));
  c.parts.push(
    msg('MSG-START-1', { game: gameNo(s) }),
    msg('MSG-START-2', { n, names: list(names, 'comma') }),
    msg('MSG-START-3', { m, b: n - m }),
    ...(s.config.fixedRoles ? [msg('MSG-START-FIXED')] : []),
    msg('MSG-START-4', { commitment: s.commitment }),
  );
  enterPhase(b, FLOWING, 'day', 1, undefined, c);
}

// ---------------------------------------------------------------------------------------------------------------
// Removals

/** Removes a player and records his fate (phase and number for the end post). */
export function remove(b: B, id: PlayerId, how: 'lynch' | 'murder' | 'voodoo' | 'dq' | 'moderator'): void {
  b.emit('player.removed', { player: id, how });
  b.emit('fate', { player: id, how, phase: dePhase(b.state) ?? 'day', n: deRound(b.state) });
}

/** DE-BOSS-3, DE-BOSS-4: when the boss has left, his designated successor (else the first mafioso) takes over. */
export function succeed(b: B): void {
  const s = b.state;
  const old = s.v.boss;
  if (old === undefined || isAlive(s, old)) return;
  const next = successor(s.v.successor, mafiaIn(s));
  b.emit('boss.set', { boss: next }, { kind: 'moderator' });
  // DE-KILL-9: the former boss's order and message are void; the successor may send both.
  if (s.v.acts.kill || s.v.dm !== undefined) b.emit('night.acts.voided', { kinds: ['kill'] }, { kind: 'moderator' });
  if (next !== undefined) {
    pn(b, mafiaIn(b.state), 'Sonderstatus', msg('MSG-NEW-BOSS', { old: nameOf(s, old), new: nameOf(s, next) }));
  }
}

/**
 * DE-MOD-2: disqualification at once. The player leaves; votes for him and actions on him become void (their
 * senders are told), his own submissions and unpublished ads are dropped, links are cleared without a death, the
 * boss is succeeded. Returns the public MSG-DQ line; the caller posts it and runs the win check.
 */
export function disqualify(b: B, id: PlayerId, reason: { readonly text: string } | { readonly inactivity: true }): Message {
  const s0 = b.state;
  const v = s0.v;
  const phase = dePhase(s0);
  const status = statusParam(s0, id);
  remove(b, id, 'dq');
  if (phase === 'day') {
    const voters = votersFor(b.state.v.votes, id).filter((x) => isAlive(b.state, x));
    if (voters.length > 0) {
      b.emit('votes.voided', { target: id, voters }, { kind: 'moderator' });
      pn(b, voters, 'Hinweis', msg('MSG-VOTE-VOID', { name: nameOf(s0, id), deadline: when(s0, v.deadline) }));
    }
  }
  if (phase === 'night') {
    const own = (Object.entries(v.acts) as [ActKind, Act][]).filter(([, a]) => a.by === id).map(([k]) => k);
    if (own.length > 0) b.emit('night.acts.voided', { kinds: own }, { kind: 'moderator' });
    const onHim = (Object.entries(b.state.v.acts) as [ActKind, Act][]).filter(([, a]) => a.targets.includes(id));
    if (onHim.length > 0) {
      b.emit('night.acts.voided', { kinds: onHim.map(([k]) => k) }, { kind: 'moderator' });
      for (const [, a] of onHim) {
        if (isAlive(b.state, a.by)) pn(b, [a.by], 'Hinweis', msg('MSG-TARGET-VOID', { name: nameOf(s0, id), N: deRound(s0), deadline: when(s0, v.deadline) }));
      }
    }
  }
  if (v.ads.some((a) => a.author === id)) b.emit('ads.dropped', { author: id }, { kind: 'moderator' });
  succeed(b);
  const name = nameOf(s0, id);
  // DE-ANN-2: the status of a disqualified player is published; his testament is not delivered (DE-WILL-4).
  return 'text' in reason ? msg('MSG-DQ', { name, reason: reason.text, status }) : msg('MSG-DQ-INACT', { name, max: opts(s0).maxWarnings, status });
}

/** DE-INACT-5, DE-INACT-6: gives a warning; returns the player's count and the DQ line when it reaches the maximum. */
export function warn(b: B, id: PlayerId, why: 'vote' | 'posts' | { text: string }, cycle?: number): { count: number; dq?: Message } {
  const s = b.state;
  const max = opts(s).maxWarnings;
  const count = (s.v.warnings[id] ?? 0) + 1;
  b.emit('warning.changed', { player: id, count, ...(cycle !== undefined ? { cycle } : {}) });
  const N = deRound(s);
  const params: Record<string, Param> = typeof why === 'string' ? { why, N } : { why: 'mod', text: why.text, N };
  pn(b, [id], 'Verwarnung', msg('MSG-WARN-PN', { k: count, max, ...params }));
  // Decision (interpretation 8): warnings added by the moderator count towards the limit like automatic ones.
  if (count >= max) return { count, dq: disqualify(b, id, { inactivity: true }) };
  return { count };
}

/** The public warnings line (signup order). */
export function warningLine(b: B, warned: readonly PlayerId[]): Message[] {
  const s = b.state;
  if (warned.length === 0) return [];
  const max = opts(s).maxWarnings;
  const lines = s.order.filter((id) => warned.includes(id)).map((id) => phrase('PART-WARNED', { name: nameOf(s, id), k: s.v.warnings[id] ?? 0, max }));
  return [msg('MSG-WARN', { list: list(lines, 'comma') })];
}

// ---------------------------------------------------------------------------------------------------------------
// Win and end

/** DE-WIN-2: the winning party and the reason, or undefined while the game goes on. */
export function winner(s: S): { side: string; reason: string } | undefined {
  const M = mafiaIn(s).length;
  const Bc = citizensIn(s).length;
  if (M === 0 && Bc === 0) return { side: MAFIA, reason: 'alldead' };
  if (M === 0) return { side: CITIZENS, reason: 'nomafia' };
  if (M >= Bc) return { side: MAFIA, reason: 'nochance' };
  return undefined;
}

/** DE-WIN-3, DE-ANN-6: ends the game and returns the MSG-END parts (winners dead or alive, not disqualified). */
export function endParts(b: B, side: string, reason: string, text = ''): Message[] {
  const s = b.state;
  const winners = side === 'none' ? [] : s.order.filter((id) => partyOf(s, id) === side && s.v.fates[id]?.how !== 'dq');
  const lines = s.order.map((id) => {
    const f = s.v.fates[id];
    return msg('MSG-END-ROLE', {
      name: nameOf(s, id),
      status: statusParam(s, id),
      fate: f ? phrase('PART-FATE', { how: f.how, kind: f.phase, n: f.n }) : phrase('PART-FATE', { how: 'alive' }),
    });
  });
  b.emit('game.ended', { side, reason, players: winners });
  b.emit('seed.revealed', { seed: s.seed, commitment: s.commitment });
  return [
    msg('MSG-END', { reason, side, text }),
    msg('MSG-END-WINNERS', { winners: nameList(s, winners, NONE) }),
    msg('MSG-END-ROLES'),
    ...lines,
    msg('MSG-END-SEED', { seed: s.seed }),
  ];
}

/** DE-WIN-1: after a removal outside a resolution, posts the lead and ends the game if a party has won. */
export function postWithWinCheck(b: B, lead: Message[]): void {
  const w = b.state.status === 'running' ? winner(b.state) : undefined;
  b.announce(...lead, ...(w ? endParts(b, w.side, w.reason) : []));
}

// ---------------------------------------------------------------------------------------------------------------
// The resolutions (spec §5.1 D1–D10, §5.2 N1–N14) as named steps: which run at each deadline, in which order, and
// which phase opens next is declared (schedule.ts, index.ts); the engine runs them (engine/phases.ts).

/**
 * What one resolution's steps hand on: the one result post (DE-ANN-3; on Day 1 the start post), the links before
 * its removals (DE-VOODOO-3/5), who died (their testaments, DE-WILL-3), who was warned and the disqualifications that
 * caused (DE-INACT-5/6); at night the orders that stand after N1–N2, the framed, the slot's result and the role draws.
 */
export interface DeScratch {
  parts: Message[];
  links: Readonly<Record<PlayerId, PlayerId>>;
  removed: PlayerId[];
  warned: PlayerId[];
  dqs: Message[];
  kept: Partial<Record<ActKind, Act>>;
  framed: ReadonlySet<PlayerId>;
  result?: { readonly key: string; readonly params: Record<string, string> };
  drawn: { readonly id: PlayerId; readonly text: Message }[];
}

function scratch(): DeScratch {
  return { parts: [], links: {}, removed: [], warned: [], dqs: [], kept: {}, framed: new Set(), drawn: [] };
}

type Step = (b: B, c: DeScratch, at: StepContext) => undefined | 'stop';

/** The deadline of the phase being entered, as the engine planned it (its one instant, its end). */
const plannedEnd = (b: B, { plan = [] }: StepContext) => when(b.state, plan[0]?.at ?? b.state.v.deadline);

/** The query slot's role in night n (DE-QRY-3): the matchmaker in odd nights, the detective in even ones. */
const slotRole = (n: number) => (n % 2 === 1 ? 'matchmaker' : 'detective');

/** The mafia specials nobody has chosen yet (DE-MROLE-3); a removed holder's role stays taken (DE-MROLE-8). */
export function freeSpecials(s: S): string[] {
  const taken = new Set(Object.values(s.v.choices));
  return MAFIA_SPECIALS.filter((r) => !taken.has(r));
}

/** A list parameter of role ids (rendered as role names; empty → «keine»). */
export function rolesParam(roles: readonly string[]): ParamList {
  const refs = roles.map((r) => ref('role', r));
  return list(refs, 'and', NONE);
}

/** The sender each night order needs to be still entitled to it (N1). */
const ENTITLED: Record<Exclude<ActKind, 'kill'>, string> = {
  protect: 'guardian-angel',
  query: 'detective',
  compare: 'matchmaker',
  frame: 'framer',
  voodoo: 'voodoo-doll',
  rob: 'robber',
};

const STEPS: Record<string, Step> = {
  /** D2, DE-VOTE-6: the 1:1 guard (normally unreachable because DE-WIN-2 ends the game earlier, decision A3). */
  'one-one': (b) => {
    if (mafiaIn(b.state).length !== 1 || citizensIn(b.state).length !== 1) return;
    b.announce(...endParts(b, MAFIA, 'oneone'));
    return 'stop';
  },
  /**
   * D3–D4: counted votes (DE-VOTE-4 default self-votes) and the tally; every player tied at the top is lynched
   * (DE-VOTE-5). DE-VOTE-7: every voter's counted vote is published, sorted by name; no role is revealed (DE-ANN-1).
   */
  tally: (b, c) => {
    const s = b.state;
    const inGame = playersIn(s).map((p) => p.id);
    const counted = countBallots(s.v.votes, inGame, s.v.voided, true);
    const t = tallyAllTied(counted.ballots, s.order);
    const coll = new Intl.Collator('de');
    const byName = (a: PlayerId, x: PlayerId) => coll.compare(nameOf(s, a), nameOf(s, x));
    c.parts.push(msg('MSG-DAY-RESULT', { N: deRound(s) }));
    for (const voter of [...inGame].sort(byName)) {
      const mark = counted.voidDefaulted.includes(voter) ? 'void' : counted.defaulted.includes(voter) ? 'default' : 'none';
      c.parts.push(msg('MSG-VOTE-LINE', { voter: nameOf(s, voter), target: nameOf(s, counted.ballots.get(voter)!), mark }));
    }
    const rows = [...t.rows].sort((x, y) => y.total - x.total || byName(x.target, y.target));
    const tally = rows.map((r) => phrase('PART-TALLY', { name: nameOf(s, r.target), n: r.total }));
    c.parts.push(msg('MSG-TALLY', { tally: list(tally, 'comma') }));
    c.removed = [...t.removed].sort(byName);
    const names = c.removed.map((id) => nameOf(s, id));
    c.parts.push(names.length === 1 ? msg('MSG-LYNCH', { name: names[0]! }) : msg('MSG-LYNCH-TIE', { names: list(names), k: t.max }));
    c.links = s.v.links;
  },
  /** D5: the lynch. */
  lynch: (b, c) => {
    for (const id of c.removed) remove(b, id, 'lynch');
  },
  /** D5, N7: the voodoo deaths (DE-VOODOO-3/4/5: no chains, no double death, «Außerdem …»; protection does not save). */
  voodoo: (b, c) => {
    for (const id of linkedDeaths(c.removed, c.links, (x) => isAlive(b.state, x))) {
      remove(b, id, 'voodoo');
      c.parts.push(msg('MSG-VOODOO-DEATH', { name: nameOf(b.state, id) }));
      c.removed.push(id);
    }
  },
  /** D6, N10: succession. */
  succession: (b) => void succeed(b),
  /** D9, N13: the dead players' testaments: those with recipients go out as PNs before the post, the others join it (DE-WILL-3). */
  wills: (b, c) => {
    for (const id of c.removed) {
      const w = b.state.v.wills[id];
      const name = nameOf(b.state, id);
      if (w && w.recipients.length > 0) pn(b, w.recipients, 'Testament', msg('MSG-WILL-PN', { name }), msg('RAW', { text: w.text }));
      else if (w) c.parts.push(msg('MSG-WILL-POST', { name }), msg('RAW', { text: w.text }));
    }
  },
  /** D7: non-vote warnings for players still in the game (a voided vote counts as taking part, DE-VOTE-8). */
  'vote-warnings': (b, c) => {
    const v = b.state.v;
    const idle = playersIn(b.state).filter((p) => !v.tookPart.includes(p.id) && !v.voided.includes(p.id));
    for (const { id } of idle) warnIn(b, c, id, 'vote');
  },
  /** N11: post warnings of cycle N (at most one automatic warning per cycle, DE-INACT-3). */
  'post-warnings': (b, c) => {
    const min = opts(b.state).minPostsPerCycle;
    if (min <= 0) return;
    const N = deRound(b.state);
    for (const { id } of playersIn(b.state)) {
      if (b.state.v.autoWarned[id] !== N && (b.state.v.posts[id] ?? 0) < min) warnIn(b, c, id, 'posts');
    }
  },
  /**
   * DE-NEWS-5, DE-NEWS-6 (ads of authors killed at the close are printed), DE-NEWS-7: the edition of the closing
   * phase, ads sorted by pseudonym, then acceptance; it never names authors.
   */
  newspaper: (b, c) => {
    const coll = new Intl.Collator('de', { sensitivity: 'base' });
    const ads = [...b.state.v.ads].sort((x, y) => coll.compare(x.display, y.display) || x.seq - y.seq);
    b.emit('ads.published', { count: ads.length });
    c.parts.push(msg('MSG-NEWS', { phase: phaseLabel(b.state) }));
    c.parts.push(...(ads.length ? ads.map((a) => msg('MSG-NEWS-AD', { p: a.display, text: a.text })) : [msg('MSG-NEWS-EMPTY')]));
  },
  /** D8, N12: the win check; a won game ends with the phase's one result post (DE-WIN-2, DE-ANN-3). */
  win: (b, c) => {
    c.parts.push(...warningLine(b, c.warned), ...c.dqs);
    const w = winner(b.state);
    if (!w) return;
    b.announce(...c.parts, ...endParts(b, w.side, w.reason));
    return 'stop';
  },
  /**
   * N1–N5: only orders of senders still entitled count; a robbery voids the robbed player's but the murder (DE-ROB-2,
   * DE-KILL-8); the voodoo link (a robbed or missing choice keeps the old one, DE-VOODOO-2), framing (DE-FRAME-2) and
   * protection (DE-PROT-3, DE-PROT-5; the guardian's choice counts as made even when robbed, DE-PROT-2).
   */
  protection: (b, c) => {
    const s = b.state;
    const valid: Partial<Record<ActKind, Act>> = {};
    for (const [kind, a] of Object.entries(s.v.acts) as [ActKind, Act][]) {
      if (kind === 'kill' ? isBoss(s, a.by) : isAlive(s, a.by) && roleOf(s, a.by) === ENTITLED[kind]) valid[kind] = a;
    }
    const robbed = valid.rob?.targets[0];
    const { kept } = applyBlock(valid, robbed, ['kill', 'rob']);
    const links: Record<PlayerId, PlayerId> = { ...s.v.links };
    if (kept.voodoo) links[kept.voodoo.by] = kept.voodoo.targets[0]!;
    Object.assign(c, { kept, links, framed: new Set(kept.frame ? [kept.frame.targets[0]!] : []) });
    b.emit('night.resolved', { protected: valid.protect?.targets[0], links, robbed, framed: [...c.framed] }, { kind: 'moderator' });
  },
  /** N6: the murder (DE-KILL-6); the announcement names the victim and prints the message, never a reason (DE-KILL-7). */
  murder: (b, c) => {
    const s = b.state;
    const N = deRound(s);
    const o = opts(s);
    const target = c.kept.kill?.targets[0];
    const dm = s.v.dm;
    const limits = { sentences: o.deathMessageMinSentences, chars: o.deathMessageMinChars };
    const saved = (t: PlayerId, text: string) => !isAlive(s, t) || !checkDm(text, nameOf(s, t), limits).ok || isShielded(t, c.kept.protect?.targets[0], false);
    if (target === undefined || dm === undefined || saved(target, dm)) {
      c.parts.push(msg('MSG-NO-MURDER', { N }));
      return;
    }
    remove(b, target, 'murder');
    c.removed.push(target);
    c.parts.push(msg('MSG-MURDER', { N, name: nameOf(s, target) }), msg('MSG-MURDER-DM'), msg('RAW', { text: dm }));
  },
  /** N8: the query slot (DE-QRY-3, DE-QRY-4: the detective's target may have died, the matchmaker's pair may not). */
  query: (b, c) => {
    const s = b.state;
    const party = (id: PlayerId) => partyOf(s, id);
    const teams = { a: MAFIA, b: CITIZENS };
    const { query, compare } = c.kept;
    if (slotRole(deRound(s)) === 'detective' && query) {
      const x = query.targets[0]!;
      c.result = { key: `DET-${checkTeam(x, party, c.framed, teams)}`, params: { name: nameOf(s, x) } };
    } else if (slotRole(deRound(s)) === 'matchmaker' && compare) {
      const [x, y] = compare.targets as [PlayerId, PlayerId];
      if (c.removed.includes(x) || c.removed.includes(y)) return;
      c.result = { key: `MM-${compareTeams(x, y, party, c.framed, teams) ? 'same' : 'diff'}`, params: { name: nameOf(s, x), name2: nameOf(s, y) } };
    }
  },
  /** N9: Night 1 closes the role choice; non-choosers still in the game draw a free special role, each a verifiable lot (DE-GEN-7). */
  'role-draw': (b, c) => {
    if (deRound(b.state) !== 1) return;
    const nightEnd = opts(b.state).nightEnd;
    const non = playersIn(b.state).filter((p) => p.role === 'mafioso' && b.state.v.choices[p.id] === undefined);
    for (const { id } of non) {
      const free = freeSpecials(b.state);
      let role: string | undefined;
      if (free.length > 0) {
        const d = b.draws();
        role = assignRemaining(MAFIA_SPECIALS, b.state.v.choices, [id], d)[id];
        b.emit('role.drawn', { player: id, role, drawn: d.used, check: { kind: 'pick', from: free, result: role } }, { kind: 'moderator' });
      }
      b.emit('role.chosen', { player: id, role: role ?? 'none', random: true }, { kind: 'players', ids: [id] });
      if (role) b.emit('role.changed', { player: id, role }, { kind: 'players', ids: [id] });
      c.drawn.push({ id, text: role ? taught(b.state, `MSG-ROLE-RANDOM-${role}`, { nightEnd }) : msg('MSG-ROLE-RANDOM-NONE') });
    }
  },
  /**
   * N13: private PNs before the post (DE-ANN-4): the slot's result or «keine Abfrage» (DE-QRY-5, DE-QRY-6; a
   * successful robbery looks like a forgotten query, DE-ROB-3) to its holder and the boss (DE-QRY-7: a slot role
   * murdered tonight still resolves; only the boss hears it), the role draws and the mafia overview. The guardian is
   * never told the effect of his protection (DE-PROT-4); nothing but deaths is public (DE-ANN-5, DE-GEN-5).
   */
  results: (b, c) => {
    const s = b.state;
    const slot = slotRole(deRound(s));
    const holder = s.order.find((id) => roleOf(s, id) === slot && isAlive(s, id));
    const boss = s.v.boss !== undefined && isAlive(s, s.v.boss) ? s.v.boss : undefined;
    const r = c.result;
    if (r) {
      if (holder) pn(b, [holder], 'Abfrage', msg(`MSG-RESULT-${r.key}`, r.params));
      if (boss) pn(b, [boss], 'Abfrage', msg(`MSG-BOSS-${r.key}`, r.params));
    } else {
      pn(b, [...(holder ? [holder] : []), ...(boss && boss !== holder ? [boss] : [])], 'Abfrage', msg('MSG-NO-QUERY'));
    }
    for (const d of c.drawn) pn(b, [d.id], 'Sonderstatus', d.text);
    if (deRound(s) !== 1) return;
    const mafia = mafiaIn(b.state);
    const overview = mafia.map((id) => phrase('PART-NAME-ROLE', { name: nameOf(s, id), role: roleLabel(b.state, id) }));
    pn(b, mafia, 'Sonderstatus', msg('MSG-MAFIA-ROLES', { mafiaRoles: list(overview, 'semicolon') }));
  },
  /** D9: entering Night 1, the mafiosi who have not chosen are asked for their special role (DE-MROLE). */
  'role-choice': (b, _c, at) => {
    const s = b.state;
    if (deRound(s) !== 1) return;
    const choosers = playersIn(s).flatMap((p) => (p.role === 'mafioso' && s.v.choices[p.id] === undefined ? [p.id] : []));
    pn(b, choosers, 'Sonderstatus', taught(s, 'MSG-ROLE-CHOICE', { deadline: plannedEnd(b, at), free: rolesParam(freeSpecials(s)) }));
  },
  /** D10, N14, DE-SIGN-7: the one post of the resolution (Day 1: the start post), closed by the phase it opens. */
  post: (b, c, at) => {
    const [phase, N, deadline] = [dePhase(b.state), deRound(b.state), plannedEnd(b, at)];
    const opening = phase === 'night' ? 'MSG-NIGHT-START' : N === 1 ? 'MSG-START-5' : 'MSG-DAY-START';
    b.announce(...c.parts, msg(opening, N === 1 && phase === 'day' ? { deadline } : { N, deadline }));
  },
};

/** Gives a resolution's automatic warning (cycle N) and keeps it for the warnings line. */
function warnIn(b: B, c: DeScratch, id: PlayerId, why: 'vote' | 'posts'): void {
  c.warned.push(id);
  const r = warn(b, id, why, deRound(b.state));
  if (r.dq) c.dqs.push(r.dq);
}

/** mafia-de's flow table: the steps its schedule and hooks name (no conditions: a won game ends the cycle). */
export const DE_FLOW: FlowTable<DeState, DeEvents, DeScratch> = { scratch, steps: STEPS, conditions: {} };

/** What the engine needs to open a day or night (DE-SCHED-4: the game's own pause dates). */
export const FLOWING: Flowing<DeState, DeEvents, DeScratch> = { schedule: DE_SCHEDULE, flow: DE_FLOW, options: deOptions, isPause };

/** DE-WIN-6: an unconfirmed surrender post expires. */
export function expireSurrender(b: B, postId: string): void {
  const p = b.state.v.surrenders.find((x) => x.postId === postId);
  if (!p) return;
  b.emit('surrender.expired', { postId });
  b.announce(msg('MSG-SURRENDER-VOID', { name: nameOf(b.state, p.author) }));
}
