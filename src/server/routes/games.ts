// Games: the installed rulebooks, the list, creating a game, one game as the caller may see it, signing up,
// withdrawing and starting.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildConfig, gameSetupSchema, setupContextOf } from '../../app/config.ts';
import { AppError } from '../../app/errors.ts';
import type { LoadedGame } from '../../app/game-service.ts';
import { stateHash } from '../../app/state-hash.ts';
import { publicPlayers, voteCountFor } from '../../app/views.ts';
import type { Actor, Viewer } from '../../core/types.ts';
import { decide } from '../../engine/game.ts';
import type { Locale } from '../../engine/state.ts';
import { isoLocal } from '../../engine/time.ts';
import { hasLabel, LABELS, labelFor } from '../../i18n/labels.ts';
import {
  type GameDetail,
  gameList,
  gameParams,
  gameSummary,
  type MyPart,
  type StartPreviewReply,
  type VariantsReply,
  versionOnlyBody,
} from '../../protocol/index.ts';
import { VARIANTS } from '../../variants/registry.ts';
import { requireModerator, requirePlayer, roleIn, viewerOf } from '../access.ts';
import { route } from '../http.ts';
import { commandRoute, keyword, type RouteDeps, summaryOf, versionNow } from './shared.ts';

/** Registers the game routes. */
/** A rulebook's name in every interface language, from the labels. */
function rulebookNames(id: string): Partial<Record<Locale, string>> {
  return Object.fromEntries(
    (Object.keys(LABELS) as Locale[]).flatMap((l) => (hasLabel(id, l, `rulebook.${id}`) ? [[l, labelFor(id, l, `rulebook.${id}`)]] : [])),
  );
}

