// Previews for the create-game form: the play days the calendar gives from the chosen start (with the dates it
// skips and why), and the balance of the chosen setup from the simulator (win rate per side with its interval);
// and a rulebook's message tables, for a client that renders messages from their parts in its reader's language.
import { z } from 'zod';
import { instantShapeSchema } from './schedule.ts';

/** A date the calendar skips between two play days, and why. */
export const skippedDateSchema = z.object({
  date: z.string().describe('YYYY-MM-DD'),
  why: z.enum(['weekday', 'holiday', 'pause']).describe('weekday: not a playing weekday; holiday: the preset’s public holiday; pause: an extra pause day'),
});

/** Reply of POST /api/setup/dates. */
export const datesPreviewReply = z.object({
  timeZone: z.string(),
  start: z.string().describe('the start, local ISO time in the game zone'),
  playDays: z
    .array(z.object({ date: z.string(), weekday: z.number().int().min(1).max(7).describe('ISO weekday, 1 = Monday') }))
    .describe('the first play days from the first round’s date on: one round a play day where the rulebook plays so'),
  skipped: z.array(skippedDateSchema).describe('the dates between them the calendar pauses on'),
  instants: z
    .array(z.object({ what: z.string(), when: z.string(), at: instantShapeSchema.shape.at }))
    .describe('the rulebook’s declared day, read with the options'),
});
/** The play-day preview. */
export type DatesPreviewReply = z.infer<typeof datesPreviewReply>;

/** The body of POST /api/setup/balance: the setup to simulate. */
export const balanceBody = z
  .object({
    variant: z.string().min(1).max(40),
    players: z.number().int().min(1).max(100).describe('how many players the setup has (the rulebook’s deal for that count)'),
    options: z.record(z.string(), z.unknown()).optional().describe('rulebook options'),
    roleList: z
      .array(z.string().max(40))
      .max(100)
      .optional()
      .describe('the deal to simulate, one role a player (as the create request’s roleList); default: the rulebook’s deal for `players`'),
    games: z.number().int().min(50).max(1000).default(400).describe('games to simulate (fewer when the time cap is reached)'),
  })
  .strict();
/** A balance request. */
export type BalanceBody = z.infer<typeof balanceBody>;

/** Reply of POST /api/setup/balance. */
export const balanceReply = z.object({
  variant: z.string(),
  players: z.number(),
  roles: z.record(z.string(), z.number()).describe('the deal simulated: role -> seats'),
  games: z.number().describe('games played (fewer than asked when the time cap was reached)'),
  unfinished: z.number().describe('games stopped at the round cap without a winner'),
  sides: z
    .array(z.object({ side: z.string(), wins: z.number(), rate: z.number(), lo: z.number(), hi: z.number() }))
    .describe('win rate per side with its Wilson 95% interval'),
  meanRounds: z.number(),
  seconds: z.number(),
  cached: z.boolean(),
});
/** A balance estimate. */
export type BalanceReply = z.infer<typeof balanceReply>;

/** Names of a rulebook's roles, sides or teams, per language. */
const namedSchema = z.array(z.object({ id: z.string(), names: z.record(z.string(), z.string()) }));

/** Reply of GET /api/variants/:id/texts: what src/i18n/render.ts reads of a rulebook, for one language and English. */
export const messageTablesReply = z.object({
  messages: z.record(z.string(), z.record(z.string(), z.string())).describe('language -> key -> ICU template (the rulebook’s over the engine’s)'),
  roles: namedSchema,
  sides: namedSchema,
  teams: namedSchema,
  locales: z.array(z.string()).describe('the languages the rulebook’s own texts (templates, declared day) are written in'),
  labels: z
    .record(z.string(), z.record(z.string(), z.string()))
    .describe('language -> key -> ICU label of the interface (deadlines, phases, moderator actions, audit entries; src/i18n/labels.ts)'),
});
/** A rulebook's message tables. */
export type MessageTablesReply = z.infer<typeof messageTablesReply>;
