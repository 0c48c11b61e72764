// The mafia-de options (spec §1.1) and their typed reader: the schema is the one source of their type.
import { z } from 'zod';
import { isIsoDate } from '../../engine/time.ts';
import { optionsReader } from '../../engine/variant.ts';

// DE-SCHED-2/3: a wall-clock time of the day; "25:00" is not one.
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a local time HH:MM from 00:00 to 23:59');

/** DE-GEN-1: the configuration of spec §1.1, with its defaults. */
export const options = z
  .object({
    minPlayers: z.number().int().min(2).default(7),
    maxPlayers: z.number().int().min(2).default(30),
    mafiaCount: z.number().int().min(1).optional(),
    dayEnd: hhmm.default('20:00'),
    nightEnd: hhmm.default('10:00'),
    minDayHours: z.number().min(0).default(8),
    minNightHours: z.number().min(0).default(8),
    pauseDates: z.array(z.string().refine(isIsoDate, 'a date YYYY-MM-DD')).default([]),
    weekendPause: z.boolean().default(false),
    signupExtensionHours: z.number().positive().default(24),
    maxSignupExtensions: z.number().int().min(0).default(2),
    deathMessageMinSentences: z.number().int().min(0).default(4),
    deathMessageMinChars: z.number().int().min(0).default(300),
    adQuotaMafia: z.number().int().min(0).default(2),
    adQuotaCitizenSpecial: z.number().int().min(0).default(1),
    adMaxChars: z.number().int().min(1).default(1000),
    pseudonymMaxChars: z.number().int().min(1).default(40),
    testamentMaxChars: z.number().int().min(1).default(5000),
    minPostsPerCycle: z.number().int().min(0).default(2),
    minPostChars: z.number().int().min(0).default(20),
    maxWarnings: z.number().int().min(1).default(3),
    surrenderWindowSeconds: z.number().int().positive().default(300),
    // DE-GEN-1 (§1.1): a new game's blacklist is empty, and its game masters are its own moderators (folded into the
    // state from the service's events); `moderatorAccounts` adds accounts that moderate elsewhere (the seed game's
    // scripts name its "Finanzamt" here, and its blacklist above).
    blacklist: z.array(z.string()).default([]),
    moderatorAccounts: z.array(z.string()).default([]),
  })
  .strict();

/** The variant's options after defaults (spec §1.1). */
export type DeOptions = z.output<typeof options>;

/** The options of a configuration, as the schema types them. */
export const deOptions = optionsReader(options);
