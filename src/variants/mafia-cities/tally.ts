// mafia-cities' counts (CIT-VOTE-8..10, CIT-JUD-6, CIT-GF-1, CIT-MAF-6): every vote of the rulebook ranks its
// candidates the same way, and a city's execution follows from its ranking. Read by the flow, the live count and the
// pinned tallies.
import type { Message, Params, PlayerId } from '../../core/types.ts';
import { isAlive } from '../../engine/state.ts';
import { type B, cityName, cityOf, genderOf, msg, nm, revealParam, type S } from './common.ts';
import { lot } from './lots.ts';
import type { Stamped } from './state.ts';

/** Candidates with their city when it is not the list's own (T-VOTE-OPEN: «Kirill (Юг)»). */
export function candidateList(s: S, ids: readonly PlayerId[], city: number): string {
  return ids.map((id) => (cityOf(s, id) === city ? nm(s, id) : `${nm(s, id)} (${cityName(s, cityOf(s, id))})`)).join(', ');
}

/** The outcome of one city's tally (CIT-VOTE-8..10). */
interface CityResult {
  readonly city: number;
  readonly chosen: PlayerId | null;
  /** Chosen by the votes (T-EXEC follows), not by the mandatory-execution fallback. */
  readonly byVote: boolean;
  readonly parts: Message[];
}

/** CIT-VOTE-8: the ranking of a city's candidates by standing votes, ties to the earliest latest vote. */
export function ranking(s: S, city: number): { target: PlayerId; votes: Stamped[] }[] {
  return ranked(
    Object.values(s.v.votes[city]!),
    s.v.nominations[city]!.filter((x) => isAlive(s, x.target)).map((x) => x.target),
  );
}

/**
 * Ballots as every count of the rulebook ranks them (CIT-VOTE-8, CIT-JUD-6, CIT-GF-1, CIT-MAF-6): most votes first,
 * ties to the earlier latest vote, each candidate's votes in the order cast; only candidates `among` count.
 */
export function ranked<T>(ballots: readonly Stamped<T>[], among?: readonly T[]): { target: T; votes: Stamped<T>[] }[] {
  const cast = (a: Stamped<T>, z: Stamped<T>) => a.at - z.at || a.seq - z.seq;
  const by = new Map<T, Stamped<T>[]>();
  for (const x of ballots) if (!among || among.includes(x.target)) by.set(x.target, [...(by.get(x.target) ?? []), x]);
  const rows = [...by].map(([target, votes]) => ({ target, votes: votes.sort(cast) }));
  return rows.sort((a, z) => z.votes.length - a.votes.length || cast(a.votes.at(-1)!, z.votes.at(-1)!));
}

/** The voters of a candidate in the order of their votes. */
export function voterNames(s: S, city: number, votes: readonly Stamped[]): string {
  const by = s.v.votes[city]!;
  return votes.map((v) => nm(s, Object.keys(by).find((voter) => by[voter] === v)!)).join(', ');
}

/** The tally line of T-EXEC («Boris — 2 (Gleb, Vera), Gleb — 1 (Dina)»). */
export function tallyText(s: S, city: number): string {
  return ranking(s, city)
    .map((r) => `${nm(s, r.target)} — ${r.votes.length} (${voterNames(s, city, r.votes)})`)
    .join(', ');
}

/** CIT-VOTE-9, CIT-VOTE-10: whom a city's tally executes, with the lines that explain a skip or the fallback. */
export function tallyCity(b: B, city: number): CityResult {
  const s = b.state;
  const rows = ranking(s, city);
  const V = rows.reduce((n, r) => n + r.votes.length, 0);
  const parts: Message[] = [];
  const xcity = cityName(s, city);
  // CIT-VOTE-9: an outsider needs more than half of the votes; he is skipped otherwise.
  for (const r of rows) {
    const home = cityOf(s, r.target) === city;
    if (home || 2 * r.votes.length > V) return { city, chosen: r.target, byVote: true, parts };
    parts.push(
      msg('T-EXEC-XCITY-FAIL', { name: nm(s, r.target), city2: cityName(s, cityOf(s, r.target)), g: genderOf(s, r.target), v: r.votes.length, V, city: xcity }),
    );
  }
  // CIT-VOTE-10: the mandatory execution.
  const list = s.v.nominations[city]!.filter((x) => isAlive(s, x.target));
  const own = list.find((x) => cityOf(s, x.target) === city);
  if (own) {
    return {
      city,
      chosen: own.target,
      byVote: false,
      parts: [...parts, msg(V > 0 ? 'T-EXEC-FALLBACK-SKIPPED' : 'T-EXEC-FALLBACK-NOM', execParams(s, own.target))],
    };
  }
  const chosen = lot(b, 'execution', city);
  if (chosen === null) return { city, chosen: null, byVote: false, parts: [...parts, msg('T-EXEC-NONE', { city: xcity })] };
  return {
    city,
    chosen,
    byVote: false,
    parts: [...parts, msg(list.length > 0 ? 'T-EXEC-LOT-OUTSIDERS' : 'T-EXEC-LOT', { ...execParams(s, chosen), city: xcity })],
  };
}

/** The name, gender and revealed role of an executed player. */
export function execParams(s: S, id: PlayerId): Params {
  return { name: nm(s, id), g: genderOf(s, id), role: revealParam(s, id) };
}
