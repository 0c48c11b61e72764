// The village: the smallest rulebook Narrator can run, written as every rulebook is (docs/new-rulebook.md). A day
// with a vote in the thread ends at dusk with a lynch; a night with the mafia's order by private message ends at
// dawn with a murder; the village wins when no mafioso is left, the mafia when it is as many as the rest.
import { recordCount } from '../../src/engine/live-count.ts';
import { runModAction } from '../../src/engine/modactions.ts';
import { defineTimetable } from '../../src/engine/schedule.ts';
import { type DefinedVariant, defineVariant } from '../../src/engine/variant.ts';
import { ACTIONS, onPm, onPost } from './actions.ts';
import { deal, defaultRoles, FLOW, start, type VillageScratch } from './flow.ts';
import { en } from './messages.ts';
import { MOD_KIT } from './moderator.ts';
import { options, villageOptions } from './options.ts';
import { ROLES, SIDES } from './roles.ts';
import { SCHEDULE, type VillageInstant } from './schedule.ts';
import { evolveVillage, initialVillage, type VillageEvents, type VillageState } from './state.ts';

/** Each instant's resolution, as named steps in order (flow.ts implements them; the engine runs them). */
const TIMETABLE = defineTimetable<VillageState, VillageEvents, VillageInstant, VillageScratch>({
  schedule: SCHEDULE,
  hooks: { dusk: ['lynch', 'win'], dawn: ['murder', 'win'] },
  flow: FLOW,
  options: villageOptions,
});

/** The village rulebook. */
export const village: DefinedVariant<VillageState, typeof options, VillageEvents> = defineVariant({
  id: 'village',
  names: { en: 'Village (the example rulebook)' },
  defaultLocale: 'en',
  locales: ['en'],
  defaultTimeZone: 'Europe/London',
  // Every day is a play day.
  defaultCalendar: { workingWeekdays: [1, 2, 3, 4, 5, 6, 7], preset: 'none', extraPauseDays: [], extraWorkingDays: [] },
  minPlayers: 4,
  maxPlayers: 30,
  roles: ROLES,
  sides: SIDES,
  syntax: ACTIONS.syntax,
  actions: ACTIONS,
  messages: { en },
  optionsSchema: options,
  validateConfig: (config) => (config.roleList && !config.roleList.includes('mafioso') ? 'a role list needs at least one mafioso' : null),
  dealFromList: true,
  initial: initialVillage,
  evolve: evolveVillage,
  deal,
  start,
  timetable: TIMETABLE,
  post: onPost,
  // Edits change nothing: a vote is the line as first posted.
  edit: () => {},
  pm: onPm,
  // Every moderator action is the toolkit's (engine/modkit.ts).
  mod: (b, cmd) => runModAction(b, cmd, MOD_KIT.actions),
  modActions: MOD_KIT.described,
  modKit: MOD_KIT,
  defaultRoles,
  voteCount: (s) => {
    const open = s.phases.at(-1);
    return open?.id === 'day' ? recordCount(s, s.v.votes, open.round, 'day') : null;
  },
});
