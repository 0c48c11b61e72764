// The wire shape of a message (core/types.ts): a template key and structured parameters, so a client renders it in
// the viewer's language from the rulebook's tables (GET /api/variants) instead of parsing the server's text.
import { z } from 'zod';
import type { Message, Param } from '../core/types.ts';

/** A reference to a role, side, team or weekday. */
export const refSchema = z.object({ ref: z.enum(['role', 'side', 'team', 'weekday']), id: z.string() });

/** One parameter: a value, a reference, a list or a phrase (recursive; one named schema of the OpenAPI document). */
export const paramSchema: z.ZodType<Param> = z
  .lazy(() => z.union([z.string(), z.number(), refSchema, paramListSchema, phraseSchema]))
  .meta({ id: 'MessageParam' });

/** A list parameter and how it is joined. */
export const paramListSchema = z.object({
  list: z.array(paramSchema),
  join: z.enum(['and', 'or', 'comma', 'semicolon', 'space', 'none']),
  empty: paramSchema.optional(),
});

/** A phrase of the rulebook's tables with its own parameters. */
export const phraseSchema = z.object({ phrase: z.string(), params: z.record(z.string(), paramSchema).optional() });

/** A message: template key plus parameters. */
export const messageSchema: z.ZodType<Message> = z.object({ key: z.string(), params: z.record(z.string(), paramSchema).optional() });
