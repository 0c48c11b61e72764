// Which rule each event of a mafia-de game shows firing (Variant.firing): the labels `narrator simulate` counts.
// Hidden events count too: the statistics are the moderator's.
import type { RuleFiring } from '../../engine/firing.ts';

/** mafia-de's rule firings, by event type and message key. */
export const FIRING: RuleFiring = {
  events: {
    'player.removed': {
      by: 'how',
      is: {
        lynch: 'DE-VOTE-5 lynched',
        murder: 'DE-KILL-6 murdered',
        voodoo: 'DE-VOODOO-3 died by voodoo',
        dq: 'DE-MOD-2 disqualified',
        moderator: 'DE-MOD-1 removed by the moderator',
      },
      else: 'removed: {}',
    },
    'night.act': {
      by: 'kind',
      is: {
        kill: 'DE-KILL-1 murder order',
        protect: 'DE-PROT-1 protection',
        query: 'DE-QRY-1 detective query',
        compare: 'DE-QRY-2 matchmaker comparison',
        frame: 'DE-FRAME-1 framing',
        voodoo: 'DE-VOODOO-1 voodoo link',
        rob: 'DE-ROB-1 robbery',
      },
      else: 'act: {}',
    },
    'night.resolved': (d) => [
      ...(d.robbed !== undefined ? ['DE-ROB-2 robbery blocks abilities'] : []),
      ...((d.framed as readonly unknown[]).length > 0 ? ['DE-FRAME-2 framing inverts checks'] : []),
    ],
    'role.chosen': { by: 'random', is: { true: 'DE-MROLE-1 special role drawn at random' }, else: 'DE-MROLE-2 special role chosen' },
    'insider.guessed': { by: 'hit', is: { true: 'DE-INS-2 insider found the detective' }, else: 'DE-INS-2 insider missed' },
    'successor.designated': 'DE-BOSS-2 successor designated',
    'ad.accepted': 'DE-NEWS-1 ad placed',
    'will.set': 'DE-WILL-1 testament stored',
    'warning.changed': 'DE-INACT-5 warning',
    'thread.vote.hinted': 'DE-VOTE-9 thread vote hint',
    'pm.forwarded': 'DE-GEN-4 PN without a command forwarded',
    'moderator.flag': { by: 'reason', is: {}, else: 'flag {}' },
    'game.ended': {
      by: 'reason',
      is: {
        nomafia: 'DE-WIN-2 no mafioso left',
        nochance: 'DE-WIN-2 mafia at least as strong',
        alldead: 'DE-WIN-2 both parties wiped out',
        oneone: 'DE-VOTE-6 1:1 guard',
        surrender: 'DE-WIN-5 surrender',
      },
      else: 'end: {}',
    },
  },
  messages: {
    'MSG-LYNCH-TIE': 'DE-VOTE-5 tie: every tied player lynched',
    'MSG-NO-MURDER': 'DE-KILL-6 no murder',
    'MSG-RESULT-DET-mafia': 'DE-QRY-4 check shows mafia',
    'MSG-RESULT-DET-citizens': 'DE-QRY-4 check shows citizen',
    'MSG-RESULT-MM-same': 'DE-QRY-4 comparison: same party',
    'MSG-RESULT-MM-diff': 'DE-QRY-4 comparison: different parties',
    'MSG-NO-QUERY': 'DE-QRY-5 no query result',
    'MSG-NEW-BOSS': 'DE-BOSS-3 succession',
    'MSG-WILL-POST': 'DE-WILL-3 testament published',
    'MSG-WILL-PN': 'DE-WILL-3 testament sent to recipients',
    'MSG-VOTE-LINE': { by: 'mark', is: { default: 'DE-VOTE-4 default self-vote' } },
  },
};
