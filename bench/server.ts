// Server benchmark (printed figures, not a timed test): acknowledged votes per second — each committed to SQLite
// before the reply — at 64 concurrent connections, beside a bare Fastify "hello" route and beside raw
// better-sqlite3 single-row commits, all measured in one run on this machine; p50/p99 latency of the votes.
// Targets: votes/s ≥ 0.3 × hello, p99 < 20 ms. Run: npm run bench:server  (about a minute). With --json
// (npm run --silent bench:server -- --json) the figures are one JSON object on stdout and the table goes to stderr.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { freePort } from '../test/support/net.ts';
import { cpuOf } from './proc.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const JSON_OUT = process.argv.includes('--json');
const dir = mkdtempSync(join(tmpdir(), 'narrator-bench-'));

/** The figures `--json` prints: what `npm run bench` may collect. Rates per second, latencies in ms. */
export interface ServerBenchFigures {
  readonly connections: number;
  readonly rounds: number;
  readonly seconds: number;
  /** The 1-minute load average at the start and at the end (a shared machine's background load). */
  readonly loadAverage: readonly [number, number];
  readonly helloPerSec: number;
  readonly helloP50Ms: number;
  readonly helloP99Ms: number;
  readonly votesPerSec: number;
  readonly voteP50Ms: number;
  readonly voteP99Ms: number;
  readonly sqliteCommitsPerSec: number;
  /** votes/s ÷ hello/s (target ≥ 0.3). */
  readonly ratio: number;
  /** Server CPU time per request, µs (robust to background load). */
  readonly helloCpuUs: number;
  readonly voteCpuUs: number;
  /** The load generator's CPU during the vote rounds, in cores. */
  readonly clientCpu: number;
  /** The load generator's CPU during the hello rounds, in cores. */
  readonly helloClientCpu: number;
}

async function spawnUntil(args: string[], ready: string): Promise<ChildProcess> {
  const c = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
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
    c.on('exit', () => r());
    c.kill('SIGTERM');
  });
}

type Result = Awaited<ReturnType<typeof autocannon>>;

/** Mean requests per second over rounds. */
const avgOf = (rs: Result[]) => rs.reduce((a, r) => a + r.requests.average, 0) / rs.length;

function cannon(opts: Parameters<typeof autocannon>[0]): Promise<Result> {
  return new Promise((res, rej) => autocannon(opts, (err, r) => (err ? rej(err) : res(r))));
}

