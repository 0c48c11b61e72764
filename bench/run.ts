// `npm run bench`: Narrator's benchmark suite. Prints one table of figures and ratios measured in this run.
//   npm run bench                        this tree's figures (`-- --quick` shorter, `-- --server` adds the server's)
//   npm run bench -- --against <ref>     every figure for <ref> and this tree, interleaved, and their ratio
//   … --only engine,sim,memory,restart,fanout,heavy,login,server   some groups only
// With --against, <ref> is checked out in a temporary worktree (bench/tree.ts) and removed afterwards; the engines
// replay the same recorded games in one process in alternating slices (bench/engine-ab.ts), and everything else
// alternates fresh processes of the two trees. Figures are not timed tests (DESIGN.md §7).
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { engineFigures, intrigueFigures } from './engine.ts';
import { ENGINE_CASES, type EngineAbFigures } from './engine-ab.ts';
import type { FanoutFigures } from './fanout.ts';
import { fanoutFigures } from './fanout.ts';
import { type HeavyReadFigures, heavyReadFigures } from './heavy-reads.ts';
import { type LoginFloodFigures, loginFloodFigures } from './login-flood.ts';
import { pgUnreachable, type RestartFigures, restartFigures } from './restart.ts';
import { type ServerBenchFigures, serverFigures } from './server.ts';
import { checkOut, describeTree, type Tree } from './tree.ts';

const argv = process.argv.slice(2);
const flagValue = (flag: string) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
};
const quick = argv.includes('--quick');
const against = flagValue('--against');
const only = flagValue('--only')?.split(',');
const GROUPS = ['engine', 'sim', 'memory', 'restart', 'fanout', 'heavy', 'login', 'server'] as const;
type Group = (typeof GROUPS)[number];
for (const g of only ?? []) if (!(GROUPS as readonly string[]).includes(g)) throw new Error(`--only: unknown group ${g} (known: ${GROUPS.join(', ')})`);
/** The server benchmark takes about two minutes: on request, and always in an A/B run (where it matters most). */
const want = (g: Group) => (only ? only.includes(g) : g !== 'server' || against !== undefined || argv.includes('--server'));
const root = join(import.meta.dirname, '..');
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const log = (s: string) => process.stderr.write(`${s}\n`);
const started = performance.now();
const load0 = loadavg()[0]!;
// Ctrl-C still removes the temporary worktree (its removal runs on exit).
process.once('SIGINT', () => process.exit(130));

/** One row: a figure, its value per tree (one, or ref and this tree), their ratio, the target and a note. */
interface Row {
  readonly figure: string;
  readonly values: readonly string[];
  readonly ratio?: string;
  readonly target: string;
  readonly note: string;
}
const rows: Row[] = [];
/** The two trees of an A/B run (ref, this tree); empty otherwise. */
let abTrees: Tree[] = [];

/** Runs a child process of this tree (a benchmark's timed part) and parses the JSON line it prints last. */
function childJson<T>(args: string[], cwd = root): T {
  const out = execFileSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').pop()!) as T;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function abLabels(): string[] {
  return abTrees.map((t) => t.label);
}

