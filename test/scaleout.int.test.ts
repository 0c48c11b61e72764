// Several server instances on one PostgreSQL (issue 16): three real server processes on one fresh database, a
// palermo game whose players are spread over all three. Concurrent votes through every instance are each in the
// log once and never answered as a conflict; every instance's WebSocket clients see the same sequence and every
// instance serves the same state hash; a log-out on one is refused by the others at once; with one instance
// SIGKILLed the game goes on through the others, its deadlines fire once, and the restarted instance catches up.
// Conflicts between instances are not errors in their logs. Under CI=true an unreachable PostgreSQL fails.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Client, type Cluster, cluster, errorLines, freshDatabase, pgProblem } from './support/cluster.ts';
import { type Mailbox, mailbox } from './support/mailbox.ts';
import { type PushService, pushService } from './support/push-service.ts';

const problem = await pgProblem();
const NINE = ['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos', 'Hara', 'Ilias'];
/** Game time runs 60 times faster: a game minute is a real second (deadlines are moved a few minutes ahead). */
const SPEED = 60;
/** Monday 3 November 2025, 10:00 in Athens (UTC+2) at the moment the cluster starts. */
const GAME_T0 = Date.parse('2025-11-03T08:00:00Z');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A WebSocket subscriber of one instance, keeping every event frame it got. */
interface Watcher {
  readonly frames: { seq: number; type: string }[];
  readonly socket: WebSocket;
}

async function watch(base: string, game: string, c?: Client): Promise<Watcher> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, c?.cookie ? { headers: { cookie: c.cookie } } : {});
  const w: Watcher = { frames: [], socket };
  await new Promise<void>((ok, fail) => {
    socket.once('open', () => ok());
    socket.once('error', fail);
  });
  const subscribed = new Promise<void>((ok) =>
    socket.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as { type: string; seq?: number; event?: { type: string } };
      if (f.type === 'event') w.frames.push({ seq: f.seq!, type: f.event!.type });
      if (f.type === 'subscribed') ok();
    }),
  );
  socket.send(JSON.stringify({ type: 'subscribe', game, from: 0 }));
  await subscribed;
  return w;
}

