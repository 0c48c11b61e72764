// The body of POST /api/games/:id/mod as one discriminated union over `action`: every moderator action of the
// engine and of every registered variant with its own argument schema, built from the same zod schemas the
// engine validates with (engine/modactions.ts), so /docs lists exactly what the handlers accept.
import { z } from 'zod';
import { ENGINE_MOD_ACTIONS, type ModActionInfo } from '../engine/modactions.ts';
import type { Variant } from '../engine/variant.ts';
import { ifVersion } from './common.ts';

/** Where an action comes from: "every variant" for the engine's own, else the variant ids that define it. */
interface Source {
  readonly where: string;
  readonly info: ModActionInfo;
}

function sources(variants: Readonly<Record<string, Variant<unknown>>>): Map<string, Source[]> {
  const out = new Map<string, Source[]>();
  const add = (name: string, s: Source) => out.set(name, [...(out.get(name) ?? []), s]);
  for (const [name, info] of Object.entries(ENGINE_MOD_ACTIONS)) add(name, { where: 'every variant', info });
  for (const v of Object.values(variants)) for (const [name, info] of Object.entries(v.modActions ?? {})) add(name, { where: v.id, info });
  return out;
}

/** The names of the moderator actions a game of this variant accepts (the engine's and its own). */
export function modActionsOf(variant: Variant<unknown>): string[] {
  return [...Object.keys(ENGINE_MOD_ACTIONS), ...Object.keys(variant.modActions ?? {})];
}

/**
 * The request body schema: one member per action name. A name two variants share (move-deadline) takes either
 * variant's arguments here; the engine then checks them against the game's own variant.
 */
export function modBodySchema(variants: Readonly<Record<string, Variant<unknown>>>) {
  const members = [...sources(variants)].map(([name, list]) => {
    const schemas = list.map((s) => s.info.args);
    const args =
      schemas.length === 1
        ? schemas[0]!
        : z.union(list.map((s) => s.info.args.meta({ title: `${s.where}: ${name}` })) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    const noArgs = schemas.every((s) => s.safeParse({}).success);
    const description = list.map((s) => `${s.where}: ${s.info.summary} (${s.info.rules})`).join(' — ');
    return z
      .object({ action: z.literal(name), args: noArgs ? args.optional() : args, ifVersion })
      .strict()
      .meta({ title: name, description });
  });
  const names = members.map((m) => m.shape.action.value);
  // The engine's own actions are always there, so the union is never empty.
  const [first, ...rest] = members;
  if (!first) throw new Error('no moderator actions');
  return z
    .discriminatedUnion('action', [first, ...rest], {
      error: (iss) => (iss.code === 'invalid_union' ? `unknown moderator action; the actions are ${names.join(', ')}` : undefined),
    })
    .meta({ discriminator: { propertyName: 'action' } });
}
