// The mafia-cities slice of game state and its fold. Per-city data is kept in arrays indexed by city.
import type { Millis, PlayerId } from '../../core/types.ts';
import { MAIN_CHANNEL } from '../../engine/channels.ts';
import type { EngineEvent } from '../../engine/events.ts';
import type { EveryKey, GameConfig } from '../../engine/state.ts';
import type { IsoDate } from '../../engine/time.ts';
import type { CitEvent, DeathNote, Target } from './events.ts';

/** A standing vote or proposal: what, and when (`seq` orders two of the same instant, §0 «Ordering»). */
export interface Stamped<T = PlayerId> {
  readonly target: T;
  readonly at: Millis;
  readonly seq: number;
}

/** A nomination on a city's list (CIT-NOM-4). */
export interface Nomination {
  readonly target: PlayerId;
  readonly by: PlayerId;
  readonly at: Millis;
  readonly seq: number;
}

/** A judge election of one city (CIT-JUD-2..6). */
export interface Election {
  readonly day: number;
  readonly candidates: readonly PlayerId[];
  readonly votes: Readonly<Record<PlayerId, Stamped>>;
}

/**
 * A recall request's inbox (CIT-REC-3, CIT-REC-5): «Требование о снятии судьи (<город>, <дата D>)», its members the
 * residents who filed or confirmed the request, initiator first. Kept after the request ends, so its members keep
 * reading what was said there.
 */
export interface RecallInbox {
  readonly city: number;
  /** The game day whose recall window the request belongs to (CIT-REC-2). */
  readonly day: number;
  /** That day's date as the title shows it (DD.MM). */
  readonly date: string;
  readonly members: readonly PlayerId[];
}

/** A Godfather election of one family (CIT-GF-1, CIT-GF-5). */
export interface GfElection {
  readonly until: Millis;
  readonly votes: Readonly<Record<PlayerId, Stamped>>;
}

