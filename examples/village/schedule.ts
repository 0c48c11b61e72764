// The village's day as data: a day that ends with the vote at dusk, then a night that ends at dawn, every calendar
// day. Which steps run at each instant is declared in index.ts; the steps are in flow.ts.
import type { ScheduleDef } from '../../src/engine/schedule.ts';

/** The two instants of a round. */
export type VillageInstant = 'dusk' | 'dawn';

/** The declared schedule: phases, their instants and windows, and where each phase goes next. */
export const SCHEDULE: ScheduleDef<VillageInstant> = {
  phases: [
    {
      id: 'day',
      what: { en: 'day r: discussion and the vote in the thread' },
      instants: [{ id: 'dusk', when: { local: { option: 'duskTime' } }, what: { en: 'the vote closes: the most-voted player is lynched' } }],
      windows: [{ id: 'vote', opens: 'open', closes: { instant: 'dusk' }, what: { en: 'the vote' } }],
      next: [{ at: 'dusk', to: [{ phase: 'night' }] }],
    },
    {
      id: 'night',
      what: { en: 'night r: the mafia chooses a victim by private message' },
      instants: [{ id: 'dawn', when: { local: { option: 'dawnTime' }, dayOffset: 1 }, what: { en: 'dawn: the victim is found' } }],
      windows: [{ id: 'kill', opens: 'open', closes: { instant: 'dawn' }, what: { en: "the mafia's order" } }],
      next: [{ at: 'dawn', to: [{ phase: 'day', round: 'next', date: 'next-day' }] }],
    },
  ],
  pauses: { en: 'none: the village plays every day' },
};
