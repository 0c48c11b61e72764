// The mafia-cities day and night (spec §3, §5): the deal, Day 0, and the steps of the 18:00 vote, the 22:00
// day-end resolution and the morning's night-end resolution. Which steps run at which instant, and which phase
// follows, is declared (schedule.ts, index.ts); the engine runs them (engine/phases.ts). The engine performs the
// Prokurator's and the Consigliere's duties here (CIT-ENG-1, CIT-ENG-4); every decision is an event.
import { list, phrase } from '../../core/params.ts';
import type { Message, Param, PlayerId } from '../../core/types.ts';
import { MODERATOR } from '../../core/types.ts';
import { nextPlayDay } from '../../engine/calendar.ts';
import { announceIn } from '../../engine/channels.ts';
import { fold } from '../../engine/names.ts';
import { enterPhase, type Flowing, type FlowTable, type StepContext } from '../../engine/phases.ts';
import { isAlive } from '../../engine/state.ts';
import { instantOf, localDate } from '../../engine/time.ts';
import { chargeInactivity, remindInactive } from './activity.ts';
import {
  type B,
  cityName,
  cityOf,
  cityThread,
  date,
  everyResident,
  everywhere,
  family,
  gameLabel,
  genderOf,
  gfCity,
  holder,
  inCities,
  isDaytime,
  isJudge,
  living,
  msg,
  names,
  nm,
  phaseOf,
  residents,
  revealParam,
  type S,
  time,
  toFamily,
} from './common.ts';
import { recountCourt } from './court.ts';
import { planDeal } from './deal.ts';
import type { Cause, CitEvents, Target } from './events.ts';
import { missedCalls } from './lastword.ts';
import { lot } from './lots.ts';
import { citOptions } from './options.ts';
import { closeRecall, recheck, threshold } from './recall.ts';
import { ROLES } from './roles.ts';
import { CIT_SCHEDULE } from './schedule.ts';
import type { CitState, Stamped } from './state.ts';
import { refreshPins } from './status.ts';
import { candidateList, execParams, ranked, tallyCity, tallyText } from './tally.ts';
import { pauseNotice } from './time-powers.ts';

/** The instants of a game day on a date (§3.1). */
function dayTimes(s: S, d: string): { dayStart: number; voteStart: number; voteEnd: number } {
  const o = citOptions(s.config);
  const tz = s.config.timeZone;
  return { dayStart: instantOf(d, o.dayStart, tz), voteStart: instantOf(d, o.voteStart, tz), voteEnd: instantOf(d, o.voteEnd, tz) };
}

/** CIT-JUD-3, CIT-REC-2: the recall cutoff and same-day election cutoff of the current day. */
function cutoff(s: S): number {
  return s.v.voteStart - citOptions(s.config).recallLeadHours * 3_600_000;
}

/** The next game date after the current day (§3.3). */
function nextDate(s: S): string {
  return nextPlayDay(s.calendar, s.v.date);
}

// ---------------------------------------------------------------------------------------------------------------
// Distribution

/** CIT-SET-3..7: the deal as planned from the game RNG (deal.ts); every step's draws are logged for `verify`. */
export function deal(b: B): void {
  const plan = planDeal(b.state, b.draws());
  for (const step of plan.steps) b.emit('cit.drawn', step, MODERATOR);
  b.emit('game.dealt', { roles: plan.roles, fixed: plan.fixed.includes('roles'), drawn: [] }, MODERATOR);
  b.emit('cit.cities', { cities: plan.cities, cityOf: plan.cityOf, tourOrder: plan.tourOrder });
  if (plan.fixed.length > 0) b.flag('T-FIXED', { what: plan.fixed.join(', ') });
}

// ---------------------------------------------------------------------------------------------------------------
// Day 0

/** The start opens Day 0: the day the game actually starts (CIT-SET-2 may have postponed it). */
export function start(b: B): void {
  enterPhase(b, FLOWING, 'day', 0, localDate(b.at, b.state.config.timeZone));
}

