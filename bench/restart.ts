// Restart on the real stores: games of 500 events each (prefixes of real 20-player bot games) written through the
// store's own API — one append per game, and the snapshot the GameService would save (snapshotOf, every
// DEFAULT_SNAPSHOT_EVERY events) — then a cold start timed the way `narrator serve` does it: a fresh process opens
// the store and runs GameService.boot (every game: latest snapshot, then the events after it; its timer rewritten).
// Without snapshots a tenth of the games is written first, booted, and the time scaled: a full replay of every game
// would add a minute to each run. `node --import tsx bench/restart.ts boot <sqlite|postgres> <file or URL> <games>`
// is the timed child; `restartFigures` in the benchmark process writes the data and runs it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { systemClock } from '../src/app/clock.ts';
import { type BootReport, DEFAULT_SNAPSHOT_EVERY, GameService, snapshotOf } from '../src/app/game-service.ts';
import type { GameEvent } from '../src/core/types.ts';
import { driveGame } from '../src/sim/runner.ts';
import type { SimSpec } from '../src/sim/types.ts';
import { MemoryStore } from '../src/store/memory.ts';
import { PostgresStore } from '../src/store/postgres.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import type { Snapshot, Store } from '../src/store/types.ts';
import { palermoSim } from '../src/variants/palermo/sim.ts';

const EVENTS = 500;
/** Distinct streams; game g is stream g % POOL (the store sees 10,000 games, the engine folds 100 kinds). */
const POOL = 100;
/** Games appended in one go: the SQLite store commits an event-loop turn's appends in one transaction. */
const CHUNK = 50;

/** The PostgreSQL server (127.0.0.1, trust authentication, as the project's is set up); scratch databases go there. */
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

/** Which store a restart uses. */
export type StoreKind = 'sqlite' | 'postgres';

/** One timed boot, as the child reports it. */
export interface BootFigures {
  readonly games: number;
  readonly events: number;
  readonly wallSeconds: number;
  readonly cpuSeconds: number;
  /** Where GameService.boot spent its time (ms), by phase. */
  readonly phases: Omit<BootReport, 'games'>;
  /** Opening the store (connections, migrations checked) before the boot (ms). */
  readonly openMs: number;
}

/** The restart figures of one store. */
export interface RestartFigures {
  readonly kind: StoreKind;
  readonly games: number;
  readonly events: number;
  readonly writeSeconds: number;
  /** Every game loaded from its snapshot (at event 500, where the service saves it). */
  readonly withSnapshots: BootFigures;
  /** A tenth of the games replayed from their events, scaled to all of them. */
  readonly withoutSnapshots: BootFigures & { readonly sampled: number };
  /** Size of the SQLite file or PostgreSQL database. */
  readonly bytes: number;
}

/** Distinct 500-event game streams: prefixes of real 20-player bot games. */
function streams(count: number): GameEvent[][] {
  const spec: SimSpec = { variant: 'palermo', players: 20, roleList: palermoSim.roleList(20), options: {}, policy: 'random' };
  const out: GameEvent[][] = [];
  for (let seed = 0; out.length < count && seed < count * 20; seed++) {
    const { events } = driveGame(spec, seed, { keepEvents: true });
    if (events.length >= EVENTS) out.push(events.slice(0, EVENTS));
  }
  if (out.length === 0) throw new Error('no game reached 500 events');
  return out;
}

const gameId = (g: number) => `bench${String(g).padStart(6, '0')}`;

async function open(kind: StoreKind, where: string): Promise<Store> {
  return kind === 'sqlite' ? SqliteStore.open(where) : PostgresStore.open(where);
}

/** Appends games [from, to) through the store; with `snaps`, also the snapshot the service would have saved. */
async function writeGames(store: Store, pool: GameEvent[][], from: number, to: number, snaps?: Snapshot[]): Promise<void> {
  for (let g = from; g < to; g += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, to - g) }, (_, i) => g + i);
    await Promise.all(ids.map((n) => store.append(gameId(n), 0, pool[n % pool.length]!)));
    if (snaps) await Promise.all(ids.map((n) => store.saveSnapshot(gameId(n), snaps[n % pool.length]!)));
  }
}

/** Runs one timed boot in a fresh process (a cold start of the server, minus the HTTP listener). */
function bootChild(kind: StoreKind, where: string, games: number): BootFigures {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'restart.ts'), 'boot', kind, where, String(games)], {
    cwd: join(import.meta.dirname, '..'),
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out) as BootFigures;
}

/** The timed part, in the child: open the store and boot the GameService over it, as serve() does. */
async function boot(kind: StoreKind, where: string, expected: number): Promise<BootFigures> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const store = await open(kind, where);
  const openMs = performance.now() - t0;
  const service = new GameService({ store, clock: systemClock });
  const { games: _, ...phases } = await service.boot();
  const wallSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  const games = service.list();
  const events = games.reduce((n, g) => n + g.state.version, 0);
  await store.close();
  if (games.length !== expected || events !== expected * EVENTS)
    throw new Error(`boot loaded ${games.length} games and ${events} events, expected ${expected} × ${EVENTS}`);
  return { games: games.length, events, wallSeconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, phases, openMs };
}

/** Where a store lives for the benchmark, and how it is removed afterwards. */
interface Place {
  readonly where: string;
  bytes(): Promise<number>;
  drop(): Promise<void>;
}

