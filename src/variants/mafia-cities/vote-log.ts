// mafia-cities' vote log (engine/vote-log.ts): each city votes in its own thread between voteStart and voteEnd
// (CIT-VOTE-1), a vote may be taken back (CIT-VOTE-4), votes for a candidate who dies are void (CIT-VOTE-7); the
// count ranks candidates as the tally does (CIT-VOTE-6: equal counts, the one whose last vote came first leads).
import type { EventsOf } from '../../engine/events.ts';
import type { VoteStep } from '../../engine/vote-log.ts';
import type { CitEvents } from './events.ts';
import { cityChannel } from './state.ts';

/** mafia-cities' votes as steps, each ballot in its city's thread. */
export function citiesVoteSteps(e: EventsOf<CitEvents>): VoteStep[] {
  switch (e.type) {
    // CIT-VOTE-1: execution votes are taken on Day k ≥ 1 only; Day 0's count never opens.
    case 'cit.voting':
      return e.data.day >= 1 ? [{ kind: 'open', round: e.data.day, phase: 'vote' }] : [];
    case 'cit.night':
      return [{ kind: 'close' }];
    case 'cit.voted':
      return [{ kind: 'cast', voter: e.data.voter, target: e.data.target, channel: cityChannel(e.data.city) }];
    case 'cit.unvoted':
      return [{ kind: 'withdraw', voter: e.data.voter, channel: cityChannel(e.data.city) }];
    case 'cit.votes.voided':
      return [{ kind: 'void', why: 'target', targets: [e.data.target] }];
    default:
      return [];
  }
}