/** This tree's figures alone (absolute values against the targets). */
async function single(): Promise<void> {
  const put = (figure: string, measured: string, target: string, note: string) => rows.push({ figure, values: [measured], target, note });
  const target = 20_000;
  if (want('engine') || want('sim')) {
    log('engine: simulated games on one core…');
    const seconds = quick ? 2 : 6;
    const e = engineFigures(seconds);
    put(
      'engine: 13-player palermo games/s, 1 core (sensible bots, default deal)',
      fmt(e.sensible.gamesPerSec),
      '≥ 20,000',
      `${fmt((e.sensible.gamesPerSec / target) * 100, 1)}% of target; ${fmt(e.sensible.eventsPerGame)} events/game; ${fmt(e.sensibleShare * 100)}% of the time in the engine, the rest in the bots`,
    );
    put(
      'engine: 3-city 36-player mafia-cities games/s, 1 core (sensible bots)',
      fmt(e.cities.gamesPerSec, 1),
      '',
      `palermo/mafia-cities = ${fmt(e.sensible.gamesPerSec / e.cities.gamesPerSec, 1)} : 1 in this run; ${fmt(e.cities.eventsPerGame)} events/game`,
    );
    put('engine: commands/s, 1 core (sensible bots)', fmt(e.sensible.commandsPerSec), '', 'posts, PMs and deadline ticks through decide');
    put(
      '  the engine alone on the same games (recorded commands replayed)',
      fmt(e.sensibleEngineOnly.gamesPerSec),
      '≥ 20,000',
      `${fmt((e.sensibleEngineOnly.gamesPerSec / target) * 100, 1)}% of target; ${fmt(e.sensibleEngineOnly.commandsPerSec)} commands/s, ${fmt(e.sensibleEngineOnly.microsPerCommand, 1)} µs per command: the ceiling with bots that cost nothing`,
    );
    put(
      'engine: random-play model games/s, 1 core (13 players, 3 killers)',
      fmt(e.model.gamesPerSec),
      '≥ 20,000',
      `${fmt((e.model.gamesPerSec / target) * 100, 1)}% of target; ${fmt(e.model.commandsPerSec)} commands/s; ${fmt(e.modelShare * 100)}% in the engine`,
    );
    put('bare loop of the same model, no engine (bench/bare.ts)', fmt(e.bare), '', `engine/bare = 1 : ${fmt(e.bare / e.model.gamesPerSec)}`);
    log('engine: 16-player palermo-intrigue beside 16-player palermo…');
    const ig = intrigueFigures(quick ? 2 : 4);
    put(
      'engine: 16-player palermo-intrigue games/s, 1 core (sensible bots, default deal)',
      fmt(ig.intrigue.gamesPerSec),
      '',
      `16-player palermo in the same run: ${fmt(ig.palermo.gamesPerSec)} games/s (intrigue/palermo = 1 : ${fmt(ig.palermo.gamesPerSec / ig.intrigue.gamesPerSec, 1)}); ${fmt(ig.intrigue.eventsPerGame)} vs ${fmt(ig.palermo.eventsPerGame)} events/game`,
    );
  }
  const count = quick ? 2000 : 10_000;
  if (want('memory')) {
    log(`memory: ${fmt(count)} active games in one process…`);
    const m1 = memory(root, count, 'state');
    put(
      `memory: resident per active game, ${fmt(count)} games (state only)`,
      kb(m1.rssPerGame),
      '< 50 KB',
      `heap ${kb(m1.heapPerGame)}/game; 13 players, two rounds in`,
    );
    const m2 = memory(root, count, 'events');
    put('memory: resident per active game with its event log in memory', kb(m2.rssPerGame), '', `heap ${kb(m2.heapPerGame)}/game`);
  }
  if (want('restart')) {
    for (const kind of ['sqlite', 'postgres'] as const) {
      const why = kind === 'postgres' ? await pgUnreachable() : undefined;
      if (why) {
        log(`restart on PostgreSQL skipped: ${why}`);
        put('restart on PostgreSQL', 'skipped', '< 10 s', `skipped: ${why}`);
        continue;
      }
      log(`restart: writing ${fmt(count)} games to ${storeName(kind)}, then two cold starts…`);
      const r = await restartFigures(kind, count, log);
      for (const x of restartRows([r])) rows.push(x);
    }
  }
  if (want('fanout')) {
    const votes = quick ? 20 : 50;
    log(`fan-out: the server, 500 WebSocket subscribers, ${votes} votes…`);
    for (const x of fanoutRows([await fanoutFigures(500, votes)])) rows.push(x);
  }
  if (want('heavy')) {
    log('heavy readers: a 6,000-event ended game read whole by 50 anonymous readers over 25 addresses…');
    rows.push(heavyRow([await heavyReadFigures({ seconds: quick ? 5 : 15 })]));
  }
  if (want('login')) {
    log('login flood: 50 addresses guessing passwords and signing up, 60 requests a second, while the owner logs in…');
    rows.push(loginRow([await loginFloodFigures({ seconds: quick ? 5 : 15 })]));
  }
  if (want('server')) {
    log('server: bench/server.ts (about two minutes)…');
    const f = await serverFigures([{ label: 'this tree', root }], { rounds: quick ? 2 : 3, seconds: quick ? 3 : 5, log });
    for (const x of serverRows(f)) rows.push(x);
  } else {
    put('server: votes/s, p99, votes/hello (bench/server.ts)', 'not run', '', 'npm run bench -- --server adds it (about two more minutes)');
  }
}