export function registerGameRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service } = d;

  route(app, {
    method: 'GET',
    url: '/api/variants',
    summary: 'The installed rulebooks',
    tags: ['games'],
    auth: 'none',
    handler: () =>
      ({
        variants: Object.values(VARIANTS).map((v) => ({
          id: v.id,
          // The rulebook's own names, and the interface's for the languages it has none in (src/i18n/labels.ts).
          names: { ...rulebookNames(v.id), ...v.names },
          minPlayers: v.minPlayers,
          maxPlayers: v.maxPlayers,
          defaultTimeZone: v.defaultTimeZone,
          dealFromList: v.dealFromList === true,
          roles: v.roles.map((r) => r.id),
        })),
      }) satisfies VariantsReply,
  });

  route(app, {
    method: 'GET',
    url: '/api/games',
    summary: 'List games',
    tags: ['games'],
    auth: 'none',
    response: { 200: gameList },
    // Not `.map(summaryOf)`: its second parameter is the version, which the array index would fill.
    handler: () => ({ games: service.list().map((g) => summaryOf(g)) }),
  });

  route(app, {
    method: 'POST',
    url: '/api/games',
    summary: 'Create a game (the caller becomes its moderator); times are local to the game zone',
    tags: ['games'],
    auth: 'account',
    body: gameSetupSchema,
    response: { 201: gameSummary },
    async handler({ body, req, reply }) {
      const { variant, config } = buildConfig(
        body,
        d.clock.now(),
        setupContextOf(() => service.list()),
      );
      const seed = randomBytes(32).toString('hex');
      const g = await service.create(variant, config, seed, req.principal!.account.name, body.title ?? `${variant.names.en ?? variant.id} game`);
      reply.code(201);
      return summaryOf(g, g.version); // the creator is its moderator: the global numbers
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id',
    summary: 'A game: summary, players, the caller’s part, vote count, next deadline',
    tags: ['games'],
    auth: 'optional',
    params: gameParams,
    async handler({ params, req }) {
      const g0 = service.get(params.id);
      const version = await versionNow(service, g0, viewerOf(roleIn(g0, req.principal)));
      const g = service.get(params.id);
      const r = roleIn(g, req.principal);
      const s = g.state;
      const me: MyPart =
        r.kind === 'player'
          ? {
              role: 'player',
              playerId: r.id,
              name: r.name,
              alive: r.alive,
              gameRole: s.players[r.id]?.role ?? null,
              teams: Object.keys(g.meta.teamsEver).filter((t) => g.meta.teamsEver[t]!.includes(r.id)),
            }
          : { role: r.kind };
      return {
        ...summaryOf(g, version),
        config: {
          startAt: s.config.startAt,
          signupDeadline: s.config.signupDeadline ?? null,
          calendar: s.calendar,
          // Secret options (e.g. who knows which killer) are the moderator's only.
          options:
            r.kind === 'moderator'
              ? s.config.options
              : Object.fromEntries(Object.entries(s.config.options).filter(([k]) => !(g.variant.secretOptions ?? []).includes(k))),
          gameNumber: s.config.gameNumber ?? null,
        },
        players: publicPlayers(s, g.variant),
        me,
        votes: voteCountFor(g.variant, s, viewerOf(r)),
        ...(r.kind === 'moderator'
          ? { moderator: { stateHash: stateHash({ state: s, meta: g.meta }), deadlines: s.deadlines, roles: rolesOf(g, viewerOf(r)) } }
          : {}),
      } satisfies GameDetail;
    },
  });

  commandRoute(app, service, {
    url: '/api/games/:id/signup',
    summary: 'Sign up for the game (as the logged-in account’s name)',
    tags: ['games'],
    body: versionOnlyBody,
    command(g, req, body) {
      const r = roleIn(g, req.principal);
      if (r.kind === 'moderator') throw new AppError('game.moderator_cannot_play', 403, 'a moderator cannot sign up as a player');
      if (r.kind === 'player') throw new AppError('game.already_signed_up', 409, 'you are already signed up');
      const join = keyword(g, 'join');
      const actor: Actor = { kind: 'guest', name: req.principal!.account.name };
      return { ifVersion: body?.ifVersion, make: (at) => ({ type: 'post', at, actor, text: join }) };
    },
  });

  commandRoute(app, service, {
    url: '/api/games/:id/withdraw',
    summary: 'Withdraw during signup',
    tags: ['games'],
    body: versionOnlyBody,
    command(g, req, body) {
      const p = requirePlayer(roleIn(g, req.principal));
      const leave = keyword(g, 'leave');
      return { ifVersion: body?.ifVersion, make: (at) => ({ type: 'post', at, actor: { kind: 'player', id: p.id }, text: leave }) };
    },
  });

  commandRoute(app, service, {
    url: '/api/games/:id/start',
    summary: 'Start now (moderator): closes signup, deals and opens round 1',
    tags: ['moderator'],
    body: versionOnlyBody,
    command(g, req, body) {
      const m = requireModerator(roleIn(g, req.principal));
      return { ifVersion: body?.ifVersion, make: (at) => ({ type: 'mod', at, actor: { kind: 'moderator', name: m.name }, mod: { action: 'start' } }) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/start-preview',
    summary: 'What starting now would open (moderator): the first deadline of round 1, so a form can warn of a very short round',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    handler({ params, req }) {
      const g = service.get(params.id);
      const m = requireModerator(roleIn(g, req.principal));
      const now = d.clock.now();
      // The start decided on the current state and thrown away: the deadlines it would set, nothing else.
      const r = decide(g.variant, g.state, { type: 'mod', at: now, actor: { kind: 'moderator', name: m.name }, mod: { action: 'start' } });
      const first = r.rejections.length > 0 ? undefined : r.state.deadlines.filter((x) => x.kind !== 'start' && x.at > now).sort((a, b) => a.at - b.at)[0];
      const zone = g.state.config.timeZone;
      return {
        now,
        startable: r.rejections.length === 0 && r.state.status === 'running',
        firstDeadline: first ? { id: first.id, kind: first.kind, at: first.at, time: isoLocal(first.at, zone) } : null,
      } satisfies StartPreviewReply;
    },
  });
}

/**
 * Every player's role, for the moderator console; staff holding one capacity see the roles of their duty only
 * (CIT-ENG-3: the duty of the role's assignment), the others as null.
 */
function rolesOf(g: LoadedGame, viewer: Viewer): Record<string, string | null> {
  const s = g.state;
  const sees = (id: string) => {
    if (viewer.kind !== 'moderator' || viewer.duties === undefined || !g.variant.dutyOf) return true;
    const role = s.players[id]!.role;
    const duty = g.variant.dutyOf(s, 'role.assigned', { player: id, role }, { kind: 'players', ids: [id] });
    return duty === undefined || viewer.duties.includes(duty);
  };
  return Object.fromEntries(s.order.map((id) => [s.players[id]!.name, sees(id) ? (s.players[id]!.role ?? null) : null]));
}