if (problem === null || process.env.CI === 'true') {
  describe('three instances on one PostgreSQL', () => {
    let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
    let c: Cluster;
    let mbox: Mailbox;
    let ps: PushService;
    const realT0 = Date.now();
    /** The game's local time (Athens, UTC+2 in November) `minutes` game minutes from now, as move-deadline wants it. */
    const localIn = (minutes: number) => {
      const game = GAME_T0 + (Date.now() - realT0) * SPEED + minutes * 60_000;
      return new Date(game + 2 * 3_600_000).toISOString().slice(0, 16);
    };
    let id = '';
    let mod: Client;
    const players: Record<string, Client> = {};
    /** Which instance each player talks to. */
    const home = (name: string) => NINE.indexOf(name) % 3;

    beforeAll(async () => {
      expect(problem).toBeNull();
      db = await freshDatabase();
      mbox = await mailbox();
      ps = await pushService();
      c = await cluster(3, db.url, ['--clock', `${realT0}:${GAME_T0}:${SPEED}`, '--smtp', mbox.url, '--insecure-push', '--public-url', 'http://narrator.test']);
    }, 60_000);
    afterAll(async () => {
      await c?.close();
      await db?.drop();
      await mbox?.close();
      await ps?.close();
    });

    it('a game created on one instance is served by the others at once; signups and the start spread over all three', async () => {
      mod = await c.signUp(0, 'Mod');
      const created = await c.call(0, 'POST', '/api/games', { variant: 'palermo', title: 'Scale', startAt: '2025-11-03T18:00', locale: 'en' }, mod);
      expect(created.status).toBe(201);
      id = created.json.id;
      for (const i of [1, 2]) expect((await c.call(i, 'GET', `/api/games/${id}`)).status).toBe(200);
      for (const n of NINE) {
        players[n] = await c.signUp(home(n), n);
        const s = await c.call(home(n), 'POST', `/api/games/${id}/signup`, undefined, players[n]);
        expect(s.json.accepted).toBe(true);
      }
      expect((await c.call(2, 'POST', `/api/games/${id}/start`, undefined, mod)).json.accepted).toBe(true);
      const lists = await Promise.all([0, 1, 2].map((i) => c.call(i, 'GET', '/api/games')));
      for (const l of lists) expect(l.json.games.map((g: { id: string }) => g.id)).toEqual([id]);
    });

    it('concurrent votes through all three: each acknowledged vote in the log once, no conflict, one sequence everywhere, one state hash', async () => {
      const watchers = await Promise.all([0, 1, 2].map((i) => watch(c.instances[i]!.base, id)));
      const acks: { text: string; status: number; code?: string }[] = [];
      let tag = 0;
      // Four waves in which every player posts a vote through his own instance at the same moment.
      for (let wave = 0; wave < 4; wave++) {
        await Promise.all(
          NINE.map(async (n, k) => {
            const text = `v${++tag}\nVote: ${NINE[(k + wave + 1) % NINE.length]}`;
            const r = await c.call(home(n), 'POST', `/api/games/${id}/posts`, { text }, players[n]);
            acks.push({ text, status: r.status, code: r.json?.error?.code });
          }),
        );
      }
      // The version guard keeps its meaning across instances: a command made against an older version is refused.
      const v = (await c.call(1, 'GET', `/api/games/${id}`, undefined, mod)).json.version;
      await c.call(0, 'POST', `/api/games/${id}/mod`, { action: 'note', args: { text: 'first' } }, mod);
      const stale = await c.call(1, 'POST', `/api/games/${id}/mod`, { action: 'note', args: { text: 'late' }, ifVersion: v }, mod);
      expect([stale.status, stale.json.error.code]).toEqual([409, 'game.stale_version']);

      expect(acks.filter((a) => a.status !== 200)).toEqual([]);
      expect(acks).toHaveLength(36);
      // The log, read straight from the database: each acknowledged post once.
      const direct = new pg.Client({ connectionString: c.db });
      await direct.connect();
      const rows = (await direct.query("select seq, data from events where stream_id = $1 and type = 'post.published' order by seq", [id])).rows;
      await direct.end();
      for (const a of acks) expect(rows.filter((r) => (JSON.parse(r.data) as { text: string }).text === a.text)).toHaveLength(1);

      // Every instance serves the same version and state hash; every watcher has the same public sequence.
      const served = await Promise.all([0, 1, 2].map((i) => c.call(i, 'GET', `/api/games/${id}`, undefined, mod)));
      expect(new Set(served.map((s) => `${s.json.version}:${s.json.moderator.stateHash}`)).size).toBe(1);
      const publicVersion = (await c.call(0, 'GET', `/api/games/${id}`)).json.version as number;
      for (let t = 0; t < 100 && watchers.some((w) => w.frames.length < publicVersion); t++) await sleep(20);
      const seqs = watchers.map((w) => JSON.stringify(w.frames));
      expect(watchers[0]!.frames.map((f) => f.seq)).toEqual(Array.from({ length: publicVersion }, (_, i) => i + 1));
      expect(new Set(seqs).size).toBe(1);
      for (const w of watchers) w.socket.close();
    });

    it('a log-out on one instance is refused by the others at once', async () => {
      const login = await c.call(1, 'POST', '/api/sessions', { name: 'Anna', password: 'password1' });
      expect(login.status).toBe(200);
      const s: Client = { name: 'Anna', cookie: String(login.headers.get('set-cookie')).split(';')[0]!, csrf: login.json.csrfToken };
      for (const i of [0, 1, 2]) expect((await c.call(i, 'GET', '/api/me', undefined, s)).status).toBe(200);
      expect((await c.call(1, 'DELETE', '/api/sessions/current', undefined, s)).status).toBeLessThan(300);
      const after = await Promise.all([0, 2, 1].map((i) => c.call(i, 'GET', '/api/me', undefined, s)));
      expect(after.map((r) => r.status)).toEqual([401, 401, 401]);
    });

    it('an instance killed mid-game: the game goes on through the others, its deadlines fire once, the restarted one catches up', async () => {
      await c.kill(1);
      // The close a few game minutes (real seconds) ahead, moved through instance 2 (day 1 has no murder).
      const close = await c.call(2, 'POST', `/api/games/${id}/mod`, { action: 'move-deadline', args: { deadline: 'close', to: localIn(4) } }, mod);
      expect(close.json.accepted, JSON.stringify(close.json)).toBe(true);
      // Players of the surviving instances keep voting meanwhile.
      const alive = NINE.filter((n) => home(n) !== 1);
      for (let k = 0; k < 3; k++)
        for (const r of await Promise.all(
          alive.map((n, j) => c.call(home(n), 'POST', `/api/games/${id}/posts`, { text: `Vote: ${alive[(j + k + 1) % alive.length]}` }, players[n])),
        ))
          expect(r.status).toBe(200);
      // Wait for the close (and a margin for a second, wrong firing).
      let fired: string[] = [];
      for (let t = 0; t < 150; t++) {
        const audit = await c.call(2, 'GET', `/api/games/${id}/audit`, undefined, mod);
        fired = (audit.json.items as { type: string; data?: { id?: string } }[]).filter((e) => e.type === 'deadline.fired').map((e) => e.data?.id ?? '');
        if (fired.includes('r1:close')) break;
        await sleep(100);
      }
      await sleep(1000);
      const audit = await c.call(0, 'GET', `/api/games/${id}/audit?limit=500`, undefined, mod);
      fired = (audit.json.items as { type: string; data?: { id?: string } }[]).filter((e) => e.type === 'deadline.fired').map((e) => e.data?.id ?? '');
      expect(fired).toContain('r1:close');
      expect(new Set(fired).size).toBe(fired.length);

      await c.start(1);
      const served = await Promise.all([0, 1, 2].map((i) => c.call(i, 'GET', `/api/games/${id}`, undefined, mod)));
      expect(new Set(served.map((s) => `${s.json.version}:${s.json.moderator.stateHash}`)).size).toBe(1);
      // The restarted instance takes commands again, and the others learn of them.
      const note = await c.call(1, 'POST', `/api/games/${id}/mod`, { action: 'note', args: { text: 'back' } }, mod);
      expect(note.status).toBe(200);
      const v0 = (await c.call(0, 'GET', `/api/games/${id}`, undefined, mod)).json.version;
      expect(v0).toBe(note.json.version);
    }, 60_000);

    it('reminders: each planned and sent once by three instances, in the app, by push and by mail', async () => {
      // Every player has a verified address and a device, registered through his own instance.
      for (const n of NINE) {
        const i = home(n);
        const before = mbox.messages.length;
        expect((await c.call(i, 'POST', '/api/me/email', { email: `${n.toLowerCase()}@example.org` }, players[n])).status).toBe(202);
        for (let t = 0; t < 100 && mbox.messages.length <= before; t++) await sleep(50);
        const mail = mbox.messages.find((m) => m.to[0] === `${n.toLowerCase()}@example.org`)!;
        const token = /#\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail.mail.text ?? '')![1]!;
        expect((await c.call((i + 1) % 3, 'POST', '/api/email/verify', { token })).status).toBe(200);
        const sub = ps.subscribe();
        expect((await c.call(i, 'POST', '/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys }, players[n])).status).toBe(201);
      }
      // Leads of 3 and 1 game minutes, set through one instance; the next deadline (the close, or a runoff after a
      // tie) moved 5 game minutes ahead through another.
      expect((await c.call(0, 'POST', `/api/games/${id}/reminders`, { minutes: [3, 1] }, mod)).status).toBe(200);
      const next = (await c.call(1, 'GET', `/api/games/${id}`, undefined, mod)).json.nextDeadline as { id: string; kind: string };
      const moved = await c.call(1, 'POST', `/api/games/${id}/mod`, { action: 'move-deadline', args: { deadline: next.kind, to: localIn(5) } }, mod);
      expect(moved.json.accepted, JSON.stringify(moved.json)).toBe(true);
      const source = `r:${id} ${next.id}@%`;
      const direct = new pg.Client({ connectionString: c.db });
      await direct.connect();
      try {
        // Past the 1-minute slot (4 game minutes, real seconds at this speed), then for the outbox to empty.
        await sleep(4500);
        for (let t = 0; t < 100; t++) {
          if ((await direct.query('select count(*)::int as n from deliveries where done_at is null')).rows[0].n === 0) break;
          await sleep(100);
        }
        await sleep(1000);
        const rows = (
          await direct.query("select n.id, a.name from notifications n join accounts a on a.id = n.account_id where n.kind = 'reminder' and n.source like $1", [
            source,
          ])
        ).rows as { id: string; name: string }[];
        // Nobody has acted on this deadline yet: each player reminded got both leads, once each.
        const byName = new Map<string, number>();
        for (const r of rows) byName.set(r.name, (byName.get(r.name) ?? 0) + 1);
        expect(byName.size).toBeGreaterThanOrEqual(3);
        expect(
          [...byName.values()].every((x) => x === 2),
          JSON.stringify([...byName]),
        ).toBe(true);
        const ids = rows.map((r) => r.id).sort();
        // On the wire: each pushed once to its device and mailed once, whichever instance sent it.
        expect(
          ps.pushed
            .filter((p) => ids.includes(p.payload.id))
            .map((p) => p.payload.id)
            .sort(),
        ).toEqual(ids);
        const mailed = mbox.messages
          .map((m) => /^<([A-Za-z0-9_-]{22})@narrator\.test>$/.exec(m.mail.messageId ?? '')?.[1] ?? '')
          .filter((x) => ids.includes(x));
        expect(mailed.sort()).toEqual(ids);
        expect((await direct.query('select count(*)::int as n from deliveries where done_at is null')).rows[0].n).toBe(0);
      } finally {
        await direct.end();
      }
      // Every instance shows a player the same list.
      const lists = await Promise.all([0, 1, 2].map((i) => c.call(i, 'GET', '/api/notifications', undefined, players.Anna)));
      expect(new Set(lists.map((l) => JSON.stringify(l.json.items.map((x: { id: string }) => x.id)))).size).toBe(1);
    }, 60_000);

    it('SIGTERM drains an instance: its sockets are told to reconnect (1012), it exits 0, the others serve on', async () => {
      const w = await watch(c.instances[2]!.base, id);
      const closed = new Promise<number>((r) => w.socket.once('close', (code) => r(code)));
      expect(await c.stop(2)).toBe(0);
      expect(await closed).toBe(1012);
      const note = await c.call(0, 'POST', `/api/games/${id}/mod`, { action: 'note', args: { text: 'after the drain' } }, mod);
      expect(note.status).toBe(200);
      expect((await c.call(1, 'GET', '/api/ready')).status).toBe(200);
    });

    it('no instance logged a conflict (or anything) as an error', () => {
      for (const inst of c.instances) {
        expect(errorLines(inst.log)).toEqual([]);
        expect(inst.log).not.toContain('StaleVersionError');
      }
    });
  });
}
