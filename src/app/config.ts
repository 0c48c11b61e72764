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
    firstRoundDate: z.string().max(10).optional().describe('YYYY-MM-DD, or "auto": the first date round 1 can be played from the start'),
    gameNumber: z.string().max(40).optional().describe('the game number, or "auto": the title’s number, else the next one where the rulebook needs one'),
    roleList: z.array(z.string().max(40)).max(100).optional(),
    options: z.record(z.string(), z.unknown()).optional().describe('variant options (public: they are part of game.created)'),
  })
  .strict();

/** A parsed create-game request. */
export type GameSetup = z.infer<typeof gameSetupSchema>;

/**
 * A refused setup: the message, and (as `details`) the create body's field at fault with a stable reason and its
 * parameters, so a form names its own field in its reader's language (issue 25 item 9).
 */
const invalid = (message: string, field?: string, reason?: string, params: Readonly<Record<string, string>> = {}) =>
  new AppError('game.invalid_config', 400, message, field ? { field, reason: reason ?? 'invalid', params } : undefined);

/** What a create request may leave to the server: the next game number of a rulebook (for `gameNumber: "auto"`). */
export interface SetupContext {
  readonly nextGameNumber?: (variant: string) => string;
}

/** The next game number among games of a rulebook: one more than the highest numeric one, else 1. */
export function nextGameNumber(numbers: Iterable<string | undefined>): string {
  let max = 0;
  for (const n of numbers) if (n !== undefined && /^\d{1,9}$/.test(n)) max = Math.max(max, Number(n));
  return String(max + 1);
}

/** The setup context of a server's games: the next number is counted among the games of the same rulebook. */
export function setupContextOf(games: () => Iterable<{ readonly state: { readonly config: GameConfig } }>): SetupContext {
  return {
    nextGameNumber: (variant) => nextGameNumber([...games()].filter((g) => g.state.config.variant === variant).map((g) => g.state.config.gameNumber)),
  };
}

/**
 * Builds the GameConfig of a setup created at `now`. Throws AppError('game.invalid_config'). `"auto"` as
 * `firstRoundDate` asks the rulebook for the first date round 1 can be played from the start (a create form's
 * default); as `gameNumber`, the title's number or else the server's next one where the rulebook needs a number.
 */
export function buildConfig(setup: GameSetup, now: number, ctx: SetupContext = {}): { variant: Variant<unknown>; config: GameConfig } {
  const variant = getVariant(setup.variant);
  if (!variant) throw new AppError('game.unknown_variant', 400, `unknown variant "${setup.variant}"; known: ${Object.keys(VARIANTS).join(', ')}`);
  const timeZone = setup.timeZone ?? variant.defaultTimeZone;
  if (!isTimeZone(timeZone)) throw invalid(`unknown time zone "${timeZone}"`, 'timeZone', 'zone', { zone: timeZone });
  const instant = (v: string, field: string) => {
    const t = parseTimestamp(v, timeZone);
    if (t === null) throw invalid(`${field}: not a time "${v}" (write YYYY-MM-DDTHH:MM)`, field, 'time');
    return t;
  };
  const startAt = instant(setup.startAt, 'startAt');
  const signupDeadline = setup.signupDeadline !== undefined ? instant(setup.signupDeadline, 'signupDeadline') : undefined;
  if (startAt <= now) throw invalid('startAt must be in the future', 'startAt', 'past');
  if (signupDeadline !== undefined && (signupDeadline > startAt || signupDeadline <= now))
    throw invalid('signupDeadline must be in the future and not after startAt', 'signupDeadline', 'past');
  const autoRound = setup.firstRoundDate === 'auto';
  if (setup.firstRoundDate !== undefined && !autoRound && !isIsoDate(setup.firstRoundDate))
    throw invalid(`firstRoundDate: not a date "${setup.firstRoundDate}"`, 'firstRoundDate', 'time');
  const c = setup.calendar ?? {};
  for (const d of [...(c.extraPauseDays ?? []), ...(c.extraWorkingDays ?? [])])
    if (!isIsoDate(d)) throw invalid(`calendar: not a date "${d}"`, 'calendar', 'time');
  const preset = c.preset ?? variant.defaultCalendar.preset;
  const badPreset = presetProblem(preset);
  if (badPreset) throw invalid(`calendar: ${badPreset}`, 'calendar', 'preset');
  const calendar = resolveCalendar(
    {
      preset,
      workingWeekdays: c.workingWeekdays ?? variant.defaultCalendar.workingWeekdays,
      extraPauseDays: c.extraPauseDays ?? [],
      extraWorkingDays: c.extraWorkingDays ?? [],
    },
    localDate(now, timeZone),
  );
  if (calendar.workingWeekdays.length === 0 && calendar.extraWorkingDays.length === 0) throw invalid('the calendar has no play day', 'calendar', 'calendar');
  const roleIds = new Set(variant.roles.map((r) => r.id));
  for (const r of setup.roleList ?? [])
    if (!roleIds.has(r)) throw invalid(`unknown role "${r}" (roles: ${[...roleIds].join(', ')})`, 'roleList', 'deal', { detail: r });
  const options = variant.optionsSchema.safeParse(setup.options ?? {});
  if (!options.success) {
    const issue = options.error.issues[0]!;
    throw invalid(`options${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`, 'options', 'options');
  }
  const titled = gameNumberIn(setup.title);
  const gameNumber =
    setup.gameNumber === 'auto' ? (titled ?? (variant.numbered ? (ctx.nextGameNumber?.(variant.id) ?? '1') : undefined)) : (setup.gameNumber ?? titled);
  const config: GameConfig = {
    variant: variant.id,
    locale: (setup.locale ?? variant.defaultLocale) as Locale,
    timeZone,
    calendar,
    createdAt: now,
    startAt,
    ...(signupDeadline !== undefined ? { signupDeadline } : {}),
    ...(setup.firstRoundDate !== undefined && !autoRound ? { firstRoundDate: setup.firstRoundDate } : {}),
    ...(gameNumber !== undefined ? { gameNumber } : {}),
    ...(setup.roleList ? { roleList: setup.roleList } : {}),
    options: options.data,
  };
  const auto = autoRound && variant.firstRoundFrom ? { ...config, firstRoundDate: variant.firstRoundFrom(config) } : config;
  const bad = variant.validateConfig(auto);
  if (typeof bad === 'string') throw invalid(bad);
  if (bad) throw invalid(bad.message, bad.field, bad.reason, bad.params);
  return { variant, config: auto };
}