/** Day 0 (§1.2, CIT-SET-8, CIT-SET-9, CIT-JUD-2, CIT-GF-1): role messages, the start post, elections. */
function dayZero(b: B): void {
  const o = citOptions(b.state.config);
  const t = b.state.v;
  const byName = (name: string) => b.state.order.find((id) => fold(nm(b.state, id)) === fold(name));
  const cityIdx = (name: string) => b.state.v.cities.findIndex((c) => fold(c) === fold(name));
  // Fixtures: judges and Godfathers set directly.
  for (const [c, name] of Object.entries(o.judges ?? {})) {
    const id = byName(name);
    if (id !== undefined && cityIdx(c) >= 0) b.emit('cit.judge', { city: cityIdx(c), player: id });
  }
  const s = b.state;
  s.v.cities.forEach((_, c) => {
    const fam = family(s, c);
    const fixedGf = o.godfathers?.[Object.keys(o.godfathers ?? {}).find((x) => cityIdx(x) === c) ?? ''];
    const gfId = fixedGf !== undefined ? byName(fixedGf) : undefined;
    // CIT-SET-6: a sole mafioso is the Godfather from the start; CIT-GF-1: otherwise the family elects him.
    if (gfId !== undefined && fam.includes(gfId)) b.emit('cit.gf.elected', { city: c, player: gfId, how: 'fixed' }, familyAudience(b, c));
    else if (fam.length === 1) b.emit('cit.gf.elected', { city: c, player: fam[0]!, how: 'sole' }, familyAudience(b, c));
    else if (fam.length > 1) b.emit('cit.gf.opened', { city: c, until: t.voteEnd }, familyAudience(b, c));
  });
  // CIT-ENG-4 «создает темы»: each family's inbox starts with its members (CIT-SET-8).
  b.state.v.cities.forEach((_, c) => {
    const fam = family(b.state, c);
    if (fam.length > 0) b.emit('team.formed', { team: `family-${c + 1}`, members: fam }, familyAudience(b, c));
  });
  for (const id of b.state.order) tellRole(b, id);
  // CIT-SET-9: the start post in the general thread and every city thread.
  everywhere(b, startPost(b.state));
  // CIT-JUD-2: Day 0 elections in every city without a judge.
  b.state.v.cities.forEach((_, c) => {
    if (b.state.v.judge[c] !== null) {
      announceIn(b, cityThread(b.state, c), msg('T-JUDGE-FIXED', { city: cityName(b.state, c), name: nm(b.state, b.state.v.judge[c]!) }));
      return;
    }
    b.emit('cit.election.opened', { city: c, day: 0 });
    announceIn(b, cityThread(b.state, c), msg('T-JUDGE-OPEN', electionTimes(b.state, c)));
  });
}

/** The audience of a family's private events: its members (the Consigliere is the moderator). */
function familyAudience(b: B, city: number) {
  return { kind: 'team' as const, team: `family-${city + 1}`, ids: family(b.state, city, false) };
}

/** The parameters of T-JUDGE-OPEN / T-JUDGE-VACANT for an election held today. */
function electionTimes(s: S, city: number): Record<string, string> {
  return { city: cityName(s, city), voteStart: time(s, s.v.voteStart), voteEnd: time(s, s.v.voteEnd), date: date(s, s.v.voteStart) };
}

function startPost(s: S): Message {
  const o = citOptions(s.config);
  const v = s.v;
  const rosters = v.cities.map((c, i) => `${c}: ${names(s, everyResident(s, i))}`).join('; ');
  // Phrases, not Russian strings: the start post reads in English for an English reader too (issue 25).
  const composition = o.publishComposition
    ? list(
        v.cities.map((c, i) =>
          phrase('MSG-CITY-COMPOSITION', {
            city: c,
            mafia: family(s, i).length,
            commissioners: everyResident(s, i).filter((id) => s.players[id]?.role === 'commissioner').length,
          }),
        ),
        'semicolon',
      )
    : '—';
  const extraKeys = [holder(s, 'doctor') ? 'MSG-EXTRA-DOCTOR' : '', holder(s, 'maniac') ? 'MSG-EXTRA-MANIAC' : ''].filter(Boolean);
  const extras = list(
    extraKeys.map((k) => phrase(k)),
    'comma',
    '—',
  );
  const order = v.tourOrder.map((c) => cityName(s, c)).join(' → ');
  return msg('T-START', {
    game: gameLabel(s),
    rosters,
    composition,
    extras,
    order,
    dayStart: citOptions(s.config).dayStart,
    voteStart: o.voteStart,
    voteEnd: o.voteEnd,
    recallCut: time(s, s.v.voteStart - o.recallLeadHours * 3_600_000),
    hash: s.commitment,
    // CIT-ENG-2: a human Consigliere appointed before the start is named.
    consigliere: v.consigliere === null ? 'engine' : 'human',
    cname: v.consigliere?.name ?? '',
  });
}

/** CIT-SET-8: the role message, and the family's list for a mafioso. */
function tellRole(b: B, id: PlayerId): void {
  const s = b.state;
  const role = s.players[id]?.role ?? 'citizen';
  const c = cityOf(s, id);
  const city = cityName(s, c);
  b.emit('role.assigned', { player: id, role }, { kind: 'players', ids: [id] });
  const o = citOptions(s.config);
  if (role === 'mafioso') {
    const gf = s.v.godfather[c];
    const el = s.v.gfElection[c];
    b.tell(
      [id],
      msg('P-ROLE-MAFIA', {
        city,
        family: names(s, family(s, c)),
        gfKind: gf === id ? 'you' : gf ? 'other' : 'elect',
        gf: gf ? nm(s, gf) : '',
        time: el ? time(s, el.until) : '',
        date: el ? date(s, el.until) : '',
      }),
    );
  } else if (role === 'commissioner') b.tell([id], msg('P-ROLE-COMMISSIONER', { city, voteEnd: o.voteEnd, dayStart: o.dayStart }));
  else if (role === 'doctor') b.tell([id], msg('P-ROLE-DOCTOR', { city, voteEnd: o.voteEnd }));
  else if (role === 'maniac') b.tell([id], msg('P-ROLE-MANIAC', { city }));
  else b.tell([id], msg('P-ROLE-CITIZEN', { city }));
}

