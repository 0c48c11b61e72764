// `npm run bench`: Narrator's benchmark suite. Prints one table of figures and ratios measured in this run.
// `npm run bench -- --quick` runs shorter; `-- --server` adds bench/server.ts's figures (about two minutes more).
// Figures are not timed tests (DESIGN.md §7).
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { engineFigures, intrigueFigures } from './engine.ts';
import { fanoutFigures } from './fanout.ts';
import { heavyReadFigures } from './heavy-reads.ts';
import { loginFloodFigures } from './login-flood.ts';
import { pgUnreachable, type RestartFigures, restartFigures } from './restart.ts';
import { type Row, serverRow } from './server-row.ts';

const quick = process.argv.includes('--quick');
/** The server benchmark takes about two minutes on its own: only on request. */
const withServer = process.argv.includes('--server');
const root = join(import.meta.dirname, '..');
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const log = (s: string) => process.stderr.write(`${s}\n`);

const rows: Row[] = [];
const started = performance.now();
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
  figure: 'engine: 3-city 36-player mafia-cities games/s, 1 core (sensible bots)',
  measured: fmt(e.cities.gamesPerSec, 1),
  target: '',
  note: `palermo/mafia-cities = ${fmt(e.sensible.gamesPerSec / e.cities.gamesPerSec, 1)} : 1 in this run; ${fmt(e.cities.eventsPerGame)} events/game`,
});
rows.push({
  figure: 'engine: commands/s, 1 core (sensible bots)',
  measured: fmt(e.sensible.commandsPerSec),
  target: '',
  note: 'posts, PMs and deadline ticks through decide',
});
rows.push({
  figure: '  the engine alone on the same games (recorded commands replayed)',
  measured: fmt(e.sensibleEngineOnly.gamesPerSec),
  target: '≥ 20,000',
  note: `${fmt((e.sensibleEngineOnly.gamesPerSec / target) * 100, 1)}% of target; ${fmt(e.sensibleEngineOnly.commandsPerSec)} commands/s, ${fmt(e.sensibleEngineOnly.microsPerCommand, 1)} µs per command: the ceiling with bots that cost nothing`,
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

log('engine: 16-player palermo-intrigue beside 16-player palermo…');
const ig = intrigueFigures(quick ? 2 : 4);
rows.push({
  figure: 'engine: 16-player palermo-intrigue games/s, 1 core (sensible bots, default deal)',
  measured: fmt(ig.intrigue.gamesPerSec),
  target: '',
  note: `16-player palermo in the same run: ${fmt(ig.palermo.gamesPerSec)} games/s (intrigue/palermo = 1 : ${fmt(ig.palermo.gamesPerSec / ig.intrigue.gamesPerSec, 1)}); ${fmt(ig.intrigue.eventsPerGame)} vs ${fmt(ig.palermo.eventsPerGame)} events/game`,
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

const games = quick ? 2000 : 10_000;
const mb = (b: number) => `${fmt(b / 2 ** 20)} MB`;
const restartRows = (r: RestartFigures, name: string, cpuNote: string) => {
  const w = r.withSnapshots;
  const b = r.withoutSnapshots;
  rows.push({
    figure: `restart on ${name}: boot ${fmt(r.games)} games × ${r.events} events, with snapshots`,
    measured: `${fmt(w.wallSeconds, 2)} s`,
    target: '< 10 s',
    note: `${fmt(w.cpuSeconds, 2)} s of CPU${cpuNote}; a fresh process opens the store and runs GameService.boot (snapshot at event 500, where the service saves it; timers checked against the games, written only where they disagree); ${mb(r.bytes)}`,
  });
  rows.push({
    figure: `  same boot without snapshots (${fmt(b.sampled)} games replayed, ×${fmt(r.games / b.sampled)})`,
    measured: `${fmt(b.wallSeconds, 2)} s`,
    target: '',
    note: `${fmt(b.cpuSeconds, 2)} s of CPU; snapshots save ${fmt((1 - w.wallSeconds / b.wallSeconds) * 100)}% of the wall time`,
  });
};

log(`restart: writing ${fmt(games)} games to SQLite, then two cold starts…`);
const sqlite = await restartFigures('sqlite', games, log);
restartRows(sqlite, 'SQLite', '');
rows[rows.length - 2]!.note += `; written in ${fmt(sqlite.writeSeconds)} s through append + saveSnapshot`;

const unreachable = await pgUnreachable();
if (unreachable) {
  log(`restart on PostgreSQL skipped: ${unreachable}`);
  rows.push({ figure: 'restart on PostgreSQL', measured: 'skipped', target: '< 10 s', note: `skipped: ${unreachable}` });
} else {
  log(`restart: writing ${fmt(games)} games to PostgreSQL (scratch database narrator_bench_${process.pid}), then two cold starts…`);
  const pgr = await restartFigures('postgres', games, log);
  restartRows(pgr, 'PostgreSQL', " in Node (PostgreSQL's own not counted)");
  rows[rows.length - 2]!.note += `; 100 games written through append + saveSnapshot, the rest copied from them in SQL`;
}

const voteCount = quick ? 20 : 50;
log(`fan-out: the server, 500 WebSocket subscribers, ${voteCount} votes…`);
const f = await fanoutFigures(500, voteCount);
rows.push({
  figure: `fan-out: vote sent → its event at each of ${f.clients} WebSocket subscribers, p50`,
  measured: `${fmt(f.p50, 2)} ms`,
  target: '',
  note: `${f.votes} votes by HTTP to narrator serve (SQLite), anonymous subscribers to the public thread via /api/ws in another process; vote acknowledged after ${fmt(f.ackP50, 1)} ms (p50)`,
});
rows.push({
  figure: '  fan-out p99',
  measured: `${fmt(f.p99, 2)} ms`,
  target: '< 100 ms',
  note: `max ${fmt(f.max, 2)} ms; server CPU ${fmt(f.serverCpuMsPerVote, 1)} ms per vote (commit, reply, ${fmt(f.eventsPerVote * f.clients)} frames: ${f.eventsPerVote} events × ${f.clients})`,
});

log('heavy readers: a 6,000-event ended game read whole by 50 anonymous readers over 25 addresses…');
const hv = await heavyReadFigures({ seconds: quick ? 5 : 15 });
rows.push({
  figure: `heavy readers: GET /api/health p99 under ${hv.readers} whole-log readers (${hv.addresses} addresses)`,
  measured: `${fmt(hv.attack.healthP99, 1)} ms`,
  target: '< 50 ms',
  note: `without readers ${fmt(hv.baseline.healthP99, 1)} ms; vote p99 ${fmt(hv.attack.voteP99, 1)} ms (${fmt(hv.baseline.voteP99, 1)} without); game of ${fmt(hv.events)} events, export, check and days over and over: ${fmt(hv.served.ok)} answered, ${fmt(hv.served.refused)} refused by the budgets (bench/heavy-reads.ts)`,
});

log('login flood: 50 addresses guessing passwords and signing up, 60 requests a second, while the owner logs in…');
const lf = await loginFloodFigures({ seconds: quick ? 5 : 15 });
rows.push({
  figure: `login flood: the owner's log-in p99 while ${lf.addresses} addresses guess (${lf.rate}/s)`,
  measured: `${fmt(lf.owner.p99)} ms`,
  target: '< 1,000 ms',
  note: `${lf.owner.ok} of ${lf.owner.n} log-ins succeeded, p50 ${fmt(lf.owner.p50)} ms; the attackers' ${fmt(lf.attackers.attempts)} requests: ${Object.entries(
    lf.attackers.byStatus,
  )
    .map(([st, n]) => `${fmt(n)} × ${st}`)
    .join(', ')} (bench/login-flood.ts)`,
});

if (withServer) {
  log('server: bench/server.ts --json (about two minutes)…');
  rows.push(serverRow(root, fmt));
} else {
  rows.push({
    figure: 'server: votes/s, p99, votes/hello (bench/server.ts)',
    measured: 'not run',
    target: '',
    note: 'npm run bench -- --server adds it (about two more minutes)',
  });
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const w = [Math.max(...rows.map((x) => x.figure.length)), Math.max(8, ...rows.map((x) => x.measured.length)), 9];
const line = (a: string, b: string, c: string, d: string) => `${a.padEnd(w[0]!)}  ${b.padStart(w[1]!)}  ${c.padEnd(w[2]!)}  ${d}`;
const out = [
  `Narrator benchmarks — ${availableParallelism()} cores (${cpu}), Node ${process.version}, load average ${fmt(load0, 2)} at start, ${fmt(loadavg()[0]!, 2)} at end${quick ? ', --quick' : ''}${withServer ? ', --server' : ''}, ${fmt((performance.now() - started) / 1000)} s in all`,
  '',
  line('figure', 'measured', 'target', 'ratio / note'),
  line('-'.repeat(w[0]!), '-'.repeat(w[1]!), '-'.repeat(w[2]!), '-'.repeat(12)),
  ...rows.map((x) => line(x.figure, x.measured, x.target, x.note)),
];
process.stdout.write(`${out.join('\n')}\n`);