async function place(kind: StoreKind): Promise<Place> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'narrator-bench-'));
    const file = join(dir, 'games.db');
    return { where: file, bytes: async () => statSync(file).size, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = PG_BASE;
  const name = `narrator_bench_${process.pid}`;
  const admin = async <T>(f: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: `${base}/postgres`, connectionTimeoutMillis: 3000 });
    await c.connect();
    try {
      return await f(c);
    } finally {
      await c.end();
    }
  };
  await admin((c) => c.query(`drop database if exists ${name}`));
  await admin((c) => c.query(`create database ${name}`));
  return {
    where: `${base}/${name}`,
    bytes: () => admin(async (c) => Number((await c.query('select pg_database_size($1) as n', [name])).rows[0].n)),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** The snapshot the service would save for each pool stream, from the service's own load (over a memory store). */
async function poolSnapshots(pool: GameEvent[][]): Promise<Snapshot[]> {
  const store = new MemoryStore();
  for (const [i, events] of pool.entries()) await store.append(gameId(i), 0, events);
  const service = new GameService({ store, clock: systemClock });
  await service.boot();
  const snaps = pool.map((_, i) => snapshotOf(service.get(gameId(i))));
  if (snaps.some((s) => s.version < DEFAULT_SNAPSHOT_EVERY)) throw new Error('the service would not have saved a snapshot of a 500-event game');
  return snaps;
}

/**
 * PostgreSQL only: games [from, to) as copies of the pool games the store itself wrote (same rows and serialisation,
 * another stream id), inside the database. Writing 10,000 games through `append` costs about four minutes here
 * (a 3,000-parameter insert per game), and that write is not what is measured.
 */
async function pgCopies(where: string, from: number, to: number, tables: readonly ('streams' | 'events' | 'snapshots')[]): Promise<void> {
  const c = new pg.Client({ connectionString: where });
  await c.connect();
  const source = `'bench' || lpad((n % ${POOL})::text, 6, '0')`;
  const target = `'bench' || lpad(n::text, 6, '0')`;
  const columns = { streams: 'version, created_at', events: 'seq, type, at, audience, data', snapshots: 'version, state' };
  try {
    for (const t of tables)
      await c.query(
        `insert into ${t} (stream_id, ${columns[t]}) select ${target}, ${columns[t]} from generate_series($1::int, $2::int) n join ${t} s on s.stream_id = ${source}`,
        [from, to - 1],
      );
  } finally {
    await c.end();
  }
}

/** Why the benchmark's PostgreSQL is unreachable, or undefined when it answers. */
export async function pgUnreachable(): Promise<string | undefined> {
  const c = new pg.Client({ connectionString: `${PG_BASE}/postgres`, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return undefined;
  } catch (e) {
    return `${PG_BASE}: ${(e as Error).message || String(e)}`;
  } finally {
    await c.end().catch(() => {});
  }
}

/** Writes `games` games to a store of the given kind and times two cold starts: without and with snapshots. */
export async function restartFigures(kind: StoreKind, games: number, log: (s: string) => void = () => {}): Promise<RestartFigures> {
  const pool = streams(POOL);
  const snaps = await poolSnapshots(pool);
  // A full replay costs ~10 ms a game on SQLite and several times that on PostgreSQL (a round trip per game).
  const sample = Math.max(POOL, Math.floor(games / (kind === 'sqlite' ? 10 : 50)));
  const p = await place(kind);
  try {
    // 1. A tenth of the games, no snapshots yet: every game is replayed from its events.
    const w0 = performance.now();
    let store = await open(kind, p.where);
    if (kind === 'sqlite') await writeGames(store, pool, 0, sample);
    else {
      await writeGames(store, pool, 0, POOL);
      await pgCopies(p.where, POOL, sample, ['streams', 'events']);
    }
    await store.close();
    let writeSeconds = (performance.now() - w0) / 1000;
    log(`  ${kind}: boot ${sample} games without snapshots…`);
    const bare = bootChild(kind, p.where, sample);

    // 2. Their snapshots, and the other games with theirs.
    log(`  ${kind}: writing ${games - sample} more games…`);
    const w1 = performance.now();
    store = await open(kind, p.where);
    if (kind === 'sqlite') {
      for (let g = 0; g < sample; g++) await store.saveSnapshot(gameId(g), snaps[g % POOL]!);
      await writeGames(store, pool, sample, games, snaps);
    } else {
      for (let g = 0; g < POOL; g++) await store.saveSnapshot(gameId(g), snaps[g]!);
      await pgCopies(p.where, POOL, sample, ['snapshots']);
      await pgCopies(p.where, sample, games, ['streams', 'events', 'snapshots']);
    }
    await store.close();
    writeSeconds += (performance.now() - w1) / 1000;

    log(`  ${kind}: boot ${games} games with snapshots…`);
    const withSnapshots = bootChild(kind, p.where, games);
    const scale = games / sample;
    return {
      kind,
      games,
      events: EVENTS,
      writeSeconds,
      withSnapshots,
      withoutSnapshots: {
        ...bare,
        games,
        events: bare.events * scale,
        wallSeconds: bare.wallSeconds * scale,
        cpuSeconds: bare.cpuSeconds * scale,
        sampled: sample,
      },
      bytes: await p.bytes(),
    };
  } finally {
    await p.drop();
  }
}

if (process.argv[2] === 'boot') {
  const [kind, where, n] = process.argv.slice(3) as [StoreKind, string, string];
  process.stdout.write(`${JSON.stringify(await boot(kind, where, Number(n)))}\n`);
}