// ---------------------------------------------------------------------------------------------------------------
// Deaths and wins

/** A player's death with its consequences for lists and votes; the announcement is the caller's. */
function die(b: B, id: PlayerId, how: Cause, city?: number): void {
  if (!isAlive(b.state, id)) return;
  b.emit('player.removed', { player: id, how });
  // CIT-ANN-1, CIT-ANN-3: an execution names the city that decided it in the status list («казнён(а) по решению города X»).
  if (how === 'execution' && city !== undefined) {
    const s = b.state;
    b.emit('cit.deaths', { deaths: { [id]: { k: s.v.day, night: false, city: cityName(s, city), reveal: revealParam(s, id) } } }, MODERATOR);
  }
}

/**
 * D9, CIT-RES-2: a side that has won ends the game, and the status list is pinned once more with its end (otherwise
 * the phase that follows pins it after its own post).
 */
function winStep(atVoteEnd: boolean): Step {
  return (b, c) => {
    if (!c.at || !checkWin(b, counts(c.at))) return;
    refreshPins(b, atVoteEnd);
    return 'stop';
  };
}

/**
 * CIT-GF-1: a candidate holding the votes of a strict majority of the family's living members is elected at once.
 * Only living members' votes for living members count, and the check is repeated after every vote and every death
 * in the family (2 of 4 votes become 2 of 3 when a member dies). True when it elected.
 */
export function electByMajority(b: B, city: number): boolean {
  const s = b.state;
  const el = s.v.gfElection[city];
  if (!el || s.v.godfather[city] || b.at >= el.until) return false;
  const fam = family(s, city);
  const votes = Object.entries(el.votes).filter(([voter, x]) => fam.includes(voter) && fam.includes(x.target));
  const winner = fam.find((t) => 2 * votes.filter(([, x]) => x.target === t).length > fam.length);
  if (winner === undefined) return false;
  elect(b, city, winner, 'majority');
  return true;
}

/** Seats a Godfather and tells the family (P-GF-ELECTED). */
export function elect(b: B, city: number, player: PlayerId, how: 'sole' | 'majority' | 'plurality' | 'lot'): void {
  b.emit('cit.gf.elected', { city, player, how }, familyAudience(b, city));
  const s = b.state;
  toFamily(b, city, msg('P-GF-ELECTED', { city: cityName(s, city), name: nm(s, player), g: genderOf(s, player), lot: how === 'lot' ? 'yes' : 'no' }));
}

/**
 * The consequences of deaths (D7, D8, N7, CIT-RES-3): a dead Godfather's family cannot kill in the night of his
 * death and elects a successor (CIT-GF-3..5); a dead judge's seat falls vacant (CIT-JUD-2, CIT-JUD-3); votes for a
 * dead candidate are void (CIT-VOTE-7); city statuses (CIT-WIN-7).
 */
function afterDeaths(b: B, dead: readonly PlayerId[], before: S, when: 'day' | 'night'): void {
  // CIT-GF-4: a death by day voids the following night (k+1); a death during Night k (or in its resolution) voids
  // Night k. During the night the current day number is still k−1.
  const later = when === 'day' || phaseOf(b.state) === 'night';
  const night = later ? b.state.v.day + 1 : b.state.v.day;
  for (const id of dead) {
    const c = before.v.godfather.indexOf(id);
    if (c >= 0) {
      b.emit('cit.gf.void', { city: c, night }, familyAudience(b, c));
      const fam = family(b.state, c);
      if (fam.length === 1) elect(b, c, fam[0]!, 'sole');
      else if (fam.length > 1) {
        // CIT-GF-5: until voteEnd of Day k (night death) or of Day k+1 (day death).
        const st = b.state;
        const until = dayTimes(st, later ? nextDate(st) : st.v.date).voteEnd;
        b.emit('cit.gf.opened', { city: c, until }, familyAudience(b, c));
        const at = { time: time(st, until), date: date(st, until) };
        toFamily(b, c, msg('P-GF-DEAD', { name: nm(st, id), g: genderOf(st, id), k: night, city: cityName(st, c), ...at }));
      }
    }
    const j = before.v.judge.indexOf(id);
    if (j >= 0) {
      closeRecall(b, j, 'dead');
      vacancy(b, j);
    }
  }
  // CIT-GF-1: a death in a family whose election is open re-checks the majority among those still alive.
  const families = new Set(dead.filter((id) => b.state.players[id]?.role === 'mafioso').map((id) => cityOf(b.state, id)));
  for (const c of [...families].sort((x, y) => x - y)) electByMajority(b, c);
  // CIT-WIN-7: city statuses.
  const st = b.state;
  const touched = new Set(dead.map((id) => cityOf(st, id)));
  for (const c of [...touched].sort((x, y) => x - y)) {
    const fam = family(st, c);
    const all = residents(st, c);
    const prevMafia = dead.some((id) => cityOf(st, id) === c && st.players[id]?.role === 'mafioso');
    if (all.length === 0) inCities(b, [c], true, msg('T-CITY-EMPTY', { city: cityName(st, c) }));
    else if (fam.length === 0 && prevMafia) inCities(b, [c], true, msg('T-CITY-CLEARED', { city: cityName(st, c) }));
    else if (fam.length > 0 && fam.length >= all.length - fam.length) inCities(b, [c], true, msg('T-CITY-CONTROLLED', { city: cityName(st, c) }));
  }
}

