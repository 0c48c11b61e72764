// The village's options: the two times of its round, in the game's time zone.
import { z } from 'zod';
import { optionsReader } from '../../src/engine/variant.ts';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a local time HH:MM');

/** The options' schema (the create form and the API validate a game's options with it). */
export const options = z
  .object({
    duskTime: time.default('20:00').describe('when the day’s vote closes'),
    dawnTime: time.default('08:00').describe('when the night ends (the next morning)'),
  })
  .strict();

/** The options, defaults filled in. */
export type VillageOptions = z.output<typeof options>;

/** A configuration's options, typed. */
export const villageOptions = optionsReader(options);