/** Raw better-sqlite3: one-row transactions in WAL mode with the server's durability settings. */
function rawCommits(seconds: number): number {
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

async function main(): Promise<void> {
  const load0 = loadavg()[0]!;
  // 1. The bare Fastify hello route, in its own process.
  const helloPort = await freePort();
  const hello = await spawnUntil(['--import', 'tsx', join(ROOT, 'bench/hello-server.ts'), String(helloPort)], 'listening');
  const helloRun = (duration: number) => cannon({ url: `http://127.0.0.1:${helloPort}/hello`, connections: CONNECTIONS, duration });

  // 2. Narrator on SQLite, round 1 open, a clock from a fixed origin (Thursday 10:00 in Athens).
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const now = Date.now();
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const narrator = await spawnUntil(
    [
      ...profile,
      join(ROOT, 'bin/narrator.mjs'),
      'serve',
      '--port',
      String(port),
      '--db',
      join(dir, 'bench.db'),
      '--clock',
      `${now}:${Date.parse('2025-11-06T08:00:00Z')}:1`,
      '--log-level',
      'warn',
    ],
    'Narrator is serving on',
  );
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
  // 64 games of 7 players, one voting connection per game: many games at once, as a busy server has them.
  // (Seven accounts sit in every game; an account may play in many games.)
  const mod = await account('BenchMod');
  const names = Array.from({ length: 7 }, (_, i) => `Player${i + 1}`);
  const accounts = [];
  for (const n of names) accounts.push(await account(n));
  const seats: { game: string; cookie: string; csrf: string; target: string }[] = [];
  for (let g = 0; g < CONNECTIONS; g++) {
    const { json: game } = await call('/api/games', { variant: 'palermo', startAt: '2025-11-06T19:00', locale: 'en' }, mod);
    for (const s of accounts) await fetch(`${base}/api/games/${game.id}/signup`, { method: 'POST', headers: { cookie: s.cookie, 'x-csrf-token': s.csrf } });
    await fetch(`${base}/api/games/${game.id}/start`, { method: 'POST', headers: { cookie: mod.cookie, 'x-csrf-token': mod.csrf } });
    const voter = accounts[g % 7]!;
    seats.push({ game: game.id, cookie: voter.cookie, csrf: voter.csrf, target: names[(g + 1) % 7]! });
  }
  const probe = await call(`/api/games/${seats[0]!.game}/posts`, { text: `Vote: ${seats[0]!.target}` }, seats[0]);
  if (!probe.json.accepted) throw new Error(`the probe vote was refused: ${JSON.stringify(probe.json)}`);
  let next = 0;
  const votes = (duration: number) =>
    cannon({
      url: base,
      connections: CONNECTIONS,
      duration,
      // Each connection is one player (its context keeps the seat) voting in his game, again and again.
      requests: [
        {
          setupRequest: (req: any, context: any) => {
            context.seat ??= seats[next++ % seats.length]!;
            const s = context.seat as (typeof seats)[number];
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
  // Warm both up, then alternate short rounds and keep the median of each: a shared machine's background load
  // then falls on both sides alike, and the ratio is measured in one run.
  await helloRun(2);
  await votes(2);
  const hs: Result[] = [];
  const vs: Result[] = [];
  let serverCpu = 0;
  let clientCpu = 0;
  let helloCpu = 0;
  let helloClientCpu = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const h0 = cpuOf(hello.pid!);
    const hme0 = process.cpuUsage();
    hs.push(await helloRun(SECONDS));
    helloCpu += (cpuOf(hello.pid!) - h0) / SECONDS / ROUNDS;
    const hme = process.cpuUsage(hme0);
    helloClientCpu += (hme.user + hme.system) / 1e6 / SECONDS / ROUNDS;
    const cpu0 = cpuOf(narrator.pid!);
    const me0 = process.cpuUsage();
    vs.push(await votes(SECONDS));
    serverCpu += (cpuOf(narrator.pid!) - cpu0) / SECONDS / ROUNDS;
    const me = process.cpuUsage(me0);
    clientCpu += (me.user + me.system) / 1e6 / SECONDS / ROUNDS;
  }
  const median = (rs: Result[]) => [...rs].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(rs.length / 2)]!;
  const h = median(hs);
  const v = median(vs);
  await stop(narrator);
  await stop(hello);

  // 3. Raw better-sqlite3 single-row commits (in this process, alone).
  const raw = rawCommits(3);
  rmSync(dir, { recursive: true, force: true });

  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const rows: [string, string, string, string, string][] = [
    ['hello (bare Fastify)', fmt(h.requests.average), `${h.latency.p50}`, `${h.latency.p99}`, `${h.non2xx}`],
    ['vote (commit to SQLite, then reply)', fmt(v.requests.average), `${v.latency.p50}`, `${v.latency.p99}`, `${v.non2xx}`],
    ['raw better-sqlite3 1-row commits', fmt(raw), '-', '-', '-'],
  ];
  // With --json, stdout carries only the JSON object.
  const out = (s: string) => (JSON_OUT ? process.stderr : process.stdout).write(`${s}\n`);
  out(`\nNarrator server benchmark — ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s (median shown), Node ${process.version}`);
  out(`${'what'.padEnd(38)}${'per second'.padStart(12)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}`);
  for (const r of rows) out(`${r[0].padEnd(38)}${r[1].padStart(12)}${r[2].padStart(9)}${r[3].padStart(9)}${r[4].padStart(9)}`);
  out(`hello rounds: ${hs.map((r) => Math.round(r.requests.average)).join(', ')}; vote rounds: ${vs.map((r) => Math.round(r.requests.average)).join(', ')}`);
  const ratio = v.requests.average / h.requests.average;
  out(`votes / hello = ${ratio.toFixed(2)} (target ≥ 0.30: ${ratio >= 0.3 ? 'met' : 'NOT met'})`);
  out(`CPU during the vote run: server ${(serverCpu * 100).toFixed(0)}% of a core, load generator ${(clientCpu * 100).toFixed(0)}%`);
  // The load generator shares the two cores: per request it costs more for votes (a request built per call).
  out(`load generator CPU per request: hello ${((helloClientCpu / avgOf(hs)) * 1e6).toFixed(0)} µs, vote ${((clientCpu / avgOf(vs)) * 1e6).toFixed(0)} µs`);
  // CPU time per request depends far less on what else the machine runs than requests per second do.
  const helloUs = (helloCpu / avgOf(hs)) * 1e6;
  const voteUs = (serverCpu / avgOf(vs)) * 1e6;
  out(`server CPU per request: hello ${helloUs.toFixed(0)} µs, vote ${voteUs.toFixed(0)} µs (hello/vote = ${(helloUs / voteUs).toFixed(2)})`);
  out(`votes / raw commits = ${(v.requests.average / raw).toFixed(3)}`);
  out(`vote p99 = ${v.latency.p99} ms (target < 20 ms: ${v.latency.p99 < 20 ? 'met' : 'NOT met'})`);
  const load1 = loadavg()[0]!;
  out(`load average (1 min): ${load0.toFixed(2)} at the start, ${load1.toFixed(2)} at the end`);
  if (JSON_OUT) {
    const figures: ServerBenchFigures = {
      connections: CONNECTIONS,
      rounds: ROUNDS,
      seconds: SECONDS,
      loadAverage: [load0, load1],
      helloPerSec: Math.round(h.requests.average),
      helloP50Ms: h.latency.p50,
      helloP99Ms: h.latency.p99,
      votesPerSec: Math.round(v.requests.average),
      voteP50Ms: v.latency.p50,
      voteP99Ms: v.latency.p99,
      sqliteCommitsPerSec: Math.round(raw),
      ratio: Number(ratio.toFixed(3)),
      helloCpuUs: Math.round(helloUs),
      voteCpuUs: Math.round(voteUs),
      clientCpu: Number(clientCpu.toFixed(2)),
      helloClientCpu: Number(helloClientCpu.toFixed(2)),
    };
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  }
}

await main();
