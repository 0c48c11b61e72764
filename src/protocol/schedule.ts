// The schedule of a game: the rulebook's declared day (phases, instants, windows, pauses; times read with the game's
// options) and the game's pending instants, so a client can draw its timeline.
import { z } from 'zod';

/** A declared instant of a rulebook's day. */
export const instantShapeSchema = z.object({
  id: z.string(),
  phase: z.string().optional(),
  kind: z.string().describe('the deadline kind it is scheduled under'),
  when: z.string().describe("'HH:MM', 'first HH:MM ≥ 8 h after opening' or '<instant> + 60 min'"),
  at: z
    .union([
      z.object({ local: z.string(), dayOffset: z.number() }),
      z.object({ first: z.string(), atLeastMinutes: z.number() }),
      z.object({ after: z.string(), minutes: z.number() }),
      z.object({ before: z.string(), minutes: z.number() }),
    ])
    .describe('the same as data: a local time (days after the phase’s date), or minutes from another instant'),
  rounds: z.string(),
  onDemand: z.boolean().describe('planned only when called for (a runoff, a timer)'),
  what: z.string(),
});

/** A declared window: something may (or, locked/dead, may not) be done between two edges. */
export const windowShapeSchema = z.object({
  id: z.string(),
  phase: z.string().describe("the phase it belongs to; 'timers' for windows from an action, 'daily' for every calendar day"),
  opens: z.string(),
  closes: z.string(),
  rounds: z.string(),
  mode: z.enum(['open', 'locked', 'dead']),
  what: z.string(),
});

/** A pending instant of the game. */
export const pendingInstantSchema = z.object({
  id: z.string(),
  kind: z.string(),
  instant: z.string().optional().describe('the declared instant; absent for the engine’s own (signup close, start)'),
  at: z.number(),
  time: z.string().describe('local ISO time in the game zone'),
  round: z.number().optional(),
});

/** Reply of GET /api/games/:id/schedule. */
export const scheduleReply = z.object({
  timeZone: z.string(),
  status: z.string(),
  paused: z.boolean(),
  phase: z.string().nullable().describe('the open phase of the declared day'),
  declared: z.object({
    phases: z.array(z.object({ id: z.string(), what: z.string() })),
    instants: z.array(instantShapeSchema),
    windows: z.array(windowShapeSchema),
    pauses: z.string().optional(),
  }),
  next: z.array(pendingInstantSchema).describe('pending instants, earliest first'),
});
/** Reply of GET /api/games/:id/schedule. */
export type ScheduleReply = z.infer<typeof scheduleReply>;