/**
 * CIT-JUD-3: a seat falls vacant; the election is today before the cutoff, else on the next game day. A recall
 * during the night before Day D (`recalled`) is always filled on Day D (CIT-REC-6).
 */
export function vacancy(b: B, city: number, recalled = false): void {
  const s = b.state;
  if (s.v.judge[city] !== null) b.emit('cit.judge', { city, player: null });
  const st = b.state;
  const today = isDaytime(st) && b.at >= st.v.dayStart && b.at < cutoff(st);
  const day = today ? st.v.day : st.v.day + 1;
  b.emit('cit.election.opened', { city, day });
  // The recall's own post names the election; a same-day vacancy by death or resignation is announced now, a
  // later one with the morning post of its day.
  if (today && !recalled) announceIn(b, cityThread(b.state, city), msg('T-JUDGE-VACANT', electionTimes(b.state, city)));
}

/**
 * CIT-RES-3: a death at the instant it is accepted (staff kill, and later suicide): it is announced with the role,
 * leaves every list (votes for him void, his voters told, CIT-VOTE-7), his own standing votes are removed, his seat
 * or Godfather position has its consequences, and the game checks its end.
 */
export function dieNow(b: B, id: PlayerId, how: Cause, announcement: Message, city?: number): void {
  const s = b.state;
  const home = cityOf(s, id);
  const nBefore = threshold(s, home);
  inCities(b, [cityOf(s, id)], true, announcement);
  die(b, id, how, city);
  voidBallots(b, id);
  // CIT-CRT-6: a motion or verdict on the dead lapses; CIT-CRT-5: a judge leaving re-counts the court.
  if (s.v.motion?.target === id || s.v.verdict === id) b.emit('cit.court.dropped', { why: 'target' }, MODERATOR);
  afterDeaths(b, [id], s, phaseOf(s) === 'night' ? 'night' : 'day');
  if (s.v.judge.includes(id)) recountCourt(b);
  else recheck(b, home, nBefore);
  checkWin(b, counts(s));
}

/**
 * CIT-VOTE-7, CIT-JUD-5: a player who dies before the count loses his standing votes, the execution vote and the
 * judge election's; the votes for him are void (he leaves every list and election), and while the vote runs each of
 * his voters is told once that he may vote again. Deaths at voteEnd itself do not come here: votes cast before it
 * count (CIT-VOTE-8, CIT-JUD-5).
 */
function voidBallots(b: B, id: PlayerId): void {
  const s = b.state;
  const forHim = (r: Readonly<Record<PlayerId, Stamped>>) => Object.keys(r).filter((voter) => r[voter]!.target === id);
  const voters = new Set([...s.v.votes.flatMap(forHim), ...s.v.election.flatMap((el) => (el ? forHim(el.votes) : []))]);
  b.emit('cit.votes.voided', { target: id });
  s.v.votes.forEach((r, c) => {
    if (r[id]) b.emit('cit.unvoted', { city: c, voter: id });
  });
  s.v.election.forEach((el, c) => {
    if (el?.votes[id]) b.emit('cit.judge.voted', { city: c, voter: id, target: null });
  });
  if (phaseOf(s) !== 'vote') return;
  for (const voter of voters) b.tell([voter], msg('P-VOTE-VOID', { name: nm(s, id), g: genderOf(s, id), voteEnd: time(s, s.v.voteEnd) }));
}

/** M, H, Z of CIT-WIN over all cities. */
function counts(s: S): { M: number; H: number; Z: number } {
  let M = 0;
  let H = 0;
  let Z = 0;
  for (const id of living(s)) {
    const side = ROLES.find((r) => r.id === s.players[id]?.role)?.side;
    if (side === 'mafia') M++;
    else if (side === 'maniac') Z++;
    else H++;
  }
  return { M, H, Z };
}

