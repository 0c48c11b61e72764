// Which rule each event of a palermo game shows firing (Variant.firing): the labels `narrator simulate` counts.
import type { RuleFiring } from '../../engine/firing.ts';

/** Palermo's rule firings, by event type. */
export const FIRING: RuleFiring = {
  events: {
    'player.removed': {
      by: 'how',
      // An outing's removal is counted as 'PAL-OUT-11 outing missed' from outing.resolved.
      is: { vote: 'PAL-VOTE-8 voted out', murder: 'PAL-KILL-4 murder', absences: 'PAL-ABS-3 removed for absences', outing: null },
      else: 'removed: {}',
    },
    // A murder fires PAL-KILL-4 at the removal; a night without one was saved by the nurse or had no order.
    'kill.resolved': (d) =>
      d.victim !== undefined ? [] : d.order !== undefined && d.order === d.protection ? ['PAL-NUR-3 protection saved the target'] : ['PAL-KILL-5 no murder'],
    'runoff.opened': 'PAL-TIE-1 runoff',
    'runoff.extended': 'PAL-TIE-4 runoff extension',
    'lot.drawn': 'PAL-TIE-5 lot',
    'votes.voided': 'PAL-VOTE-7 votes voided',
    'outing.submitted': 'PAL-OUT-1 outing submitted',
    'outing.resolved': { by: 'outcome', is: { success: 'PAL-OUT-10 outing succeeded', miss: 'PAL-OUT-11 outing missed' }, else: 'PAL-OUT-9 outing void' },
    'kill.lost': 'PAL-OUT-13 murder lost',
    'lastwords.granted': 'PAL-LW-1 last words granted',
    'game.ended': {
      by: 'reason',
      is: {
        'MSG-WIN-CITIZENS': 'PAL-WIN-1 no killer left',
        'REASON-NO-CITIZENS': 'PAL-WIN-2 no citizen left',
        'REASON-OUTING': 'PAL-WIN-3 outing',
        'REASON-OUTNUMBER': 'PAL-WIN-4 killers outnumber',
        'REASON-PARITY': 'option killersWinAtParity',
      },
      else: 'end: {}',
    },
  },
};