/** Every figure for a ref and this tree, interleaved, with their ratio (this tree / ref). */
async function ab(ref: string): Promise<void> {
  // Both servers run their builds (bin/narrator.mjs would run stale sources through tsx instead).
  log('building this tree (bin/build.mjs)…');
  execFileSync(process.execPath, ['bin/build.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const other = checkOut(root, ref, log);
  const self: Tree = { label: `this tree (${describeTree(root)})`, root };
  abTrees = [other, self];
  try {
    await abGroups(other, self);
  } finally {
    log(`removing the worktree of ${ref}…`);
    other.remove();
  }
}

/** Runs `fn` for both trees `rounds` times, the order alternating (ref first, then this tree first, …). */
async function alternate<T>(trees: readonly Tree[], rounds: number, fn: (t: Tree) => T | Promise<T>): Promise<T[][]> {
  const out: T[][] = trees.map(() => []);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) out[i]!.push(await fn(trees[i]!));
  }
  return out;
}

/** A ratio this/ref, with two significant decimals. */
const ratioOf = (ref: number, self: number) => fmt(self / ref, 2);

async function abGroups(ref: Tree, self: Tree): Promise<void> {
  const trees = [ref, self];
  const put = (figure: string, values: [string, string], ratio: string, target: string, note: string) => rows.push({ figure, values, ratio, target, note });

  if (want('engine')) {
    const seconds = quick ? 1 : 3;
    log(`engine: both engines in one process, the same recorded games in alternating slices (${seconds} s each per rulebook)…`);
    const figures = childJson<EngineAbFigures[]>(['--import', 'tsx', join(root, 'bench/engine-ab.ts'), ref.root, self.root, String(seconds)]);
    for (const f of figures) {
      put(
        `engine alone, µs per command: ${f.name}`,
        [fmt(f.microsA, 2), fmt(f.microsB, 2)],
        fmt(f.ratio, 2),
        '≤ 0.5',
        `median of ${f.pairs} slice pairs; ${fmt(f.commandsPerGame)} commands/game; ${f.same ? 'the same final states' : 'DIFFERENT final states'}`,
      );
    }
  }

  if (want('sim')) {
    const seconds = quick ? 1 : 2;
    const rounds = quick ? 2 : 3;
    const sims = [
      ...ENGINE_CASES.map((c) => ({ name: `${c.name}, sensible bots`, spec: c.spec })),
      { name: 'random-play model, 13 players, 3 killers', spec: modelSpec() },
    ];
    for (const s of sims) {
      log(`bots: ${s.name}, ${rounds} rounds of fresh processes per tree…`);
      const runs = await alternate(trees, rounds, (t) =>
        childJson<{ gamesPerSec: number; commandsPerSec: number; eventsPerGame: number }>(
          ['--import', 'tsx', join(root, 'bench/ab-child.ts'), t.root, 'sim', JSON.stringify(s.spec), String(seconds)],
          t.root,
        ),
      );
      const [a, b] = runs.map((xs) => median(xs.map((x) => x.gamesPerSec))) as [number, number];
      const ratios = runs[0]!.map((x, i) => runs[1]![i]!.gamesPerSec / x.gamesPerSec);
      const intrigueOrCities = s.spec.variant === 'palermo-intrigue' || s.spec.variant === 'mafia-cities';
      put(
        `games/s, 1 core: ${s.name}`,
        [fmt(a, a < 100 ? 1 : 0), fmt(b, b < 100 ? 1 : 0)],
        fmt(median(ratios), 2),
        intrigueOrCities ? '≥ 5' : '',
        `median of ${rounds} rounds (each a fresh process per tree, ${seconds} s of CPU); ${fmt(runs[1]![0]!.eventsPerGame)} events/game; ${fmt(median(runs[1]!.map((x) => x.commandsPerSec)))} commands/s (this tree)`,
      );
    }
    const bare = await alternate(trees, 1, (t) =>
      childJson<{ gamesPerSec: number }>(['--import', 'tsx', join(root, 'bench/ab-child.ts'), t.root, 'bare', '1'], t.root),
    );
    const [ba, bb] = bare.map((xs) => xs[0]!.gamesPerSec) as [number, number];
    put('bare loop of the random-play model, no engine (bench/bare.ts)', [fmt(ba), fmt(bb)], ratioOf(ba, bb), '', 'the yardstick: the same loop in both trees');
  }

  const count = quick ? 2000 : 10_000;
  if (want('memory')) {
    for (const mode of ['state', 'events'] as const) {
      log(`memory: ${fmt(count)} active games (${mode}), a fresh process per tree…`);
      const [[a], [b]] = (await alternate(trees, 1, (t) => memory(t.root, count, mode))) as [[MemoryFigures], [MemoryFigures]];
      put(
        mode === 'state' ? `memory: resident per active game, ${fmt(count)} games (state only)` : 'memory: resident per active game with its event log',
        [kb(a.rssPerGame), kb(b.rssPerGame)],
        ratioOf(a.rssPerGame, b.rssPerGame),
        mode === 'state' ? '< 50 KB' : '',
        `heap ${kb(a.heapPerGame)} and ${kb(b.heapPerGame)}/game`,
      );
    }
  }

  if (want('restart')) {
    for (const kind of ['sqlite', 'postgres'] as const) {
      const why = kind === 'postgres' ? await pgUnreachable() : undefined;
      if (why) {
        log(`restart on PostgreSQL skipped: ${why}`);
        put('restart on PostgreSQL', ['skipped', 'skipped'], '', '< 10 s', `skipped: ${why}`);
        continue;
      }
      log(`restart on ${storeName(kind)}: each tree's bench/restart.ts in a fresh process…`);
      const [[a], [b]] = (await alternate(trees, 1, (t) =>
        childJson<RestartFigures>(['--import', 'tsx', join(root, 'bench/ab-child.ts'), t.root, 'restart', kind, String(count)], t.root),
      )) as [[RestartFigures], [RestartFigures]];
      for (const x of restartRows([a, b])) rows.push(x);
    }
  }

  if (want('fanout')) {
    const votes = quick ? 20 : 50;
    log(`fan-out: each tree's server, 500 WebSocket subscribers, ${votes} votes, 2 rounds…`);
    const runs = await alternate(trees, 2, (t) =>
      childJson<FanoutFigures>(['--import', 'tsx', join(root, 'bench/ab-child.ts'), t.root, 'fanout', '500', String(votes)], t.root),
    );
    const pick = (xs: FanoutFigures[]) => [...xs].sort((x, y) => x.p50 - y.p50)[0]!;
    for (const x of fanoutRows([pick(runs[0]!), pick(runs[1]!)])) rows.push(x);
  }

  const bin = (t: Tree) => join(t.root, 'bin/narrator.mjs');
  if (want('heavy')) {
    log("heavy readers: this tree's bench/heavy-reads.ts against each tree's server…");
    const [[a], [b]] = (await alternate(trees, 1, (t) => heavyReadFigures({ seconds: quick ? 5 : 15, bin: bin(t) }))) as [
      [HeavyReadFigures],
      [HeavyReadFigures],
    ];
    rows.push(heavyRow([a, b]));
  }
  if (want('login')) {
    log("login flood: this tree's bench/login-flood.ts against each tree's server…");
    const [[a], [b]] = (await alternate(trees, 1, (t) => loginFloodFigures({ seconds: quick ? 5 : 15, bin: bin(t) }))) as [
      [LoginFloodFigures],
      [LoginFloodFigures],
    ];
    rows.push(loginRow([a, b]));
  }

  if (want('server')) {
    log('server: both trees, interleaved rounds of fresh processes (about three minutes)…');
    const f = await serverFigures(trees, { rounds: quick ? 2 : 3, seconds: quick ? 3 : 5, log });
    for (const x of serverRows(f)) rows.push(x);
  }
}

