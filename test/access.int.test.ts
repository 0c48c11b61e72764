// The access matrix, for every registered variant: every route and the WebSocket channel, called by each kind of
// caller — anonymous, an account outside the game, a player of another game, a player of this game, a member of the
// killers' team, the moderator, and (palermo) a player voted out (last words) and one removed by the moderator —
// gets exactly what the rules allow; in a rulebook with staff capacities (mafia-cities) so does each capacity. Nobody reads another player's private messages, role or team channel, and
// nobody learns anything of the events hidden from him: not their number (his sequence numbers, versions, paging
// and replies are in his own numbering), not their time (no frame reaches him for them). Every route of the API
// document (/docs) is a row of the matrix or named in ELSEWHERE with where its access is checked; a new route in
// neither fails the matrix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { GameEvent, Viewer } from '../src/core/types.ts';
import { canSee } from '../src/engine/view.ts';
import type { StoredEvent } from '../src/store/types.ts';
import { VARIANTS } from '../src/variants/registry.ts';
import { type Client, type Harness, harness, NINE, startedGame, TEN } from './support/harness.ts';
import { notifyHarness } from './support/notify-harness.ts';

type Who = 'anon' | 'outsider' | 'other' | 'player' | 'voted' | 'removed' | 'team' | 'mod';
const WHO: Who[] = ['anon', 'outsider', 'other', 'player', 'voted', 'removed', 'team', 'mod'];
/**
 * Staff holding one capacity (mafia-cities CIT-ENG-2): once the host appoints a Consigliere, he keeps the
 * Prokurator's capacity alone and the Consigliere holds his own alone.
 */
type Staff = 'prok' | 'cons';
const STAFF: Staff[] = ['prok', 'cons'];
/** What each caller gets from a route: every caller, and the staff where they differ from the moderator. */
type Want = Record<Who, number> & Partial<Record<Staff, number>>;

/** A game of one variant as the tests open it, and what its rulebook says about secrecy. */
interface Fixture {
  /** The create-game request besides `variant` (times local to the game zone; the clock starts at T0). */
  readonly setup: Record<string, unknown>;
  /** The killers' team channel. */
  readonly team: string;
  /** Whether the rulebook's running vote is public (votes are thread posts) or private (sent to the moderator). */
  readonly ballots: 'public' | 'private';
  /** Extra callers the rulebook allows to set up (voted out, removed), once a vote is open. */
  readonly extra?: (h: Harness, g: Game) => Promise<Partial<Record<Who, Client>>>;
  /** The players who sign up (default nine). */
  readonly players?: readonly string[];
  /** Played at each step while the game moves towards an open vote (a rulebook that votes only on nominees). */
  readonly prepare?: (g: Game) => Promise<void>;
  /** A rulebook with several threads and private group channels (engine/channels.ts): the channels to check. */
  readonly channels?: { readonly family: (g: Game, city: number) => string; readonly cities: number };
  /** The rulebook's own secrets, checked once the extra callers exist. */
  readonly secrets?: (g: Game) => Promise<void>;
  /**
   * A rulebook with staff capacities (CIT-ENG-2, CIT-ENG-3): the matrix runs again once the host has appointed a
   * Consigliere, for each capacity, with an action of each capacity in the log.
   */
  readonly staff?: { readonly duties: Record<Staff, readonly string[]>; readonly material: (g: Game, team: Client, cons: Client) => Promise<void> };
}

interface Game {
  id: string;
  mod: Client;
  players: Record<string, Client>;
  roles: Record<string, string>;
  pids: Record<string, string>;
}

/** Palermo: the town votes one citizen out at 20:00 (last words) and the moderator removes another. */
async function palermoExtra(h: Harness, g: Game): Promise<Partial<Record<Who, Client>>> {
  const [voted, removed] = NINE.filter((n) => g.roles[n] !== 'killer').slice(1, 3) as [string, string];
  for (const n of NINE.filter((x) => x !== voted).slice(0, 6)) await g.players[n]!.req('POST', `/api/games/${g.id}/posts`, { text: `Vote: ${voted}` });
  await h.at('2025-11-03T18:00:00Z');
  const rm = await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'remove', args: { name: removed } });
  expect(rm.json.accepted).toBe(true);
  return { voted: g.players[voted], removed: g.players[removed] };
}

/** The formal mafiosi of palermo-intrigue. */
const INT_MAFIA = new Set(['archmafioso', 'visible-mafioso-a', 'visible-mafioso-b', 'visible-mafioso-x', 'hidden-mafioso']);

/**
 * palermo-intrigue: a citizen is voted out at the 20:10 count (a ghost with last words), the moderator expels
 * another; the oracle's holder asks about a mafioso and a player is detained as a penalty, so the secrets of the
 * rulebook (cards in hand, the oracle's answer, ghosts' roles, the detention) are in the log the matrix checks.
 */
async function intrigueExtra(h: Harness, g: Game): Promise<Partial<Record<Who, Client>>> {
  const mafia = INT_MAFIA;
  const [voted, removed, detained] = intrigueVictims(g);
  for (const n of NINE.filter((x) => x !== voted).slice(0, 6)) await g.players[n]!.req('POST', `/api/games/${g.id}/posts`, { text: `Vote: ${voted}` });
  const oracle = await cardHolder(g, 'ΧΡΗΣΜΟΣ');
  if (oracle) {
    const target = NINE.find((n) => mafia.has(g.roles[n]!) && n !== oracle)!;
    const r = await g.players[oracle]!.req('POST', `/api/games/${g.id}/pms`, { text: `Card: ΧΡΗΣΜΟΣ ${target}` });
    expect(r.json.accepted).toBe(true);
  }
  await h.at('2025-11-03T18:10:00Z');
  const rm = await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'expel', args: { name: removed } });
  expect(rm.json.accepted).toBe(true);
  const det = await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'penalty-detain', args: { name: detained } });
  expect(det.json.accepted).toBe(true);
  return { voted: g.players[voted], removed: g.players[removed] };
}

/** The player whose legal actions offer the card written with this keyword (INT-CARD-2), if any. */
async function cardHolder(g: Game, keyword: string): Promise<string | undefined> {
  for (const n of NINE) {
    const acts = (await g.players[n]!.req('GET', `/api/games/${g.id}/actions`)).json.actions as { command: string; template: string }[];
    if (acts.some((a) => a.command === 'card' && a.template.includes(keyword))) return n;
  }
  return undefined;
}

