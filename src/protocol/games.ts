// Games and their read models: a game's summary, one line of a view, a page of a view, the vote count, the next
// deadline, and the reply to every command.
import { z } from 'zod';
import { localeSchema } from './common.ts';
import { messageSchema, paramSchema } from './messages.ts';

/** The next deadline a game waits for (null when none). */
export const deadlineSchema = z.object({ at: z.number(), time: z.string(), kind: z.string(), id: z.string() }).nullable();

/** The live vote count (null for a private ballot or when no vote is open). */
export const voteCountSchema = z
  .object({
    round: z.number(),
    phase: z.string(),
    lines: z.array(z.object({ target: z.string(), votes: z.number(), voters: z.array(z.string()), channel: z.string().optional() })),
    notVoted: z.array(z.string()),
    /** With a vote per thread (mafia-cities' cities): who has not voted there, by channel. */
    notVotedIn: z.record(z.string(), z.array(z.string())).optional(),
  })
  .nullable();

/** A game in the list, and the head of GET /api/games/:id. */
export const gameSummary = z.object({
  id: z.string(),
  title: z.string(),
  variant: z.string(),
  status: z.string(),
  players: z.number(),
  moderators: z.array(z.string()),
  timeZone: z.string(),
  locale: z.string(),
  commitment: z.string(),
  createdAt: z.number(),
  startAt: z.number(),
  nextDeadline: deadlineSchema,
  version: z.number(),
});
/** A game summary. */
export type GameSummary = z.infer<typeof gameSummary>;

/** Reply of GET /api/games. */
export const gameList = z.object({ games: z.array(gameSummary) });

/** One line of a view (thread, inbox, team channel). */
export const itemSchema = z.object({
  seq: z.number(),
  at: z.number(),
  time: z.string(),
  kind: z.string(),
  author: z.string().optional(),
  postId: z.string().optional(),
  n: z
    .number()
    .int()
    .optional()
    .describe('the post’s number in its channel (posts and announcements; public threads number public posts only, so every reader has the same numbers)'),
  code: z.string().optional(),
  pin: z.string().optional().describe('a pinned post’s slot: the latest announcement of a slot replaces the earlier ones (status list, tallies)'),
  text: z.string(),
  parts: z
    .array(messageSchema)
    .readonly()
    .optional()
    .describe('the message behind `text` (announcements, PMs, rejections, flags): key and structured parameters'),
});

/** One page of a view: `next` is the `from` of the next page (null once the caller has everything). */
export const pageReply = z.object({ items: z.array(itemSchema), next: z.number().nullable(), version: z.number() });
/** A page of a view. */
export type PageReply = z.infer<typeof pageReply>;

/** A page of the public thread with the game's status, live vote count and next deadline. */
export const threadReply = pageReply.extend({ status: z.string(), votes: voteCountSchema, nextDeadline: deadlineSchema });
/** A page of the thread. */
export type ThreadReply = z.infer<typeof threadReply>;
/** One line of a view. */
export type Item = z.infer<typeof itemSchema>;

/** The reply to a command (a post, a PM, a signup, a moderator action) in the caller's numbering. */
export const commandReply = z.object({
  accepted: z.boolean(),
  version: z.number(),
  seqs: z.array(z.number()),
  rejections: z.array(z.object({ code: z.string(), text: z.string(), params: z.record(z.string(), paramSchema).optional() })),
  commands: z
    .array(
      z.object({
        command: z.string(),
        target: z.string().optional(),
        label: z.string().optional().describe('the action as the game’s language names it (its keyword, or a free text’s name)'),
      }),
    )
    .optional()
    .describe('posts and PMs: the commands read in the text ([] when it holds none), accepted or not'),
});
/** A command reply. */
export type CommandReply = z.infer<typeof commandReply>;

/** The query of a paste export: the markup and the language of announcements. */
export const exportFormat = z.object({ format: z.enum(['bbcode', 'markdown']).default('bbcode'), locale: localeSchema.optional() });