/** The mafia-cities slice. */
export interface CitState {
  /** The current game day k (during Night k+1: the day before it; the phase and its round are the engine's). */
  readonly day: number;
  readonly date: IsoDate;
  readonly dayStart: Millis;
  readonly voteStart: Millis;
  readonly voteEnd: Millis;
  /** During a night: when it ends (the next dayStart). */
  readonly nightEnd: Millis;
  readonly cities: readonly string[];
  readonly cityOf: Readonly<Record<PlayerId, number>>;
  readonly tourOrder: readonly number[];
  readonly tourPointer: number;
  /** The city holding tonight's touring right (CIT-TOUR-2). */
  readonly touring: number | null;
  readonly godfather: readonly (PlayerId | null)[];
  readonly gfElection: readonly (GfElection | null)[];
  /** The end of each family's latest Godfather election window (CIT-GF-1, CIT-GF-5), kept after the election. */
  readonly gfUntil: readonly (Millis | null)[];
  /** CIT-GF-4: per city, the night in which its family cannot kill. */
  readonly voidNight: readonly (number | null)[];
  readonly judge: readonly (PlayerId | null)[];
  readonly election: readonly (Election | null)[];
  readonly nominations: readonly (readonly Nomination[])[];
  /** Today's nominators: who nominated whom (CIT-NOM-2). */
  readonly nominatedBy: Readonly<Record<PlayerId, PlayerId>>;
  readonly votes: readonly Readonly<Record<PlayerId, Stamped>>[];
  /** The doctor's choice today, for the coming night (CIT-DOC-1). */
  readonly protectNext: PlayerId | null;
  /** The protection fixed for the running night (D10). */
  readonly protectTonight: PlayerId | null;
  /** Last night's protection (CIT-DOC-2 repeat rule). */
  readonly protectLast: PlayerId | null;
  readonly knife: PlayerId | null;
  /** Tonight's checks: commissioner → target (CIT-COM-1). */
  readonly checked: Readonly<Record<PlayerId, PlayerId>>;
  readonly home: readonly (Target | 'defer' | undefined)[];
  readonly tour: readonly (Target | 'defer' | undefined)[];
  readonly proposals: readonly Readonly<Record<PlayerId, Stamped<Target>>>[];
  readonly tourProposals: readonly Readonly<Record<PlayerId, Stamped<Target>>>[];
  /** CIT-REC: each city's open recall request (the window's day and the confirmers, initiator first). */
  readonly recall: readonly ({ readonly day: number; readonly judge: PlayerId; readonly confirmers: readonly PlayerId[]; readonly base: number } | null)[];
  /** CIT-REC-3: the inbox of every recall request filed in this game, open or ended, in filing order. */
  readonly recallInboxes: readonly RecallInbox[];
  /** CIT-REC-8: a removed judge may not stand in elections held up to this game day (and its date). */
  readonly banned: Readonly<Record<PlayerId, { readonly day: number; readonly date: string }>>;
  /** CIT-LW-1: today's last words per city list. */
  readonly lastWords: readonly (readonly PlayerId[])[];
  /** CIT-LW-3: nominees waiting for the Prokurator's call today. */
  readonly lwCalls: readonly PlayerId[];
  /** CIT-REL-1: relays sent by each family since the last dayStart. */
  readonly relays: readonly number[];
  /** CIT-CRT-3: today's open motion with its «за» votes. */
  readonly motion: { readonly target: PlayerId; readonly by: PlayerId; readonly yes: readonly PlayerId[] } | null;
  /** CIT-CRT-4: today's final verdict. */
  readonly verdict: PlayerId | null;
  /** CIT-ACT-6: each player's latest `/suicide` request. */
  readonly suicideAsked: Readonly<Record<PlayerId, Millis>>;
  /** CIT-MAF-7: whether a member of each family acted tonight. */
  readonly spoke: readonly boolean[];
  // Staff (CIT-ENG-2).
  /** The human Consigliere (both: he is a Prokurator too), or null: the engine's. */
  readonly consigliere: { readonly name: string; readonly both: boolean } | null;
  /** Names that acted as staff or were appointed (they cannot sign up, REJ-STAFF-PLAYER). */
  readonly staff: readonly string[];
  /** CIT-ANN-1, CIT-VOTE-6: the content signature of each pinned slot as last posted. */
  readonly pins: Readonly<Record<string, string>>;
  /** CIT-ANN-1: each dead player's death as the status list tells it. */
  readonly deaths: Readonly<Record<PlayerId, DeathNote>>;
  /** CIT-ACT-1: who has been active on the current game day (or excused, CIT-ACT-4). */
  readonly activeToday: Readonly<Record<PlayerId, true>>;
  /** CIT-ACT-2: each player's count of consecutive inactive game days. */
  readonly inactive: Readonly<Record<PlayerId, number>>;
  /** CIT-ACT-5: each player's declared absence dates. */
  readonly absences: Readonly<Record<PlayerId, readonly IsoDate[]>>;
  /** CIT-ACT-7: «Овощ» warnings issued in this game and not revoked, per player. */
  readonly warnings: Readonly<Record<PlayerId, number>>;
}

/** The slice at creation. */
export function initialCit(_config: GameConfig): CitState {
  return canonical({
    day: 0,
    date: '',
    dayStart: 0,
    voteStart: 0,
    voteEnd: 0,
    nightEnd: 0,
    cities: [],
    cityOf: {},
    tourOrder: [],
    tourPointer: 0,
    touring: null,
    godfather: [],
    gfElection: [],
    gfUntil: [],
    voidNight: [],
    judge: [],
    election: [],
    nominations: [],
    nominatedBy: {},
    votes: [],
    protectNext: null,
    protectTonight: null,
    protectLast: null,
    knife: null,
    checked: {},
    home: [],
    tour: [],
    proposals: [],
    tourProposals: [],
    spoke: [],
    consigliere: null,
    staff: [],
    pins: {},
    deaths: {},
    suicideAsked: {},
    motion: null,
    verdict: null,
    relays: [],
    recall: [],
    recallInboxes: [],
    banned: {},
    lastWords: [],
    lwCalls: [],
    activeToday: {},
    inactive: {},
    absences: {},
    warnings: {},
  });
}