/** palermo-intrigue: every player's inbox names his own card only; the oracle's answer reaches its holder only. */
async function intrigueSecrets(g: Game): Promise<void> {
  const texts: Record<string, string[]> = {};
  for (const n of NINE)
    texts[n] = ((await g.players[n]!.req('GET', `/api/games/${g.id}/inbox?limit=500`)).json.items as { text?: string }[]).map((i) => i.text ?? '');
  for (const n of NINE) expect(texts[n]!.filter((t) => t.includes('Your card:')).length, n).toBe(1);
  const askers = NINE.filter((n) => texts[n]!.some((t) => t.includes('Oracle: does')));
  expect(askers.length).toBeLessThanOrEqual(1);
  const game = (await g.players[NINE[0]!]!.req('GET', `/api/games/${g.id}`)).json;
  expect(game.players.every((p: { role: unknown }) => p.role === null)).toBe(true);
  // Conditions are announced, so the public list shows them (the ghost's, the expelled's and the detainee's
  // roles stay null above); the same three players intrigueExtra picked.
  const [voted, removed, detained] = intrigueVictims(g);
  const condition = Object.fromEntries(game.players.map((p: { name: string; condition?: string }) => [p.name, p.condition]));
  expect(condition[voted]).toBe('ghost');
  expect(condition[removed]).toBe('out');
  expect(condition[detained]).toBe('detained');
  for (const n of NINE.filter((x) => ![voted, removed, detained].includes(x))) expect(condition[n], n).toBe('active');
}

/** The citizens intrigueExtra votes out, expels and detains. */
function intrigueVictims(g: Game): [string, string, string] {
  return NINE.filter((n) => !INT_MAFIA.has(g.roles[n]!)).slice(1, 4) as [string, string, string];
}

/**
 * Routes of the API (its /docs document) the matrix does not call, each with why and where its access is checked: they
 * create or end accounts, sessions and games, or need a mail box, a push service or a simulation. A route in neither
 * the matrix nor this list fails the matrix.
 */
const ELSEWHERE: Record<string, string> = {
  'POST /api/accounts': 'signs up a new account: test/names.int.test.ts, test/login-limits.int.test.ts',
  'POST /api/sessions': 'logs in: the matrix logs its callers in through it; test/login-limits.int.test.ts',
  'DELETE /api/sessions/current': 'logs the caller out (the matrix would lose him): test/server.int.test.ts, test/scaleout.int.test.ts',
  'POST /api/games': 'creates a game: the matrix creates its games through it; test/server.int.test.ts',
  'GET /api/games/{id}/export/announcement/{seq}': 'numbered in each caller’s own thread: "an announcement is exported by its number…" below',
  'POST /api/setup/dates': 'a create form preview: test/setup-preview.int.test.ts',
  'POST /api/setup/balance': 'a create form preview that runs simulations: test/setup-preview.int.test.ts',
  'POST /api/push/subscriptions': 'needs a browser’s push keys: test/notifications.int.test.ts',
  'POST /api/me/email': 'sends a verification mail (e-mail is off here): test/notifications.int.test.ts',
  'DELETE /api/me/email': 'drops the caller’s address: test/notifications.int.test.ts',
  'POST /api/email/verify': 'a mailed token: test/notifications.int.test.ts',
  'POST /api/password-reset': 'answers alike for every login, by mail: test/notifications.int.test.ts',
  'POST /api/password-reset/confirm': 'a mailed token, ends every session: test/notifications.int.test.ts',
  'GET /api/unsubscribe/{token}': 'a signed link of a mail: test/notifications.int.test.ts',
  'POST /api/unsubscribe/{token}': 'a signed link of a mail (one-click): test/notifications.int.test.ts',
};

/** One line per registered variant (a test below fails when a variant has none). */
const FIXTURES: Record<string, Fixture> = {
  palermo: { setup: { startAt: '2025-11-03T11:00', locale: 'en' }, team: 'killers', ballots: 'public', extra: palermoExtra },
  'palermo-intrigue': {
    setup: { startAt: '2025-11-03T11:00', locale: 'en' },
    team: 'mafia',
    ballots: 'public',
    extra: intrigueExtra,
    secrets: intrigueSecrets,
  },
  'mafia-de': { setup: { startAt: '2025-11-03T11:00', locale: 'en', gameNumber: '137' }, team: 'mafia', ballots: 'private' },
  // Two cities of five; no maniac, so the nights before the vote kill nobody (the silent families refuse).
  'mafia-cities': {
    setup: { startAt: '2025-11-03T12:00', locale: 'en', options: { includeManiac: false } },
    team: 'family-1',
    ballots: 'public',
    players: TEN,
    prepare: nominateOnce,
    channels: { family: (_g, c) => `family-${c + 1}`, cities: 2 },
    staff: { duties: { prok: ['prokurator'], cons: ['consigliere'] }, material: citiesStaffMaterial },
  },
};

/**
 * mafia-cities: one action of each capacity. The Prokurator (the host) tells a player something; the Consigliere
 * hints to the family of the team member, which names a mafioso.
 */
async function citiesStaffMaterial(g: Game, team: Client, cons: Client): Promise<void> {
  const someone = Object.keys(g.players).find((n) => g.players[n] !== team)!;
  const tell = await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'tell', args: { name: someone, text: 'prokurator-only words' } });
  expect(tell.json.accepted, tell.text).toBe(true);
  const hint = await cons.req('POST', `/api/games/${g.id}/mod`, { action: 'hint', args: { name: team.name, text: 'consigliere-only hint' } });
  expect(hint.json.accepted, hint.text).toBe(true);
}

/** mafia-cities votes only on nominees: one resident of each city nominates someone of his city while nominations are open. */
async function nominateOnce(g: Game): Promise<void> {
  // One nomination per city (its channel): the deal is drawn, so any caller may live in any city and must find a nominee.
  const done = new Set<string>();
  for (const name of TEN) {
    const c = g.players[name]!;
    const a = (await c.req('GET', `/api/games/${g.id}/actions`)).json.actions.find((x: { command: string }) => x.command === 'nominate');
    if (!a || done.has(a.channel)) continue;
    const r = await c.req('POST', `/api/games/${g.id}/channels/${a.channel}`, { text: a.template.replace('{name}', a.targets[0].name) });
    if (!r.json.accepted) throw new Error(r.text);
    done.add(a.channel);
  }
}

it('every registered variant has a line in the access matrix', () => {
  expect(Object.keys(FIXTURES).sort()).toEqual(Object.keys(VARIANTS).sort());
});

