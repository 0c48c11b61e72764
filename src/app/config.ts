// Game setup at the edge: the zod schema of a "create game" request and its conversion into a validated
// GameConfig (local wall-clock times resolved in the game's zone, the variant's options and checks applied).
import { z } from 'zod';
import type { GameConfig, Locale } from '../engine/state.ts';
import { isIsoDate, isTimeZone, localDate, parseTimestamp } from '../engine/time.ts';
import type { Variant } from '../engine/variant.ts';
import { getVariant, VARIANTS } from '../variants/registry.ts';
import { AppError } from './errors.ts';
import { presetProblem, resolveCalendar } from './holidays.ts';

/** The game number a title carries ("Mafia #137" → "137"), or undefined (DE-GEN-1: the number comes from the title). */
export function gameNumberIn(title: string | undefined): string | undefined {
  return title?.match(/#\s*(\d+)/)?.[1];
}

const localTime = z.string().max(40).describe('local wall-clock time in the game zone, YYYY-MM-DDTHH:MM');

/** A request to create a game. Times are local to the game's time zone. */
export const gameSetupSchema = z
  .object({
    variant: z
      .string()
      .max(40)
      .describe(`rulebook id (${Object.keys(VARIANTS).join(', ')})`),
    title: z.string().trim().min(1).max(120).optional(),
    locale: z.enum(['el', 'en', 'de', 'ru']).optional(),
    timeZone: z.string().max(64).optional().describe('IANA zone; defaults to the variant’s'),
    calendar: z
      .object({
        preset: z.string().max(10).describe('holiday preset: none, GR, DE, DE-<state> (e.g. DE-BY) or RU'),
        workingWeekdays: z.array(z.number().int().min(1).max(7)).max(7),
        extraPauseDays: z.array(z.string().max(10)).max(366),
        extraWorkingDays: z.array(z.string().max(10)).max(366),
      })
      .partial()
      .strict()
      .optional(),
    signupDeadline: localTime.optional(),
    startAt: localTime,
    firstRoundDate: z.string().max(10).optional(),
    gameNumber: z.string().max(40).optional(),
    roleList: z.array(z.string().max(40)).max(100).optional(),
    options: z.record(z.string(), z.unknown()).optional().describe('variant options (public: they are part of game.created)'),
  })
  .strict();

/** A parsed create-game request. */
export type GameSetup = z.infer<typeof gameSetupSchema>;

const invalid = (message: string) => new AppError('game.invalid_config', 400, message);

/** Builds the GameConfig of a setup created at `now`. Throws AppError('game.invalid_config'). */
export function buildConfig(setup: GameSetup, now: number): { variant: Variant<unknown>; config: GameConfig } {
  const variant = getVariant(setup.variant);
  if (!variant) throw new AppError('game.unknown_variant', 400, `unknown variant "${setup.variant}"; known: ${Object.keys(VARIANTS).join(', ')}`);
  const timeZone = setup.timeZone ?? variant.defaultTimeZone;
  if (!isTimeZone(timeZone)) throw invalid(`unknown time zone "${timeZone}"`);
  const instant = (v: string, field: string) => {
    const t = parseTimestamp(v, timeZone);
    if (t === null) throw invalid(`${field}: not a time "${v}" (write YYYY-MM-DDTHH:MM)`);
    return t;
  };
  const startAt = instant(setup.startAt, 'startAt');
  const signupDeadline = setup.signupDeadline !== undefined ? instant(setup.signupDeadline, 'signupDeadline') : undefined;
  if (startAt <= now) throw invalid('startAt must be in the future');
  if (signupDeadline !== undefined && (signupDeadline > startAt || signupDeadline <= now))
    throw invalid('signupDeadline must be in the future and not after startAt');
  if (setup.firstRoundDate !== undefined && !isIsoDate(setup.firstRoundDate)) throw invalid(`firstRoundDate: not a date "${setup.firstRoundDate}"`);
  const c = setup.calendar ?? {};
  for (const d of [...(c.extraPauseDays ?? []), ...(c.extraWorkingDays ?? [])]) if (!isIsoDate(d)) throw invalid(`calendar: not a date "${d}"`);
  const preset = c.preset ?? variant.defaultCalendar.preset;
  const badPreset = presetProblem(preset);
  if (badPreset) throw invalid(`calendar: ${badPreset}`);
  const calendar = resolveCalendar(
    {
      preset,
      workingWeekdays: c.workingWeekdays ?? variant.defaultCalendar.workingWeekdays,
      extraPauseDays: c.extraPauseDays ?? [],
      extraWorkingDays: c.extraWorkingDays ?? [],
    },
    localDate(now, timeZone),
  );
  if (calendar.workingWeekdays.length === 0 && calendar.extraWorkingDays.length === 0) throw invalid('the calendar has no play day');
  const roleIds = new Set(variant.roles.map((r) => r.id));
  for (const r of setup.roleList ?? []) if (!roleIds.has(r)) throw invalid(`unknown role "${r}" (roles: ${[...roleIds].join(', ')})`);
  const options = variant.optionsSchema.safeParse(setup.options ?? {});
  if (!options.success) {
    const issue = options.error.issues[0]!;
    throw invalid(`options${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
  }
  const gameNumber = setup.gameNumber ?? gameNumberIn(setup.title);
  const config: GameConfig = {
    variant: variant.id,
    locale: (setup.locale ?? variant.defaultLocale) as Locale,
    timeZone,
    calendar,
    createdAt: now,
    startAt,
    ...(signupDeadline !== undefined ? { signupDeadline } : {}),
    ...(setup.firstRoundDate !== undefined ? { firstRoundDate: setup.firstRoundDate } : {}),
    ...(gameNumber !== undefined ? { gameNumber } : {}),
    ...(setup.roleList ? { roleList: setup.roleList } : {}),
    options: options.data,
  };
  const bad = variant.validateConfig(config);
  if (bad) throw invalid(bad);
  return { variant, config };
}
