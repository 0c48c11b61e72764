// What every part of mafia-cities reads: who lives where, who is alive, positions, and the parameters its
// templates take (names with gender, reveals, local times).
import { phrase, ref } from '../../core/params.ts';
import type { Message, Param, Params, Phrase, PlayerId } from '../../core/types.ts';
import type { Builder } from '../../engine/builder.ts';
import { announceIn, type ChannelDef, MAIN_CHANNEL } from '../../engine/channels.ts';
import { fold } from '../../engine/names.ts';
import { type GameState, isAlive, perParts } from '../../engine/state.ts';
import { hhmm, localDate } from '../../engine/time.ts';
import type { CitEvents } from './events.ts';
import { citOptions } from './options.ts';
import type { CitRejectionCode } from './rejections.ts';
import type { CitPhase } from './schedule.ts';
import { type CitState, COURT_CHANNEL, cityChannel, familyChannel, recallChannel } from './state.ts';

/** A mafia-cities game state. */
export type S = GameState<CitState>;
/** A mafia-cities builder. */
export type B = Builder<CitState, CitEvents, CitRejectionCode>;

/** The open phase of the declared schedule as the engine keeps it (schedule.ts); none before the start or after the end. */
export function phaseOf(s: GameState<unknown>): CitPhase | undefined {
  return s.phases.at(-1)?.id as CitPhase | undefined;
}

/** Between a day's opening and its voteEnd: nominations ('day') or the vote ('vote'). */
export function isDaytime(s: GameState<unknown>): boolean {
  const p = phaseOf(s);
  return p === 'day' || p === 'vote';
}

/** The city a player lives in. */
export function cityOf(s: S, id: PlayerId): number {
  return s.v.cityOf[id] ?? -1;
}

/** Living residents of a city, in signup order (drawn up again when the players or their cities change). */
export const residents: (s: S, city: number) => readonly PlayerId[] = perParts(
  (s: S, city: number) => [s.players, s.v.cityOf, city],
  (s: S, city: number) => s.order.filter((id) => s.v.cityOf[id] === city && isAlive(s, id)),
);

/** Every resident of a city, living or dead, in signup order. */
export function everyResident(s: S, city: number): PlayerId[] {
  return s.order.filter((id) => s.v.cityOf[id] === city);
}

/** Living players, in signup order (drawn up again when the players change). */
export const living: (s: S) => readonly PlayerId[] = perParts(
  (s: S) => [s.players],
  (s: S) => s.order.filter((id) => isAlive(s, id)),
);

/** Mafiosi of a city (living only by default), in signup order (drawn up again when the players or cities change). */
export function family(s: S, city: number, aliveOnly = true): readonly PlayerId[] {
  return familyOf(s, city, aliveOnly);
}

const familyOf = perParts(
  (s: S, city: number, aliveOnly: boolean) => [s.players, s.v.cityOf, city, aliveOnly],
  (s: S, city: number, aliveOnly: boolean) =>
    s.order.filter((id) => s.v.cityOf[id] === city && s.players[id]?.role === 'mafioso' && (!aliveOnly || isAlive(s, id))),
);

/** The player holding a role (doctor, maniac), if any. */
export function holder(s: S, role: string): PlayerId | undefined {
  return s.order.find((id) => s.players[id]?.role === role);
}

/** The city a player is the acting judge of, or -1. */
export function judgeCity(s: S, id: PlayerId): number {
  return s.v.judge.indexOf(id);
}

/** True when the player is an acting judge (CIT-JUD-9). */
export function isJudge(s: S, id: PlayerId): boolean {
  return s.v.judge.includes(id);
}

/** The city whose Godfather the player is, or -1. */
export function gfCity(s: S, id: PlayerId): number {
  return s.v.godfather.indexOf(id);
}

/** The grammatical gender parameter of a player (§0): f, m, or x (unknown). */
export function genderOf(s: S, id: PlayerId): 'f' | 'm' | 'x' {
  const name = s.players[id]?.name ?? '';
  const g = citOptions(s.config).genders;
  if (!g) return 'x';
  const k = Object.keys(g).find((n) => fold(n) === fold(name));
  return k ? (g[k] ?? 'x') : 'x';
}

/** A player's name. */
export function nm(s: S, id: PlayerId): string {
  return s.players[id]?.name ?? id;
}