/** Opens and starts a nine-player game of the variant, and moves the clock until a vote is open. */
async function openGame(h: Harness, variant: string, fx: Fixture, prefix: string): Promise<Game> {
  const { id, mod, players } = await startedGame(h, prefix, { variant, ...fx.setup }, fx.players ?? NINE);
  for (let i = 0; i < 6; i++) {
    await fx.prepare?.({ id, mod, players, roles: {}, pids: {} });
    const a = await players[(fx.players ?? NINE)[0]!]!.req('GET', `/api/games/${id}/actions`);
    if (a.json.actions.some((x: { command: string }) => x.command === 'vote')) break;
    const next = (await mod.req('GET', `/api/games/${id}`)).json.nextDeadline;
    await h.at(new Date(next.at + 1000).toISOString());
  }
  // Roles and seats as they stand once the vote is open.
  const g = await mod.req('GET', `/api/games/${id}`);
  const roles: Record<string, string> = {};
  for (const [name, role] of Object.entries(g.json.moderator.roles as Record<string, string>)) roles[name.slice(prefix.length)] = role;
  const pids = Object.fromEntries(g.json.players.map((p: { id: string; name: string }) => [p.name, p.id]));
  return { id, mod, players, roles, pids };
}

/** Casts a vote through the player's own legal action (a post or a PM, as the rulebook says). */
async function vote(c: Client, id: string, target?: string): Promise<{ status: number; json: any }> {
  const a = (await c.req('GET', `/api/games/${id}/actions`)).json.actions.find((x: { command: string }) => x.command === 'vote');
  const name = target ?? a.targets[0].name;
  const url = a.via === 'pm' ? 'pms' : a.channel ? `channels/${a.channel}` : 'posts';
  return c.req('POST', `/api/games/${id}/${url}`, { text: a.template.replace('{name}', name) });
}

/** Frames of a WebSocket subscription from `from` until `subscribed` (and the open socket, to listen on). */
async function subscribe(port: number, c: Client | undefined, id: string, from = 0): Promise<{ ws: WebSocket; got: any[]; next: () => Promise<any> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, c?.cookie ? { headers: { cookie: c.cookie } } : {});
    const got: any[] = [];
    const waiters: ((m: any) => void)[] = [];
    let live = false;
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', game: id, from })));
    ws.on('message', (m) => {
      const msg = JSON.parse(String(m));
      if (live) {
        const w = waiters.shift();
        if (w) w(msg);
        else got.push(msg);
        return;
      }
      got.push(msg);
      if (msg.type === 'subscribed') {
        live = true;
        resolve({ ws, got: [...got], next: () => new Promise((r) => (got.length > 0 ? r(got.shift()) : waiters.push(r))) });
        got.length = 0;
      }
    });
  });
}

