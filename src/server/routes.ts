// The JSON API (DESIGN.md §6). Every route validates its input with zod, resolves the caller's role in the game
// and answers only what that role may see: the thread and vote count are public; the inbox, team channels and
// legal actions belong to the player; the console, audit log and (until the end) the export to the moderators.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Accounts, nameKey, type Principal } from '../app/accounts.ts';
import type { Clock } from '../app/clock.ts';
import { buildConfig, gameSetupSchema } from '../app/config.ts';
import { AppError } from '../app/errors.ts';
import type { GameService, LoadedGame, Outcome } from '../app/game-service.ts';
import { stateHash } from '../app/state-hash.ts';
import { buildTranscript } from '../app/transcript.ts';
import {
  activeMembers,
  auditItems,
  type Item,
  inboxItems,
  nextDeadline,
  publicPlayers,
  readAfter,
  seesVoteCount,
  teamItems,
  threadItems,
  type ViewContext,
  versionFor,
  voteCount,
  voteCountFor,
} from '../app/views.ts';
import { nameSkeleton } from '../core/names.ts';
import { own } from '../core/own.ts';
import type { Actor, Command, GameEvent, Rejection, Viewer } from '../core/types.ts';
import { evolve } from '../engine/evolve.ts';
import { decide } from '../engine/game.ts';
import { commandExample } from '../engine/parse.ts';
import type { Locale } from '../engine/state.ts';
import { isoLocal } from '../engine/time.ts';
import { canSee } from '../engine/view.ts';
import { renderMessage } from '../i18n/render.ts';
import type { Store } from '../store/types.ts';
import { VARIANTS } from '../variants/registry.ts';
import { type Role, requireModerator, requirePlayer, roleIn, viewerOf } from './access.ts';
import { clearSessionCookies, SESSION_COOKIE, type SessionCache, setSessionCookies } from './auth.ts';
import * as exportsFmt from './exports.ts';
import { route } from './http.ts';
import { modActionsOf, modBodySchema } from './mod-schema.ts';

/** What the routes need. */
export interface RouteDeps {
  readonly service: GameService;
  readonly accounts: Accounts;
  readonly sessions: SessionCache;
  readonly store: Store;
  readonly clock: Clock;
  readonly secureCookies: boolean;
}

