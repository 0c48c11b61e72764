// The thread as a forum reader uses it (issue 26 items 7 and 8): a post found by its number (a permalink), where the
// reader stopped reading each channel (kept on the server, so every device of an account agrees), and the vote
// history of each vote beside the count as it stood at any past post.
import { z } from 'zod';
import { channelParams } from './channels.ts';
import { voteCountSchema } from './games.ts';

/** `:n` of a post's routes: its number in the channel. */
export const postParams = channelParams.extend({ n: z.coerce.number().int().min(1).max(1e9) });

/** A post by its number: where its event stands in the caller's numbering, so a client reads the channel from there. */
export const postLocation = z.object({
  channel: z.string(),
  n: z.number().int(),
  seq: z.number().int().describe('the post’s event number in your own numbering: read the channel from seq − 1 to show it'),
});
/** A post's location. */
export type PostLocation = z.infer<typeof postLocation>;

/** Where the caller stopped reading one channel. */
export const channelReading = z.object({
  channel: z.string(),
  posts: z.number().int().describe('the posts of the channel you see'),
  last: z.number().int().describe('the number of the last post you have read (0: none)'),
  unread: z.number().int(),
  firstUnread: postLocation.nullable().describe('the first post you have not read, where a page opens (null: none)'),
});
/** A channel's reading. */
export type ChannelReading = z.infer<typeof channelReading>;

/** Reply of GET /api/games/:id/reading: every numbered channel the caller reads. */
export const readingReply = z.object({ channels: z.array(channelReading) });
/** The reading reply. */
export type ReadingReply = z.infer<typeof readingReply>;

/** The body of POST …/read: the last post read (a marker never moves back). */
export const markReadBody = z.object({ post: z.number().int().min(0).max(1e9) }).strict();

/** A post a history line points to. */
export const postRef = z.object({ channel: z.string(), n: z.number().int() });

/** One line of a vote history. */
export const voteEntrySchema = z.object({
  at: z.number(),
  time: z.string(),
  kind: z
    .enum(['vote', 'change', 'unvote', 'void', 'restore', 'published'])
    .describe(
      'vote, change (from `previous`), unvote (the ballot taken back), void (dropped by the rules, `why`), restore, published (a private ballot’s result post)',
    ),
  voter: z.string(),
  target: z.string(),
  previous: z.string().optional(),
  channel: z.string().optional().describe('the thread of the vote, when a game votes in several (one per city)'),
  why: z.string().optional(),
  mark: z.enum(['default', 'void']).optional().describe('a published ballot: a default self-vote, or one whose vote became void'),
  post: postRef.optional().describe('the post that cast it (a vote written in a thread), or the result post that published it'),
});
/** A vote history line. */
export type VoteEntry = z.infer<typeof voteEntrySchema>;

/** Reply of GET /api/games/:id/votes/history. */
export const voteHistoryReply = z.object({
  live: z.boolean().describe('false: a private ballot you learn only from its published results'),
  rounds: z.array(z.object({ round: z.number(), phase: z.string(), entries: z.array(voteEntrySchema) })),
  count: voteCountSchema.describe('the recount of the history: the live count (or, for a private ballot, the latest published result)'),
});
/** The vote history reply. */
export type VoteHistoryReply = z.infer<typeof voteHistoryReply>;

/** Reply of GET /api/games/:id/channels/:channel/posts/:n/votes: the count as it stood at that post. */
export const voteCountAtReply = z.object({ channel: z.string(), n: z.number().int(), count: voteCountSchema });
/** The count at a post. */
export type VoteCountAtReply = z.infer<typeof voteCountAtReply>;