/** A list ordered for a lot or a shuffle: by case-folded nickname, code-point order (§0 «Lots», CIT-ENG-7). */
export function byNick(s: S, ids: readonly PlayerId[]): PlayerId[] {
  const key = (id: PlayerId) => fold(nm(s, id));
  return [...ids].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Names joined with ', ' in the given order. */
export function names(s: S, ids: readonly PlayerId[]): string {
  return ids.map((id) => nm(s, id)).join(', ');
}

/** A city's name. */
export function cityName(s: S, city: number): string {
  return s.v.cities[city] ?? '?';
}

/**
 * CIT-ANN-2: the reveal of a player's role as a phrase
 * («Мафиози, Крёстный отец, судья города Север»).
 */
export function revealParam(s: S, id: PlayerId): Phrase {
  const role = s.players[id]?.role ?? 'citizen';
  const j = judgeCity(s, id);
  return phrase('W-REVEAL', {
    role: ref('role', role),
    gf: gfCity(s, id) >= 0 ? 'yes' : 'no',
    judge: j >= 0 ? 'yes' : 'no',
    city: j >= 0 ? cityName(s, j) : '',
  });
}

/** Local HH:MM of an instant in the game's zone. */
export function time(s: S, ms: number): string {
  return hhmm(ms, s.config.timeZone);
}

/** Local DD.MM of an instant (§0). */
export function date(s: S, ms: number): string {
  const d = localDate(ms, s.config.timeZone);
  return `${d.slice(8, 10)}.${d.slice(5, 7)}`;
}

/** A message. */
export function msg(key: string, params: Params = {}): Message {
  return { key, params };
}

/** The game's label in its messages. */
export function gameLabel(s: S): Param {
  return s.config.gameNumber ?? phrase('MSG-GAME-DEFAULT');
}

/**
 * The channels of a mafia-cities game (CIT-ENG-4 «создает темы», CIT-THR, CIT-MAF-9, CIT-CRT-1). Every post and
 * announcement asks for its channel, so the list is drawn up again only when the players, the status, the
 * configuration or the rulebook's slice changed (a post or a message changes none of them; channelsNow reads nothing
 * else).
 */
export const channels: (s: S) => readonly ChannelDef[] = perParts(
  (s: S) => [s.players, s.status, s.config, s.phases, s.v.cities, s.v.cityOf, s.v.judge, s.v.recall, s.v.recallInboxes],
  channelsNow,
);

function channelsNow(s: S): ChannelDef[] {
  const v = s.v;
  const game = gameLabel(s);
  const aliveIds = living(s);
  // CIT-THR-3: with the night lock, nobody posts in the threads at night (the variant refuses with REJ-THR-NIGHT).
  const threadsOpen = s.status === 'running' && (isDaytime(s) || !citOptions(s.config).nightThreadsLocked);
  const out: ChannelDef[] = [{ id: MAIN_CHANNEL, kind: 'public', title: msg('MSG-CHANNEL-MAIN', { game }), readers: [], writers: threadsOpen ? aliveIds : [] }];
  v.cities.forEach((c, i) => {
    out.push({
      id: cityChannel(i),
      kind: 'public',
      title: msg('MSG-CHANNEL-CITY', { game, city: c }),
      // Issue 25 item 10: the tab reads «Город 1»; the forum thread's title keeps the game's label.
      tab: msg('MSG-CHANNEL-TAB', { name: c }),
      readers: [],
      writers: threadsOpen ? residents(s, i) : [],
    });
  });
  v.cities.forEach((c, i) => {
    // CIT-MAF-9: the family inbox is open day and night to its living members; the dead keep reading.
    out.push({
      id: familyChannel(i),
      kind: 'private',
      title: msg('MSG-CHANNEL-FAMILY', { city: c }),
      readers: family(s, i, false),
      writers: s.status === 'running' ? family(s, i) : [],
    });
  });
  if (v.cities.length > 0) {
    const judges = v.judge.filter((j): j is PlayerId => j !== null);
    out.push({
      id: COURT_CHANNEL,
      kind: 'private',
      title: msg('MSG-CHANNEL-COURT'),
      readers: judges,
      writers: s.status === 'running' ? judges.filter((j) => isAlive(s, j)) : [],
    });
  }
  // CIT-REC-3, CIT-REC-5: «В инбоксе «Требование о снятии судьи» должны заявить о своём желании снять судью … Граждан
  // города»: the inbox of a request is its confirmers' (and the Prokurator's, CIT-ENG-3). Neither the judge nor a
  // resident who has not confirmed reads it, since confirmers are never published (CIT-ANN-6); a confirmer who
  // dies keeps reading, and nobody writes once the request has ended.
  for (const r of v.recallInboxes) {
    const open = s.status === 'running' && v.recall[r.city]?.day === r.day;
    out.push({
      id: recallChannel(r.city, r.day),
      kind: 'private',
      title: msg('MSG-CHANNEL-RECALL', { city: cityName(s, r.city), date: r.date }),
      readers: r.members,
      writers: open ? r.members.filter((id) => isAlive(s, id)) : [],
    });
  }
  return out;
}

/** The channel of a city's thread. */
export function cityThread(s: S, city: number): ChannelDef {
  return channels(s).find((c) => c.id === cityChannel(city))!;
}

/** The channel of a family's inbox. */
export function familyInbox(s: S, city: number): ChannelDef {
  return channels(s).find((c) => c.id === familyChannel(city))!;
}

/** Posts in the general thread and in every city thread (T-START, T-NIGHT, T-MORNING…). */
export function everywhere(b: B, ...parts: Message[]): void {
  b.announce(...parts);
  for (let i = 0; i < b.state.v.cities.length; i++) announceIn(b, cityThread(b.state, i), ...parts);
}

/** Posts in the given cities' threads (and the general thread when `general`), each once. */
export function inCities(b: B, cities: readonly number[], general: boolean, ...parts: Message[]): void {
  if (general) b.announce(...parts);
  for (const c of [...new Set(cities)].sort((x, y) => x - y)) announceIn(b, cityThread(b.state, c), ...parts);
}

/** The inbox of a city's open recall request (CIT-REC-3), if one is open. */
export function recallInbox(s: S, city: number): ChannelDef | undefined {
  const r = s.v.recall[city];
  return r ? channels(s).find((c) => c.id === recallChannel(city, r.day)) : undefined;
}

/** Posts in a family's inbox (readers frozen as they are now). */
export function toFamily(b: B, city: number, ...parts: Message[]): void {
  announceIn(b, familyInbox(b.state, city), ...parts);
}
