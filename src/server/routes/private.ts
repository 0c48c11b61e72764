// What is the player's own: the inbox and PMs to the moderator, team channels, and the actions open to him now.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../app/errors.ts';
import { writeTeamChat } from '../../app/service-events.ts';
import { teamChannel } from '../../app/thread-index.ts';
import { inboxItems, teamItems } from '../../app/views.ts';
import { own } from '../../core/own.ts';
import { fullShape } from '../../engine/actions/legal.ts';
import { isoLocal } from '../../engine/time.ts';
import { type ActionsReply, commandReply, gameParams, pageReply, textBody, textSchema } from '../../protocol/index.ts';
import { requirePlayer, roleIn, viewerOf } from '../access.ts';
import { route } from '../http.ts';
import { commandResult, commandRoute, type RouteDeps, viewRoute } from './shared.ts';

const teamParams = gameParams.extend({ team: z.string().min(1).max(40) });

/** Registers the inbox, PM, team and legal-action routes. */
export function registerPrivateRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service } = d;

  viewRoute(app, service, {
    url: '/api/games/:id/inbox',
    summary: 'Private messages with the moderator (player: own; moderator: all PMs and notices)',
    tags: ['private'],
    auth: 'account',
    params: gameParams,
    response: pageReply,
    view(g, req) {
      const r = roleIn(g, req.principal);
      if (r.kind === 'spectator') throw new AppError('game.not_a_player', 403, 'only players and moderators have an inbox');
      const viewer = viewerOf(r);
      return { viewer, project: (c, evs) => inboxItems(c, viewer, evs) };
    },
  });

  commandRoute(app, service, {
    url: '/api/games/:id/pms',
    summary: 'Send a private message to the moderator (night orders such as "ΔΟΛΟΦΟΝΙΑ: name")',
    tags: ['private'],
    body: textBody,
    response: { 200: commandReply },
    command(g, req, body) {
      const p = requirePlayer(roleIn(g, req.principal));
      return { ifVersion: body.ifVersion, make: (at) => ({ type: 'pm', at, actor: { kind: 'player', id: p.id }, text: body.text }) };
    },
  });

  viewRoute(app, service, {
    url: '/api/games/:id/teams/:team',
    summary: 'A team channel (members and the moderator only)',
    tags: ['private'],
    auth: 'account',
    params: teamParams,
    response: pageReply,
    view(g, req, params) {
      const r = roleIn(g, req.principal);
      const ever = own(g.meta.teamsEver, params.team);
      // Members past and present read what was addressed to them (viewFor filters); the moderator reads all.
      if (r.kind === 'spectator' || !ever || (r.kind === 'player' && !ever.includes(r.id)))
        throw new AppError('team.not_member', 403, 'you are not in this team');
      const viewer = viewerOf(r);
      return { viewer, project: (c, evs) => teamItems(c, viewer, params.team, evs), numbered: teamChannel(params.team) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/teams/:team',
    summary: 'Write in a team channel (members still in the game)',
    tags: ['private'],
    auth: 'account',
    params: teamParams,
    body: z.object({ text: textSchema }).strict(),
    async handler({ params, req, body }) {
      const g = service.get(params.id);
      const p = requirePlayer(roleIn(g, req.principal));
      // A chat line is no engine command: a service event, its membership checked in the game's queue.
      const o = await writeTeamChat(service, g.id, p, params.team, body.text);
      return commandResult(service, g.id, req.principal, o);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/actions',
    summary: 'What the player may do right now (for forms)',
    tags: ['private'],
    auth: 'account',
    params: gameParams,
    handler({ params, req }) {
      const g = service.get(params.id);
      const p = requirePlayer(roleIn(g, req.principal));
      const s = g.state;
      const named = (ids: readonly string[]) => ids.map((id) => ({ id, name: s.players[id]?.name ?? id }));
      const actions = g.variant.legalActions(s, p.id).map((legal) => {
        // Rulebooks that do not declare their actions yet give the first shape; fullShape reads its arguments.
        const a = fullShape(legal);
        return {
          command: a.command,
          id: a.id ?? a.command,
          via: a.via,
          channel: a.channel ?? null,
          keyword: a.keyword ?? '',
          line: a.line ?? a.template,
          params: (a.params ?? []).map((x) => {
            const common = { key: x.key, optional: x.optional === true, label: x.label ?? null };
            if (x.kind === 'player') return { kind: x.kind, ...common, targets: named(x.targets) };
            if (x.kind === 'choice') return { kind: x.kind, ...common, values: x.values };
            return { kind: x.kind, ...common, multiline: x.multiline, max: x.max ?? null };
          }),
          irreversible: a.irreversible === true,
          confirm: a.confirm === true,
          template: a.template,
          targets: a.targets ? named(a.targets) : null,
          choices: a.choices ?? null,
          until: a.until ?? null,
          untilTime: a.until !== undefined ? isoLocal(a.until, s.config.timeZone) : null,
          paused: a.paused === true,
        };
      });
      return { alive: p.alive, actions } satisfies ActionsReply;
    },
  });
}
