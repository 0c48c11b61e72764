// The model check at full size, resumable: every configuration of `npm run test:slow` (5…25 players) with N games
// each (default 100,000), two configurations at a time on the worker pool, each result appended to a file as soon as
// it is known, so a run of several hours can stop and go on where it left off. The largest tables go first.
// Usage: npx tsx bench/model-check.ts [--games 100000] [--out docs/model-check-100k.txt]
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkModel, modelConfigs } from '../src/sim/model.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '100000' }, out: { type: 'string', default: 'docs/model-check-100k.txt' } } });
const games = Number(values.games);
if (!Number.isInteger(games) || games < 1) {
  process.stderr.write(`--games must be a positive integer, not "${values.games}"\n`);
  process.exit(2);
}
const out = values.out;

const key = (n: number, m: number, rule: string) => `${n}/${m}/${rule}`;
const done = new Set<string>();
if (existsSync(out)) {
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    const hit = /n=\s*(\d+) m=\s*(\d+) (\w+)/.exec(line);
    if (hit) done.add(key(Number(hit[1]), Number(hit[2]), hit[3]!));
  }
} else appendFileSync(out, `# engine vs exact P(killers win), ${games} games per configuration (bench/model-check.ts)\n`);
// Largest tables first: they are the slowest and the furthest from what CI's smaller sample checks well.
const todo = modelConfigs()
  .filter((c) => !done.has(key(c.n, c.m, c.rule)))
  .sort((a, b) => b.n - a.n);
const t0 = Date.now();
for (let i = 0; i < todo.length; i += 2) {
  const results = await checkModel(todo.slice(i, i + 2), games, { seed: 77_000 + todo[i]!.n * 100 + todo[i]!.m });
  for (const r of results) {
    appendFileSync(
      out,
      `n=${String(r.n).padStart(2)} m=${String(r.m).padStart(2)} ${r.rule.padEnd(6)} games ${r.games} exact ${r.exact.toFixed(5)} engine ${r.simulated.toFixed(5)} z=${r.z.toFixed(2)} p=${r.pValue.toPrecision(2)} ${r.agrees && r.unfinished === 0 ? 'agrees' : 'DISAGREES'}\n`,
    );
  }
  process.stderr.write(`${Math.min(i + 2, todo.length)}/${todo.length} configurations, ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
}
