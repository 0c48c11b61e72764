// Heavy readers (issue 22, item 12): `narrator serve` in a child process (SQLite in a temporary file), a palermo game
// filled through the API to 6,000 events (moderator notes and players' PMs) and cancelled, so its export, its
// fairness check and its days are anyone's to read; then 50 anonymous readers over 25 client addresses
// (bench/heavy-readers.mjs, another process) fetch them over and over, while this process times GET /api/health
// (every 20 ms) and a vote in another game (every 100 ms). The same timings without readers first, as the baseline.
// A row of `npm run bench`; `npm run bench:heavy` prints it alone, and with HEAVY_BEFORE=<path to another checkout's
// bin/narrator.mjs> measures that version first, in the same run, for a before/after comparison.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './fanout.ts';

type Session = { cookie: string; csrf: string };

/** Latency figures of one phase (milliseconds). */
export interface PhaseFigures {
  readonly healthP50: number;
  readonly healthP99: number;
  readonly healthMax: number;
  readonly voteP50: number;
  readonly voteP99: number;
  readonly samples: number;
}

/** What the heavy-readers benchmark measures. */
export interface HeavyReadFigures {
  readonly events: number;
  readonly readers: number;
  readonly addresses: number;
  readonly seconds: number;
  readonly baseline: PhaseFigures;
  readonly attack: PhaseFigures;
  /** What the readers got: answers (200/404), refusals (429/503), anything else, bytes read. */
  readonly served: { ok: number; refused: number; other: number; bytes: number };
}

const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? Number.NaN;

/** Runs the benchmark against the server `bin` launches (this checkout's by default). */
export async function heavyReadFigures(
  o: { seconds?: number; events?: number; readers?: number; addresses?: number; bin?: string } = {},
): Promise<HeavyReadFigures> {
  const seconds = o.seconds ?? 15;
  const events = o.events ?? 6000;
  const readers = o.readers ?? 50;
  const addresses = o.addresses ?? 25;
  const dir = mkdtempSync(join(tmpdir(), 'narrator-heavy-'));
  const { child: server, base } = await startServer(join(dir, 'heavy.db'), [], o.bin);
  try {
    const call = async (method: string, path: string, body?: unknown, s?: Session) => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (s) Object.assign(headers, { cookie: s.cookie, 'x-csrf-token': s.csrf });
      const r = await fetch(base + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const json = (await r.json()) as Record<string, any>;
      if (r.status >= 300) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
      return { r, json };
    };
    const account = async (name: string): Promise<Session> => {
      const { r, json } = await call('POST', '/api/accounts', { name, password: 'password1' });
      return { cookie: String(r.headers.get('set-cookie')).split(';')[0]!, csrf: String(json.csrfToken) };
    };
    const mod = await account('HeavyMod');
    const names = Array.from({ length: 7 }, (_, i) => `Player${i + 1}`);
    const players: Session[] = [];
    for (const n of names) players.push(await account(n));
    const game = async () => {
      const { json } = await call('POST', '/api/games', { variant: 'palermo', startAt: '2025-11-06T19:00', locale: 'en' }, mod);
      for (const p of players) await call('POST', `/api/games/${json.id}/signup`, {}, p);
      await call('POST', `/api/games/${json.id}/start`, {}, mod);
      return String(json.id);
    };
    // The long game, ended (cancelled) so that everyone may read it whole; another game for the votes.
    const long = await game();
    let version = 0;
    let k = 0;
    const filler = async () => {
      while (version < events) {
        const i = k++;
        const r =
          i % 4 === 3
            ? await call('POST', `/api/games/${long}/pms`, { text: `question ${i}` }, players[i % players.length])
            : await call('POST', `/api/games/${long}/mod`, { action: 'note', args: { text: `note ${i}` } }, mod);
        version = Math.max(version, Number(r.json.version));
      }
    };
    await Promise.all(Array.from({ length: 32 }, filler));
    const { json: cancelled } = await call('POST', `/api/games/${long}/mod`, { action: 'cancel' }, mod);
    const voting = await game();

    const phase = async (): Promise<PhaseFigures> => {
      const health: number[] = [];
      const votes: number[] = [];
      const until = now() + seconds * 1000;
      const healthLoop = async () => {
        while (now() < until) {
          const t = now();
          await call('GET', '/api/health');
          health.push(now() - t);
          await sleep(20);
        }
      };
      // One voter changing his vote between two others: never a majority, so the day stays open.
      const voteLoop = async () => {
        for (let v = 0; now() < until; v++) {
          const t = now();
          const { json } = await call('POST', `/api/games/${voting}/posts`, { text: `Vote: ${names[1 + (v % 2)]}` }, players[0]);
          if (!json.accepted) throw new Error(`vote refused: ${JSON.stringify(json)}`);
          votes.push(now() - t);
          await sleep(100);
        }
      };
      await Promise.all([healthLoop(), voteLoop()]);
      return {
        healthP50: q(health, 0.5),
        healthP99: q(health, 0.99),
        healthMax: Math.max(...health),
        voteP50: q(votes, 0.5),
        voteP99: q(votes, 0.99),
        samples: health.length,
      };
    };

    const baseline = await phase();
    const hostile = fork(join(import.meta.dirname, 'heavy-readers.mjs'), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    hostile.send({ base, game: long, readers, addresses, days: 2 });
    await sleep(2000); // the readers are under way
    const attack = await phase();
    const served = await new Promise<HeavyReadFigures['served']>((r) => {
      hostile.once('message', (m) => r(m as HeavyReadFigures['served']));
      hostile.send('stop');
    });
    return { events: Number(cancelled.version), readers, addresses, seconds, baseline, attack, served };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as lines of text. */
export function describeHeavy(label: string, f: HeavyReadFigures): string {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return [
    `${label}: game of ${f.events} events, ${f.readers} readers over ${f.addresses} addresses, ${f.seconds} s a phase`,
    `  without readers: health p50 ${ms(f.baseline.healthP50)}, p99 ${ms(f.baseline.healthP99)}; vote p99 ${ms(f.baseline.voteP99)}`,
    `  with readers:    health p50 ${ms(f.attack.healthP50)}, p99 ${ms(f.attack.healthP99)}, max ${ms(f.attack.healthMax)}; vote p50 ${ms(f.attack.voteP50)}, p99 ${ms(f.attack.voteP99)}`,
    `  readers got ${f.served.ok} answers, ${f.served.refused} refusals, ${f.served.other} other, ${(f.served.bytes / 2 ** 20).toFixed(0)} MB`,
  ].join('\n');
}

if (process.argv[1] === import.meta.filename) {
  const seconds = Number(process.env.HEAVY_SECONDS ?? 15);
  const before = process.env.HEAVY_BEFORE;
  if (before) process.stdout.write(`${describeHeavy(`before (${before})`, await heavyReadFigures({ seconds, bin: before }))}\n`);
  const after = await heavyReadFigures({ seconds });
  process.stdout.write(`${describeHeavy('this checkout', after)}\n`);
  process.stdout.write(after.attack.healthP99 < 50 ? 'ok: health p99 under 50 ms with the readers\n' : 'FAIL: health p99 is 50 ms or more\n');
}