/** CIT-WIN-1..6: ends the game when a side has won; true when it ended. */
function checkWin(b: B, before: { M: number }): boolean {
  const s = b.state;
  const { M, H, Z } = counts(s);
  let side: string | undefined;
  let parts: Message[] = [];
  if (M === 0 && Z === 0 && H >= 1) {
    side = 'honest';
    parts = [msg('T-WIN-HONEST')];
  } else if (Z === 0 && M >= 1 && M >= H) {
    side = 'mafia';
    parts = [msg('T-WIN-MAFIA', { M, H })];
  } else if (Z === 1 && M === 0 && H === 0) {
    side = 'maniac';
    const m = holder(s, 'maniac')!;
    parts = [msg('T-WIN-MANIAC', { name: nm(s, m) })];
  } else if (M === 0 && H === 0 && Z === 0) {
    side = 'none';
    parts = [msg('T-DRAW')];
  } else if (Z === 0 && living(s).every((id) => isJudge(s, id))) {
    // Our decision (docs/mafia-cities.md): when only acting judges live and the maniac is dead, nobody can die any
    // more (judges are immune to every city, to the court and to the families), so the game ends without a winner.
    side = 'none';
    parts = [msg('T-STALEMATE')];
  }
  if (side === undefined) {
    // CIT-WIN-6
    if (M === 0 && Z === 1 && before.M > 0) everywhere(b, msg('T-CONTINUE-MANIAC'));
    return false;
  }
  endGame(b, side, parts[0]!.key, parts);
  return true;
}

/** CIT-WIN-8, CIT-WIN-9: a side wins as a whole (every member, dead or alive); every role and the seed are published. */
export function endGame(b: B, side: string, reason: string, parts: Message[] = [msg(reason, { side })]): void {
  const s = b.state;
  const players = s.order.filter((id) => ROLES.find((r) => r.id === s.players[id]?.role)?.side === side);
  b.emit('game.ended', { side, reason, players });
  const roles = list(
    s.order.map((id) => phrase('W-ROLE-LINE', { name: nm(s, id), role: revealParam(s, id) })),
    'semicolon',
  );
  b.emit('seed.revealed', { seed: s.seed, commitment: s.commitment });
  everywhere(b, ...parts, msg('T-ROLES', { roles, seed: s.seed }));
  b.schedule([]);
}

// ---------------------------------------------------------------------------------------------------------------
// The declared steps

/** A family's decision of the night (CIT-MAF-6): the Godfather's, else the proposals' plurality, else refusal. */
function familyDecision(s: S, city: number, kind: 'home' | 'tour'): Decision {
  const standing = kind === 'home' ? s.v.home[city] : s.v.tour[city];
  if (standing !== undefined && standing !== 'defer') return { target: standing, how: 'gf', counts: '' };
  const fam = family(s, city);
  const props = Object.entries(kind === 'home' ? s.v.proposals[city]! : s.v.tourProposals[city]!).filter(([by]) => fam.includes(by));
  const rows = ranked(props.map(([, p]) => p));
  // The report's counts («Gleb 1, Maks 1»), noting a tie broken by the earlier proposal (CIT-MAF-8).
  const tie = rows.length > 1 && rows[0]!.votes.length === rows[1]!.votes.length ? 'yes' : 'no';
  const items = rows.map((r) => phrase('W-COUNT', { name: r.target === null ? phrase('W-NONE') : nm(s, r.target), n: r.votes.length }));
  const counts = phrase('W-COUNTS', { items: list(items, 'comma', phrase('W-NO-PROPOSALS')), tie });
  return { target: rows[0]?.target ?? null, how: 'proc', counts };
}

/**
 * What one resolution's steps hand on to each other and to the phase it opens: the game as it found it, who died
 * (the day's end), whom to remind of inactivity with the night, and the night's outcome for the morning.
 */
export interface CitScratch {
  at?: S;
  dead: PlayerId[];
  remind: readonly PlayerId[];
  night?: {
    readonly n: number;
    readonly voided: readonly boolean[];
    readonly decisions: readonly Decision[];
    readonly touring: number | null;
    readonly tourDecision: Decision | null;
    readonly deaths: readonly { readonly player: PlayerId; readonly weapons: readonly ('mafia' | 'maniac')[]; readonly reveal: Param }[];
  };
}

/** A family's decision of the night and how it was reached. */
type Decision = { readonly target: Target; readonly how: 'gf' | 'proc'; readonly counts: Param };

type Step = (b: B, c: CitScratch, at: StepContext) => undefined | 'stop';

/** Who died in the night a scratch resolved. */
const dead = (c: CitScratch) => c.night!.deaths.map((d) => d.player);

/**
 * mafia-cities' flow (spec §5) as the steps and date rule its declaration names (schedule.ts: the phases' `enter`
 * and `next`; index.ts: each instant's resolution); the engine runs them (engine/phases.ts).
 */