/** The random-play model's spec (bench/engine.ts's), without importing the model module twice. */
function modelSpec() {
  return {
    variant: 'palermo',
    players: 13,
    roleList: [...Array<string>(3).fill('killer'), ...Array<string>(10).fill('citizen')],
    options: {},
    policy: 'model',
    minPlayers: 5,
  };
}

interface MemoryFigures {
  readonly rssPerGame: number;
  readonly heapPerGame: number;
  readonly rss: number;
}

/** A tree's bench/memory.ts in a fresh process. */
function memory(treeRoot: string, count: number, mode: 'state' | 'events'): MemoryFigures {
  return childJson<MemoryFigures>(['--expose-gc', '--import', 'tsx', join(treeRoot, 'bench/memory.ts'), String(count), mode], treeRoot);
}

const kb = (b: number) => `${fmt(b / 1024, 1)} KB`;
const mb = (b: number) => `${fmt(b / 2 ** 20)} MB`;
const storeName = (kind: 'sqlite' | 'postgres') => (kind === 'sqlite' ? 'SQLite' : 'PostgreSQL');

/** The two restart rows of one store, for one tree or two (ref, this). */
function restartRows(rs: readonly RestartFigures[]): Row[] {
  const r = rs[rs.length - 1]!;
  const name = storeName(r.kind);
  const two = rs.length === 2;
  const cpuNote = r.kind === 'postgres' ? " in Node (PostgreSQL's own not counted)" : '';
  const w = rs.map((x) => x.withSnapshots);
  const b = rs.map((x) => x.withoutSnapshots);
  const secs = (xs: readonly { wallSeconds: number }[]) => xs.map((x) => `${fmt(x.wallSeconds, 2)} s`);
  const written =
    r.kind === 'sqlite'
      ? `written in ${rs.map((x) => fmt(x.writeSeconds)).join(' and ')} s through append + saveSnapshot`
      : '100 games written through append + saveSnapshot, the rest copied from them in SQL';
  return [
    {
      figure: `restart on ${name}: boot ${fmt(r.games)} games × ${r.events} events, with snapshots`,
      values: secs(w),
      ...(two ? { ratio: ratioOf(w[0]!.wallSeconds, w[1]!.wallSeconds) } : {}),
      target: '< 10 s',
      note: `${w.map((x) => fmt(x.cpuSeconds, 2)).join(' and ')} s of CPU${cpuNote}; a fresh process opens the store and runs GameService.boot (snapshot at event 500, where the service saves it); ${rs.map((x) => mb(x.bytes)).join(' and ')}; ${written}`,
    },
    {
      figure: `  same boot without snapshots (${fmt(b[0]!.sampled)} games replayed, ×${fmt(r.games / b[0]!.sampled)})`,
      values: secs(b),
      ...(two ? { ratio: ratioOf(b[0]!.wallSeconds, b[1]!.wallSeconds) } : {}),
      target: '',
      note: `${b.map((x) => fmt(x.cpuSeconds, 2)).join(' and ')} s of CPU; snapshots save ${fmt((1 - w[w.length - 1]!.wallSeconds / b[b.length - 1]!.wallSeconds) * 100)}% of the wall time`,
    },
  ];
}

