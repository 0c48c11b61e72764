// Server benchmark (printed figures, not a timed test): acknowledged votes per second — each committed to SQLite
// before the reply — at 64 concurrent connections, beside a bare Fastify "hello" route and beside raw
// better-sqlite3 single-row commits, all measured in one run on this machine; p50/p99 latency of the votes and the
// server's CPU per vote. Targets: votes/s ≥ 0.4 × hello, p99 < 10 ms, CPU ≤ 60 µs a vote.
// Run: npm run bench:server  (about a minute). With --json (npm run --silent bench:server -- --json) the figures are
// one JSON object on stdout and the table goes to stderr. `npm run bench -- --against <ref>` runs the same
// measurement for two trees, interleaved (serverFigures below).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { freePort } from '../test/support/net.ts';
import { cpuOf } from './proc.ts';
import type { Tree } from './tree.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CONNECTIONS = 64;

/** One tree's vote figures. Rates per second, latencies in ms, CPU in µs per request. */
export interface VoteFigures {
  readonly label: string;
  readonly votesPerSec: number;
  readonly voteP50Ms: number;
  readonly voteP99Ms: number;
  /** votes/s ÷ hello/s, each round's votes against the same round's hello (median of the rounds). */
  readonly ratio: number;
  /** Server CPU time per vote (robust to background load). */
  readonly voteCpuUs: number;
  /** The load generator's CPU during the vote rounds, in cores. */
  readonly clientCpu: number;
  /** Requests per second of each round. */
  readonly rounds: readonly number[];
}

/** The figures of one run: the hello baseline, each tree's votes, raw SQLite commits. */
export interface ServerBenchFigures {
  readonly connections: number;
  readonly rounds: number;
  readonly seconds: number;
  /** The 1-minute load average at the start and at the end (a shared machine's background load). */
  readonly loadAverage: readonly [number, number];
  readonly helloPerSec: number;
  readonly helloP50Ms: number;
  readonly helloP99Ms: number;
  readonly helloCpuUs: number;
  /** The load generator's CPU during the hello rounds, in cores. */
  readonly helloClientCpu: number;
  readonly helloRounds: readonly number[];
  readonly trees: readonly VoteFigures[];
  readonly sqliteCommitsPerSec: number;
}

async function spawnUntil(args: string[], ready: string, cwd: string): Promise<ChildProcess> {
  const c = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ok, fail) => {
    let out = '';
    c.stdout!.on('data', (d) => {
      out += String(d);
      if (out.includes(ready)) ok();
    });
    c.on('exit', (code) => fail(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  return c;
}

function stop(c: ChildProcess): Promise<void> {
  return new Promise((r) => {
    if (c.exitCode !== null) return r();
    c.on('exit', () => r());
    c.kill('SIGTERM');
  });
}

type Result = Awaited<ReturnType<typeof autocannon>>;

function cannon(opts: Parameters<typeof autocannon>[0]): Promise<Result> {
  return new Promise((res, rej) => autocannon(opts, (err, r) => (err ? rej(err) : res(r))));
}

/** Raw better-sqlite3: one-row transactions in WAL mode with the server's durability settings. */
function rawCommits(dir: string, seconds: number): number {
  const db = new Database(join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('create table t (id integer primary key, v text not null)');
  const ins = db.prepare('insert into t (v) values (?)');
  const end = performance.now() + seconds * 1000;
  let n = 0;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) ins.run(`{"type":"vote.cast","n":${n++}}`);
  }
  db.close();
  return n / seconds;
}

/** A seat that votes: its game, session and the player it votes for; its request is built once. */
interface Seat {
  readonly game: string;
  readonly cookie: string;
  readonly csrf: string;
  readonly target: string;
}

/** One tree's server: its database (kept between its fresh processes), clock and the seats set up in it. */
interface Deployment {
  readonly tree: Tree;
  readonly db: string;
  readonly clock: string;
  seats: Seat[];
}

/** `narrator serve` of a tree on its database, fresh; resolves once it listens. */
async function serve(d: Deployment, port: number): Promise<ChildProcess> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const args = [...profile, join(d.tree.root, 'bin/narrator.mjs'), 'serve', '--port', String(port), '--db', d.db, '--clock', d.clock, '--log-level', 'warn'];
  return spawnUntil(args, 'Narrator is serving on', d.tree.root);
}

