// palermo's vote log (engine/vote-log.ts): the day's votes are thread posts (PAL-VOTE), a tie opens a runoff poll of
// its own ballots (PAL-TIE); the steps mirror how the rulebook's state keeps them (state.ts), so the host's recount
// at any post equals the live count as it stood then.
import type { EventsOf } from '../../engine/events.ts';
import type { VoteStep } from '../../engine/vote-log.ts';
import type { PalEvents } from './events.ts';

/** palermo's votes as steps. */
export function palermoVoteSteps(e: EventsOf<PalEvents>): VoteStep[] {
  switch (e.type) {
    case 'round.opened':
      return [{ kind: 'open', round: e.data.round, phase: 'day' }];
    case 'vote.cast':
    case 'runoff.ballot':
      return [{ kind: 'cast', voter: e.data.voter, target: e.data.target }];
    case 'votes.voided':
      return [{ kind: 'void', why: e.data.byModerator ? 'moderator' : 'target', voters: e.data.voters, phase: 'day' }];
    // A player who leaves takes his day ballot with him; a runoff ballot stays unless he was a candidate.
    case 'player.removed':
      return [{ kind: 'void', why: 'removed', voters: [e.data.player], phase: 'day' }];
    case 'close.resolved':
      return [{ kind: 'close' }];
    case 'runoff.opened':
      return [{ kind: 'open', round: e.data.round, phase: 'runoff' }];
    // PAL-TIE-4: ballots for candidates no longer in the poll are void.
    case 'runoff.extended':
      return [{ kind: 'void', why: 'runoff', keep: e.data.candidates, phase: 'runoff' }];
    case 'runoff.dropped':
      return [{ kind: 'void', why: 'removed', voters: [e.data.player], targets: [e.data.player], phase: 'runoff' }];
    default:
      return [];
  }
}
