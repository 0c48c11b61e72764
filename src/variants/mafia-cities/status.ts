// The pinned posts of mafia-cities: the status list in the general thread with a per-city extract in each city
// thread (CIT-ANN-1), and each city's tally during the vote (CIT-VOTE-6). A pinned post is a `message` with a `pin`
// slot: a later post of the same slot replaces it (clients show the latest one of each slot pinned). The rulebook
// re-posts a slot only when its content changed, checked after every command and every resolution.
import { list, phrase } from '../../core/params.ts';
import type { Message, Phrase, PlayerId } from '../../core/types.ts';
import { MODERATOR } from '../../core/types.ts';
import { MAIN_CHANNEL } from '../../engine/channels.ts';
import { isAlive, perParts } from '../../engine/state.ts';
import { type B, cityName, cityOf, cityThread, date, everyResident, genderOf, isJudge, msg, nm, phaseOf, revealParam, type S, time } from './common.ts';
import type { DeathNote } from './events.ts';
import { cityChannel } from './state.ts';
import { ranking, voterNames } from './tally.ts';

/** How a death is told in the status list (CIT-ANN-3 causes). */
const CAUSES: Readonly<Record<string, string>> = {
  execution: 'W-ST-EXECUTED',
  court: 'W-ST-COURT',
  night: 'W-ST-NIGHT',
  inactivity: 'W-ST-INACTIVE',
  suicide: 'W-ST-SUICIDE',
  moderator: 'W-ST-STAFF',
};

/** One player's status line («Anna — жива, судья», «Gleb — казнён по решению города Север (день 1) — Гражданин»). */
function line(s: S, id: PlayerId): Phrase {
  const p = s.players[id]!;
  const g = genderOf(s, id);
  if (isAlive(s, id)) return phrase('W-ST-ALIVE', { name: nm(s, id), g, judge: isJudge(s, id) ? 'yes' : 'no' });
  const d = s.v.deaths[id];
  return phrase('W-ST-DEAD', {
    name: nm(s, id),
    cause: phrase(CAUSES[p.removedHow ?? ''] ?? 'W-ST-STAFF', { g, city: d?.city ?? '' }),
    when: d?.night === true ? 'night' : 'day',
    k: d?.k ?? 0,
    role: d?.reveal ?? revealParam(s, id),
  });
}

/** A city's extract: its name and every resident's line. */
function cityLines(s: S, city: number): Phrase {
  return phrase('W-ST-CITY', {
    city: cityName(s, city),
    lines: list(
      everyResident(s, city).map((id) => line(s, id)),
      'comma',
    ),
  });
}

/** Posts a pinned slot when its signature changed (the list, not the time it was drawn up). */
function pin(b: B, slot: string, channel: string, m: Message, sig: string): void {
  if (b.state.v.pins[slot] === sig) return;
  b.emit('cit.pinned', { slot, sig }, MODERATOR);
  b.emit('message', channel === MAIN_CHANNEL ? { parts: [m], pin: slot } : { parts: [m], channel, pin: slot }, { kind: 'public' });
}

/** CIT-ANN-1: records the deaths since the last refresh (cause, day or night, reveal) before they are listed. */
function noteDeaths(b: B, atVoteEnd: boolean): void {
  const s = b.state;
  const fresh: Record<string, DeathNote> = {};
  for (const id of s.order) {
    // Executions were noted as they happened, with their city (flow.ts die).
    if (isAlive(s, id) || s.v.deaths[id] !== undefined) continue;
    const how = s.players[id]?.removedHow;
    // Night deaths are told at the morning of Day k (Night k); deaths at voteEnd belong to the day; others to when they fell.
    // An execution (also one a correction applies later) belongs to its day.
    const byDay = how === 'execution' || how === 'court' || atVoteEnd;
    const night = how === 'night' || (phaseOf(s) === 'night' && !byDay);
    const k = how === 'night' ? s.v.day : night ? s.v.day + 1 : s.v.day;
    const city = how === 'execution' ? cityName(s, cityOf(s, id)) : undefined;
    fresh[id] = { k, night, ...(city !== undefined ? { city } : {}), reveal: revealParam(s, id) };
  }
  if (Object.keys(fresh).length > 0) b.emit('cit.deaths', { deaths: fresh }, MODERATOR);
}

/** Who is alive and who judges, one character a seat; worked out again only when the players or judges change. */
const statusKey = perParts(
  (s: S) => [s.players, s.v.judge],
  (s: S) => s.order.map((id) => (isAlive(s, id) ? (isJudge(s, id) ? 'J' : 'A') : 'D')).join(''),
);

/**
 * A city's tally as its pin's signature: the day (each day's tally starts afresh, and is first posted with the first
 * vote), every vote, and how many nominees are alive. Written again only when the city's votes, nominations, the
 * players or the day changed, since it is compared after every command.
 */
const tallyKeyOf = perParts(
  (s: S, c: number) => [s.v.votes[c]!, c, s.v.nominations[c], s.players, s.v.day],
  (s: S, c: number) =>
    `${s.v.day}:${Object.entries(s.v.votes[c]!)
      .map(([voter, x]) => `${voter}>${x.target}@${x.seq}`)
      .join(',')}:${s.v.nominations[c]!.filter((n) => isAlive(s, n.target)).length}`,
);

/**
 * CIT-ANN-1, CIT-VOTE-6: after a command or a resolution, re-posts the status list (general thread, and each city's
 * extract in its thread) and each city's tally during the vote, whenever they changed.
 */
export function refreshPins(b: B, atVoteEnd = false): void {
  const s0 = b.state;
  if (s0.v.cities.length === 0 || (s0.status !== 'running' && s0.status !== 'ended')) return;
  // A compact key first (who is alive, who judges): the lists are drawn up only when it changed, since this runs
  // after every command.
  const key = statusKey(s0);
  if (s0.v.pins.status !== key) {
    noteDeaths(b, atVoteEnd);
    const s = b.state;
    const stamp = { date: date(s, b.at), time: time(s, b.at) };
    const cities = s.v.cities.map((_, c) => cityLines(s, c));
    pin(b, 'status', MAIN_CHANNEL, msg('T-STATUS', { ...stamp, list: list(cities, 'semicolon') }), key);
    s.v.cities.forEach((_, c) => {
      const ids = everyResident(s, c);
      const cityKey = ids.map((id) => key[s.order.indexOf(id)]).join('');
      pin(b, `status:${c}`, cityThread(s, c).id, msg('T-STATUS', { ...stamp, list: cities[c]! }), cityKey);
    });
  }
  // CIT-VOTE-6: the tally of each city while its vote is open, re-posted when its votes change.
  const s = b.state;
  if (phaseOf(s) !== 'vote' || s.v.day < 1) return;
  s.v.cities.forEach((_, c) => {
    const slot = `tally:${c}`;
    const tallyKey = tallyKeyOf(s, c);
    if (s.v.pins[slot] === tallyKey) return;
    if (Object.keys(s.v.votes[c]!).length === 0 && !(s.v.pins[slot] ?? '').startsWith(`${s.v.day}:`)) return;
    const rows = ranking(s, c).map((r) =>
      phrase('W-TALLY-LINE', {
        name: nm(s, r.target),
        n: r.votes.length,
        voters: voterNames(s, c, r.votes),
      }),
    );
    pin(b, slot, cityChannel(c), msg('T-TALLY', { time: time(s, b.at), lines: list(rows, 'semicolon', phrase('W-TALLY-NONE')) }), tallyKey);
  });
}