/** A copy of an array with one element replaced. */
function at<T>(a: readonly T[], i: number, v: T): T[] {
  const out = [...a];
  out[i] = v;
  return out;
}

function without<T>(r: Readonly<Record<PlayerId, T>>, id: PlayerId): Record<PlayerId, T> {
  const { [id]: _gone, ...rest } = r;
  return rest;
}

/** The family channel id of a city (engine/channels.ts). */
export function familyChannel(city: number): string {
  return `family-${city + 1}`;
}

/** The thread channel id of a city. */
export function cityChannel(city: number): string {
  return `city-${city + 1}`;
}

/**
 * The channel id of a recall request's inbox (CIT-REC-3): one request per city and window day, since a judge takes
 * office only at voteEnd, after the window of that day has closed.
 */
export function recallChannel(city: number, day: number): string {
  return `recall-${city + 1}-${day}`;
}

/** The kind of the «Овощ» warning in `player.warned` (CIT-ACT-7). */
export const VEGETABLE = 'vegetable';

/** The Supreme Court's inbox. */
export const COURT_CHANNEL = 'court';

/** Folds one event into the slice; `night` tells whether the engine's open phase is the night (CIT-MAF-7). */
export function evolveCit(v: CitState, e: CitEvent, seq: number, night: boolean): CitState {
  const next = step(v, e, seq, night);
  return next === v ? v : canonical(next);
}

/** The slice rebuilt by one object literal (every key, in one order), so all slices share one hidden class. */
function canonical(v: CitState): CitState {
  const c: EveryKey<CitState> = {
    day: v.day,
    date: v.date,
    dayStart: v.dayStart,
    voteStart: v.voteStart,
    voteEnd: v.voteEnd,
    nightEnd: v.nightEnd,
    cities: v.cities,
    cityOf: v.cityOf,
    tourOrder: v.tourOrder,
    tourPointer: v.tourPointer,
    touring: v.touring,
    godfather: v.godfather,
    gfElection: v.gfElection,
    gfUntil: v.gfUntil,
    voidNight: v.voidNight,
    judge: v.judge,
    election: v.election,
    nominations: v.nominations,
    nominatedBy: v.nominatedBy,
    votes: v.votes,
    protectNext: v.protectNext,
    protectTonight: v.protectTonight,
    protectLast: v.protectLast,
    knife: v.knife,
    checked: v.checked,
    home: v.home,
    tour: v.tour,
    proposals: v.proposals,
    tourProposals: v.tourProposals,
    recall: v.recall,
    banned: v.banned,
    lastWords: v.lastWords,
    lwCalls: v.lwCalls,
    relays: v.relays,
    motion: v.motion,
    verdict: v.verdict,
    suicideAsked: v.suicideAsked,
    spoke: v.spoke,
    consigliere: v.consigliere,
    staff: v.staff,
    pins: v.pins,
    deaths: v.deaths,
    activeToday: v.activeToday,
    inactive: v.inactive,
    absences: v.absences,
    warnings: v.warnings,
    recallInboxes: v.recallInboxes,
  };
  return c;
}

