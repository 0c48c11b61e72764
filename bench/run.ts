// `npm run bench`: Narrator's benchmark suite. Prints one table of figures and ratios measured in this run.
// `npm run bench -- --quick` runs shorter; figures are not timed tests (DESIGN.md §7).
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { engineFigures } from './engine.ts';
import { fanoutFigures } from './fanout.ts';
import { restartFigures } from './restart.ts';

const quick = process.argv.includes('--quick');
const root = join(import.meta.dirname, '..');
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const log = (s: string) => process.stderr.write(`${s}\n`);

interface Row {
  figure: string;
  measured: string;
  target: string;
  note: string;
}

const rows: Row[] = [];
const load0 = loadavg()[0]!;

log('engine: simulated games on one core…');
const seconds = quick ? 2 : 6;
const e = engineFigures(seconds);
const target = 20_000;
rows.push({
  figure: 'engine: 13-player palermo games/s, 1 core (sensible bots, default deal)',
  measured: fmt(e.sensible.gamesPerSec),
  target: '≥ 20,000',
  note: `${fmt((e.sensible.gamesPerSec / target) * 100, 1)}% of target; ${fmt(e.sensible.eventsPerGame)} events/game; ${fmt(e.sensibleShare * 100)}% of the time in the engine, the rest in the bots`,
});
rows.push({
  figure: 'engine: commands/s, 1 core (sensible bots)',
  measured: fmt(e.sensible.commandsPerSec),
  target: '',
  note: 'posts, PMs and deadline ticks through decide',
});
rows.push({
  figure: 'engine: random-play model games/s, 1 core (13 players, 3 killers)',
  measured: fmt(e.model.gamesPerSec),
  target: '≥ 20,000',
  note: `${fmt((e.model.gamesPerSec / target) * 100, 1)}% of target; ${fmt(e.model.commandsPerSec)} commands/s; ${fmt(e.modelShare * 100)}% in the engine`,
});
rows.push({
  figure: 'bare loop of the same model, no engine (bench/bare.ts)',
  measured: fmt(e.bare),
  target: '',
  note: `engine/bare = 1 : ${fmt(e.bare / e.model.gamesPerSec)}`,
});

log('memory: 10,000 active games in one process…');
const count = quick ? 2000 : 10_000;
const mem = (mode: string) =>
  JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', join('bench', 'memory.ts'), String(count), mode], { cwd: root, encoding: 'utf8' }),
  ) as { rssPerGame: number; heapPerGame: number; rss: number };
const m1 = mem('state');
rows.push({
  figure: `memory: resident per active game, ${fmt(count)} games (state only)`,
  measured: `${fmt(m1.rssPerGame / 1024, 1)} KB`,
  target: '< 50 KB',
  note: `heap ${fmt(m1.heapPerGame / 1024, 1)} KB/game; 13 players, two rounds in`,
});
const m2 = mem('events');
rows.push({
  figure: `memory: resident per active game with its event log in memory`,
  measured: `${fmt(m2.rssPerGame / 1024, 1)} KB`,
  target: '',
  note: `heap ${fmt(m2.heapPerGame / 1024, 1)} KB/game`,
});

log('restart: writing and loading SQLite…');
const r = restartFigures(quick ? 2000 : 10_000);
rows.push({
  figure: `restart: load ${fmt(r.games)} games × ${r.events} events from SQLite, with snapshots`,
  measured: `${fmt(r.loadSeconds, 2)} s`,
  target: '< 10 s',
  note: `${fmt(r.loadCpuSeconds, 2)} s of CPU; bench stand-in (better-sqlite3, JSON rows, snapshot every 200 events) until the server's SQLite store lands; DB ${fmt(r.dbBytes / 2 ** 20)} MB`,
});
rows.push({
  figure: '  same restart replaying every event (no snapshots, estimated from 1/10)',
  measured: `${fmt(r.fullReplaySeconds, 2)} s`,
  target: '',
  note: `snapshots save ${fmt((1 - r.loadSeconds / r.fullReplaySeconds) * 100)}%`,
});

log('fan-out: 500 WebSocket subscribers…');
const f = await fanoutFigures(500, quick ? 40 : 200);
rows.push({
  figure: `fan-out: accepted vote → arrival at ${f.clients} WebSocket subscribers, p50`,
  measured: `${fmt(f.p50, 2)} ms`,
  target: '',
  note: `${f.votes} votes; bench stand-in (ws) until the server's WebSocket lands`,
});
rows.push({ figure: '  fan-out p99', measured: `${fmt(f.p99, 2)} ms`, target: '< 100 ms', note: `max ${fmt(f.max, 2)} ms` });
rows.push({
  figure: 'server: HTTP requests/s, PostgreSQL store figures',
  measured: 'pending',
  target: '',
  note: 'measured here once the server and PostgreSQL issues land',
});

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const w = [Math.max(...rows.map((x) => x.figure.length)), Math.max(8, ...rows.map((x) => x.measured.length)), 9];
const line = (a: string, b: string, c: string, d: string) => `${a.padEnd(w[0]!)}  ${b.padStart(w[1]!)}  ${c.padEnd(w[2]!)}  ${d}`;
const out = [
  `Narrator benchmarks — ${availableParallelism()} cores (${cpu}), Node ${process.version}, load average ${fmt(load0, 2)} at start, ${fmt(loadavg()[0]!, 2)} at end${quick ? ', --quick' : ''}`,
  '',
  line('figure', 'measured', 'target', 'ratio / note'),
  line('-'.repeat(w[0]!), '-'.repeat(w[1]!), '-'.repeat(w[2]!), '-'.repeat(12)),
  ...rows.map((x) => line(x.figure, x.measured, x.target, x.note)),
];
process.stdout.write(`${out.join('\n')}\n`);
