// Restart: 10,000 games of 500 events each in SQLite (better-sqlite3, WAL; events as JSON rows, plus a snapshot
// table), loaded back into engine states: the latest snapshot of each game, then the events after it folded in with
// the engine's foldAll. A stand-in for the server's SQLite store until that lands; replace with its store then.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { GameEvent } from '../src/core/types.ts';
import { foldAll, replay } from '../src/engine/evolve.ts';
import type { GameState } from '../src/engine/state.ts';
import { palermoSim } from '../src/sim/palermo.ts';
import { driveGame } from '../src/sim/runner.ts';
import type { SimSpec } from '../src/sim/types.ts';
import { getVariant } from '../src/variants/registry.ts';

const EVENTS = 500;
const SNAPSHOT_EVERY = 200;

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

/** Writes the store, then times the restart. */
export function restartFigures(games: number): {
  games: number;
  events: number;
  writeSeconds: number;
  loadSeconds: number;
  loadCpuSeconds: number;
  fullReplaySeconds: number;
  dbBytes: number;
} {
  const variant = getVariant('palermo')!;
  const pool = streams(100);
  const dir = mkdtempSync(join(tmpdir(), 'narrator-bench-'));
  const file = join(dir, 'games.db');
  try {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(`CREATE TABLE events (game INTEGER NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (game, seq)) WITHOUT ROWID;
             CREATE TABLE snapshots (game INTEGER NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL, PRIMARY KEY (game, version)) WITHOUT ROWID;`);
    const insEvent = db.prepare('INSERT INTO events (game, seq, body) VALUES (?, ?, ?)');
    const insSnap = db.prepare('INSERT INTO snapshots (game, version, state) VALUES (?, ?, ?)');
    // Snapshots of each distinct stream (state after SNAPSHOT_EVERY, 2·SNAPSHOT_EVERY… events), computed once.
    const snaps = pool.map((evs) => {
      const list: { version: number; json: string }[] = [];
      let s: GameState<unknown> | undefined;
      for (let v = SNAPSHOT_EVERY; v <= EVENTS; v += SNAPSHOT_EVERY) {
        s = s === undefined ? replay(variant, evs.slice(0, v)) : foldAll(variant, s, evs.slice(v - SNAPSHOT_EVERY, v));
        list.push({ version: v, json: JSON.stringify(s) });
      }
      return list;
    });
    const bodies = pool.map((evs) => evs.map((e) => JSON.stringify(e)));
    const w0 = performance.now();
    const write = db.transaction((g: number) => {
      const k = g % pool.length;
      for (const [i, b] of bodies[k]!.entries()) insEvent.run(g, i + 1, b);
      for (const s of snaps[k]!) insSnap.run(g, s.version, s.json);
    });
    for (let g = 0; g < games; g++) write(g);
    const writeSeconds = (performance.now() - w0) / 1000;
    db.close();

    // Restart: a fresh connection; for every game the latest snapshot, then the events after it.
    const l0 = performance.now();
    const c0 = process.cpuUsage();
    const db2 = new Database(file, { readonly: true });
    const latest = db2.prepare('SELECT version, state FROM snapshots WHERE game = ? ORDER BY version DESC LIMIT 1');
    const after = db2.prepare('SELECT body FROM events WHERE game = ? AND seq > ? ORDER BY seq');
    let check = 0;
    for (let g = 0; g < games; g++) {
      const snap = latest.get(g) as { version: number; state: string } | undefined;
      const base = snap ? (JSON.parse(snap.state) as GameState<unknown>) : undefined;
      const rest = (after.all(g, snap?.version ?? 0) as { body: string }[]).map((r) => JSON.parse(r.body) as GameEvent);
      const s = base ? foldAll(variant, base, rest) : replay(variant, rest);
      check += s.version;
    }
    const loadSeconds = (performance.now() - l0) / 1000;
    const cpu = process.cpuUsage(c0);
    const loadCpuSeconds = (cpu.user + cpu.system) / 1e6;
    if (check !== games * EVENTS) throw new Error(`restart folded ${check} events, expected ${games * EVENTS}`);

    // For comparison: the same restart replaying every event without snapshots (a tenth of the games, scaled).
    const f0 = performance.now();
    const all = db2.prepare('SELECT body FROM events WHERE game = ? ORDER BY seq');
    const sample = Math.max(1, Math.floor(games / 10));
    for (let g = 0; g < sample; g++)
      replay(
        variant,
        (all.all(g) as { body: string }[]).map((r) => JSON.parse(r.body) as GameEvent),
      );
    const fullReplaySeconds = ((performance.now() - f0) / 1000) * (games / sample);
    db2.close();
    const dbBytes = statSync(file).size;
    return { games, events: EVENTS, writeSeconds, loadSeconds, loadCpuSeconds, fullReplaySeconds, dbBytes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