/** The two fan-out rows, for one tree or two (ref, this). */
function fanoutRows(fs: readonly FanoutFigures[]): Row[] {
  const f = fs[fs.length - 1]!;
  const two = fs.length === 2;
  const ms = (xs: readonly number[]) => xs.map((x) => `${fmt(x, 2)} ms`);
  return [
    {
      figure: `fan-out: vote sent → its event at each of ${f.clients} WebSocket subscribers, p50`,
      values: ms(fs.map((x) => x.p50)),
      ...(two ? { ratio: ratioOf(fs[0]!.p50, f.p50) } : {}),
      target: '',
      note: `${f.votes} votes by HTTP to narrator serve (SQLite), anonymous subscribers to the public thread via /api/ws in another process; vote acknowledged after ${fs.map((x) => fmt(x.ackP50, 1)).join(' and ')} ms (p50)`,
    },
    {
      figure: '  fan-out p99',
      values: ms(fs.map((x) => x.p99)),
      ...(two ? { ratio: ratioOf(fs[0]!.p99, f.p99) } : {}),
      target: '< 100 ms',
      note: `max ${fs.map((x) => fmt(x.max, 2)).join(' and ')} ms; server CPU ${fs.map((x) => fmt(x.serverCpuMsPerVote, 1)).join(' and ')} ms per vote (commit, reply, ${fmt(f.eventsPerVote * f.clients)} frames: ${f.eventsPerVote} events × ${f.clients})`,
    },
  ];
}

/** The heavy-readers row (bench/heavy-reads.ts), for one tree or two (ref, this). */
function heavyRow(hs: readonly HeavyReadFigures[]): Row {
  const h = hs[hs.length - 1]!;
  return {
    figure: `heavy readers: GET /api/health p99 under ${h.readers} whole-log readers (${h.addresses} addresses)`,
    values: hs.map((x) => `${fmt(x.attack.healthP99, 1)} ms`),
    ...(hs.length === 2 ? { ratio: ratioOf(hs[0]!.attack.healthP99, h.attack.healthP99) } : {}),
    target: '< 50 ms',
    note: `without readers ${hs.map((x) => fmt(x.baseline.healthP99, 1)).join(' and ')} ms; vote p99 ${hs.map((x) => fmt(x.attack.voteP99, 1)).join(' and ')} ms; game of ${fmt(h.events)} events, export, check and days over and over: ${hs.map((x) => `${fmt(x.served.ok)} answered, ${fmt(x.served.refused)} refused`).join(' and ')} (bench/heavy-reads.ts)`,
  };
}

