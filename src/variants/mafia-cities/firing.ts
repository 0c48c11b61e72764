// Which rule each event of a mafia-cities game shows firing (Variant.firing): the labels `narrator simulate` counts,
// so a report shows how often the Prokurator strikes inactive players out (CIT-ACT-3) beside the other deaths.
import type { RuleFiring } from '../../engine/firing.ts';

/** mafia-cities' rule firings, by event type. */
export const FIRING: RuleFiring = {
  events: {
    'player.removed': {
      by: 'how',
      is: {
        execution: 'CIT-VOTE-11 executed',
        court: 'CIT-CRT-7 court execution',
        night: 'CIT-RES-2 killed at night',
        inactivity: 'CIT-ACT-3 inactivity kill',
        suicide: 'CIT-ACT-6 suicide',
        moderator: 'CIT-MOD-4 staff kill',
      },
      else: 'removed: {}',
    },
    'cit.absent': 'CIT-ACT-5 absence declared',
    'player.warned': 'CIT-ACT-7 «Овощ» warning',
  },
};
