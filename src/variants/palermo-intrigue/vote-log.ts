// palermo-intrigue's vote log (engine/vote-log.ts): votes and changes are thread posts (INT-VOTE), a player who
// leaves `active` takes his ballot with him (INT-STATE-2) and may get it back (INT-CARD-11), a tie opens a runoff
// poll. The steps mirror the rulebook's state (state.ts), so the host's recount equals the live count.
import type { EventsOf } from '../../engine/events.ts';
import type { VoteStep } from '../../engine/vote-log.ts';
import type { IntEvents } from './events.ts';

/** palermo-intrigue's votes as steps. */
export function intrigueVoteSteps(e: EventsOf<IntEvents>): VoteStep[] {
  switch (e.type) {
    case 'round.opened':
      return [{ kind: 'open', round: e.data.round, phase: 'day' }];
    case 'vote.cast':
    case 'runoff.ballot':
      return [{ kind: 'cast', voter: e.data.voter, target: e.data.target }];
    case 'condition.changed':
      return e.data.to === 'active' ? [] : [{ kind: 'void', why: 'removed', voters: [e.data.player], phase: 'day' }];
    case 'votes.voided':
      return [{ kind: 'void', why: 'target', voters: e.data.voters, phase: 'day' }];
    case 'votes.restored':
      return [{ kind: 'restore', ballots: e.data.ballots, phase: 'day' }];
    case 'count.resolved':
      return [{ kind: 'close' }];
    case 'runoff.opened':
      return [{ kind: 'open', round: e.data.round, phase: 'runoff' }];
    case 'runoff.extended':
      return [{ kind: 'void', why: 'runoff', keep: e.data.candidates, phase: 'runoff' }];
    case 'runoff.dropped':
      return [{ kind: 'void', why: 'removed', voters: [e.data.player], targets: [e.data.player], phase: 'runoff' }];
    default:
      return [];
  }
}
