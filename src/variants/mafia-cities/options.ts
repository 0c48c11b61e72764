// The mafia-cities options (spec §3.4) and their typed reader. Fixture keys (cities, touring order, judges,
// Godfathers) let a moderator or a test script fix what the engine would otherwise draw or elect; fixed values
// consume no draws and are announced as fixed (CIT-ENG-7).
import { z } from 'zod';
import { optionsReader } from '../../engine/variant.ts';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a local time HH:MM');

export const options = z
  .object({
    /** §3.4: start of day and end of night. */
    dayStart: hhmm.default('10:00'),
    /** §3.4: end of nominations, start of the execution and judge votes. */
    voteStart: hhmm.default('18:00'),
    /** §3.4: the execution instant and the start of the night. */
    voteEnd: hhmm.default('22:00'),
    /** §3.4: the recall cutoff and the same-day election cutoff lie this many hours before voteStart. */
    recallLeadHours: z.number().int().min(0).max(12).default(4),
    /** §3.4: number of cities (default max(2, min(6, ⌊N/8⌋))). */
    cityCount: z.number().int().min(2).max(6).optional(),
    /** §3.4: city names in order (default «Город 1», «Город 2», …). */
    cityNames: z.array(z.string().trim().min(1).max(40)).min(2).max(6).optional(),
    includeDoctor: z.boolean().default(true),
    includeManiac: z.boolean().default(true),
    /** CIT-DOC-2. */
    doctorSelfProtect: z.boolean().default(true),
    /** CIT-DOC-2. */
    doctorRepeatTarget: z.boolean().default(true),
    /** CIT-ANN-3: name the weapon in the morning post. */
    revealWeapon: z.boolean().default(true),
    /** CIT-SET-9: publish each city's composition. */
    publishComposition: z.boolean().default(true),
    /** CIT-THR-3. */
    nightThreadsLocked: z.boolean().default(true),
    /** CIT-CRT-4, A-12: judges in office the court needs to execute. */
    courtMinJudges: z.number().int().min(1).max(6).default(2),
    /** CIT-LW-2: the longest last word in characters (about three minutes of speech). */
    lastWordTextMaxChars: z.number().int().min(1).max(20_000).default(2500),
    /** CIT-REL-1: relays per family and game day, and their length. */
    relayMaxPerDay: z.number().int().min(0).max(100).default(5),
    relayMaxChars: z.number().int().min(1).max(5000).default(1000),
    /** CIT-ACT-3: consecutive inactive game days after which the Prokurator kills (0: no automatic kill, no counting). */
    inactivityDaysToKill: z.number().int().min(0).max(30).default(2),
    /** CIT-ACT-3: the inactivity kill issues the «Овощ» warning. */
    vegetableOnInactivityKill: z.boolean().default(true),
    /** CIT-ACT-5: absence days a player may declare per game. */
    absenceMaxDays: z.number().int().min(0).max(30).default(2),
    /** §0: grammatical gender per player name (м/ж) for Russian templates; unknown → the neutral «(а)» forms. */
    genders: z.record(z.string(), z.enum(['m', 'f'])).optional(),
    /** Fixture: each player's city by name (no draw for the cities; CIT-SET-3 does not apply). */
    cities: z.record(z.string(), z.string()).optional(),
    /** Fixture: the touring order by city names (CIT-SET-7 does not draw). */
    tourOrder: z.array(z.string()).optional(),
    /** Fixture: acting judges at the start by city name (no Day 0 election in those cities). */
    judges: z.record(z.string(), z.string()).optional(),
    /** Fixture: Godfathers at the start by city name (no Day 0 Godfather election there). */
    godfathers: z.record(z.string(), z.string()).optional(),
    /** CIT-JUD-4: the longest campaign speech in characters. */
    speechTextMaxChars: z.number().int().min(1).max(20_000).default(5000),
  })
  .strict();

/** The options of a configuration, as the schema types them. */
export const citOptions = optionsReader(options);

/** The options' type. */
export type CitOptions = z.output<typeof options>;
