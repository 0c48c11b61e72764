// The JSON API (DESIGN.md §6), one file per resource. Every route validates its input with the protocol's zod
// schemas (src/protocol), resolves the caller's role in the game and answers only what that role may see: the
// thread and vote count are public; the inbox, team channels and legal actions belong to the player; the console,
// audit log and (until the end) the export to the moderators.
import type { FastifyInstance } from 'fastify';
import type { HealthReply } from '../../protocol/index.ts';
import { route } from '../http.ts';
import { registerAccountRoutes } from './accounts.ts';
import { registerChannelRoutes } from './channels.ts';
import { registerClientRoutes } from './client.ts';
import { registerExportRoutes } from './exports.ts';
import { registerGameRoutes } from './games.ts';
import { registerModerationRoutes } from './moderation.ts';
import { registerNotifyRoutes } from './notify.ts';
import { registerPrivateRoutes } from './private.ts';
import { registerReadingRoutes } from './reading.ts';
import { registerScheduleRoutes } from './schedule.ts';
import { registerSetupRoutes } from './setup.ts';
import type { RouteDeps } from './shared.ts';
import { registerTextRoutes } from './texts.ts';
import { registerThreadRoutes } from './thread.ts';

export type { RouteDeps } from './shared.ts';

/** Registers every API route (in the order /docs lists them). */
export function registerRoutes(app: FastifyInstance, d: RouteDeps): void {
  registerAccountRoutes(app, d);
  registerGameRoutes(app, d);
  registerScheduleRoutes(app, d);
  registerSetupRoutes(app, d);
  registerTextRoutes(app, d);
  registerThreadRoutes(app, d);
  registerChannelRoutes(app, d);
  registerReadingRoutes(app, d);
  registerPrivateRoutes(app, d);
  registerModerationRoutes(app, d);
  registerExportRoutes(app, d);
  registerClientRoutes(app, d);
  if (d.notify) registerNotifyRoutes(app, d, d.notify);

  route(app, {
    method: 'GET',
    url: '/api/health',
    summary: 'Liveness and the store in use',
    tags: ['system'],
    auth: 'none',
    handler: () => ({ ok: true, store: d.store.kind, games: d.service.list().length }) satisfies HealthReply,
  });
}