function step(v: CitState, e: CitEvent, seq: number, night: boolean): CitState {
  switch (e.type) {
    case 'cit.cities': {
      const n = e.data.cities.length;
      const fill = <T>(x: T) => Array.from({ length: n }, () => x);
      return {
        ...v,
        cities: e.data.cities,
        cityOf: e.data.cityOf,
        tourOrder: e.data.tourOrder,
        godfather: fill(null),
        gfElection: fill(null),
        gfUntil: fill(null),
        voidNight: fill(null),
        judge: fill(null),
        election: fill(null),
        nominations: fill([]),
        votes: fill({}),
        home: fill(undefined),
        tour: fill(undefined),
        proposals: fill({}),
        tourProposals: fill({}),
        spoke: fill(false),
        relays: fill(0),
        recall: fill(null),
      };
    }
    case 'cit.day':
      return {
        ...v,
        day: e.data.day,
        date: e.data.date,
        dayStart: e.data.dayStart,
        voteStart: e.data.voteStart,
        voteEnd: e.data.voteEnd,
        nominations: v.cities.map(() => []),
        nominatedBy: {},
        votes: v.cities.map(() => ({})),
        protectNext: null,
        motion: null,
        verdict: null,
        relays: v.cities.map(() => 0),
        lastWords: v.cities.map(() => []),
        lwCalls: [],
        activeToday: {},
      };
    case 'cit.night':
      return {
        ...v,
        nightEnd: e.data.until,
        touring: e.data.touring,
        tourPointer: e.data.pointer,
        knife: null,
        checked: {},
        home: v.cities.map(() => undefined),
        tour: v.cities.map(() => undefined),
        proposals: v.cities.map(() => ({})),
        tourProposals: v.cities.map(() => ({})),
        spoke: v.cities.map(() => false),
      };
    case 'cit.protection.fixed':
      return { ...v, protectTonight: e.data.target };
    case 'cit.nominated': {
      const { city, target, by } = e.data;
      return {
        ...v,
        nominations: at(v.nominations, city, [...v.nominations[city]!, { target, by, at: e.at, seq }]),
        nominatedBy: { ...v.nominatedBy, [by]: target },
      };
    }
    case 'cit.voted':
      return { ...v, votes: at(v.votes, e.data.city, { ...v.votes[e.data.city]!, [e.data.voter]: { target: e.data.target, at: e.at, seq } }) };
    case 'cit.unvoted':
      return { ...v, votes: at(v.votes, e.data.city, without(v.votes[e.data.city]!, e.data.voter)) };
    case 'cit.votes.voided': {
      const t = e.data.target;
      const keep = (r: Readonly<Record<PlayerId, Stamped>>) => Object.fromEntries(Object.entries(r).filter(([, b]) => b.target !== t));
      return {
        ...v,
        nominations: v.nominations.map((l) => l.filter((n) => n.target !== t)),
        votes: v.votes.map(keep),
        election: v.election.map((el) => (el ? { ...el, candidates: el.candidates.filter((c) => c !== t), votes: keep(el.votes) } : el)),
        gfElection: v.gfElection.map((g) => (g ? { ...g, votes: keep(without(g.votes, t)) } : g)),
      };
    }
    case 'cit.election.opened':
      return { ...v, election: at(v.election, e.data.city, { day: e.data.day, candidates: [], votes: {} }) };
    case 'cit.candidacy': {
      const el = v.election[e.data.city];
      if (!el) return v;
      const candidates = e.data.on ? [...el.candidates, e.data.player] : el.candidates.filter((c) => c !== e.data.player);
      return { ...v, election: at(v.election, e.data.city, { ...el, candidates }) };
    }
    case 'cit.judge.voted': {
      const el = v.election[e.data.city];
      if (!el) return v;
      const votes = e.data.target === null ? without(el.votes, e.data.voter) : { ...el.votes, [e.data.voter]: { target: e.data.target, at: e.at, seq } };
      return { ...v, election: at(v.election, e.data.city, { ...el, votes }) };
    }
    case 'cit.judge':
      // A seat taken ends the city's election; a seat falling vacant leaves the election to be opened.
      return {
        ...v,
        judge: at(v.judge, e.data.city, e.data.player),
        election: e.data.player !== null ? at(v.election, e.data.city, null) : v.election,
      };
    case 'cit.gf.opened':
      return {
        ...v,
        gfElection: at(v.gfElection, e.data.city, { until: e.data.until, votes: {} }),
        gfUntil: at(v.gfUntil, e.data.city, e.data.until),
        godfather: at(v.godfather, e.data.city, null),
      };
    case 'cit.gf.voted': {
      const g = v.gfElection[e.data.city];
      if (!g) return v;
      return { ...v, gfElection: at(v.gfElection, e.data.city, { ...g, votes: { ...g.votes, [e.data.voter]: { target: e.data.target, at: e.at, seq } } }) };
    }
    case 'cit.gf.elected':
      return { ...v, godfather: at(v.godfather, e.data.city, e.data.player), gfElection: at(v.gfElection, e.data.city, null) };
    case 'cit.gf.void':
      return { ...v, voidNight: at(v.voidNight, e.data.city, e.data.night) };
    case 'cit.protect':
      return { ...v, protectNext: e.data.target };
    case 'cit.knife':
      return { ...v, knife: e.data.target };
    case 'cit.check':
      return { ...v, checked: { ...v.checked, [e.data.by]: e.data.target } };
    case 'cit.decision': {
      const { city, kind, target } = e.data;
      // CIT-MAF-4: a deferral withdraws both standing decisions of the night.
      if (target === 'defer') return { ...v, home: at(v.home, city, 'defer'), tour: at(v.tour, city, 'defer') };
      return kind === 'home' ? { ...v, home: at(v.home, city, target) } : { ...v, tour: at(v.tour, city, target) };
    }
    case 'cit.proposal': {
      const { city, kind, by, target } = e.data;
      const list = kind === 'home' ? v.proposals : v.tourProposals;
      const next = at(list, city, { ...list[city]!, [by]: { target, at: e.at, seq } });
      return kind === 'home' ? { ...v, proposals: next } : { ...v, tourProposals: next };
    }
    case 'cit.court.motion':
      return { ...v, motion: { target: e.data.target, by: e.data.by, yes: [e.data.by] } };
    case 'cit.court.yes':
      return v.motion ? { ...v, motion: { ...v.motion, yes: [...v.motion.yes, e.data.judge] } } : v;
    case 'cit.court.dropped':
      return { ...v, motion: null, verdict: e.data.why === 'target' ? null : v.verdict };
    case 'cit.court.final':
      return { ...v, motion: null, verdict: e.data.target };
    case 'cit.recall': {
      const { city, day, by } = e.data;
      const r = v.recall[city];
      const judge = v.judge[city]!;
      const confirm = r !== null && r !== undefined && r.day === day;
      const next = confirm ? { ...r, confirmers: [...r.confirmers, by] } : { day, judge, confirmers: [by], base: 4 };
      // CIT-REC-3, CIT-REC-5: the initiator opens the request's inbox, each confirmer joins it.
      const inboxes = confirm
        ? v.recallInboxes.map((x) => (x.city === city && x.day === day ? { ...x, members: [...x.members, by] } : x))
        : [...v.recallInboxes, { city, day, date: e.data.date ?? '', members: [by] }];
      return { ...v, recall: at(v.recall, city, next), recallInboxes: inboxes };
    }
    case 'cit.recall.base': {
      const r = v.recall[e.data.city];
      return r ? { ...v, recall: at(v.recall, e.data.city, { ...r, base: e.data.base }) } : v;
    }
    case 'cit.recall.ended': {
      const r = v.recall[e.data.city];
      const banned =
        e.data.bannedThrough !== undefined && r ? { ...v.banned, [r.judge]: { day: e.data.bannedThrough, date: e.data.bannedDate ?? '' } } : v.banned;
      return { ...v, recall: at(v.recall, e.data.city, null), banned };
    }
    case 'cit.lastword':
      return {
        ...v,
        lastWords: v.lastWords.map((l, c) => (e.data.cities.includes(c) ? [...l, e.data.player] : l)),
        lwCalls: v.lwCalls.filter((x) => x !== e.data.player),
      };
    case 'cit.lastword.call':
      return { ...v, lwCalls: [...v.lwCalls, e.data.player] };
    case 'cit.relay':
      return { ...v, relays: at(v.relays, e.data.from, (v.relays[e.data.from] ?? 0) + 1) };
    case 'cit.suicide.asked':
      return { ...v, suicideAsked: { ...v.suicideAsked, [e.data.player]: e.at } };
    case 'cit.spoke':
      return { ...v, spoke: at(v.spoke, e.data.city, true) };
    case 'cit.night.resolved':
      return { ...v, protectLast: v.protectTonight, protectTonight: null };
    case 'post.published': {
      // CIT-MAF-7: a post in the family inbox during the night is the family speaking.
      const ch = e.data.channel ?? MAIN_CHANNEL;
      const city = v.cities.findIndex((_, i) => familyChannel(i) === ch);
      return city >= 0 && night && !v.spoke[city] ? { ...v, spoke: at(v.spoke, city, true) } : v;
    }
    case 'team.chat': {
      // The older team-channel route writes chat lines itself: in the family inbox they are the family speaking too.
      const city = v.cities.findIndex((_, i) => familyChannel(i) === e.data.team);
      return city >= 0 && night && !v.spoke[city] ? { ...v, spoke: at(v.spoke, city, true) } : v;
    }
    case 'cit.active':
      return { ...v, activeToday: { ...v.activeToday, [e.data.player]: true } };
    case 'cit.absent':
      return { ...v, absences: { ...v.absences, [e.data.player]: [...(v.absences[e.data.player] ?? []), e.data.date] } };
    case 'cit.inactivity':
      return { ...v, inactive: { ...v.inactive, ...e.data.counters } };
    case 'cit.excused':
      return { ...v, inactive: { ...v.inactive, [e.data.player]: 0 }, activeToday: { ...v.activeToday, [e.data.player]: true } };
    case 'player.warned':
      return e.data.kind === VEGETABLE ? { ...v, warnings: { ...v.warnings, [e.data.player]: (v.warnings[e.data.player] ?? 0) + 1 } } : v;
    case 'player.warning.revoked':
      return e.data.kind === VEGETABLE ? { ...v, warnings: { ...v.warnings, [e.data.player]: Math.max(0, (v.warnings[e.data.player] ?? 0) - 1) } } : v;
    // Staff (CIT-MOD-2): an extension moves the stored instants the texts quote.
    case 'cit.times':
      return { ...v, ...e.data };
    case 'cit.consigliere': {
      const name = e.data.name;
      if (name === null) return { ...v, consigliere: null };
      return { ...v, consigliere: { name, both: e.data.both === true }, staff: v.staff.includes(name) ? v.staff : [...v.staff, name] };
    }
    case 'cit.pinned':
      return { ...v, pins: { ...v.pins, [e.data.slot]: e.data.sig } };
    case 'cit.deaths':
      return { ...v, deaths: { ...v.deaths, ...e.data.deaths } };
    case 'player.restored': {
      // CIT-MOD-3: a revived player is alive again in the status list.
      const { [e.data.player]: _gone, ...deaths } = v.deaths;
      return { ...v, deaths };
    }
    case 'moderator.action': {
      const by = e.data.by;
      return v.staff.includes(by) ? v : { ...v, staff: [...v.staff, by] };
    }
    case 'role.assigned':
    case 'cit.drawn':
    // The vote is a phase of the engine (schedule.ts); the slice keeps nothing of it.
    case 'cit.voting':
      return v;
    default:
      return engineOnly(v, e);
  }
}

/** The engine events this slice does not fold. */
function engineOnly(v: CitState, _e: EngineEvent): CitState {
  return v;
}
