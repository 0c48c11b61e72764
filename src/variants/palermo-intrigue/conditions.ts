// INT-STATE-1/3: the four player conditions and the rights each grants, as a table for engine/conditions.ts.
import { defineConditions } from '../../engine/conditions.ts';

/** A player's condition (INT-STATE-1). */
export type IntCondition = 'active' | 'detained' | 'ghost' | 'out';

/** The rights of INT-STATE-3 (the echo flag adds post/vote to a ghost; see `mayWithEcho`). */
export type IntRight = 'post' | 'vote' | 'voted' | 'act' | 'card' | 'target' | 'ghost-target' | 'detained-target' | 'oracle-target' | 'absence' | 'present';

/** INT-STATE-3 as data. */
export const STATES = defineConditions<IntCondition, IntRight>(
  {
    active: ['post', 'vote', 'voted', 'act', 'card', 'target', 'oracle-target', 'absence', 'present'],
    detained: ['detained-target', 'present'],
    ghost: ['ghost-target', 'oracle-target'],
    out: [],
  },
  'active',
);

/** Rights an echo flag adds to a ghost (INT-CARD-9). */
export const ECHO_RIGHTS: ReadonlySet<IntRight> = new Set(['post', 'vote']);

/** Greek and English names of the conditions (R-STATE, R-TARGET-STATE). */
export const CONDITION_NAMES: Record<IntCondition, { el: string; en: string }> = {
  active: { el: 'ενεργός', en: 'active' },
  detained: { el: 'προφυλακισμένος', en: 'detained' },
  ghost: { el: 'φάντασμα', en: 'ghost' },
  out: { el: 'οριστικά εκτός', en: 'permanently out' },
};
