// The moderator's console: moderator actions, co-moderators and the audit log.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nameKey } from '../../app/accounts.ts';
import { AppError } from '../../app/errors.ts';
import { addModerator } from '../../app/service-events.ts';
import { viewerKey } from '../../app/views.ts';
import { canonicalAction } from '../../engine/modkit.ts';
import { commandReply, gameParams, type ModeratorsReply, modActionsOf, modBodySchema } from '../../protocol/index.ts';
import { VARIANTS } from '../../variants/registry.ts';
import { requireModerator, roleIn, viewerOf } from '../access.ts';
import { auditAnswer, pin } from '../heavy-views.ts';
import { route } from '../http.ts';
import { commandRoute, type RouteDeps } from './shared.ts';

/** Registers the moderator routes (POST /start is with the game routes). */
export function registerModerationRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service, accounts } = d;
  const modBody = modBodySchema(VARIANTS);

  commandRoute(app, service, {
    url: '/api/games/:id/mod',
    summary:
      'A moderator command: {action, args}. Every action of every rulebook has its own argument schema (the body is a union over "action"; see docs/palermo.md and docs/mafia-de.md). A refused action changes nothing: 400 mod.unknown_action for an action the game’s rulebook lacks, 422 mod.refused with the reason otherwise.',
    tags: ['moderator'],
    body: modBody,
    response: { 200: commandReply },
    async command(g, req, body) {
      const m = requireModerator(roleIn(g, req.principal));
      const known = modActionsOf(g.variant);
      if (!known.includes(body.action))
        throw new AppError('mod.unknown_action', 400, `a ${g.variant.id} game has no moderator action "${body.action}"; its actions are ${known.join(', ')}`);
      const args = (body.args ?? {}) as Record<string, unknown>;
      const newcomer = args.new;
      if (canonicalAction(g.variant.modKit, body.action) === 'substitute' && typeof newcomer === 'string') {
        // A substitute plays through an account of that name: refuse a name nobody can log in as, unless the
        // moderator invites a newcomer (the account made later with that name takes the seat), and never a moderator.
        if (g.meta.moderators.some((x) => nameKey(x) === nameKey(newcomer)))
          throw new AppError('game.moderator_cannot_play', 409, 'a moderator cannot take a seat');
        const acc = await accounts.byName(newcomer);
        if (!acc && args.invite !== true) throw new AppError('account.not_found', 404, `no account named "${newcomer}" (set "invite" to seat a newcomer)`);
        if (acc && g.meta.moderators.some((x) => nameKey(x) === acc.nameKey))
          throw new AppError('game.moderator_cannot_play', 409, 'a moderator cannot take a seat');
      }
      return {
        ifVersion: body.ifVersion,
        refusals: 'error',
        make: (at) => ({ type: 'mod', at, actor: { kind: 'moderator', name: m.name }, mod: { action: body.action, ...(body.args ? { args } : {}) } }),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/moderators',
    summary: 'Add a co-moderator (the host only)',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    body: z.object({ name: z.string().min(1).max(64) }).strict(),
    async handler({ params, req, body }) {
      const g = service.get(params.id);
      const m = requireModerator(roleIn(g, req.principal));
      if (nameKey(g.meta.host) !== nameKey(m.name)) throw new AppError('game.host_only', 403, 'only the host adds moderators');
      const acc = await accounts.byName(body.name);
      if (!acc) throw new AppError('account.not_found', 404, `no account named "${body.name}"`);
      const o = await addModerator(service, g.id, m.name, acc.name);
      return { moderators: [...service.get(g.id).meta.moderators], version: o.version } satisfies ModeratorsReply;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/audit',
    summary: 'The audit log: every moderator action, deadline and change of the game (moderators)',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    handler({ params, req, reply }) {
      const g = service.get(params.id);
      const viewer = viewerOf(requireModerator(roleIn(g, req.principal)));
      // A whole-log read (heavy-reads.ts), kept per capacity (staff holding one see their duty's entries only); the
      // console re-reads it after every commit, so the game's staff are not held to the per-address budget.
      const p = pin(g);
      const key = `${g.id}@${p.version}:audit:${viewerKey(viewer)}`;
      return d.heavy.serve(req, reply, key, (work) => auditAnswer(service, p, viewer, work), true);
    },
  });
}
