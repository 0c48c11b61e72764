// A log-in and sign-up flood (issue 22, item 13): `narrator serve` in a child process (SQLite in a temporary file), an
// owner's account, then 50 attacking addresses (bench/login-flood-clients.mjs, another process) guessing passwords
// (half of them the owner's) and signing up invented names, 60 requests a second in all (the report's flood: 837 in
// 15 s), while the owner logs in with his right password from his own address every 300 ms. Prints the owner's log-in p50/p99
// (target: p99 under 1 s) and what the attackers got. A row of `npm run bench`; `npm run bench:login` prints it
// alone, and with LOGIN_BEFORE=<another checkout's bin/narrator.mjs> measures that version first in the same run.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './fanout.ts';

/** What the flood benchmark measures. */
export interface LoginFloodFigures {
  readonly seconds: number;
  readonly addresses: number;
  /** Attacking requests a second. */
  readonly rate: number;
  /** The owner's log-ins: how many, how many succeeded, and their latency (ms). */
  readonly owner: { readonly n: number; readonly ok: number; readonly p50: number; readonly p99: number; readonly max: number };
  /** The attackers' requests by answer status. */
  readonly attackers: { readonly attempts: number; readonly byStatus: Record<string, number> };
}

const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? Number.NaN;

/** Runs the flood against the server `bin` launches (this checkout's by default). */
export async function loginFloodFigures(o: { seconds?: number; addresses?: number; rate?: number; bin?: string } = {}): Promise<LoginFloodFigures> {
  const seconds = o.seconds ?? 15;
  const addresses = o.addresses ?? 50;
  const rate = o.rate ?? 60;
  const dir = mkdtempSync(join(tmpdir(), 'narrator-login-'));
  const { child: server, base } = await startServer(join(dir, 'login.db'), [], o.bin);
  try {
    const post = (path: string, body: unknown) =>
      fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if ((await post('/api/accounts', { name: 'Owner', password: 'the right one' })).status !== 201) throw new Error('no owner account');
    const flood = fork(join(import.meta.dirname, 'login-flood-clients.mjs'), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    flood.send({ base, owner: 'Owner', addresses, rate });
    await sleep(2000); // the flood is under way
    const times: number[] = [];
    let ok = 0;
    const until = now() + seconds * 1000;
    while (now() < until) {
      const t = now();
      const r = await post('/api/sessions', { name: 'Owner', password: 'the right one' });
      await r.arrayBuffer();
      times.push(now() - t);
      if (r.status === 200) ok++;
      await sleep(300);
    }
    if (process.env.BENCH_DEBUG) process.stderr.write(`owner's log-ins (ms): ${times.map((x) => x.toFixed(0)).join(' ')}\n`);
    const attackers = await new Promise<LoginFloodFigures['attackers']>((r) => {
      flood.once('message', (m) => r(m as LoginFloodFigures['attackers']));
      flood.send('stop');
    });
    return { seconds, addresses, rate, owner: { n: times.length, ok, p50: q(times, 0.5), p99: q(times, 0.99), max: Math.max(...times) }, attackers };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as lines of text. */
export function describeFlood(label: string, f: LoginFloodFigures): string {
  const statuses = Object.entries(f.attackers.byStatus)
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ');
  return [
    `${label}: ${f.addresses} attacking addresses, ${f.rate} requests a second, for ${f.seconds} s`,
    `  owner's log-in: ${f.owner.ok} of ${f.owner.n} succeeded; p50 ${f.owner.p50.toFixed(0)} ms, p99 ${f.owner.p99.toFixed(0)} ms, max ${f.owner.max.toFixed(0)} ms`,
    `  attackers: ${f.attackers.attempts} requests (${statuses})`,
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) {
  const seconds = Number(process.env.LOGIN_SECONDS ?? 15);
  const before = process.env.LOGIN_BEFORE;
  if (before) process.stdout.write(`${describeFlood(`before (${before})`, await loginFloodFigures({ seconds, bin: before }))}\n`);
  const after = await loginFloodFigures({ seconds });
  process.stdout.write(`${describeFlood('this checkout', after)}\n`);
  const ok = after.owner.p99 < 1000 && after.owner.ok === after.owner.n;
  process.stdout.write(ok ? "ok: every owner's log-in succeeded, p99 under 1 s\n" : "FAIL: an owner's log-in failed or p99 is 1 s or more\n");
}
