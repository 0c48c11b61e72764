// Scale-out benchmark (issue 16; printed figures, not a timed test), all in one run on this machine:
//   1. raw `pg` single-row commits per second at 64 connections (the database's own ceiling here);
//   2. acknowledged votes per second with one, two and three `narrator serve` instances on one PostgreSQL database,
//      64 connections in all spread over the instances (64 games, one voting player per connection);
//   3. cross-instance fan-out: a vote posted to instance A, its event at WebSocket subscribers of B and C (p50/p99);
//   4. a cold boot of 10,000 games on PostgreSQL (bench/restart.ts: snapshots at event 500).
// On two cores the instances, PostgreSQL and the load generator share the CPU: the ratio of votes to raw commits is
// the figure, not the scaling. Run: npx tsx bench/scaleout.ts  (about three minutes; BENCH_SECONDS=5 per round;
// BENCH_ONLY=cluster or BENCH_ONLY=boot runs one half).
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { type Client, type Cluster, cluster, freshDatabase, PG_ADMIN_URL } from '../test/support/cluster.ts';
import { type BootFigures, restartFigures } from './restart.ts';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const GAMES = Number(process.env.BENCH_BOOT_GAMES ?? 10_000);
/** Which half to run: the cluster rounds (raw commits, votes, fan-out), the boot, or both. */
const ONLY = process.env.BENCH_ONLY ?? 'all';
if (!['all', 'cluster', 'boot'].includes(ONLY)) throw new Error(`BENCH_ONLY is cluster, boot or unset, not "${ONLY}"`);
const log = (s: string) => process.stderr.write(`${s}\n`);
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};

/** Raw single-row commits: 64 connections inserting one row each, autocommit, for `seconds`. */
async function rawCommits(url: string, seconds: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  await pool.query('create table if not exists raw_commits (id bigserial primary key, stream text, payload text)');
  let n = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      while (Date.now() < until) {
        await pool.query('insert into raw_commits (stream, payload) values ($1, $2)', [`s${i}`, '{"type":"vote.cast"}']);
        n++;
      }
    }),
  );
  await pool.end();
  return n / seconds;
}

interface Seat {
  name: string;
  game: string;
  cookie: string;
  csrf: string;
  target: string;
  instance: number;
}

/** 64 palermo games of 7 players on the cluster, created through its instances in turn; one voting seat each. */
async function setUp(c: Cluster, instances: number): Promise<Seat[]> {
  const mod = await c.signUp(0, 'BenchMod');
  const names = Array.from({ length: 7 }, (_, i) => `Player${i + 1}`);
  const accounts: Client[] = [];
  for (const n of names) accounts.push(await c.signUp(0, n));
  const seats: Seat[] = [];
  for (let g = 0; g < CONNECTIONS; g++) {
    const i = g % instances;
    const game = (await c.call(i, 'POST', '/api/games', { variant: 'palermo', startAt: '2025-11-06T19:00', locale: 'en' }, mod)).json;
    for (const s of accounts) await c.call(i, 'POST', `/api/games/${game.id}/signup`, undefined, s);
    await c.call(i, 'POST', `/api/games/${game.id}/start`, undefined, mod);
    const voter = accounts[g % 7]!;
    seats.push({ name: voter.name, game: game.id, cookie: voter.cookie!, csrf: voter.csrf!, target: names[(g + 1) % 7]!, instance: i });
  }
  const probe = await c.call(0, 'POST', `/api/games/${seats[0]!.game}/posts`, { text: `Vote: ${seats[0]!.target}` }, seats[0]);
  if (!probe.json?.accepted) throw new Error(`the probe vote was refused: ${JSON.stringify(probe.json)}`);
  return seats;
}

/** Votes for `seconds` over 64 connections split across the instances; returns acknowledged votes/s and latencies. */
async function voteRun(c: Cluster, seats: Seat[], instances: number, seconds: number) {
  const runs = Array.from({ length: instances }, (_, i) => {
    const mine = seats.filter((s) => s.instance === i);
    let next = 0;
    return autocannon({
      url: c.instances[i]!.base,
      connections: mine.length,
      duration: seconds,
      requests: [
        {
          setupRequest: (req: any, context: any) => {
            context.seat ??= mine[next++ % mine.length]!;
            const s = context.seat as Seat;
            return {
              ...req,
              method: 'POST',
              path: `/api/games/${s.game}/posts`,
              headers: { 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrf },
              body: JSON.stringify({ text: `Vote: ${s.target}` }),
            };
          },
        },
      ],
    } as Parameters<typeof autocannon>[0]);
  });
  const results = await Promise.all(runs);
  const ok = results.reduce((n, r) => n + r['2xx'], 0);
  const bad = results.reduce((n, r) => n + r.non2xx + r.errors, 0);
  return { perSec: ok / seconds, bad, p50: Math.max(...results.map((r) => r.latency.p50)), p99: Math.max(...results.map((r) => r.latency.p99)) };
}

