// A rulebook's message tables for a client that renders messages itself (src/i18n/render.ts over the `parts` of
// items and frames): the templates of one language and English (the fallback), the engine's under the rulebook's,
// and the names of its roles, sides and teams (translated where the rulebook has none in that language), and the
// interface's labels of the rulebook's deadlines, phases, moderator actions and audit entries. A message then shows
// in the reader's language, not the game's.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../app/errors.ts';
import type { Locale } from '../../engine/state.ts';
import { ENGINE_MESSAGES } from '../../i18n/engine-messages.ts';
import { LABELS, RULEBOOK_LABELS } from '../../i18n/labels.ts';
import { translatedName } from '../../i18n/rulebook-names.ts';
import { localeSchema, messageTablesReply } from '../../protocol/index.ts';
import { getVariant } from '../../variants/registry.ts';
import { route } from '../http.ts';
import type { RouteDeps } from './shared.ts';

/** Registers GET /api/variants/:id/texts. */
export function registerTextRoutes(app: FastifyInstance, _d: RouteDeps): void {
  route(app, {
    method: 'GET',
    url: '/api/variants/:id/texts',
    summary: 'A rulebook’s message templates in one language and English, with its role, side and team names',
    tags: ['games'],
    auth: 'none',
    params: z.object({ id: z.string().min(1).max(40) }),
    query: z.object({ locale: localeSchema }).strict(),
    response: { 200: messageTablesReply },
    handler({ params, query }) {
      const v = getVariant(params.id);
      if (!v) throw new AppError('game.unknown_variant', 400, `unknown variant "${params.id}"`);
      const langs = [...new Set<Locale>([query.locale as Locale, 'en'])];
      // A name the rulebook lacks in a language comes from the translated names (src/i18n/rulebook-names.ts).
      const names = (kind: 'role' | 'side' | 'team', id: string, n: Partial<Record<Locale, string>>) => {
        const out: Partial<Record<Locale, string>> = {};
        for (const l of langs) {
          const name = n[l] ?? translatedName(v.id, l, kind, id);
          if (name !== undefined) out[l] = name;
        }
        return out;
      };
      return {
        messages: Object.fromEntries(langs.map((l) => [l, { ...ENGINE_MESSAGES[l], ...v.messages[l] }])),
        roles: v.roles.map((r) => ({ id: r.id, names: names('role', r.id, r.names) })),
        sides: v.sides.map((r) => ({ id: r.id, names: names('side', r.id, r.names) })),
        teams: (v.teams ?? []).map((r) => ({ id: r.id, names: names('team', r.id, r.names) })),
        locales: [...v.locales],
        // The rulebook's name is the interface's label where it has one, else the rulebook's own (a rulebook added
        // later needs no entry in the interface's tables).
        labels: Object.fromEntries(
          langs.map((l) => [l, { [`rulebook.${v.id}`]: v.names[l] ?? v.names.en ?? v.id, ...LABELS[l], ...RULEBOOK_LABELS[v.id]?.[l] }]),
        ),
      };
    },
  });
}
