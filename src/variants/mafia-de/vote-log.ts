// mafia-de's vote log (engine/vote-log.ts). Votes are private ballots sent to the game master (DE-VOTE-1,
// DE-VOTE-7): the live steps come from events only the voter and the moderator see, so only the moderator's history
// and count hold them; everyone learns the ballots from the day's result post, which is read here as a published
// step (each voter's counted ballot, marked as the post marks defaults and voided votes).
import type { Message } from '../../core/types.ts';
import type { EventsOf } from '../../engine/events.ts';
import type { BallotMark, NameIndex, VoteStep } from '../../engine/vote-log.ts';
import { type DeEvents, opened } from './events.ts';

/** The ballots of a MSG-DAY-RESULT post (its MSG-VOTE-LINE parts), or undefined for any other post. */
function published(parts: readonly Message[], names: NameIndex): VoteStep | undefined {
  const head = parts.findIndex((p) => p.key === 'MSG-DAY-RESULT');
  if (head < 0) return undefined;
  const round = Number(parts[head]!.params?.N ?? 0);
  const ballots: { voter: string; target: string; mark?: BallotMark }[] = [];
  for (const p of parts.slice(head + 1)) {
    if (p.key !== 'MSG-VOTE-LINE') break;
    const voter = names(String(p.params?.voter ?? ''));
    const target = names(String(p.params?.target ?? ''));
    const mark = p.params?.mark;
    if (voter === undefined || target === undefined) continue;
    ballots.push({ voter, target, ...(mark === 'default' || mark === 'void' ? { mark } : {}) });
  }
  return { kind: 'published', round, ballots };
}

/** mafia-de's votes as steps. */
export function mafiaDeVoteSteps(e: EventsOf<DeEvents>, names: NameIndex): VoteStep[] {
  // The day's ballots stand through the night in the rulebook's record (the moderator's count keeps them).
  const open = opened(e);
  if (open) return open.phase === 'day' ? [{ kind: 'open', round: open.n, phase: 'day' }] : [{ kind: 'phase', phase: open.phase }];
  switch (e.type) {
    case 'vote.cast':
      return [{ kind: 'cast', voter: e.data.voter, target: e.data.target }];
    // DE-VOTE-8: votes for a disqualified player become void; his own vote is discarded.
    case 'votes.voided':
      return [{ kind: 'void', why: 'target', voters: e.data.voters }];
    case 'player.removed':
      return [{ kind: 'void', why: 'removed', voters: [e.data.player] }];
    case 'message': {
      const step = published(e.data.parts, names);
      return step ? [step] : [];
    }
    default:
      return [];
  }
}
