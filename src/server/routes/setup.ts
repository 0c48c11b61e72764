// The create form's previews, before a game exists: the play days the calendar gives from the chosen start, and the
// balance of the chosen setup from the simulator (app/setup-preview.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildConfig, gameSetupSchema, setupContextOf } from '../../app/config.ts';
import { BalancePreviews, DEFAULT_BALANCE, MAX_PREVIEW_DAYS, previewDates } from '../../app/setup-preview.ts';
import { balanceBody, balanceReply, datesPreviewReply } from '../../protocol/index.ts';
import { route } from '../http.ts';
import type { RouteDeps } from './shared.ts';

/** The create body with how many play days to list. */
const datesBody = gameSetupSchema.extend({
  days: z.number().int().min(1).max(MAX_PREVIEW_DAYS).default(7).describe(`play days to list (at most ${MAX_PREVIEW_DAYS})`),
});

/** Registers POST /api/setup/dates and POST /api/setup/balance. */
export function registerSetupRoutes(app: FastifyInstance, d: RouteDeps): void {
  const previews = new BalancePreviews(d.balance ?? DEFAULT_BALANCE);

  route(app, {
    method: 'POST',
    url: '/api/setup/dates',
    summary: 'Preview a game’s play days: the create body (rulebook, options, zone, calendar, start) and how many days',
    tags: ['games'],
    auth: 'account',
    body: datesBody,
    response: { 200: datesPreviewReply },
    handler({ body }) {
      const { days, ...setup } = body;
      // The same checks as a creation (game.unknown_variant, game.invalid_config), so the form learns its mistakes here.
      const { variant, config } = buildConfig(
        setup,
        d.clock.now(),
        setupContextOf(() => d.service.list()),
      );
      return previewDates(variant, config, days);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/setup/balance',
    summary: 'Simulate a setup (the rulebook’s deal for a player count): win rate per side with its 95% interval',
    tags: ['games'],
    auth: 'account',
    body: balanceBody,
    response: { 200: balanceReply },
    handler({ body, req }) {
      return previews.estimate(body, req.principal!.account.name);
    },
  });
}