for (const [variant, fx] of Object.entries(FIXTURES)) {
  describe(`${variant}`, () => {
    /** The game's players (nine unless the rulebook needs more). */
    const PLAYERS = fx.players ?? NINE;
    let h: Harness;
    let a: Game;
    let port = 0;
    const callers = {} as Record<Who, Client>;
    const names = {} as Record<Who, string>;
    let who: Who[] = [];
    let killer = '';
    let citizen = '';

    beforeAll(async () => {
      // With the notifications, as a server runs: their routes are in the matrix too.
      h = await notifyHarness();
      // The other game (whose player BAnna is an outsider here) is set up first, while its start is still ahead.
      await startedGame(h, 'B', { variant, ...fx.setup }, PLAYERS);
      a = await openGame(h, variant, fx, '');
      // The killers are whoever the rulebook's team channel names.
      const members: string[] = [];
      for (const n of PLAYERS) if ((await a.players[n]!.req('GET', `/api/games/${a.id}`)).json.me.teams.includes(fx.team)) members.push(n);
      killer = members[0]!;
      citizen = PLAYERS.find((n) => !members.includes(n))!;
      const extra = fx.extra ? await fx.extra(h, a) : {};
      const other = await h.client('BAnna', true);
      const login = await other.req('POST', '/api/sessions', { name: 'BAnna', password: 'password1' });
      if (login.status !== 200) throw new Error(login.text);
      Object.assign(callers, {
        anon: await h.client('Anonymous', true),
        outsider: await h.client('Outsider'),
        other,
        player: a.players[citizen],
        team: a.players[killer],
        mod: a.mod,
        ...extra,
      });
      Object.assign(names, { player: citizen, team: killer, mod: 'Mod', other: 'BAnna', outsider: 'Outsider', anon: '' });
      for (const [w, c] of Object.entries(extra)) names[w as Who] = c!.name;
      who = WHO.filter((w) => callers[w] !== undefined);
      await h.client('Spare');
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      port = (h.app.server.address() as { port: number }).port;
    });
    afterAll(() => h.close());

    function viewerOf(w: Who): Viewer {
      if (w === 'mod') return { kind: 'moderator' };
      const pid = a.pids[names[w]];
      return pid ? { kind: 'player', id: pid } : { kind: 'spectator' };
    }
    /** The events the caller may see, in his numbering (his n-th event is at index n − 1). */
    async function visibleTo(w: Who): Promise<StoredEvent[]> {
      const v = viewerOf(w);
      return (await h.service.read(a.id)).filter((e) => canSee(v, e.event.audience));
    }
    /** The first announcement of the caller's thread, exported by the number his thread gave it. */
    async function exportsFirstAnnouncement(c: Client): Promise<void> {
      const first = (await c.req('GET', `/api/games/${a.id}/thread?limit=500`)).json.items.find((i: { kind: string }) => i.kind === 'announcement');
      const r = await c.req('GET', `/api/games/${a.id}/export/announcement/${first.seq}?format=bbcode`);
      expect([c.name, r.status]).toEqual([c.name, 200]);
      expect(r.text).toContain(first.text.split('\n')[0]!.slice(0, 20));
    }
    /** The event the caller's number `seq` names. */
    const eventAt = (w: Who, mine: StoredEvent[], seq: number): GameEvent | undefined =>
      w === 'mod' ? mine.find((e) => e.seq === seq)?.event : mine[seq - 1]?.event;

    const all = (status: number) => Object.fromEntries(WHO.map((w) => [w, status])) as Record<Who, number>;
    const only = (base: number, over: Partial<Record<Who, number>>) => ({ ...all(base), anon: 401, ...over }) as Record<Who, number>;
    const g = () => '/api/games/:id';
    /** The killers' channel as numbered: a rulebook channel (a family) or a team channel. */
    const teamChannel = () => (fx.channels ? fx.team : `team:${fx.team}`);
    const players = { player: 200, voted: 200, removed: 200, team: 200 };
    const rows: [string, 'GET' | 'POST', () => string, unknown, Want][] = [
      ['list games', 'GET', () => '/api/games', undefined, all(200)],
      ['the game', 'GET', g, undefined, all(200)],
      ['the thread', 'GET', () => `${g()}/thread`, undefined, all(200)],
      // DE-VOTE-7: a private ballot's count is the moderator's until the result is announced.
      ['vote count export', 'GET', () => `${g()}/export/votes`, undefined, fx.ballots === 'public' ? all(200) : { ...all(403), mod: 200 }],
      ['day export', 'GET', () => `${g()}/export/day/1?format=markdown`, undefined, all(200)],
      ['me', 'GET', () => '/api/me', undefined, only(200, {})],
      ['post', 'POST', () => `${g()}/posts`, { text: 'hello' }, only(200, { mod: 403 })],
      ['inbox', 'GET', () => `${g()}/inbox`, undefined, only(403, { ...players, mod: 200 })],
      ['pm', 'POST', () => `${g()}/pms`, { text: 'a question' }, only(403, players)],
      ['read team', 'GET', () => `${g()}/teams/${fx.team}`, undefined, only(403, { team: 200, mod: 200 })],
      ['write team', 'POST', () => `${g()}/teams/${fx.team}`, { text: 'psst' }, only(403, { team: 200 })],
      ['legal actions', 'GET', () => `${g()}/actions`, undefined, only(403, players)],
      ['moderator command', 'POST', () => `${g()}/mod`, { action: 'note', args: { text: 'n' } }, only(403, { mod: 200 })],
      ['audit log', 'GET', () => `${g()}/audit`, undefined, only(403, { mod: 200 })],
      ['moderator actions', 'GET', () => `${g()}/mod-actions`, undefined, only(403, { mod: 200 })],
      ['schedule', 'GET', () => `${g()}/schedule`, undefined, all(200)],
      ['verify before the end', 'GET', () => `${g()}/verify`, undefined, all(403)],
      // CIT-ACT-7, CIT-SET-1: the players' «Овощ» warnings from other games are for the staff only.
      ['signup warnings', 'GET', () => `${g()}/warnings`, undefined, only(403, { mod: 200 })],
      // CIT-ENG-3: the whole log is for staff holding every capacity (game.staff_partition otherwise).
      ['export before the end', 'GET', () => `${g()}/export`, undefined, { ...all(403), mod: 200, prok: 403, cons: 403 }],
      ['start', 'POST', () => `${g()}/start`, undefined, only(403, { mod: 200 })],
      // Issue 25 item 9: what starting now would open is the moderators' (the console's start warning).
      ['start preview', 'GET', () => `${g()}/start-preview`, undefined, only(403, { mod: 200 })],
      ['sign up', 'POST', () => `${g()}/signup`, undefined, only(409, { outsider: 200, other: 200, mod: 403 })],
      ['withdraw', 'POST', () => `${g()}/withdraw`, undefined, only(403, players)],
      // The host only; in the staff pass the host has added Spare already (409) and the Consigliere is not the host.
      ['add co-moderator', 'POST', () => `${g()}/moderators`, { name: 'Spare' }, { ...only(403, { mod: 200 }), prok: 409, cons: 403 }],
      // engine/channels.ts: every game lists its channels and serves its main thread as one.
      ['channels', 'GET', () => `${g()}/channels`, undefined, all(200)],
      ['main channel', 'GET', () => `${g()}/channels/main`, undefined, all(200)],
      ['unknown channel', 'GET', () => `${g()}/channels/nowhere`, undefined, all(404)],
      ['day export of an unknown channel', 'GET', () => `${g()}/export/day/1?channel=nowhere`, undefined, all(404)],
      ['post in the main channel', 'POST', () => `${g()}/channels/main`, { text: 'hello, main' }, only(200, { mod: 403 })],
      // Issue 26: post numbers, unread markers and the vote history follow the channels' readers.
      ['a post by its number', 'GET', () => `${g()}/channels/main/posts/1`, undefined, all(200)],
      // A mafia-cities family's posts are the Consigliere's material (CIT-ENG-3): to a Prokurator-only staff member they do not exist.
      [
        'a team channel’s post by its number',
        'GET',
        () => `${g()}/channels/${teamChannel()}/posts/1`,
        undefined,
        { ...all(404), team: 200, mod: 200, prok: 404 },
      ],
      ['reading', 'GET', () => `${g()}/reading`, undefined, only(200, {})],
      ['mark read', 'POST', () => `${g()}/channels/main/read`, { post: 1 }, only(200, {})],
      ['mark a team channel read', 'POST', () => `${g()}/channels/${teamChannel()}/read`, { post: 1 }, { ...all(404), anon: 401, team: 200, mod: 200 }],
      ['vote history', 'GET', () => `${g()}/votes/history`, undefined, all(200)],
      ['the count at a post', 'GET', () => `${g()}/channels/main/posts/1/votes`, undefined, all(200)],
      // Issue 26: the reminder plan, its leads and the digest are the staff's (each capacity's digest shows what it may).
      ['reminder plan', 'GET', () => `${g()}/reminders`, undefined, only(403, { mod: 200 })],
      ['set the reminder leads', 'POST', () => `${g()}/reminders`, { minutes: [180, 30] }, only(403, { mod: 200 })],
      ['the moderator’s digest', 'GET', () => `${g()}/digest`, undefined, only(403, { mod: 200 })],
      ['send the digest', 'POST', () => `${g()}/digest`, undefined, only(403, { mod: 200 })],
      // An account's own notifications and settings: every account reads its own, nobody reads another's.
      ['notifications', 'GET', () => '/api/notifications', undefined, only(200, {})],
      ['mark notifications read', 'POST', () => '/api/notifications/read', { all: true }, only(204, {})],
      ['notification settings', 'GET', () => '/api/me/notify', undefined, only(200, {})],
      ['change notification settings', 'POST', () => '/api/me/notify', { locale: 'en' }, only(200, {})],
      ['drop a push endpoint', 'POST', () => '/api/push/unsubscribe', { endpoint: 'https://push.invalid/none' }, only(204, {})],
      ['notification config', 'GET', () => '/api/notify/config', undefined, all(200)],
      ['push key', 'GET', () => '/api/push/key', undefined, all(200)],
      // What the server says of itself and of its rulebooks is public.
      ['rulebooks', 'GET', () => '/api/variants', undefined, all(200)],
      ['a rulebook’s texts', 'GET', () => `/api/variants/${variant}/texts?locale=en`, undefined, all(200)],
      ['clock', 'GET', () => '/api/clock', undefined, all(200)],
      ['health', 'GET', () => '/api/health', undefined, all(200)],
      ['ready', 'GET', () => '/api/ready', undefined, all(200)],
      ...(fx.channels
        ? ([
            // A family's inbox is its members' and the Consigliere's (the moderator): to anyone else it does not exist.
            ['read a family channel', 'GET', () => `${g()}/channels/${fx.team}`, undefined, { ...all(404), team: 200, mod: 200 }],
            ['the court channel', 'GET', () => `${g()}/channels/court`, undefined, { ...all(404), mod: 200 }],
            // The day export of a channel keeps the channel's readers: a family's day is its members' and the moderator's.
            ['day export of a family channel', 'GET', () => `${g()}/export/day/1?channel=${fx.team}`, undefined, { ...all(404), team: 200, mod: 200 }],
          ] as typeof rows)
        : []),
    ];

    if (fx.secrets) it('the rulebook’s own secrets stay with their holders', async () => fx.secrets!(a));

    if (fx.extra)
      it('rules still bind the players: the voted-out player has last words once; the removed one has none; nobody votes for another', async () => {
        const lw = await callers.voted.req('POST', `/api/games/${a.id}/posts`, { text: 'My last words.' });
        expect(lw.json.accepted).toBe(true);
        const again = await callers.voted.req('POST', `/api/games/${a.id}/posts`, { text: 'Vote: Anna' });
        expect(again.json.rejections.map((r: { code: string }) => r.code)).toEqual(['R-LW-USED']);
        const removed = await callers.removed.req('POST', `/api/games/${a.id}/posts`, { text: 'Vote: Anna' });
        expect(removed.json.accepted).toBe(false);
        const outsider = await callers.outsider.req('POST', `/api/games/${a.id}/posts`, { text: 'Vote: Anna' });
        expect(outsider.json.rejections.map((r: { code: string }) => r.code)).toEqual(['R-NOT-SIGNED-UP']);
      });

    describe('access matrix', () => {
      for (const [label, method, url, body, want] of rows) {
        it(`${label}: ${method} ${url()}`, async () => {
          const got = {} as Record<Who, number>;
          const expected = {} as Record<Who, number>;
          for (const w of who) {
            got[w] = (await callers[w].req(method, url().replace(':id', a.id), body)).status;
            expected[w] = want[w];
          }
          expect(got).toEqual(expected);
        });
      }

      it('every route of the API is a row of the matrix, or named in ELSEWHERE with the test that checks who may call it', async () => {
        const paths = (h.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
        const registered = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
        const covered = (route: string) => {
          const [m, path] = route.split(' ') as [string, string];
          const re = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
          return rows.some(([, method, url]) => method === m && re.test(url().replace(':id', a.id).split('?')[0]!));
        };
        const missing = registered.filter((r) => !covered(r) && !(r in ELSEWHERE));
        expect(missing).toEqual([]);
        // No stale exemption: each one names a route that exists and no row covers.
        expect(Object.keys(ELSEWHERE).filter((r) => !registered.includes(r) || covered(r))).toEqual([]);
        expect(registered.length).toBeGreaterThan(60);
      });

      it('an announcement is exported by its number in the caller’s own thread, for every caller', async () => {
        for (const w of who) await exportsFirstAnnouncement(callers[w]);
      });

      it('every state-changing route refuses a session without the CSRF token', async () => {
        const c = callers.player;
        const csrf = c.csrf;
        c.csrf = '';
        try {
          for (const [, method, url, body] of rows.filter((r) => r[1] === 'POST')) {
            const r = await c.req(method, url().replace(':id', a.id), body);
            expect([r.status, r.json.error.code]).toEqual([403, 'auth.csrf']);
          }
        } finally {
          c.csrf = csrf;
        }
      });
    });

    describe('secrets', () => {
      it('a post acts only as its caller: the matrix’s "hello" posts are authored by the players still in the game', async () => {
        const t = await callers.player.req('GET', `/api/games/${a.id}/thread?from=0&limit=500`);
        const mine = t.json.items.filter((i: { kind: string; text: string }) => i.kind === 'post' && i.text === 'hello');
        expect(mine.map((i: { author: string }) => i.author).sort()).toEqual([names.player, names.team].sort());
      });

      if (fx.channels)
        it('channels (CIT-THR-1, CIT-THR-2, CIT-MAF-9, CIT-CRT-1, CIT-ENG-3): every city thread is public, a player posts only in his own; a family inbox and the court are their members’ only', async () => {
          const lists: Record<string, { id: string; kind: string; readable: boolean; postable: boolean }[]> = {};
          for (const w of who) lists[w] = (await callers[w].req('GET', `/api/games/${a.id}/channels`)).json.channels;
          const cities = Array.from({ length: fx.channels!.cities }, (_, i) => `city-${i + 1}`);
          for (const w of who) {
            const ids = lists[w]!.map((c) => c.id);
            for (const c of ['main', ...cities]) expect(ids, w).toContain(c);
            // Private channels a caller does not read are not even listed.
            expect(ids.includes(fx.team), w).toBe(w === 'team' || w === 'mod');
            expect(ids.includes('court'), w).toBe(w === 'mod');
            if (w !== 'player' && w !== 'team')
              expect(
                lists[w]!.every((c) => !c.postable),
                w,
              ).toBe(true);
          }
          // The citizen may post in exactly one city thread (his own) and the main one; a post elsewhere is refused.
          const mine = lists.player!.filter((c) => c.postable).map((c) => c.id);
          expect(mine.filter((id) => id.startsWith('city-')).length).toBe(1);
          const own = mine.find((id) => id.startsWith('city-'))!;
          const foreign = cities.find((c) => c !== own)!;
          const ok = await callers.player.req('POST', `/api/games/${a.id}/channels/${own}`, { text: 'at home' });
          expect(ok.json.accepted).toBe(true);
          const no = await callers.player.req('POST', `/api/games/${a.id}/channels/${foreign}`, { text: 'abroad' });
          expect(no.json.rejections.map((r: { code: string }) => r.code)).toEqual(['REJ-THR-CITY']);
          const spy = await callers.player.req('POST', `/api/games/${a.id}/channels/${fx.team}`, { text: 'let me in' });
          expect(no.status).toBe(200);
          expect(spy.json.rejections.map((r: { code: string }) => r.code)).toEqual(['R-CHANNEL']);
          // The family writes in its inbox through the channel route; nobody outside reads a word of it.
          const fam = await callers.team.req('POST', `/api/games/${a.id}/channels/${fx.team}`, { text: 'family secret' });
          expect(fam.json.accepted).toBe(true);
          for (const w of who) {
            const page = await callers[w].req('GET', `/api/games/${a.id}/channels/${own}?limit=500`);
            expect(page.status).toBe(200);
            const texts = page.json.items.map((i: { text: string }) => i.text);
            expect(texts).toContain('at home');
            expect(texts).not.toContain('abroad');
            const { ws, got } = await subscribe(port, callers[w], a.id);
            ws.close();
            expect(JSON.stringify(got).includes('family secret'), w).toBe(w === 'team' || w === 'mod');
            expect(JSON.stringify(got).includes('let me in'), w).toBe(false);
          }
          // Legal actions name the channel they are posted in.
          const acts = (await callers.player.req('GET', `/api/games/${a.id}/actions`)).json.actions;
          for (const x of acts.filter((y: { via: string }) => y.via === 'post')) expect(x.channel).toBe(own);
        });

      it('DE-VOTE-7: the vote history holds a private ballot for the moderator only; a public one for everyone, recounted as the live count', async () => {
        const r = await vote(callers.player, a.id);
        expect(r.json.accepted, JSON.stringify(r.json)).toBe(true);
        const live = (await callers.mod.req('GET', `/api/games/${a.id}`)).json.votes;
        for (const w of who) {
          const h = (await callers[w].req('GET', `/api/games/${a.id}/votes/history`)).json;
          const lines = h.rounds.flatMap((x: { entries: { voter: string }[] }) => x.entries);
          if (fx.ballots === 'private' && w !== 'mod') {
            expect(h, w).toEqual({ live: false, rounds: [], count: null });
            const at = await callers[w].req('GET', `/api/games/${a.id}/channels/main/posts/1/votes`);
            expect(at.json.count, w).toBeNull();
          } else {
            expect(
              lines.some((e: { voter: string }) => e.voter === names.player),
              w,
            ).toBe(true);
            // mafia-de's live count has no round of its own (0); the recount numbers the day.
            const { round: _a, ...recounted } = h.count;
            // The recount has no per-city non-voters (the live count's notVotedIn) yet.
            const { round: _b, notVotedIn: _n, ...count } = live;
            expect(recounted, w).toEqual(count);
          }
        }
      });

      it('the game view shows a player only his own role, and the console only to the moderator', async () => {
        for (const w of who) {
          const r = await callers[w].req('GET', `/api/games/${a.id}`);
          expect(r.json.players.every((p: { role: unknown }) => p.role === null)).toBe(true);
          expect(r.json.moderator !== undefined).toBe(w === 'mod');
          if (['player', 'voted', 'removed', 'team'].includes(w)) expect(r.json.me.gameRole).toEqual(expect.any(String));
          else expect(r.json.me.gameRole).toBeUndefined();
        }
      });

      it('inboxes and team channels hold only events addressed to the caller, numbered in his own numbering', async () => {
        for (const w of ['player', 'voted', 'removed', 'team'] as Who[]) {
          if (!callers[w]) continue;
          const v = viewerOf(w);
          const mine = await visibleTo(w);
          const inbox = await callers[w].req('GET', `/api/games/${a.id}/inbox?limit=500`);
          expect(inbox.json.items.length).toBeGreaterThan(0);
          expect(inbox.json.version).toBe(mine.length);
          for (const it of inbox.json.items) {
            const e = eventAt(w, mine, it.seq)!;
            expect(e.at).toBe(it.at);
            expect(e.audience.kind === 'players' && v.kind === 'player' && e.audience.ids.includes(v.id)).toBe(true);
          }
        }
        const mine = await visibleTo('team');
        const team = await callers.team.req('GET', `/api/games/${a.id}/teams/${fx.team}?limit=500`);
        expect(team.json.items.length).toBeGreaterThan(0);
        for (const it of team.json.items) expect(eventAt('team', mine, it.seq)!.audience.kind).toBe('team');
      });

      it('the WebSocket sends each caller exactly the events he may see, numbered 1, 2, 3… in his numbering (the moderator: the global numbers)', async () => {
        for (const w of who) {
          const { ws, got } = await subscribe(port, callers[w], a.id);
          ws.close();
          const mine = await visibleTo(w);
          const frames = got.filter((m) => m.type === 'event');
          // No bare numbers: every frame is a whole event the viewer may see.
          expect(frames.every((m) => m.event !== undefined)).toBe(true);
          expect(frames.map((m) => m.event)).toEqual(mine.map((e) => e.event));
          expect(frames.map((m) => m.seq)).toEqual(w === 'mod' ? mine.map((e) => e.seq) : mine.map((_, i) => i + 1));
          const total = (await h.service.read(a.id)).length;
          expect(got.at(-1)).toEqual({ type: 'subscribed', game: a.id, version: w === 'mod' ? total : mine.length });
        }
      });

      it('HTTP paging of the thread is in the caller’s numbering, from 0 like the WebSocket, with no gap for hidden events', async () => {
        for (const w of who) {
          const mine = await visibleTo(w);
          const items: { seq: number; at: number }[] = [];
          let from: number | null = 0;
          let version = -1;
          while (from !== null) {
            const r = await callers[w].req('GET', `/api/games/${a.id}/thread?from=${from}&limit=7`);
            expect(r.status).toBe(200);
            items.push(...r.json.items);
            version = r.json.version;
            from = r.json.next;
          }
          const total = (await h.service.read(a.id)).length;
          expect(version).toBe(w === 'mod' ? total : mine.length);
          // The thread is every public post, edit and announcement of the main channel (those naming no other channel),
          // each once, at its number in the caller's numbering.
          const thread = ['post.published', 'post.edited', 'message'];
          const main = (e: GameEvent) => (e.data as { channel?: string }).channel === undefined;
          const pub = mine.flatMap((e, i) =>
            e.event.audience.kind === 'public' && thread.includes(e.event.type) && main(e.event) ? [{ seq: w === 'mod' ? e.seq : i + 1, at: e.event.at }] : [],
          );
          expect(items.map((i) => ({ seq: i.seq, at: i.at }))).toEqual(pub);
          expect(items.length).toBeGreaterThan(2);
        }
      });

      it('hidden traffic leaves no trace for a spectator or a player: no frame, no new number, the same version', async () => {
        const watchers: Who[] = ['anon', 'player'];
        const before: Record<string, { version: number; thread: number }> = {};
        const live: Record<string, Awaited<ReturnType<typeof subscribe>>> = {};
        for (const w of watchers) {
          live[w] = await subscribe(port, callers[w], a.id);
          before[w] = {
            version: (await callers[w].req('GET', `/api/games/${a.id}`)).json.version,
            thread: (await callers[w].req('GET', `/api/games/${a.id}/thread`)).json.version,
          };
          expect(live[w]!.got.at(-1).version).toBe(before[w]!.version);
        }
        // The killers talk, another player writes to the moderator and is answered: none of it is theirs.
        const other = PLAYERS.find((n) => n !== citizen && n !== killer && a.players[n] !== callers.voted && a.players[n] !== callers.removed)!;
        expect((await callers.team.req('POST', `/api/games/${a.id}/teams/${fx.team}`, { text: 'tonight?' })).status).toBe(200);
        expect((await callers.team.req('POST', `/api/games/${a.id}/teams/${fx.team}`, { text: 'yes' })).status).toBe(200);
        expect((await a.players[other]!.req('POST', `/api/games/${a.id}/pms`, { text: 'a secret question' })).status).toBe(200);
        expect((await a.mod.req('POST', `/api/games/${a.id}/mod`, { action: 'tell', args: { name: other, text: 'a secret answer' } })).json.accepted).toBe(
          true,
        );
        for (const w of watchers) {
          expect((await callers[w].req('GET', `/api/games/${a.id}`)).json.version).toBe(before[w]!.version);
          expect((await callers[w].req('GET', `/api/games/${a.id}/thread?from=${before[w]!.thread}`)).json).toMatchObject({
            items: [],
            next: null,
            version: before[w]!.thread,
          });
        }
        // Then a public note: it is each watcher's very next number, and the first frame since the hidden traffic.
        expect((await a.mod.req('POST', `/api/games/${a.id}/mod`, { action: 'note', args: { text: 'public again' } })).json.accepted).toBe(true);
        for (const w of watchers) {
          const f = await live[w]!.next();
          expect(f).toMatchObject({ type: 'event', seq: before[w]!.version + 1, event: { type: 'message' } });
          expect(JSON.stringify(f)).toContain('public again');
          live[w]!.ws.close();
        }
      });

      it('a player’s command replies and ifVersion are in his own numbering', async () => {
        const c = callers.player;
        const mine0 = await visibleTo('player');
        const v0 = (await c.req('GET', `/api/games/${a.id}`)).json.version;
        expect(v0).toBe(mine0.length);
        // Hidden traffic in between does not make his version stale.
        await callers.team.req('POST', `/api/games/${a.id}/teams/${fx.team}`, { text: 'again' });
        const stale = await c.req('POST', `/api/games/${a.id}/pms`, { text: 'too late', ifVersion: v0 - 1 });
        expect([stale.status, stale.json.error.code, stale.json.error.details]).toEqual([409, 'game.stale_version', { version: v0 }]);
        const r = await c.req('POST', `/api/games/${a.id}/pms`, { text: 'my own question', ifVersion: v0 });
        expect(r.status).toBe(200);
        const mine = await visibleTo('player');
        expect(r.json.version).toBe(mine.length);
        expect(r.json.seqs.length).toBeGreaterThan(0);
        for (const seq of r.json.seqs) expect(seq).toBeGreaterThan(v0);
        const sent = r.json.seqs.map((s: number) => eventAt('player', mine, s)!);
        expect(sent.some((e: GameEvent) => (e.data as { text?: string }).text === 'my own question')).toBe(true);
        // The moderator keeps the global numbers.
        const total = (await h.service.read(a.id)).length;
        const note = await a.mod.req('POST', `/api/games/${a.id}/mod`, { action: 'note', args: { text: 'n2' }, ifVersion: total });
        expect(note.json.version).toBe(total + note.json.seqs.length);
      });

      it(`the live vote count is ${fx.ballots === 'public' ? 'everyone’s' : 'the moderator’s only (DE-VOTE-7)'}: the game, the thread and the export`, async () => {
        await vote(callers.player, a.id);
        for (const w of who) {
          const open = w === 'mod' || fx.ballots === 'public';
          const game = (await callers[w].req('GET', `/api/games/${a.id}`)).json.votes;
          const thread = (await callers[w].req('GET', `/api/games/${a.id}/thread`)).json.votes;
          if (open) {
            expect(game.lines.length, w).toBeGreaterThan(0);
            expect(thread).toEqual(game);
          } else {
            expect([game, thread], w).toEqual([null, null]);
            const ex = await callers[w].req('GET', `/api/games/${a.id}/export/votes`);
            expect([ex.status, ex.json.error.code]).toEqual([403, 'export.ballots_private']);
          }
        }
        if (fx.ballots === 'public') return;
        // DE-VOTE-7: each player's choice is published with the close, in the thread everyone reads.
        const choice = (await a.mod.req('GET', `/api/games/${a.id}`)).json.votes.lines.find((l: { voters: string[] }) => l.voters.includes(citizen));
        const close = (await a.mod.req('GET', `/api/games/${a.id}`)).json.nextDeadline;
        const seen = (await callers.anon.req('GET', `/api/games/${a.id}`)).json.version;
        await h.at(new Date(close.at + 1000).toISOString());
        const after = await callers.anon.req('GET', `/api/games/${a.id}/thread?from=${seen}&limit=500`);
        const result = after.json.items.find((i: { code?: string }) => i.code === 'MSG-DAY-RESULT');
        expect(result.text).toContain(`${citizen}`);
        expect(result.text).toContain(choice.target);
      });
    });

    // CIT-ENG-2, CIT-ENG-3: the same matrix for staff holding one capacity each, last (the appointment turns the host
    // into the Prokurator alone). Every route answers each of them as the rows say, and whatever a route shows of the
    // log is only what his capacity may see.
    if (fx.staff)
      describe('staff capacities', () => {
        const staff = {} as Record<Staff, Client>;
        const staffViewer = (w: Staff): Viewer => ({ kind: 'moderator', duties: fx.staff!.duties[w] });
        const staffSees = async (w: Staff) => (await h.service.read(a.id)).filter((e) => canSee(staffViewer(w), e.event.audience));

        beforeAll(async () => {
          const cons = await h.client('Cons');
          expect((await a.mod.req('POST', `/api/games/${a.id}/moderators`, { name: 'Cons' })).status).toBe(200);
          const appoint = await a.mod.req('POST', `/api/games/${a.id}/mod`, { action: 'consigliere', args: { name: 'Cons' } });
          expect(appoint.json.accepted, appoint.text).toBe(true);
          Object.assign(staff, { prok: a.mod, cons });
          await fx.staff!.material(a, callers.team, cons);
        });

        for (const [label, method, url, body, want] of rows)
          it(`${label}: ${method} ${url()} as each capacity`, async () => {
            const got = {} as Record<Staff, number>;
            for (const w of STAFF) got[w] = (await staff[w].req(method, url().replace(':id', a.id), body)).status;
            expect(got).toEqual({ prok: want.prok ?? want.mod, cons: want.cons ?? want.mod });
          });

        it('CIT-ENG-3: the audit log lists exactly the audited events of the caller’s capacity: no Consigliere’s hint for the Prokurator, no Prokurator’s tell for the Consigliere', async () => {
          const texts: Record<Staff, string> = { prok: '', cons: '' };
          for (const w of STAFF) {
            const r = await staff[w].req('GET', `/api/games/${a.id}/audit`);
            expect(r.status).toBe(200);
            const mine = await staffSees(w);
            const bySeq = new Map(mine.map((e) => [e.seq, e.event]));
            for (const it of r.json.items as { seq: number; type: string }[]) expect(bySeq.get(it.seq)?.type, `${w} #${it.seq}`).toBe(it.type);
            expect(r.json.items.length).toBeGreaterThan(0);
            texts[w] = JSON.stringify(r.json.items);
          }
          expect(texts.prok).toContain('prokurator-only words');
          expect(texts.prok).not.toContain('consigliere-only hint');
          expect(texts.cons).toContain('consigliere-only hint');
          expect(texts.cons).not.toContain('prokurator-only words');
        });

        it('CIT-ENG-3: the WebSocket, the inbox and the thread show each capacity exactly what it may see', async () => {
          for (const w of STAFF) {
            const mine = await staffSees(w);
            const { ws, got } = await subscribe(port, staff[w], a.id);
            ws.close();
            const frames = got.filter((m) => m.type === 'event');
            expect(frames.map((m) => m.seq)).toEqual(mine.map((e) => e.seq));
            const bySeq = new Map(mine.map((e) => [e.seq, e.event]));
            for (const view of ['inbox', 'thread'])
              for (const it of (await staff[w].req('GET', `/api/games/${a.id}/${view}?limit=500`)).json.items as { seq: number; at: number }[])
                expect(bySeq.get(it.seq)?.at, `${w} ${view} #${it.seq}`).toBe(it.at);
          }
        });

        it('an announcement is exported by its number in each capacity’s own numbering', async () => {
          for (const w of STAFF) await exportsFirstAnnouncement(staff[w]);
        });
      });
  });
}

// CIT-ENG-2, CIT-ENG-3: once the Prokurator appoints a Consigliere, each staff member reads only his capacity's part
// of the console: the Prokurator neither a family's inbox nor a check, the Consigliere not the doctor's order.
describe('mafia-cities staff capacities', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(() => h.close());

  it('CIT-ENG-3: a prokurator-only staff member sees no family inbox or check result; a consigliere-only one no doctor’s order', async () => {
    const g = await startedGame(h, 'st', { variant: 'mafia-cities', startAt: '2025-11-03T12:00', locale: 'en', options: { includeManiac: false } }, TEN);
    const cons = await h.client('stCons');
    expect((await g.mod.req('POST', `/api/games/${g.id}/moderators`, { name: 'stCons' })).status).toBe(200);
    // Before the appointment the host holds both capacities: every card.
    const before = (await g.mod.req('GET', `/api/games/${g.id}`)).json.moderator.roles as Record<string, string | null>;
    const holder = (role: string) =>
      Object.keys(before)
        .find((n) => before[n] === role)!
        .slice(2);
    const doctor = holder('doctor');
    const mafioso = holder('mafioso');
    const commissioner = holder('commissioner');
    const appoint = await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'consigliere', args: { name: 'stCons' } });
    expect(appoint.json.accepted).toBe(true);
    // The doctor's order by day; a commissioner's check at night.
    expect((await g.players[doctor]!.req('POST', `/api/games/${g.id}/pms`, { text: `/protect ${'st' + doctor}` })).json.accepted).toBe(true);
    await h.at('2025-11-03T19:30:00Z');
    const pick = (await g.players[commissioner]!.req('GET', `/api/games/${g.id}/actions`)).json.actions.find((x: { command: string }) => x.command === 'check');
    expect((await g.players[commissioner]!.req('POST', `/api/games/${g.id}/pms`, { text: `/check ${pick.targets[0].name}` })).json.accepted).toBe(true);
    const texts = async (c: Client, url: string) =>
      ((await c.req('GET', `/api/games/${g.id}/${url}?limit=500`)).json.items as { text: string }[]).map((i) => i.text).join('\n');
    // A mafioso writes in his family's inbox (whichever city the deal gave him; the other inbox refuses him).
    for (let c = 1; c <= 2; c++) await g.players[mafioso]!.req('POST', `/api/games/${g.id}/channels/family-${c}`, { text: 'family secret' });
    // The Prokurator: the doctor's order, no check, an empty family inbox, no mafioso's card, no whole export.
    const prokInbox = await texts(g.mod, 'inbox');
    expect(prokInbox).toContain('/protect');
    expect(prokInbox).not.toContain('/check');
    for (let c = 1; c <= 2; c++) expect(await texts(g.mod, `channels/family-${c}`)).not.toContain('family secret');
    const prokRoles = (await g.mod.req('GET', `/api/games/${g.id}`)).json.moderator.roles as Record<string, string | null>;
    expect(prokRoles[`st${mafioso}`]).toBeNull();
    expect(prokRoles[`st${doctor}`]).toBe('doctor');
    expect((await g.mod.req('GET', `/api/games/${g.id}/export`)).status).toBe(403);
    // The Consigliere: the check and the family, not the doctor's order.
    const consInbox = await texts(cons, 'inbox');
    expect(consInbox).toContain('/check');
    expect(consInbox).not.toContain('/protect');
    expect((await texts(cons, 'channels/family-1')) + (await texts(cons, 'channels/family-2'))).toContain('family secret');
    const consRoles = (await cons.req('GET', `/api/games/${g.id}`)).json.moderator.roles as Record<string, string | null>;
    expect(consRoles[`st${mafioso}`]).toBe('mafioso');
    expect(consRoles[`st${doctor}`]).toBeNull();
    // CIT-ENG-5: the commissioner reads the answer signed by the Consigliere.
    const answer = ((await g.players[commissioner]!.req('GET', `/api/games/${g.id}/inbox?limit=500`)).json.items as { text: string; author?: string }[]).find(
      (i) => i.text.includes('mafia'),
    );
    expect(answer?.author).toBe('Consigliere');
  });
});