/** 64 games of 7 players, started, one voting seat per game: many games at once, as a busy server has them. */
async function setUp(d: Deployment): Promise<void> {
  const port = await freePort();
  const server = await serve(d, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const call = async (path: string, body: unknown, s?: { cookie: string; csrf: string }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (s) Object.assign(headers, { cookie: s.cookie, 'x-csrf-token': s.csrf });
      const r = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
      return { r, json: (await r.json()) as any };
    };
    const account = async (name: string) => {
      const { r, json } = await call('/api/accounts', { name, password: 'password1' });
      return { name, cookie: String(r.headers.get('set-cookie')).split(';')[0]!, csrf: json.csrfToken as string };
    };
    // Seven accounts sit in every game (an account may play in many games).
    const mod = await account('BenchMod');
    const names = Array.from({ length: 7 }, (_, i) => `Player${i + 1}`);
    const accounts = [];
    for (const n of names) accounts.push(await account(n));
    for (let g = 0; g < CONNECTIONS; g++) {
      const { json: game } = await call('/api/games', { variant: 'palermo', startAt: '2025-11-06T19:00', locale: 'en' }, mod);
      for (const s of accounts) await fetch(`${base}/api/games/${game.id}/signup`, { method: 'POST', headers: { cookie: s.cookie, 'x-csrf-token': s.csrf } });
      await fetch(`${base}/api/games/${game.id}/start`, { method: 'POST', headers: { cookie: mod.cookie, 'x-csrf-token': mod.csrf } });
      const voter = accounts[g % 7]!;
      d.seats.push({ game: game.id, cookie: voter.cookie, csrf: voter.csrf, target: names[(g + 1) % 7]! });
    }
    const s0 = d.seats[0]!;
    const probe = await call(`/api/games/${s0.game}/posts`, { text: `Vote: ${s0.target}` }, s0);
    if (!probe.json.accepted) throw new Error(`${d.tree.label}: the probe vote was refused: ${JSON.stringify(probe.json)}`);
  } finally {
    await stop(server);
  }
}

/** Votes for `duration` seconds: every request a vote in the next game in turn, each game's request built once. */
function votes(port: number, seats: readonly Seat[], duration: number): Promise<Result> {
  const requests = seats.map((s) => ({
    method: 'POST',
    path: `/api/games/${s.game}/posts`,
    headers: { 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrf },
    body: JSON.stringify({ text: `Vote: ${s.target}` }),
  }));
  let next = 0;
  return cannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration,
    requests: [{ setupRequest: (req: object) => ({ ...req, ...requests[next++ % requests.length]! }) }],
  } as Parameters<typeof autocannon>[0]);
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const medianRound = (rs: readonly Result[]) => [...rs].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(rs.length / 2)]!;
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

/**
 * The server figures of one or more trees, interleaved: each round measures the hello route, then every tree's
 * votes in a fresh `narrator serve` on that tree's database (warmed up first), the trees' order alternating
 * between rounds, so the machine's background load falls on all alike. Each round's votes are set against the same
 * round's hello.
 */
