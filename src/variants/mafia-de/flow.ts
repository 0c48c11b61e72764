// The mafia-de game flow: deal and role PNs, the start post, day and night deadlines, the resolutions of spec §5
// (D1–D10, N1–N14), removals with their side effects (voodoo, testaments, succession), warnings, disqualification,
// win checks and the end post.
import { list, phrase, ref } from '../../core/params.ts';
import type { Message, Millis, Param, ParamList, PlayerId } from '../../core/types.ts';
import { countBallots, tallyAllTied, votersFor } from '../../engine/ballot.ts';
import { checkTeam, compareTeams } from '../../engine/checks.ts';
import { linkedDeaths } from '../../engine/links.ts';
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
import { deOptions } from './options.ts';
import { CITIZENS, defaultRoles, MAFIA, MAFIA_SPECIALS, mafiaCount } from './roles.ts';
import { DE_SCHEDULE, deContext, isPauseDate } from './schedule.ts';
import type { Act, ActKind } from './state.ts';

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

/** DE-SCHED-2/3: the deadline of a day or night that opens at `from`, as the schedule declares it. */
export function phaseDeadline(s: S, phase: 'day' | 'night', from: Millis): Millis {
  return phaseEnd(s, phase, from).at;
}

/** The pending `phase` deadline of a day or night opened at `from`, or moved to `exactly` (DE-SCHED-5). */
export function phaseEnd(s: S, phase: 'day' | 'night', from: Millis, exactly?: Millis, n = s.v.n): Deadline {
  return deadlineOf(DE_SCHEDULE, phase === 'day' ? 'day.end' : 'night.end', deContext(s, n, from), exactly === undefined ? undefined : { exactly });
}

/** Opens a day or night (DE-SCHED-1, DE-SCHED-3; no grace period, DE-SCHED-6) and schedules its deadline. */
function openPhase(b: B, phase: 'day' | 'night', n: number): Millis {
  const end = phaseEnd(b.state, phase, b.at, undefined, n);
  b.emit('phase.opened', { phase, n, deadline: end.at });
  b.upsertDeadlines(end);
  return end.at;
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
  rolePns(b, st.order);
  b.emit('team.formed', { team: MAFIA, members: mafia }, { kind: 'team', team: MAFIA, ids: mafia });
}

/**
 * DE-SIGN-6: the role PNs of `ids`: the base PN to each, then the Sonderstatus PNs of the citizen specials and of the
 * mafiosi (naming the other mafiosi in the game and the boss). DE-MOD-8: a newcomer gets them again (`substitute`).
 */
export function rolePns(b: B, ids: readonly PlayerId[], substitute = false): void {
  const st = b.state;
  const o = opts(st);
  const help = { dayEnd: o.dayEnd, nightEnd: o.nightEnd, minS: o.deathMessageMinSentences, minC: o.deathMessageMinChars };
  const role = (id: PlayerId) => st.players[id]!.role!;
  for (const id of ids) {
    b.emit('role.assigned', { player: id, role: role(id), ...(substitute ? { substitute: true } : {}) }, { kind: 'players', ids: [id] });
    pn(b, [id], 'Status', msg('MSG-ROLE-BASE', { game: gameNo(st) }), msg('BLANK'), taught(st, 'MSG-HELP-BASE', help));
  }
  const mafia = mafiaIn(st);
  const boss = st.v.boss;
  for (const id of ids) {
    const key = { detective: 'DET', matchmaker: 'MM', 'guardian-angel': 'GA' }[role(id)];
    if (key) pn(b, [id], 'Sonderstatus', msg(`MSG-ROLE-${key}`), msg('BLANK'), taught(st, `MSG-HELP-${key}`, help));
    if (partyOf(st, id) === MAFIA) {
      const others = mafia.filter((x) => x !== id);
      const variant = others.length === 0 ? '0' : others.length === 1 ? '1' : 'N';
      pn(
        b,
        [id],
        'Sonderstatus',
        msg(`MSG-ROLE-MAFIA-${variant}`, { names: nameList(st, others), boss: boss ? nameOf(st, boss) : '' }),
        msg('BLANK'),
        taught(st, boss === id ? 'MSG-HELP-BOSS' : 'MSG-HELP-MAFIOSO', help),
      );
    }
  }
}

/**
 * DE-SIGN-7, DE-SCHED-2, DE-SCHED-8: the start post with the Day 1 deadline; Day 1 opens at the distribution instant.
 * A deal fixed by the moderator is announced as such (DE-MOD-7). Nobody joins after this (DE-SIGN-9).
 */
