// Investigations that can be falsified (a reusable piece): a check shows a player's formal team, a comparison
// says whether two players share a team, and a framing inverts what the checks show about the framed player
// for that night only.
import type { PlayerId } from '../core/types.ts';

/** The two teams a two-valued check can show. */
export interface TwoTeams {
  readonly a: string;
  readonly b: string;
}

/** The team a check shows: the true team, inverted when the player is framed. */
export function apparentTeam(trueTeam: string, framed: boolean, teams: TwoTeams): string {
  if (!framed) return trueTeam;
  return trueTeam === teams.a ? teams.b : teams.a;
}

/** A single check of `target` under a set of framed players. */
export function checkTeam(target: PlayerId, teamOf: (id: PlayerId) => string, framed: ReadonlySet<PlayerId>, teams: TwoTeams): string {
  return apparentTeam(teamOf(target), framed.has(target), teams);
}

/** A comparison of two players: true when they appear to share a team (framing flips the framed side). */
export function compareTeams(x: PlayerId, y: PlayerId, teamOf: (id: PlayerId) => string, framed: ReadonlySet<PlayerId>, teams: TwoTeams): boolean {
  return checkTeam(x, teamOf, framed, teams) === checkTeam(y, teamOf, framed, teams);
}