export async function serverFigures(
  trees: readonly Tree[],
  opts: { rounds?: number; seconds?: number; log?: (s: string) => void } = {},
): Promise<ServerBenchFigures> {
  const rounds = opts.rounds ?? 3;
  const seconds = opts.seconds ?? 5;
  const log = opts.log ?? (() => {});
  const load0 = loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'narrator-bench-'));
  const servers: ChildProcess[] = [];
  try {
    // The bare Fastify hello route, in its own process, for the whole run.
    const helloPort = await freePort();
    const hello = await spawnUntil(['--import', 'tsx', join(ROOT, 'bench/hello-server.ts'), String(helloPort)], 'listening', ROOT);
    servers.push(hello);
    const helloRun = (duration: number) => cannon({ url: `http://127.0.0.1:${helloPort}/hello`, connections: CONNECTIONS, duration });
    // Narrator on SQLite, round 1 open, a clock from a fixed origin (Thursday 10:00 in Athens) that every fresh
    // process of the run continues.
    const clock = `${Date.now()}:${Date.parse('2025-11-06T08:00:00Z')}:1`;
    const deployments: Deployment[] = trees.map((tree, i) => ({ tree, db: join(dir, `bench-${i}.db`), clock, seats: [] }));
    for (const d of deployments) {
      log(`server: setting up 64 games on ${d.tree.label}…`);
      await setUp(d);
    }
    await helloRun(2);
    const hs: Result[] = [];
    let helloCpu = 0;
    let helloClientCpu = 0;
    const vs = deployments.map(() => ({ results: [] as Result[], serverCpu: 0, clientCpu: 0, ratios: [] as number[] }));
    for (let round = 0; round < rounds; round++) {
      log(`server: round ${round + 1} of ${rounds}…`);
      const h0 = cpuOf(hello.pid!);
      const me0 = cpuNow();
      const h = await helloRun(seconds);
      hs.push(h);
      helloCpu += cpuOf(hello.pid!) - h0;
      helloClientCpu += cpuNow() - me0;
      const order = deployments.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const d = deployments[i]!;
        const port = await freePort();
        const server = await serve(d, port);
        servers.push(server);
        await votes(port, d.seats, 2);
        const c0 = cpuOf(server.pid!);
        const m0 = cpuNow();
        const v = await votes(port, d.seats, seconds);
        vs[i]!.serverCpu += cpuOf(server.pid!) - c0;
        vs[i]!.clientCpu += cpuNow() - m0;
        vs[i]!.results.push(v);
        vs[i]!.ratios.push(v.requests.average / h.requests.average);
        await stop(server);
      }
    }
    const h = medianRound(hs);
    const total = (rs: readonly Result[]) => rs.reduce((a, r) => a + r.requests.total, 0);
    const raw = rawCommits(dir, 3);
    return {
      connections: CONNECTIONS,
      rounds,
      seconds,
      loadAverage: [load0, loadavg()[0]!],
      helloPerSec: Math.round(h.requests.average),
      helloP50Ms: h.latency.p50,
      helloP99Ms: h.latency.p99,
      helloCpuUs: (helloCpu / total(hs)) * 1e6,
      helloClientCpu: helloClientCpu / (seconds * rounds),
      helloRounds: hs.map((r) => Math.round(r.requests.average)),
      trees: deployments.map((d, i) => {
        const x = vs[i]!;
        const v = medianRound(x.results);
        return {
          label: d.tree.label,
          votesPerSec: Math.round(v.requests.average),
          voteP50Ms: v.latency.p50,
          voteP99Ms: v.latency.p99,
          ratio: median(x.ratios),
          voteCpuUs: (x.serverCpu / total(x.results)) * 1e6,
          clientCpu: x.clientCpu / (seconds * rounds),
          rounds: x.results.map((r) => Math.round(r.requests.average)),
        };
      }),
      sqliteCommitsPerSec: Math.round(raw),
    };
  } finally {
    for (const s of servers) await stop(s);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as a text table. */
export function serverTable(f: ServerBenchFigures): string[] {
  const out = [
    `Narrator server benchmark — ${f.connections} connections, ${f.rounds} interleaved rounds of ${f.seconds} s (median shown), each vote round a fresh server process, Node ${process.version}`,
    `${'what'.padEnd(44)}${'per second'.padStart(12)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'CPU µs'.padStart(9)}${'/hello'.padStart(9)}`,
    `${'hello (bare Fastify)'.padEnd(44)}${f.helloPerSec.toLocaleString('en-US').padStart(12)}${String(f.helloP50Ms).padStart(9)}${String(f.helloP99Ms).padStart(9)}${f.helloCpuUs.toFixed(0).padStart(9)}${'1'.padStart(9)}`,
  ];
  for (const t of f.trees) {
    const what = `vote (commit to SQLite, then reply) ${f.trees.length > 1 ? t.label : ''}`.trimEnd();
    out.push(
      `${what.padEnd(44)}${t.votesPerSec.toLocaleString('en-US').padStart(12)}${String(t.voteP50Ms).padStart(9)}${String(t.voteP99Ms).padStart(9)}${t.voteCpuUs.toFixed(0).padStart(9)}${t.ratio.toFixed(2).padStart(9)}`,
    );
  }
  out.push(`${'raw better-sqlite3 1-row commits'.padEnd(44)}${f.sqliteCommitsPerSec.toLocaleString('en-US').padStart(12)}`);
  out.push(
    `hello rounds: ${f.helloRounds.join(', ')}; ${f.trees.map((t) => `vote rounds${f.trees.length > 1 ? ` (${t.label})` : ''}: ${t.rounds.join(', ')}`).join('; ')}`,
  );
  out.push(
    `load generator: ${(f.helloClientCpu * 100).toFixed(0)}% of a core during hello, ${f.trees.map((t) => `${(t.clientCpu * 100).toFixed(0)}%`).join(' / ')} during votes`,
  );
  for (const t of f.trees) {
    const who = f.trees.length > 1 ? `${t.label}: ` : '';
    out.push(
      `${who}votes/hello ${t.ratio.toFixed(2)} (target ≥ 0.40: ${t.ratio >= 0.4 ? 'met' : 'NOT met'}); vote p99 ${t.voteP99Ms} ms (target < 10 ms: ${t.voteP99Ms < 10 ? 'met' : 'NOT met'}); server CPU ${t.voteCpuUs.toFixed(0)} µs a vote (target ≤ 60: ${t.voteCpuUs <= 60 ? 'met' : 'NOT met'})`,
    );
  }
  out.push(`load average (1 min): ${f.loadAverage[0].toFixed(2)} at the start, ${f.loadAverage[1].toFixed(2)} at the end`);
  return out;
}

if (process.argv[1] === import.meta.filename) {
  const json = process.argv.includes('--json');
  const f = await serverFigures([{ label: 'this tree', root: ROOT }], {
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    log: (s) => process.stderr.write(`${s}\n`),
  });
  // With --json, stdout carries only the JSON object.
  (json ? process.stderr : process.stdout).write(`\n${serverTable(f).join('\n')}\n`);
  if (json) process.stdout.write(`${JSON.stringify(f)}\n`);
}