/** Subscribers on instances 1 and 2, votes posted to instance 0: the delay from send to each frame. */
async function fanout(c: Cluster, seat: Seat, perInstance: number, votes: number) {
  const sockets: WebSocket[] = [];
  const sent = new Map<string, number>();
  const delays: number[] = [];
  for (const i of [1, 2])
    for (let k = 0; k < perInstance; k++) {
      const ws = new WebSocket(`${c.instances[i]!.base.replace('http', 'ws')}/api/ws`);
      await new Promise((ok, fail) => {
        ws.once('open', ok);
        ws.once('error', fail);
        ws.once('close', (code) => fail(new Error(`subscriber closed: ${code}`)));
      });
      const subscribed = new Promise<void>((ok) =>
        ws.on('message', (raw) => {
          const f = JSON.parse(String(raw)) as { type: string; event?: { type: string; data?: { text?: string } } };
          if (f.type === 'subscribed') ok();
          const tag = f.type === 'event' && f.event?.type === 'post.published' ? f.event.data?.text?.split('\n')[0] : undefined;
          const t0 = tag !== undefined ? sent.get(tag) : undefined;
          if (t0 !== undefined) delays.push(performance.now() - t0);
        }),
      );
      // From far ahead: the socket goes live at the current version without replaying the game.
      ws.send(JSON.stringify({ type: 'subscribe', game: seat.game, from: 1_000_000 }));
      await subscribed;
      sockets.push(ws);
    }
  for (let v = 0; v < votes; v++) {
    const tag = `f${v}`;
    sent.set(tag, performance.now());
    await c.call(0, 'POST', `/api/games/${seat.game}/posts`, { text: `${tag}\nVote: ${seat.target}` }, seat);
    await sleep(25);
  }
  await sleep(500);
  for (const ws of sockets) ws.close();
  return { delays, expected: votes * sockets.length };
}

/** A boot's phases as the bench prints them (ms): opening the store, then GameService.boot's own. */
const phases = (b: BootFigures) =>
  `open ${fmt(b.openMs)}, wait for rows ${fmt(b.phases.waitMs)}, decode ${fmt(b.phases.decodeMs)}, fold ${fmt(b.phases.foldMs)}, timers ${fmt(b.phases.timersMs)} ms`;

const rows: { figure: string; measured: string; note: string }[] = [];
const load0 = loadavg()[0]!;
const db = ONLY === 'boot' ? undefined : await freshDatabase('narrator_bench_scaleout');
if (db)
  try {
    log(`raw pg: ${CONNECTIONS} connections, single-row commits for ${SECONDS} s…`);
    const raw = await rawCommits(db.url, SECONDS);
    rows.push({ figure: `raw pg single-row commits/s (${CONNECTIONS} connections)`, measured: fmt(raw), note: 'INSERT … autocommit, one row per commit' });
    let fan: Awaited<ReturnType<typeof fanout>> | undefined;
    for (const n of [1, 2, 3]) {
      const d = await freshDatabase('narrator_bench_scaleout');
      let c: Cluster | undefined;
      try {
        log(`${n} instance(s): starting, 64 games…`);
        c = await cluster(n, d.url, ['--clock', `${Date.now()}:${Date.parse('2025-11-06T08:00:00Z')}:1`, '--log-level', 'warn', '--pool', '16']);
        const seats = await setUp(c, n);
        await voteRun(c, seats, n, 2);
        const v = await voteRun(c, seats, n, SECONDS);
        rows.push({
          figure: `acknowledged votes/s, ${n} instance${n > 1 ? 's' : ''} on PostgreSQL (${CONNECTIONS} connections)`,
          measured: fmt(v.perSec),
          note: `${fmt(v.perSec / raw, 2)} × raw commits; p50 ${fmt(v.p50)} ms, p99 ${fmt(v.p99)} ms; ${v.bad} not 2xx`,
        });
        if (n === 3) {
          // Anonymous sockets are capped per client address (16 by default), and every subscriber here is one address.
          log('fan-out: 2 × 12 subscribers on instances B and C, 100 votes to A…');
          fan = await fanout(c, seats[0]!, 12, 100);
        }
      } finally {
        await c?.close();
        await d.drop();
      }
    }
    if (fan) {
      rows.push({
        figure: 'cross-instance fan-out, vote sent to A → event at a subscriber of B or C, p50',
        measured: `${fmt(quantile(fan.delays, 0.5), 1)} ms`,
        note: `${fan.delays.length} of ${fan.expected} frames received`,
      });
      rows.push({
        figure: '  fan-out p99',
        measured: `${fmt(quantile(fan.delays, 0.99), 1)} ms`,
        note: `max ${fmt(Math.max(...fan.delays), 1)} ms; target < 200 ms`,
      });
    }
  } finally {
    await db.drop();
  }
if (ONLY !== 'cluster') {
  log(`boot: ${fmt(GAMES)} games on PostgreSQL…`);
  const boot = await restartFigures('postgres', GAMES, log);
  rows.push({
    figure: `boot of ${fmt(GAMES)} games on PostgreSQL (snapshots)`,
    measured: `${fmt(boot.withSnapshots.wallSeconds, 2)} s`,
    note: `${fmt(boot.withSnapshots.cpuSeconds, 2)} s of CPU; target < 3 s; ${phases(boot.withSnapshots)}`,
  });
  rows.push({
    figure: '  same boot without snapshots',
    measured: `${fmt(boot.withoutSnapshots.wallSeconds, 2)} s`,
    note: `${fmt(boot.withoutSnapshots.sampled)} games replayed, scaled`,
  });
}

const w = [Math.max(...rows.map((r) => r.figure.length)), Math.max(...rows.map((r) => r.measured.length))];
process.stdout.write(
  `\nScale-out on one PostgreSQL (${PG_ADMIN_URL.replace(/\/postgres$/, '')}), one run; load average ${fmt(load0, 1)} at the start, ${fmt(loadavg()[0]!, 1)} at the end\n\n`,
);
for (const r of rows) process.stdout.write(`${r.figure.padEnd(w[0]!)}  ${r.measured.padStart(w[1]!)}  ${r.note}\n`);
