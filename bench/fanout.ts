// Fan-out on the real server: `narrator serve` in a child process (SQLite in a temporary file, a clock standing
// on a Thursday morning so round 1 is open), a 7-player palermo game set up through the HTTP API, 500 anonymous
// WebSocket subscribers to its public thread through /api/ws, and votes cast one at a time through
// POST /api/games/:id/posts. The subscribers and the voter are another child process (bench/fanout-clients.mjs),
// so this one only starts things and the server's event loop does nothing but serve.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cpuOf } from './proc.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** Votes before the measured ones, unmeasured: the first fan-outs of a fresh process run unoptimised code. */
const WARMUP = 5;

/** What the fan-out measurement returns (milliseconds). */
export interface FanoutFigures {
  readonly clients: number;
  readonly votes: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Median time from sending a vote to its HTTP reply. */
  readonly ackP50: number;
  /** Server CPU per vote: the commit, the reply and a frame per event and subscriber. */
  readonly serverCpuMsPerVote: number;
  /** Events a vote commits (each is a frame to every subscriber). */
  readonly eventsPerVote: number;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * Starts `narrator serve` on a free port and resolves with its base URL once it says so; `bin` is the launcher
 * (another checkout's, to measure an older version beside this one).
 */
export async function startServer(
  db: string,
  extra: readonly string[] = ['--spectators-per-address', '1000'],
  bin = join(ROOT, 'bin/narrator.mjs'),
): Promise<{ child: ChildProcess; base: string }> {
  // Thursday 6 November 2025, 10:00 in Athens, at real speed: the game below starts now and round 1 stays open.
  const clock = `${Date.now()}:${Date.parse('2025-11-06T08:00:00Z')}:1`;
  // BENCH_PROFILE=<dir> writes the server's CPU profile there, as in bench/server.ts.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const child = spawn(
    process.execPath,
    // 500 spectators from one address are more than the default caps admit (they stand for many households).
    [...profile, bin, 'serve', '--port', '0', '--db', db, '--clock', clock, '--log-level', 'warn', ...extra],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const base = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /serving on (http:\/\/\S+)/.exec(out);
      if (m) ok(m[1]!);
    });
    child.on('exit', (code) => fail(new Error(`narrator serve exited with ${code}`)));
  });
  return { child, base };
}

/** A 7-player palermo game, started; the voter's session and two names to alternate the vote between. */
async function setUpGame(base: string): Promise<{ game: string; version: number; voter: { cookie: string; csrf: string }; targets: string[] }> {
  const call = async (path: string, body: unknown, s?: { cookie: string; csrf: string }) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (s) Object.assign(headers, { cookie: s.cookie, 'x-csrf-token': s.csrf });
    const r = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
    const json = (await r.json()) as Record<string, unknown>;
    if (r.status >= 300) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
    return { r, json };
  };
  const account = async (name: string) => {
    const { r, json } = await call('/api/accounts', { name, password: 'password1' });
    return { cookie: String(r.headers.get('set-cookie')).split(';')[0]!, csrf: String(json.csrfToken) };
  };
  const mod = await account('FanoutMod');
  const names = Array.from({ length: 7 }, (_, i) => `Player${i + 1}`);
  const players = [];
  for (const n of names) players.push(await account(n));
  const { json: created } = await call('/api/games', { variant: 'palermo', startAt: '2025-11-06T19:00', locale: 'en' }, mod);
  const game = String(created.id);
  for (const p of players) await call(`/api/games/${game}/signup`, undefined, p);
  const { json: started } = await call(`/api/games/${game}/start`, undefined, mod);
  if (!started.accepted) throw new Error(`the game did not start: ${JSON.stringify(started)}`);
  // One voter changing his vote between two others: never a majority, so the day stays open for every vote.
  return { game, version: Number(started.version), voter: players[0]!, targets: [names[1]!, names[2]!] };
}

/** Casts `votes` votes with `clients` subscribers; latency quantiles of the arrivals in milliseconds. */
export async function fanoutFigures(clients: number, votes: number): Promise<FanoutFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'narrator-fanout-'));
  const { child: server, base } = await startServer(join(dir, 'fanout.db'));
  let subscribers: ChildProcess | undefined;
  try {
    const setup = await setUpGame(base);
    subscribers = fork(join(import.meta.dirname, 'fanout-clients.mjs'), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let cpu0 = Number.NaN;
    const result = new Promise<{ delays: number[]; acks: number[]; worst: number[]; eventsPerVote: number }>((ok, fail) => {
      subscribers!.on('message', (m: { kind: string; delays: number[]; acks: number[]; worst: number[]; eventsPerVote: number; message?: string }) => {
        if (m.kind === 'measuring') cpu0 = cpuOf(server.pid!);
        else if (m.kind === 'done') ok(m);
        else fail(new Error(m.message));
      });
      subscribers!.on('exit', (code) => fail(new Error(`the subscriber process exited with ${code}`)));
    });
    subscribers.send({ base, game: setup.game, from: setup.version, clients, votes, warmup: WARMUP, voter: setup.voter, targets: setup.targets });
    const { delays, acks, worst, eventsPerVote } = await result;
    if (process.env.BENCH_DEBUG) process.stderr.write(`worst arrival per vote (ms): ${worst.map((w) => w.toFixed(0)).join(' ')}\n`);
    const serverCpuMsPerVote = ((cpuOf(server.pid!) - cpu0) * 1000) / votes;
    delays.sort((a, b) => a - b);
    acks.sort((a, b) => a - b);
    return {
      clients,
      votes,
      p50: quantile(delays, 0.5),
      p99: quantile(delays, 0.99),
      max: delays[delays.length - 1]!,
      ackP50: quantile(acks, 0.5),
      serverCpuMsPerVote,
      eventsPerVote,
    };
  } finally {
    subscribers?.kill();
    await new Promise<void>((r) => {
      if (server.exitCode !== null) return r();
      server.on('exit', () => r());
      server.kill('SIGTERM');
    });
    rmSync(dir, { recursive: true, force: true });
  }
}
