// The palermo options and their typed reader: the schema is the one source of their type.
import { z } from 'zod';
import { optionsReader } from '../../engine/variant.ts';

export const options = z
  .object({
    /** PAL-TIE-4: length of the runoff extension. */
    runoffExtensionMinutes: z.union([z.literal(30), z.literal(60)]).default(30),
    /** PAL-WIN-4: stop when the killers strictly outnumber the others. */
    autoStopWhenKillersOutnumber: z.boolean().default(true),
    /**
     * A simulation / house option, not in the rulebook: the killers also win at parity, as soon as they are at least
     * as many as the non-killers in the game (the "mafia win when m ≥ t" end condition of the literature's model).
     * Off by default; PAL-WIN-4 (strictly more) is the rule.
     */
    killersWinAtParity: z.boolean().default(false),
    /** PAL-DIST-3: killers each informant knows, fixed by the moderator (by name). */
    informantKnows: z.record(z.string(), z.array(z.string())).optional(),
  })
  .strict();

/** The options of a configuration, as the schema types them. */
export const palOptions = optionsReader(options);
