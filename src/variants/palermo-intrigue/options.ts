// The palermo-intrigue options and their typed reader.
import { z } from 'zod';
import { optionsReader } from '../../engine/variant.ts';
import { CARD_IDS } from './cards.ts';

export const options = z
  .object({
    /** PAL-TIE-4: length of the runoff extension. */
    runoffExtensionMinutes: z.union([z.literal(30), z.literal(60)]).default(30),
    /** INT-CARD-1: cards fixed by the moderator, by player name (no draw is consumed). */
    cards: z.record(z.string(), z.enum(CARD_IDS)).optional(),
    /** INT-ABS-5: players banned by the previous game of the series (names); their signup is refused. */
    banned: z.array(z.string()).optional(),
    /** INT-MOD-3: the last round whose ordinary window accepts a vendetta, overriding INT-OUT-7.2. */
    vendettaLastRound: z.number().int().min(1).optional(),
  })
  .strict();

/** The options of a configuration, as the schema types them. */
export const intOptions = optionsReader(options);