export function start(b: B): void {
  const deadline = openPhase(b, 'day', 1);
  const s = b.state;
  const n = s.order.length;
  const m = mafiaIn(s).length;
  b.announce(
    msg('MSG-START-1', { game: gameNo(s) }),
    msg('MSG-START-2', {
      n,
      names: list(
        s.order.map((id) => nameOf(s, id)),
        'comma',
      ),
    }),
    msg('MSG-START-3', { m, b: n - m }),
    ...(s.config.fixedRoles ? [msg('MSG-START-FIXED')] : []),
    msg('MSG-START-4', { commitment: s.commitment }),
    msg('MSG-START-5', { deadline: when(s, deadline) }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Removals

/** Removes a player and records his fate (phase and number for the end post). */
export function remove(b: B, id: PlayerId, how: 'lynch' | 'murder' | 'voodoo' | 'dq' | 'moderator'): void {
  const v = b.state.v;
  b.emit('player.removed', { player: id, how });
  b.emit('fate', { player: id, how, phase: v.phase === 'night' ? 'night' : 'day', n: v.n });
}

/** DE-WILL-3: delivers a killed player's testament: PNs to its recipients now, or the public part returned. */
export function deliverWill(b: B, id: PlayerId): Message[] {
  const s = b.state;
  const w = s.v.wills[id];
  if (!w) return [];
  if (w.recipients.length > 0) {
    pn(b, w.recipients, 'Testament', msg('MSG-WILL-PN', { name: nameOf(s, id) }), msg('RAW', { text: w.text }));
    return [];
  }
  return [msg('MSG-WILL-POST', { name: nameOf(s, id) }), msg('RAW', { text: w.text })];
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
  const status = statusParam(s0, id);
  remove(b, id, 'dq');
  if (v.phase === 'day') {
    const voters = votersFor(b.state.v.votes, id).filter((x) => isAlive(b.state, x));
    if (voters.length > 0) {
      b.emit('votes.voided', { target: id, voters }, { kind: 'moderator' });
      pn(b, voters, 'Hinweis', msg('MSG-VOTE-VOID', { name: nameOf(s0, id), deadline: when(s0, v.deadline) }));
    }
  }
  if (v.phase === 'night') {
    const own = (Object.entries(v.acts) as [ActKind, Act][]).filter(([, a]) => a.by === id).map(([k]) => k);
    if (own.length > 0) b.emit('night.acts.voided', { kinds: own }, { kind: 'moderator' });
    const onHim = (Object.entries(b.state.v.acts) as [ActKind, Act][]).filter(([, a]) => a.targets.includes(id));
    if (onHim.length > 0) {
      b.emit('night.acts.voided', { kinds: onHim.map(([k]) => k) }, { kind: 'moderator' });
      for (const [, a] of onHim) {
        if (isAlive(b.state, a.by)) pn(b, [a.by], 'Hinweis', msg('MSG-TARGET-VOID', { name: nameOf(s0, id), N: v.n, deadline: when(s0, v.deadline) }));
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
  const params: Record<string, Param> = typeof why === 'string' ? { why, N: s.v.n } : { why: 'mod', text: why.text, N: s.v.n };
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

/** DE-WIN-2, DE-ANN-3: when a side has won, ends the game with the phase's one result post and says so. */
function announceEnd(b: B, body: readonly Message[]): boolean {
  const w = winner(b.state);
  if (w) b.announce(...body, ...endParts(b, w.side, w.reason));
  return w !== undefined;
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
// Newspaper

/** DE-NEWS-5, DE-NEWS-6 (ads of authors killed at the close are printed), DE-NEWS-7: the edition of the closing phase (ads sorted by pseudonym, then acceptance); never names authors. */
export function edition(b: B): Message[] {
  const s = b.state;
  const coll = new Intl.Collator('de', { sensitivity: 'base' });
  const ads = [...s.v.ads].sort((x, y) => coll.compare(x.display, y.display) || x.seq - y.seq);
  b.emit('ads.published', { count: ads.length });
  return [
    msg('MSG-NEWS', { phase: phaseLabel(s) }),
    ...(ads.length ? ads.map((a) => msg('MSG-NEWS-AD', { p: a.display, text: a.text })) : [msg('MSG-NEWS-EMPTY')]),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Day deadline (spec §5.1)

/** Resolves the day deadline: D1–D10. */
export function resolveDay(b: B): void {
  const s = b.state;
  const v = s.v;
  const N = v.n;
  // D2, DE-VOTE-6: the 1:1 guard (normally unreachable because DE-WIN-2 ends the game earlier, decision A3).
  if (mafiaIn(s).length === 1 && citizensIn(s).length === 1) {
    b.announce(...endParts(b, MAFIA, 'oneone'));
    return;
  }
  // D3–D4: counted votes (DE-VOTE-4 default self-votes) and the tally; every player tied at the top is lynched (DE-VOTE-5).
  // DE-VOTE-7: every voter's counted vote is published, sorted by name; no role is revealed (DE-ANN-1).
  const inGame = playersIn(s).map((p) => p.id);
  const counted = countBallots(v.votes, inGame, v.voided, true);
  const t = tallyAllTied(counted.ballots, s.order);
  const coll = new Intl.Collator('de');
  const byName = (a: PlayerId, c: PlayerId) => coll.compare(nameOf(s, a), nameOf(s, c));
  const parts: Message[] = [msg('MSG-DAY-RESULT', { N })];
  for (const voter of [...inGame].sort(byName)) {
    const mark = counted.voidDefaulted.includes(voter) ? 'void' : counted.defaulted.includes(voter) ? 'default' : 'none';
    parts.push(msg('MSG-VOTE-LINE', { voter: nameOf(s, voter), target: nameOf(s, counted.ballots.get(voter)!), mark }));
  }
  const rows = [...t.rows].sort((x, y) => y.total - x.total || byName(x.target, y.target));
  parts.push(
    msg('MSG-TALLY', {
      tally: list(
        rows.map((r) => phrase('PART-TALLY', { name: nameOf(s, r.target), n: r.total })),
        'comma',
      ),
    }),
  );
  const lynched = [...t.removed].sort(byName);
  if (lynched.length === 1) parts.push(msg('MSG-LYNCH', { name: nameOf(s, lynched[0]!) }));
  else parts.push(msg('MSG-LYNCH-TIE', { names: list(lynched.map((id) => nameOf(s, id))), k: t.max }));
  // D5: lynch, then the voodoo death (DE-VOODOO-3, DE-VOODOO-5: no chains, no double death; DE-VOODOO-4: «Außerdem …») with the links as they stood before the removals.
  const links = { ...v.links };
  for (const id of lynched) remove(b, id, 'lynch');
  const linked = linkedDeaths(lynched, links, (id) => isAlive(b.state, id));
  for (const id of linked) {
    remove(b, id, 'voodoo');
    parts.push(msg('MSG-VOODOO-DEATH', { name: nameOf(s, id) }));
  }
  // D6: succession. D9 (early part): testaments with recipients go out now, before the post.
  succeed(b);
  const wills = [...lynched, ...linked].flatMap((id) => deliverWill(b, id));
  // D7: non-vote warnings for players still in the game (a voided vote counts as taking part, DE-VOTE-8).
  const warned: PlayerId[] = [];
  const dqs: Message[] = [];
  for (const id of playersIn(b.state).map((p) => p.id)) {
    if (v.tookPart.includes(id) || v.voided.includes(id)) continue;
    warned.push(id);
    const r = warn(b, id, 'vote', N);
    if (r.dq) dqs.push(r.dq);
  }
  const warnLine = warningLine(b, warned);
  // D8: win check; D9: the role choice opens for Night 1; D10: the one result post (DE-ANN-3), after the PNs (DE-ANN-4).
  const body = [...parts, ...wills, ...edition(b), ...warnLine, ...dqs];
  if (announceEnd(b, body)) return;
  const deadline = openPhase(b, 'night', N);
  if (N === 1) {
    const st = b.state;
    const choosers = playersIn(st)
      .filter((p) => p.role === 'mafioso' && st.v.choices[p.id] === undefined)
      .map((p) => p.id);
    pn(b, choosers, 'Sonderstatus', taught(st, 'MSG-ROLE-CHOICE', { deadline: when(st, deadline), free: rolesParam(freeSpecials(st)) }));
  }
  b.announce(...body, msg('MSG-NIGHT-START', { N, deadline: when(b.state, deadline) }));
}

/** The mafia specials nobody has chosen yet (DE-MROLE-3); a removed holder's role stays taken (DE-MROLE-8). */
export function freeSpecials(s: S): string[] {
  const taken = new Set(Object.values(s.v.choices));
  return MAFIA_SPECIALS.filter((r) => !taken.has(r));
}

/** A list parameter of role ids (rendered as role names; empty → «keine»). */
export function rolesParam(roles: readonly string[]): ParamList {
  return list(
    roles.map((r) => ref('role', r)),
    'and',
    NONE,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Night deadline (spec §5.2)

/** The query slot's role in night n (DE-QRY-3): the matchmaker in odd nights, the detective in even ones. */
export function slotRole(n: number): 'matchmaker' | 'detective' {
  return n % 2 === 1 ? 'matchmaker' : 'detective';
}

/** Resolves the night deadline: N1–N14. */
export function resolveNight(b: B): void {
  const s = b.state;
  const v = s.v;
  const N = v.n;
  const o = opts(s);
  const holds = (id: PlayerId, role: string) => isAlive(s, id) && roleOf(s, id) === role;
  // N1: only submissions of senders still entitled count.
  const valid: Record<string, Act> = {};
  for (const [kind, a] of Object.entries(v.acts) as [ActKind, Act][]) {
    const ok =
      kind === 'kill'
        ? isBoss(s, a.by)
        : kind === 'protect'
          ? holds(a.by, 'guardian-angel')
          : kind === 'query'
            ? holds(a.by, 'detective')
            : kind === 'compare'
              ? holds(a.by, 'matchmaker')
              : kind === 'frame'
                ? holds(a.by, 'framer')
                : kind === 'voodoo'
                  ? holds(a.by, 'voodoo-doll')
                  : holds(a.by, 'robber');
    if (ok) valid[kind] = a;
  }
  // N2: robbery voids every ability of the robbed player this night, except the mafia's murder (DE-ROB-2, DE-KILL-8).
  const robbed = valid.rob?.targets[0];
  const { kept } = applyBlock(valid, robbed, ['kill', 'rob']);
  // N3: the voodoo link (replaces the old one; a robbed or missing choice keeps it, DE-VOODOO-2).
  const links: Record<PlayerId, PlayerId> = { ...v.links };
  if (kept.voodoo) links[kept.voodoo.by] = kept.voodoo.targets[0]!;
  // N4–N5: framing (DE-FRAME-2) and protection (DE-PROT-3; a protection resolves even if the guardian dies, DE-PROT-5).
  const framed = new Set(kept.frame ? [kept.frame.targets[0]!] : []);
  const protectedId = kept.protect?.targets[0];
  b.emit('night.resolved', { protected: valid.protect?.targets[0], links, robbed, framed: [...framed] }, { kind: 'moderator' });
  // N6: the murder (DE-KILL-6); the announcement names the victim and prints the message, never a reason (DE-KILL-7).
  const parts: Message[] = [];
  let victim: PlayerId | undefined;
  const order = kept.kill;
  if (order && isAlive(s, order.targets[0]) && v.dm !== undefined) {
    const target = order.targets[0]!;
    const dm = checkDm(v.dm, nameOf(s, target), { sentences: o.deathMessageMinSentences, chars: o.deathMessageMinChars });
    if (dm.ok && !isShielded(target, protectedId, false)) victim = target;
  }
  if (victim) {
    remove(b, victim, 'murder');
    parts.push(msg('MSG-MURDER', { N, name: nameOf(s, victim) }), msg('MSG-MURDER-DM'), msg('RAW', { text: v.dm ?? '' }));
  } else {
    parts.push(msg('MSG-NO-MURDER', { N }));
  }
  // N7: the voodoo trigger; protection does not save the linked player.
  const linked = victim ? linkedDeaths([victim], links, (id) => isAlive(b.state, id)) : [];
  for (const id of linked) {
    remove(b, id, 'voodoo');
    parts.push(msg('MSG-VOODOO-DEATH', { name: nameOf(s, id) }));
  }
  const died = [...(victim ? [victim] : []), ...linked];
  // N8: the query slot (DE-QRY-3, DE-QRY-4: the detective's result stands even if his target died; the matchmaker's
  // pair must survive the night). DE-QRY-7: a slot role murdered tonight still resolves; only the boss hears it.
  const slot = slotRole(N);
  const holder = s.order.find((id) => roleOf(s, id) === slot);
  const teams = { a: MAFIA, b: CITIZENS };
  const party = (id: PlayerId) => partyOf(s, id);
  let result: { key: string; params: Record<string, string> } | undefined;
  if (slot === 'detective' && kept.query) {
    const x = kept.query.targets[0]!;
    result = { key: `DET-${checkTeam(x, party, framed, teams)}`, params: { name: nameOf(s, x) } };
  } else if (slot === 'matchmaker' && kept.compare) {
    const [x, y] = kept.compare.targets as [PlayerId, PlayerId];
    if (!died.includes(x) && !died.includes(y)) {
      result = { key: `MM-${compareTeams(x, y, party, framed, teams) ? 'same' : 'diff'}`, params: { name: nameOf(s, x), name2: nameOf(s, y) } };
    }
  }
  // N9: Night 1 closes the role choice; non-choosers still in the game draw a free special role.
  const rolePns: (() => void)[] = [];
  if (N === 1) {
    const st = b.state;
    const non = playersIn(st)
      .filter((p) => p.role === 'mafioso' && st.v.choices[p.id] === undefined)
      .map((p) => p.id);
    // One draw per pick, each recorded as a verifiable lot among the roles still free (DE-GEN-7).
    for (const id of non) {
      const free = freeSpecials(b.state);
      let role: string | undefined;
      if (free.length > 0) {
        const d = b.draws();
        role = assignRemaining(MAFIA_SPECIALS, b.state.v.choices, [id], d)[id];
        b.emit('role.drawn', { player: id, role, drawn: d.used, check: { kind: 'pick', from: free, result: role } }, { kind: 'moderator' });
      }
      b.emit('role.chosen', { player: id, role: role ?? 'none', random: true }, { kind: 'players', ids: [id] });
      if (role) b.emit('role.changed', { player: id, role }, { kind: 'players', ids: [id] });
      rolePns.push(() =>
        pn(b, [id], 'Sonderstatus', role ? taught(b.state, `MSG-ROLE-RANDOM-${role}`, { nightEnd: o.nightEnd }) : msg('MSG-ROLE-RANDOM-NONE')),
      );
    }
  }
  // N10: succession; N11: post warnings of cycle N (at most one automatic warning per cycle, DE-INACT-3).
  succeed(b);
  const warned: PlayerId[] = [];
  const dqs: Message[] = [];
  if (o.minPostsPerCycle > 0) {
    for (const id of playersIn(b.state).map((p) => p.id)) {
      if (b.state.v.autoWarned[id] === N || (b.state.v.posts[id] ?? 0) >= o.minPostsPerCycle) continue;
      warned.push(id);
      const r = warn(b, id, 'posts', N);
      if (r.dq) dqs.push(r.dq);
    }
  }
  // N13: private PNs before the post (DE-ANN-4): slot result or «keine Abfrage» (DE-QRY-5, DE-QRY-6; a successful robbery
  // looks like a forgotten query, DE-ROB-3), role draws and the mafia overview, testaments. The guardian is never told
  // the effect of his protection (DE-PROT-4); nothing but deaths is public (DE-ANN-5, DE-GEN-5).
  const st = b.state;
  const boss = st.v.boss !== undefined && isAlive(st, st.v.boss) ? st.v.boss : undefined;
  const holderIn = holder !== undefined && isAlive(st, holder) ? holder : undefined;
  if (result) {
    if (holderIn) pn(b, [holderIn], 'Abfrage', msg(`MSG-RESULT-${result.key}`, result.params));
    if (boss) pn(b, [boss], 'Abfrage', msg(`MSG-BOSS-${result.key}`, result.params));
  } else {
    pn(b, [...(holderIn ? [holderIn] : []), ...(boss && boss !== holderIn ? [boss] : [])], 'Abfrage', msg('MSG-NO-QUERY'));
  }
  for (const f of rolePns) f();
  if (N === 1) {
    const mafia = mafiaIn(b.state);
    const overview = list(
      mafia.map((id) => phrase('PART-NAME-ROLE', { name: nameOf(st, id), role: roleLabel(b.state, id) })),
      'semicolon',
    );
    pn(b, mafia, 'Sonderstatus', msg('MSG-MAFIA-ROLES', { mafiaRoles: overview }));
  }
  const wills = died.flatMap((id) => deliverWill(b, id));
  const warnLine = warningLine(b, warned);
  // N12 and N14: the win check and the one result post.
  const body = [...parts, ...wills, ...edition(b), ...warnLine, ...dqs];
  if (announceEnd(b, body)) return;
  const deadline = openPhase(b, 'day', N + 1);
  b.announce(...body, msg('MSG-DAY-START', { N: N + 1, deadline: when(b.state, deadline) }));
}

/** DE-WIN-6: an unconfirmed surrender post expires. */
export function expireSurrender(b: B, postId: string): void {
  const p = b.state.v.surrenders.find((x) => x.postId === postId);
  if (!p) return;
  b.emit('surrender.expired', { postId });
  b.announce(msg('MSG-SURRENDER-VOID', { name: nameOf(b.state, p.author) }));
}
