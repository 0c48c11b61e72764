// Liveness is /api/health (routes/index.ts: the process answers). Readiness is here: a load balancer sends
// traffic to an instance only while /api/ready answers 200 — its games are loaded (the server listens only after
// boot), its database answers, and it is not shutting down (a SIGTERM turns it 503 first, so the balancer moves
// new requests elsewhere while the queued ones finish).
import type { FastifyInstance } from 'fastify';
import { AppError, RETRY_AFTER_S, storeUnavailable } from '../app/errors.ts';
import type { GameService } from '../app/game-service.ts';
import type { Store } from '../store/types.ts';
import { route } from './http.ts';

/** The reply of GET /api/ready. */
export interface ReadyReply {
  readonly ready: true;
  readonly store: string;
  readonly games: number;
}

/** Whether the process is shutting down (set by the composition root on SIGTERM). */
export interface Lifecycle {
  draining: boolean;
}

/** Registers GET /api/ready. */
export function registerReady(app: FastifyInstance, store: Store, service: GameService, life: Lifecycle): void {
  route(app, {
    method: 'GET',
    url: '/api/ready',
    summary: 'Readiness: games loaded, database reachable, not shutting down (503 otherwise)',
    tags: ['system'],
    auth: 'none',
    handler: async () => {
      if (life.draining) throw new AppError('server.draining', 503, 'this instance is shutting down', { retryAfter: RETRY_AFTER_S });
      try {
        await store.ping();
      } catch {
        throw storeUnavailable();
      }
      return { ready: true, store: store.kind, games: service.list().length } satisfies ReadyReply;
    },
  });
}