/** The login-flood row (bench/login-flood.ts), for one tree or two (ref, this). */
function loginRow(ls: readonly LoginFloodFigures[]): Row {
  const l = ls[ls.length - 1]!;
  return {
    figure: `login flood: the owner's log-in p99 while ${l.addresses} addresses guess (${l.rate}/s)`,
    values: ls.map((x) => `${fmt(x.owner.p99)} ms`),
    ...(ls.length === 2 ? { ratio: ratioOf(ls[0]!.owner.p99, l.owner.p99) } : {}),
    target: '< 1,000 ms',
    note: `${ls.map((x) => `${x.owner.ok} of ${x.owner.n} log-ins succeeded, p50 ${fmt(x.owner.p50)} ms`).join('; ')}; the attackers' requests: ${Object.entries(
      l.attackers.byStatus,
    )
      .map(([st, n]) => `${fmt(n)} × ${st}`)
      .join(', ')} (bench/login-flood.ts)`,
  };
}

/** The server rows: votes/s, CPU per vote, votes/hello and p99, for one tree or two (ref, this). */
function serverRows(f: ServerBenchFigures): Row[] {
  const t = f.trees;
  const two = t.length === 2;
  const row = (figure: string, vals: number[], digits: number, target: string, note: string, unit = ''): Row => ({
    figure,
    values: vals.map((v) => `${fmt(v, digits)}${unit}`),
    ...(two ? { ratio: ratioOf(vals[0]!, vals[1]!) } : {}),
    target,
    note,
  });
  const hello = `hello ${fmt(f.helloPerSec)}/s (median round), ${fmt(f.helloCpuUs)} µs of CPU a request`;
  return [
    row(
      'server: votes/s, 64 connections, SQLite (bench/server.ts)',
      t.map((x) => x.votesPerSec),
      0,
      '',
      `median of ${f.rounds} rounds of ${f.seconds} s, each a fresh server process; ${hello}`,
      '/s',
    ),
    row(
      '  server CPU per vote',
      t.map((x) => x.voteCpuUs),
      0,
      '≤ 60 µs',
      'CPU time of the server process over the measured rounds ÷ votes',
      ' µs',
    ),
    row(
      '  votes/hello',
      t.map((x) => x.ratio),
      2,
      '≥ 0.40',
      "each round's votes/s ÷ the same round's hello/s (median)",
    ),
    row(
      '  vote p99',
      t.map((x) => x.voteP99Ms),
      0,
      '< 10 ms',
      `p50 ${t.map((x) => fmt(x.voteP50Ms)).join(' and ')} ms`,
      ' ms',
    ),
  ];
}

if (against === undefined) await single();
else await ab(against);
print();

/** Prints the table. */
function print(): void {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const columns = rows[0]?.values.length === 2 ? ['figure', ...abLabels(), 'this/ref', 'target', 'note'] : ['figure', 'measured', 'target', 'note'];
  const cells = rows.map((r) => [r.figure, ...r.values, ...(r.values.length === 2 ? [r.ratio ?? ''] : []), r.target, r.note]);
  const widths = columns.map((c, i) => (i === columns.length - 1 ? 0 : Math.max(c.length, ...cells.map((x) => x[i]!.length))));
  const line = (xs: readonly string[]) =>
    xs
      .map((x, i) => (i === 0 || i >= columns.length - 2 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [
    `Narrator benchmarks — ${availableParallelism()} cores (${cpu}), Node ${process.version}, load average ${fmt(load0, 2)} at start, ${fmt(loadavg()[0]!, 2)} at end${quick ? ', --quick' : ''}${against ? `, --against ${against}` : ''}${only ? `, --only ${only.join(',')}` : ''}, ${fmt((performance.now() - started) / 1000)} s in all`,
    '',
    line(columns),
    line(widths.map((w, i) => '-'.repeat(i === columns.length - 1 ? 12 : w))),
    ...cells.map(line),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}