export const CIT_FLOW: FlowTable<CitState, CitEvents, CitScratch> = {
  scratch: () => ({ dead: [], remind: [] }),
  steps: {
    /** The day opens (N9; Day 0 at the start): its times, with its lists, votes and counters reset. */
    'open-day': (b) => {
      const open = b.state.phases.at(-1)!;
      const t = dayTimes(b.state, open.date!);
      // Day 0 opens when the game starts, which may be after dayStart (CIT-SET-2).
      const dayStart = open.round === 0 ? Math.min(b.at, t.voteStart) : t.dayStart;
      b.emit('cit.day', { day: open.round, date: open.date!, dayStart, voteStart: t.voteStart, voteEnd: t.voteEnd });
    },
    /** Day 0 opens with the start instead of a morning (it has no night to tell). */
    'day-zero': (b) => {
      if (b.state.v.day === 0) dayZero(b);
    },
    /** N9: the morning post, deaths ordered by city, then case-folded nickname (CIT-ANN-4). */
    'morning-post': (b, c) => {
      if (!c.night) return;
      const st = b.state;
      const o = citOptions(st.config);
      const sorted = [...c.night.deaths].sort(
        (a, z) => cityOf(st, a.player) - cityOf(st, z.player) || (fold(nm(st, a.player)) < fold(nm(st, z.player)) ? -1 : 1),
      );
      const lines: Message[] = sorted.map((d) =>
        msg('T-DEATH', {
          name: nm(st, d.player),
          city: cityName(st, cityOf(st, d.player)),
          g: genderOf(st, d.player),
          weapon: o.revealWeapon ? phrase(d.weapons.length > 1 ? 'W-WEAPON-BOTH' : d.weapons[0] === 'maniac' ? 'W-WEAPON-KNIFE' : 'W-WEAPON-MAFIA') : '',
          role: d.reveal,
        }),
      );
      everywhere(b, msg('T-MORNING', { k: st.v.day }), ...(lines.length > 0 ? lines : [msg('T-NO-DEATHS')]));
    },
    /** N8: the consequences of the night's deaths (Godfathers, seats, city statuses). */
    'night-deaths': (b, c) => void (c.night && afterDeaths(b, dead(c), c.at!, 'night')),
    /** CIT-JUD-3: elections scheduled for today open their candidacy announcement. */
    'elections-today': (b, c) => {
      if (!c.night) return;
      const judgesBefore = c.at!.v.judge;
      b.state.v.cities.forEach((_, i) => {
        const el = b.state.v.election[i];
        if (el && el.day === b.state.v.day && b.state.v.judge[i] === null && !c.night!.deaths.some((d) => judgesBefore.indexOf(d.player) === i)) {
          announceIn(b, cityThread(b.state, i), msg('T-JUDGE-VACANT', electionTimes(b.state, i)));
        }
      });
    },
    'morning-win': winStep(false),
    /** CIT-ANN-1, CIT-VOTE-6: the pinned posts follow the resolution. */
    pins: (b) => void refreshPins(b),
    /** voteStart: nominations close and voting opens (CIT-NOM-6). */
    voting: (b) => void b.emit('cit.voting', { day: b.state.v.day }),
    /** The lists of the execution vote (CIT-NOM-6) and of today's judge elections (CIT-JUD-5), each in its city's thread. */
    'vote-lists': (b) => {
      const s = b.state;
      s.v.cities.forEach((_, c) => {
        const thread = cityThread(b.state, c);
        if (s.v.day >= 1) {
          const list = s.v.nominations[c]!.filter((x) => isAlive(s, x.target));
          if (list.length === 0) announceIn(b, thread, msg('T-VOTE-OPEN-EMPTY'));
          else
            announceIn(
              b,
              thread,
              msg('T-VOTE-OPEN', {
                voteEnd: time(s, s.v.voteEnd),
                names: candidateList(
                  s,
                  list.map((x) => x.target),
                  c,
                ),
              }),
            );
        }
        const el = s.v.election[c];
        if (el && el.day === s.v.day) {
          const cands = el.candidates.filter((x) => isAlive(s, x));
          announceIn(b, thread, msg('T-JUDGE-LIST', { city: cityName(s, c), names: cands.length > 0 ? names(s, cands) : '—', voteEnd: time(s, s.v.voteEnd) }));
        }
      });
    },
    /** D0: the game as the resolution finds it (the standing its win check and the consequences of deaths compare with). */
    standing: (b, c) => {
      c.at = b.state;
    },
    /** D1: calls the staff did not record (CIT-LW-3). */
    'missed-calls': (b) => void missedCalls(b),
    /** D2, D3 (CIT-CRT-7): the court's final verdict first; its victim leaves every list, his own votes stay. */
    'court-verdict': (b, c) => {
      const s = c.at!;
      const verdict = s.v.verdict;
      if (s.v.day < 1 || verdict === null || !isAlive(s, verdict)) return;
      const listed = s.v.cities.map((_, i) => i).filter((i) => s.v.nominations[i]!.some((n) => n.target === verdict));
      inCities(
        b,
        [cityOf(s, verdict)],
        true,
        msg('T-COURT-EXEC', { name: nm(s, verdict), city: cityName(s, cityOf(s, verdict)), role: revealParam(s, verdict) }),
      );
      die(b, verdict, 'court');
      c.dead.push(verdict);
      b.emit('cit.votes.voided', { target: verdict });
      inCities(b, listed, false, msg('T-COURT-REMOVED', { name: nm(b.state, verdict), g: genderOf(b.state, verdict) }));
    },
    /** D4: every city tallies on the same state (CIT-VOTE-11) and announces its execution (CIT-VOTE-12). */
    executions: (b, c) => {
      if (c.at!.v.day < 1) return;
      const results = c.at!.v.cities.map((_, i) => tallyCity(b, i));
      const st = b.state;
      for (const r of results) {
        const parts = [...r.parts];
        if (r.chosen !== null && r.byVote) {
          parts.push(
            msg('T-EXEC', { city: cityName(st, r.city), city2: cityName(st, cityOf(st, r.chosen)), tally: tallyText(st, r.city), ...execParams(st, r.chosen) }),
          );
        }
        // CIT-VOTE-12: the city's thread, the general thread, and the executed player's own city.
        const cities = r.chosen !== null ? [r.city, cityOf(st, r.chosen)] : [r.city];
        inCities(b, cities, r.chosen !== null, ...parts);
      }
      // A player two cities executed is told as the last one's execution (cities in cityNames order).
      const by = new Map<PlayerId, number>();
      for (const r of results) if (r.chosen !== null) by.set(r.chosen, r.city);
      for (const id of by.keys()) if (!c.dead.includes(id)) c.dead.push(id);
      for (const id of c.dead) die(b, id, 'execution', by.get(id));
    },
    /** D5 (CIT-ACT-2, CIT-ACT-3): counters of the living; the Prokurator's kills come after the executions. */
    inactivity: (b, c) => {
      const charged = chargeInactivity(b);
      c.dead.push(...charged.killed);
      c.remind = charged.remind;
    },
    /** CIT-JUD-6: the result of each election held today among the living candidates. */
    'judge-results': (b) => {
      const s = b.state;
      s.v.cities.forEach((_, c) => {
        const el = b.state.v.election[c];
        if (!el || el.day !== s.v.day) return;
        const st = b.state;
        const cands = el.candidates.filter((x) => isAlive(st, x));
        if (cands.length === 0) {
          const next = nextDate(st);
          b.emit('cit.election.opened', { city: c, day: st.v.day + 1 });
          inCities(b, [c], true, msg('T-JUDGE-NONE', { city: cityName(st, c), date: `${next.slice(8, 10)}.${next.slice(5, 7)}` }));
          return;
        }
        const rows = ranked(Object.values(el.votes), cands);
        const winner = rows[0]?.target ?? lot(b, 'judge', c)!;
        const votes = rows[0]?.votes.length ?? 0;
        b.emit('cit.judge', { city: c, player: winner, votes });
        inCities(b, [c], true, msg('T-JUDGE-RESULT', { city: cityName(st, c), name: nm(st, winner), g: genderOf(st, winner), votes }));
      });
    },
    /** CIT-GF-1/5: decides Godfather elections whose window has closed (majority, plurality, earliest last vote, lot). */
    'gf-elections': (b) => {
      b.state.v.cities.forEach((_, c) => {
        const st = b.state;
        const el = st.v.gfElection[c];
        if (!el || el.until > b.at) return;
        const fam = family(st, c);
        if (fam.length === 0) return;
        const rows = ranked(
          Object.entries(el.votes)
            .filter(([voter]) => fam.includes(voter))
            .map(([, v]) => v),
          fam,
        );
        const player = rows[0]?.target ?? lot(b, 'godfather', c)!;
        elect(b, c, player, rows[0] ? 'plurality' : 'lot');
      });
    },
    /** D8: the consequences of the day's deaths (Godfathers, seats, city statuses). */
    'day-deaths': (b, c) => void afterDeaths(b, c.dead, c.at!, 'day'),
    'day-win': winStep(true),
    /** D10 (CIT-DOC-4): the doctor's choice of the day becomes the night's protection. */
    protection: (b) => {
      const s = b.state;
      const doctor = holder(s, 'doctor');
      const target = doctor && isAlive(s, doctor) && s.v.protectNext && isAlive(s, s.v.protectNext) ? s.v.protectNext : null;
      b.emit('cit.protection.fixed', { target }, MODERATOR);
    },
    /** D10 (CIT-TOUR-2): the touring city, and T-NIGHT with the night's end as the engine plans it (a pause lengthens it). */
    'open-night': (b, _c, { plan = [] }) => {
      const s = b.state;
      const v = s.v;
      const n = v.tourOrder.length;
      let touring: number | null = null;
      let pointer = v.tourPointer;
      for (let step = 0; step < n; step++) {
        const i = (v.tourPointer + step) % n;
        const c = v.tourOrder[i]!;
        if (family(s, c).length > 0) {
          touring = c;
          pointer = (i + 1) % n;
          break;
        }
      }
      const night = s.phases.at(-1)!.round;
      const until = plan[0]!.at;
      b.emit('cit.night', { night, until, touring, pointer });
      const st = b.state;
      const common = { k: night, dayStart: time(st, until), date: date(st, until) };
      // CIT-ANN-5: T-PAUSE follows T-NIGHT when the night spans paused dates.
      const pause = pauseNotice(st, night, b.at, until);
      everywhere(b, touring === null ? msg('T-NIGHT-NOTOUR', common) : msg('T-NIGHT', { ...common, city: cityName(st, touring) }), ...(pause ? [pause] : []));
    },
    'remind-inactive': (b, c) => void remindInactive(b, c.remind),
    /** Deaths at voteEnd belong to the day that ends (CIT-ANN-1). */
    'pins-after-day': (b) => void refreshPins(b, true),
    /** N2–N6 (CIT-RES-2): the families' decisions, the knife, the tour and the home kills; the marked die at once. */
    'night-kills': (b, c) => {
      const s = b.state;
      const night = s.phases.at(-1)!.round;
      const protectedId = s.v.protectTonight;
      const voided = s.v.cities.map((_, i) => s.v.voidNight[i] === night);
      const marked = new Map<PlayerId, ('mafia' | 'maniac')[]>();
      const hit = (id: PlayerId, w: 'mafia' | 'maniac') => {
        if (id === protectedId || !isAlive(b.state, id)) return;
        marked.set(id, [...(marked.get(id) ?? []), w]);
      };
      // N2: decisions.
      const decisions = s.v.cities.map((_, i) => familyDecision(s, i, 'home'));
      const touring = s.v.touring;
      const tourDecision = touring !== null ? familyDecision(s, touring, 'tour') : null;
      // N3: the knife (CIT-MAN-3: silence → a lot among all living players but the maniac).
      const maniac = holder(s, 'maniac');
      let knife: PlayerId | null = null;
      let knifeLot = false;
      if (maniac && isAlive(s, maniac)) {
        knife = s.v.knife && isAlive(s, s.v.knife) ? s.v.knife : null;
        if (knife === null) {
          knife = lot(b, 'knife');
          knifeLot = knife !== null;
        }
      }
      const gfOf = (id: PlayerId) => gfCity(b.state, id);
      if (knife !== null) {
        hit(knife, 'maniac');
        if (marked.has(knife) && gfOf(knife) >= 0) voided[gfOf(knife)] = true;
      }
      // N4: the tour.
      if (touring !== null && !voided[touring] && tourDecision?.target) {
        const t = tourDecision.target;
        hit(t, 'mafia');
        if (marked.has(t) && gfOf(t) >= 0) voided[gfOf(t)] = true;
      }
      // N5: home kills.
      s.v.cities.forEach((_, i) => {
        const d = decisions[i]!;
        if (!voided[i] && d.target && family(s, i).length > 0 && s.v.godfather[i]) hit(d.target, 'mafia');
      });
      // N6: everybody marked dies at once.
      const deaths = [...marked.entries()].map(([player, weapons]) => ({ player, weapons: [...new Set(weapons)] }));
      b.emit('cit.night.resolved', { night, knife, knifeLot, deaths }, MODERATOR);
      if (knifeLot && knife !== null && maniac) b.tell([maniac], msg('P-KNIFE-LOT', { name: nm(s, knife) }));
      const reveals = deaths.map((d) => ({ ...d, reveal: revealParam(b.state, d.player) }));
      for (const d of deaths) die(b, d.player, 'night');
      c.night = { n: night, voided, decisions, touring, tourDecision, deaths: reveals };
    },
    /** N7: the families' reports (CIT-MAF-8). */
    'family-reports': (b, c) => {
      const s = c.at!;
      const { n: night, voided, decisions, touring, tourDecision } = c.night!;
      const st = b.state;
      st.v.cities.forEach((_, i) => {
        if (family(st, i).length === 0) return;
        if (voided[i]) {
          const byDay = s.v.voidNight[i] === night;
          toFamily(b, i, msg(byDay ? 'P-MAF-VOID-DAY' : 'P-MAF-VOID-NIGHT'));
          return;
        }
        if (!s.v.spoke[i]) {
          toFamily(b, i, msg('P-MAF-SILENCE', { city: cityName(st, i) }));
          return;
        }
        const d = decisions[i]!;
        const td = touring === i ? tourDecision : null;
        const tour = td ? phrase(td.target ? 'W-TOUR-KILL' : 'W-TOUR-NONE', td.target ? { name: nm(st, td.target) } : {}) : '';
        const proc = (x: { how: 'gf' | 'proc'; counts: Param } | null) => (x?.how === 'proc' ? x.counts : '');
        const how =
          d.how === 'gf' && (td?.how ?? 'gf') === 'gf'
            ? phrase('W-HOW-GF')
            : phrase('W-HOW-PROC', { home: proc(d), tour: td ? phrase('W-PROC-TOUR', { counts: proc(td) }) : '' });
        toFamily(b, i, msg('P-MAF-DONE', { home: d.target ? phrase('W-HOME-KILL', { name: nm(st, d.target) }) : phrase('W-HOME-NONE'), tour, how }));
      });
    },
  },
  conditions: {},
  // CIT-RES-2: the day opens on the date of the night's end (a pause or an extension may have moved it).
  dates: { morning: (s: S) => localDate(s.v.nightEnd, s.config.timeZone) },
};

/** What the engine needs to open mafia-cities' phases (the start opens Day 0). */
const FLOWING: Flowing<CitState, CitEvents, CitScratch> = { schedule: CIT_SCHEDULE, flow: CIT_FLOW, options: citOptions };