const gameParams = z.object({ id: z.string().min(1).max(64) });
const page = z.object({
  // The same cursor as the WebSocket's `from`: the last number the caller has, in his own numbering.
  from: z.coerce.number().int().min(0).max(1e9).default(0).describe('the last sequence number you have, in your own numbering (0: from the start)'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  locale: z.enum(['el', 'en', 'de', 'ru']).optional(),
});
const text = z.string().trim().min(1).max(20_000);
const credentials = z.object({ name: z.string().min(1).max(64), password: z.string().min(1).max(200) }).strict();
const account = z.object({ id: z.string(), name: z.string() });
const authReply = z.object({ account, csrfToken: z.string() });
const ifVersion = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe('refuse with 409 game.stale_version unless the game is at this version (your own numbering, as in your replies)');
const modBody = modBodySchema(VARIANTS, ifVersion);
const commandReply = z.object({
  accepted: z.boolean(),
  version: z.number(),
  seqs: z.array(z.number()),
  rejections: z.array(z.object({ code: z.string(), text: z.string() })),
  commands: z
    .array(z.object({ command: z.string(), target: z.string().optional() }))
    .optional()
    .describe('posts and PMs: the commands read in the text ([] when it holds none), accepted or not'),
});
const itemSchema = z.object({
  seq: z.number(),
  at: z.number(),
  time: z.string(),
  kind: z.string(),
  author: z.string().optional(),
  postId: z.string().optional(),
  code: z.string().optional(),
  text: z.string(),
});
const pageReply = z.object({ items: z.array(itemSchema), next: z.number().nullable(), version: z.number() });
const deadline = z.object({ at: z.number(), time: z.string(), kind: z.string(), id: z.string() }).nullable();
const voteCountSchema = z
  .object({
    round: z.number(),
    phase: z.string(),
    lines: z.array(z.object({ target: z.string(), votes: z.number(), voters: z.array(z.string()) })),
    notVoted: z.array(z.string()),
  })
  .nullable();
const summary = z.object({
  id: z.string(),
  title: z.string(),
  variant: z.string(),
  status: z.string(),
  players: z.number(),
  moderators: z.array(z.string()),
  timeZone: z.string(),
  locale: z.string(),
  commitment: z.string(),
  createdAt: z.number(),
  startAt: z.number(),
  nextDeadline: deadline,
  version: z.number(),
});
const format = z.object({ format: z.enum(['bbcode', 'markdown']).default('bbcode'), locale: z.enum(['el', 'en', 'de', 'ru']).optional() });

/** Largest slice of a stream one page scans. */
const SCAN = 2000;

/** A game's summary; `version` is the public thread's (a spectator's) unless the caller's own is given. */
function summaryOf(g: LoadedGame, version = g.meta.publicEvents) {
  const s = g.state;
  return {
    id: g.id,
    title: g.meta.title,
    variant: g.variant.id,
    status: s.pausedSince !== undefined && s.status === 'running' ? 'paused' : s.status,
    players: s.order.length,
    moderators: [...g.meta.moderators],
    timeZone: s.config.timeZone,
    locale: s.config.locale,
    commitment: s.commitment,
    createdAt: s.config.createdAt,
    startAt: s.config.startAt,
    nextDeadline: nextDeadline(s),
    version,
  };
}

function ctxOf(g: LoadedGame, locale?: Locale): ViewContext {
  return { variant: g.variant, state: g.state, locale: locale ?? g.state.config.locale };
}

/**
 * The reply to a command in the caller's numbering (his role after the commit: a signup makes him a player): his
 * version and the numbers of the events of his command he may see, so a reply never counts hidden events.
 */
async function commandResult(service: GameService, id: string, principal: Principal | undefined, o: Outcome): Promise<z.infer<typeof commandReply>> {
  const g = service.get(id);
  const viewer = viewerOf(roleIn(g, principal));
  const cursors = viewer.kind === 'moderator' ? undefined : await service.cursors(id);
  const local = (seq: number) => (cursors ? cursors.count(viewer, seq) : seq);
  const render = (r: Rejection) => ({ code: r.code, text: renderMessage(g.variant, g.state.config.locale, { key: r.code, params: r.params }) });
  return {
    accepted: o.rejections.length === 0,
    version: versionFor(g, viewer, cursors, o.version),
    seqs: o.events.filter((e) => canSee(viewer, e.event.audience)).map((e) => local(e.seq)),
    rejections: o.rejections.map(render),
    ...(o.commands ? { commands: [...o.commands] } : {}),
  };
}

/** Registers every API route. */
export function registerRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service, accounts } = d;
  const game = (id: string) => service.get(id);
  const role = (g: LoadedGame, req: { principal?: Parameters<typeof roleIn>[1] }): Role => roleIn(g, req.principal);

  /** Submits an engine command, optionally only at an expected version (in the caller's own numbering). */
  const submit = async (g: LoadedGame, principal: Principal | undefined, expected: number | undefined, make: (at: number) => Command) => {
    if (expected !== undefined) await service.cursors(g.id);
    const o = await service.apply(g.id, (cur, at) => {
      if (expected !== undefined) {
        const viewer = viewerOf(roleIn(cur, principal));
        if (viewer.kind !== 'moderator' && !cur.cursors) throw new AppError('game.conflict', 409, 'the game changed; try again');
        const v = versionFor(cur, viewer, cur.cursors, cur.version);
        if (v !== expected) throw new AppError('game.stale_version', 409, `the game is at version ${v}, not ${expected}`, { version: v });
      }
      const decision = decideVia(cur, make(at));
      refuseLookAlikes(cur, decision.events);
      return decision;
    });
    return commandResult(service, g.id, principal, o);
  };
  /** The caller's version of the game now. */
  const versionNow = async (g: LoadedGame, viewer: Viewer) => {
    const cursors = viewer.kind === 'player' ? await service.cursors(g.id) : undefined;
    return versionFor(service.get(g.id), viewer, cursors);
  };

  // ---------------------------------------------------------------------------------------------------------
  // Accounts and sessions

  route(app, {
    method: 'POST',
    url: '/api/accounts',
    summary: 'Sign up (and log in); rate-limited per client address',
    tags: ['accounts'],
    auth: 'none',
    body: credentials,
    response: { 201: authReply },
    async handler({ body, req, reply }) {
      const a = await accounts.signUp(body.name, body.password, req.ip);
      const { token, csrf } = await accounts.openSession(a);
      setSessionCookies(reply, token, csrf, d.secureCookies);
      reply.code(201);
      return { account: { id: a.id, name: a.name }, csrfToken: csrf };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/sessions',
    summary: 'Log in (rate-limited per name and client, and per client; a name under attack is slowed down)',
    tags: ['accounts'],
    auth: 'none',
    body: credentials,
    response: { 200: authReply },
    async handler({ body, req, reply }) {
      const r = await accounts.logIn(body.name, body.password, req.ip);
      setSessionCookies(reply, r.token, r.csrf, d.secureCookies);
      return { account: { id: r.account.id, name: r.account.name }, csrfToken: r.csrf };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/sessions/current',
    summary: 'Log out',
    tags: ['accounts'],
    auth: 'account',
    async handler({ req, reply }) {
      const token = req.cookies[SESSION_COOKIE]!;
      await accounts.logOut(token);
      d.sessions.drop(token);
      clearSessionCookies(reply);
      reply.code(204).send();
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/me',
    summary: 'The logged-in account and its CSRF token',
    tags: ['accounts'],
    auth: 'account',
    response: { 200: authReply },
    handler: ({ req }) => ({ account: { id: req.principal!.account.id, name: req.principal!.account.name }, csrfToken: req.principal!.session.csrf }),
  });

  // ---------------------------------------------------------------------------------------------------------
  // Games

  route(app, {
    method: 'GET',
    url: '/api/variants',
    summary: 'The installed rulebooks',
    tags: ['games'],
    auth: 'none',
    handler: () => ({
      variants: Object.values(VARIANTS).map((v) => ({
        id: v.id,
        names: v.names,
        minPlayers: v.minPlayers,
        maxPlayers: v.maxPlayers,
        defaultTimeZone: v.defaultTimeZone,
        roles: v.roles.map((r) => r.id),
      })),
    }),
  });

  route(app, {
    method: 'GET',
    url: '/api/games',
    summary: 'List games',
    tags: ['games'],
    auth: 'none',
    response: { 200: z.object({ games: z.array(summary) }) },
    handler: () => ({ games: service.list().map(summaryOf) }),
  });

  route(app, {
    method: 'POST',
    url: '/api/games',
    summary: 'Create a game (the caller becomes its moderator); times are local to the game zone',
    tags: ['games'],
    auth: 'account',
    body: gameSetupSchema,
    response: { 201: summary },
    async handler({ body, req, reply }) {
      const { variant, config } = buildConfig(body, d.clock.now());
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
      const g0 = game(params.id);
      const version = await versionNow(g0, viewerOf(role(g0, req)));
      const g = game(params.id);
      const r = role(g, req);
      const s = g.state;
      const me =
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
        players: publicPlayers(s),
        me,
        votes: voteCountFor(g.variant, s, viewerOf(r)),
        ...(r.kind === 'moderator' ? { moderator: { stateHash: stateHash({ state: s, meta: g.meta }), deadlines: s.deadlines, roles: rolesOf(g) } } : {}),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/signup',
    summary: 'Sign up for the game (as the logged-in account’s name)',
    tags: ['games'],
    auth: 'account',
    params: gameParams,
    body: z.object({ ifVersion }).strict().optional(),
    async handler({ params, req, body }) {
      const g = game(params.id);
      const r = role(g, req);
      if (r.kind === 'moderator') throw new AppError('game.moderator_cannot_play', 403, 'a moderator cannot sign up as a player');
      if (r.kind === 'player') throw new AppError('game.already_signed_up', 409, 'you are already signed up');
      const join = keyword(g, 'join');
      const actor: Actor = { kind: 'guest', name: req.principal!.account.name };
      return submit(g, req.principal, body?.ifVersion, (at) => ({ type: 'post', at, actor, text: join }));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/withdraw',
    summary: 'Withdraw during signup',
    tags: ['games'],
    auth: 'account',
    params: gameParams,
    body: z.object({ ifVersion }).strict().optional(),
    async handler({ params, req, body }) {
      const g = game(params.id);
      const p = requirePlayer(role(g, req));
      const leave = keyword(g, 'leave');
      return submit(g, req.principal, body?.ifVersion, (at) => ({ type: 'post', at, actor: { kind: 'player', id: p.id }, text: leave }));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/start',
    summary: 'Start now (moderator): closes signup, deals and opens round 1',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    body: z.object({ ifVersion }).strict().optional(),
    async handler({ params, req, body }) {
      const g = game(params.id);
      const m = requireModerator(role(g, req));
      return submit(g, req.principal, body?.ifVersion, (at) => ({ type: 'mod', at, actor: { kind: 'moderator', name: m.name }, mod: { action: 'start' } }));
    },
  });

  // ---------------------------------------------------------------------------------------------------------
  // The thread

  route(app, {
    method: 'GET',
    url: '/api/games/:id/thread',
    summary: 'The public thread, paged by sequence number, with the live vote count and the next deadline',
    tags: ['thread'],
    auth: 'optional',
    params: gameParams,
    query: page,
    response: { 200: pageReply.extend({ status: z.string(), votes: voteCountSchema, nextDeadline: deadline }) },
    async handler({ params, query, req }) {
      const g = game(params.id);
      const viewer = viewerOf(role(g, req));
      const { items, next, version } = await paged(g, query, viewer, (c, evs) => threadItems(c, evs));
      return {
        items,
        next,
        version,
        status: summaryOf(g).status,
        votes: voteCountFor(g.variant, g.state, viewer),
        nextDeadline: nextDeadline(g.state),
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/posts',
    summary: 'Post in the thread; votes are posts ("Ψήφος: name"). Non-players may post only to sign up.',
    tags: ['thread'],
    auth: 'account',
    params: gameParams,
    body: z.object({ text, ifVersion }).strict(),
    response: { 200: commandReply },
    async handler({ params, req, body }) {
      const g = game(params.id);
      const r = role(g, req);
      if (r.kind === 'moderator') throw new AppError('game.moderator_posts', 403, 'moderators post through POST /mod with action "note"');
      const actor: Actor = r.kind === 'player' ? { kind: 'player', id: r.id } : { kind: 'guest', name: req.principal!.account.name };
      return submit(g, req.principal, body.ifVersion, (at) => ({ type: 'post', at, actor, text: body.text }));
    },
  });

  // ---------------------------------------------------------------------------------------------------------
  // Private messages, teams, legal actions

  route(app, {
    method: 'GET',
    url: '/api/games/:id/inbox',
    summary: 'Private messages with the moderator (player: own; moderator: all PMs and notices)',
    tags: ['private'],
    auth: 'account',
    params: gameParams,
    query: page,
    response: { 200: pageReply },
    async handler({ params, query, req }) {
      const g = game(params.id);
      const r = role(g, req);
      if (r.kind === 'spectator') throw new AppError('game.not_a_player', 403, 'only players and moderators have an inbox');
      const viewer = viewerOf(r);
      return paged(g, query, viewer, (c, evs) => inboxItems(c, viewer, evs));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/pms',
    summary: 'Send a private message to the moderator (night orders such as "ΔΟΛΟΦΟΝΙΑ: name")',
    tags: ['private'],
    auth: 'account',
    params: gameParams,
    body: z.object({ text, ifVersion }).strict(),
    response: { 200: commandReply },
    async handler({ params, req, body }) {
      const g = game(params.id);
      const p = requirePlayer(role(g, req));
      return submit(g, req.principal, body.ifVersion, (at) => ({ type: 'pm', at, actor: { kind: 'player', id: p.id }, text: body.text }));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/teams/:team',
    summary: 'A team channel (members and the moderator only)',
    tags: ['private'],
    auth: 'account',
    params: gameParams.extend({ team: z.string().min(1).max(40) }),
    query: page,
    response: { 200: pageReply },
    async handler({ params, query, req }) {
      const g = game(params.id);
      const r = role(g, req);
      const ever = own(g.meta.teamsEver, params.team);
      // Members past and present read what was addressed to them (viewFor filters); the moderator reads all.
      if (r.kind === 'spectator' || !ever || (r.kind === 'player' && !ever.includes(r.id)))
        throw new AppError('team.not_member', 403, 'you are not in this team');
      const viewer = viewerOf(r);
      return paged(g, query, viewer, (c, evs) => teamItems(c, viewer, params.team, evs));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/teams/:team',
    summary: 'Write in a team channel (members still in the game)',
    tags: ['private'],
    auth: 'account',
    params: gameParams.extend({ team: z.string().min(1).max(40) }),
    body: z.object({ text }).strict(),
    async handler({ params, req, body }) {
      const g = game(params.id);
      const p = requirePlayer(role(g, req));
      const o = await service.apply(g.id, (cur, at) => {
        // Checked in the queue: membership is what the log says at the moment the message is written.
        const ids = activeMembers(cur.state, cur.meta.teams, params.team);
        if (!ids.includes(p.id)) throw new AppError('team.not_member', 403, 'only members still in the game write in a team channel');
        const e = {
          type: 'team.chat',
          at,
          audience: { kind: 'team' as const, team: params.team, ids },
          data: { team: params.team, from: p.id, name: p.name, text: body.text },
        };
        return { events: [e], state: foldOne(cur, e), rejections: [] };
      });
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
      const g = game(params.id);
      const p = requirePlayer(role(g, req));
      const s = g.state;
      const actions = g.variant.legalActions(s, p.id).map((a) => ({
        command: a.command,
        via: a.via,
        template: a.template,
        targets: a.targets?.map((id) => ({ id, name: s.players[id]?.name ?? id })) ?? null,
        choices: a.choices ?? null,
        until: a.until ?? null,
        untilTime: a.until !== undefined ? isoLocal(a.until, s.config.timeZone) : null,
      }));
      return { alive: p.alive, actions };
    },
  });

  // ---------------------------------------------------------------------------------------------------------
  // Moderator console

  route(app, {
    method: 'POST',
    url: '/api/games/:id/mod',
    summary:
      'A moderator command: {action, args}. Every action of every rulebook has its own argument schema (the body is a union over "action"; see docs/palermo.md and docs/mafia-de.md). A refused action changes nothing: 400 mod.unknown_action for an action the game’s rulebook lacks, 422 mod.refused with the reason otherwise.',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    body: modBody,
    response: { 200: commandReply },
    async handler({ params, req, body }) {
      const g = game(params.id);
      const m = requireModerator(role(g, req));
      const known = modActionsOf(g.variant);
      if (!known.includes(body.action))
        throw new AppError('mod.unknown_action', 400, `a ${g.variant.id} game has no moderator action "${body.action}"; its actions are ${known.join(', ')}`);
      const args = (body.args ?? {}) as Record<string, unknown>;
      if (body.action === 'substitute' && typeof args.new === 'string') {
        // A substitute plays through an account of that name; refuse a name nobody can log in as.
        const acc = await accounts.byName(args.new);
        if (!acc) throw new AppError('account.not_found', 404, `no account named "${args.new}"`);
        if (g.meta.moderators.some((x) => nameKey(x) === acc.nameKey)) throw new AppError('game.moderator_cannot_play', 409, 'a moderator cannot take a seat');
      }
      const o = await service.apply(g.id, (cur, at) => {
        // The moderator's numbering is the global one.
        if (body.ifVersion !== undefined && cur.version !== body.ifVersion)
          throw new AppError('game.stale_version', 409, `the game is at version ${cur.version}, not ${body.ifVersion}`, { version: cur.version });
        const d = decideVia(cur, { type: 'mod', at, actor: { kind: 'moderator', name: m.name }, mod: { action: body.action, ...(body.args ? { args } : {}) } });
        // A refusal is an answer to the moderator, not a change of the game: nothing is committed.
        if (d.rejections.length > 0) {
          const rejections = d.rejections.map((r) => ({
            code: r.code,
            text: renderMessage(cur.variant, cur.state.config.locale, { key: r.code, params: r.params }),
          }));
          throw new AppError('mod.refused', 422, rejections[0]!.text, { rejections, version: cur.version });
        }
        refuseLookAlikes(cur, d.events);
        return d;
      });
      return commandResult(service, g.id, req.principal, o);
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
      const g = game(params.id);
      const m = requireModerator(role(g, req));
      if (nameKey(g.meta.host) !== nameKey(m.name)) throw new AppError('game.host_only', 403, 'only the host adds moderators');
      const acc = await accounts.byName(body.name);
      if (!acc) throw new AppError('account.not_found', 404, `no account named "${body.name}"`);
      const o = await service.apply(g.id, (cur, at) => {
        if (cur.meta.moderators.some((x) => nameKey(x) === acc.nameKey))
          throw new AppError('game.already_moderator', 409, `${acc.name} is a moderator already`);
        if (cur.state.order.some((id) => nameKey(cur.state.players[id]!.name) === acc.nameKey))
          throw new AppError('game.player_cannot_moderate', 409, `${acc.name} plays in this game`);
        const e = { type: 'moderator.added', at, audience: { kind: 'public' as const }, data: { name: acc.name, by: m.name } };
        return { events: [e], state: foldOne(cur, e), rejections: [] };
      });
      return { moderators: [...service.get(g.id).meta.moderators], version: o.version };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/audit',
    summary: 'The audit log: every moderator action, deadline and change of the game (moderators)',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    async handler({ params, req }) {
      const g = game(params.id);
      requireModerator(role(g, req));
      return { items: auditItems(ctxOf(g), await service.read(g.id)), version: g.version };
    },
  });

  // ---------------------------------------------------------------------------------------------------------
  // Exports

  route(app, {
    method: 'GET',
    url: '/api/games/:id/export',
    summary: 'The game export (same JSON as `narrator play --json`; `narrator verify` checks it once the game ended). Moderators; everyone after the end.',
    tags: ['exports'],
    auth: 'optional',
    params: gameParams,
    async handler({ params, req }) {
      const g = game(params.id);
      const r = role(g, req);
      const over = g.state.status === 'ended' || g.state.status === 'cancelled';
      if (r.kind !== 'moderator' && !over) throw new AppError('game.not_over', 403, 'the export is public once the game has ended');
      const events = (await service.read(g.id)).map((e) => e.event);
      return buildTranscript(g.variant, events, g.state);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/export/announcement/:seq',
    summary: 'One public announcement as BBCode or Markdown',
    tags: ['exports'],
    auth: 'optional',
    produces: 'text',
    params: gameParams.extend({ seq: z.coerce.number().int().min(1).max(1e9) }),
    query: format,
    async handler({ params, query, req, reply }) {
      const g = game(params.id);
      // `seq` is in the caller's numbering, as the thread gave it to him.
      const viewer = viewerOf(role(g, req));
      const cursors = await service.cursors(g.id);
      const { events } = await readAfter(service, g.id, cursors, viewer, params.seq - 1, 1, service.get(g.id).version);
      const [it] = threadItems(
        ctxOf(g, query.locale),
        events.filter((e) => e.seq === params.seq),
      );
      if (it?.kind !== 'announcement') throw new AppError('export.not_announcement', 404, `event ${params.seq} is not a public announcement`);
      reply.type('text/plain; charset=utf-8');
      return exportsFmt.announcement(query.format, it, g.meta.title);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/export/votes',
    summary: 'The live vote count as BBCode or Markdown',
    tags: ['exports'],
    auth: 'optional',
    produces: 'text',
    params: gameParams,
    query: format,
    handler({ params, query, req, reply }) {
      const g = game(params.id);
      if (!seesVoteCount(g.variant, viewerOf(role(g, req))))
        throw new AppError('export.ballots_private', 403, 'ballots of this rulebook are private: the result is announced in the thread at the deadline');
      const c = voteCount(g.state);
      if (!c) throw new AppError('export.no_vote', 404, 'no vote is open');
      reply.type('text/plain; charset=utf-8');
      return exportsFmt.votes(query.format, c, `${g.meta.title} — vote count, round ${c.round}`);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/export/day/:round',
    summary: 'A whole day of the thread (posts and announcements of one round) as BBCode or Markdown',
    tags: ['exports'],
    auth: 'optional',
    produces: 'text',
    params: gameParams.extend({ round: z.coerce.number().int().min(0).max(10_000) }),
    query: format,
    async handler({ params, query, reply }) {
      const g = game(params.id);
      const all = await service.read(g.id);
      // A round runs from its round.opened event to the next one (round 0: everything before round 1).
      const opened = (r: number) => all.findIndex((e) => e.event.type === 'round.opened' && (e.event.data as { round?: number }).round === r);
      const start = params.round === 0 ? 0 : opened(params.round);
      if (start < 0) throw new AppError('export.no_round', 404, `round ${params.round} has not opened`);
      const after = all.findIndex((e, i) => i > start && e.event.type === 'round.opened');
      const slice = all.slice(start, after < 0 ? undefined : after);
      reply.type('text/plain; charset=utf-8');
      return exportsFmt.day(query.format, threadItems(ctxOf(g, query.locale), slice), `${g.meta.title} — round ${params.round}`);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/health',
    summary: 'Liveness and the store in use',
    tags: ['system'],
    auth: 'none',
    handler: () => ({ ok: true, store: d.store.kind, games: service.list().length }),
  });

  /**
   * One page of a view after the caller's cursor `from`, in his numbering: `next` is the `from` of the next page
   * (null once he has everything), `version` his version now.
   */
  async function paged(
    g: LoadedGame,
    q: z.infer<typeof page>,
    viewer: Viewer,
    project: (c: ViewContext, evs: Awaited<ReturnType<GameService['read']>>) => Item[],
  ): Promise<{ items: Item[]; next: number | null; version: number }> {
    const cursors = await service.cursors(g.id);
    const upto = service.get(g.id).version;
    const { events, last } = await readAfter(service, g.id, cursors, viewer, q.from, SCAN, upto);
    const items = project(ctxOf(g, q.locale), events);
    const version = cursors.count(viewer, upto);
    if (items.length > q.limit) return { items: items.slice(0, q.limit), next: items[q.limit - 1]!.seq, version };
    return { items, next: last < version ? last : null, version };
  }
}

/** Every player's role, for the moderator console. */
function rolesOf(g: LoadedGame): Record<string, string | null> {
  const s = g.state;
  return Object.fromEntries(s.order.map((id) => [s.players[id]!.name, s.players[id]!.role ?? null]));
}

/** The keyword of a syntax command in the game's locale ('join' → 'Συμμετοχή' in Greek, 'Join' in English). */
function keyword(g: LoadedGame, command: string): string {
  const text = commandExample(g.variant.syntax, command, g.state.config.locale);
  if (text === '') throw new AppError('game.no_signup_command', 409, `the rulebook has no "${command}" command`);
  return text;
}

/**
 * A seat whose name looks like another seat's or a moderator's (same confusable skeleton) would let one player
 * pass for another in the thread and in vote lines, so a sign-up or a substitution that makes one is refused.
 */
function refuseLookAlikes(g: LoadedGame, events: readonly GameEvent[]): void {
  for (const e of events) {
    if (e.type !== 'player.signed_up' && e.type !== 'player.substituted') continue;
    const d = e.data as { id?: string; player?: string; name?: unknown };
    if (typeof d.name !== 'string') continue;
    const seat = d.player ?? d.id;
    const mine = nameSkeleton(d.name);
    const others = [...g.state.order.filter((id) => id !== seat).map((id) => g.state.players[id]!.name), ...g.meta.moderators];
    const alike = others.find((n) => nameKey(n) !== nameKey(d.name as string) && nameSkeleton(n) === mine);
    if (alike !== undefined) throw new AppError('game.name_confusable', 409, `"${d.name}" looks like "${alike}" in this game`, { like: alike });
  }
}

function decideVia(g: LoadedGame, cmd: Command) {
  return decide(g.variant, g.state, cmd);
}

function foldOne(g: LoadedGame, e: GameEvent) {
  return evolve(g.variant, g.state, e);
}
