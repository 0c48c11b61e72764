// Pieces every part of the protocol shares: a game's path parameter, the page cursor, a text, the expected
// version. Pure zod: the server, its OpenAPI document and any client import the same schemas.
import { z } from 'zod';

/** The locales a reader may ask a view in. */
export const localeSchema = z.enum(['el', 'en', 'de', 'ru']);

/** `:id` of every game route. */
export const gameParams = z.object({ id: z.string().min(1).max(64) });

/** The query of a paged view. */
export const pageQuery = z.object({
  // The same cursor as the WebSocket's `from`: the last number the caller has, in his own numbering.
  from: z.coerce.number().int().min(0).max(1e9).default(0).describe('the last sequence number you have, in your own numbering (0: from the start)'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  locale: localeSchema.optional(),
});
/** A parsed page query. */
export type PageQuery = z.infer<typeof pageQuery>;

/** A post's, PM's or chat line's text. */
export const textSchema = z.string().trim().min(1).max(20_000);

/** The optimistic-concurrency guard of a command. */
export const ifVersion = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe('refuse with 409 game.stale_version unless the game is at this version (your own numbering, as in your replies)');

/** A body that carries only the version guard (signup, withdraw, start). */
export const versionOnlyBody = z.object({ ifVersion }).strict().optional();

/** The body of a post or a PM. */
export const textBody = z.object({ text: textSchema, ifVersion }).strict();

/** The error body every failed request gets. */
export const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) });
/** An error body. */
export type ErrorBody = z.infer<typeof errorSchema>;
