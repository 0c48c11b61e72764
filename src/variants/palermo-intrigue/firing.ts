// Which rule each event of a palermo-intrigue game shows firing (Variant.firing): the labels `narrator simulate`
// counts.
import type { RuleFiring } from '../../engine/firing.ts';

/** palermo-intrigue's rule firings, by event type and message key. */
export const FIRING: RuleFiring = {
  events: {
    'condition.changed': {
      by: 'how',
      is: {
        murder: 'INT-KILL-3 murder',
        vote: 'INT-VOTE-7 voted out (ghost)',
        absences: 'INT-ABS-3 out for absences',
        outing: 'INT-OUT-5 out by an outing',
        detention: 'INT-CARD-7 detained / detention ran out',
        'grave-robbing': 'INT-CARD-4 grave robbing',
        'feign-death': 'INT-CARD-3 feign death',
        'failed-murder': 'INT-CARD-11 failed murder',
        'detention-cancel': 'INT-CARD-8 detention cancelled',
        penalty: 'INT-MOD-1 penalty detention',
        moderator: 'INT-MOD-4 moderator',
      },
      else: 'condition: {}',
    },
    'card.played': { by: 'card', is: {}, else: 'INT-CARD-2 card played: {}' },
    'kill.resolved': (d) =>
      Array.isArray(d.victims) && d.victims.length === 0
        ? ['INT-KILL-3 no murder']
        : Array.isArray(d.victims) && d.victims.length > 1
          ? ['INT-RM-2 revenge']
          : [],
    'night.answered': 'INT-NIGHT-3 night answer',
    'runoff.opened': 'INT-VOTE-8 runoff',
    'outing.submitted': { by: 'kind', is: {}, else: 'INT-OUT-3 outing submitted: {}' },
    'outing.resolved': (d) => [`INT-OUT-4 outing ${String(d.kind)} ${String(d.outcome)}`],
    'outing.lapsed': 'INT-OUT-6 massacre lapsed',
    'rm.activated': 'INT-RM-3 Rival Mafioso activated',
    'echo.started': 'INT-CARD-9 echo on',
    'game.ended': {
      by: 'reason',
      is: {
        'MSG-WIN-CITIZENS': 'INT-WIN-1 citizens win',
        'REASON-OUTNUMBER': 'INT-WIN-2 mafiosi outnumber',
        'REASON-ONLY-MAFIA': 'INT-WIN-2 only the Mafia left',
        'MSG-WIN-RIVAL': 'INT-WIN-4 Rival Mafioso wins',
      },
      else: 'end: {}',
    },
  },
  messages: {
    'MSG-INT-MAYOR': 'INT-VOTE-6 Mayor broke the tie',
    'MSG-TALLY-CLIENT': 'INT-ROLE-6 Lawyer annulled ballots',
    'MSG-TALLY-TRANSFER': 'INT-ROLE-7 Corrupt Cop moved ballots',
    'MSG-INT-NO-REMOVAL': 'INT-VOTE-5 removal suppressed by a detention',
    'MSG-INT-NO-ANSWER': 'INT-ROLE-3 blocked night action',
  },
};
