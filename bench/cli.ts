// `npm run bench:cli`: start-up time of `narrator --version` and `narrator rules` through bin/narrator.mjs (the
// built JavaScript in dist/), next to `node -e 0` measured in the same run, so the figure reads as a ratio that
// a loaded machine scales less than a bare number. Target: each command under 0.4 s on this machine.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'narrator.mjs');
const runs = Number(process.env.RUNS ?? 15);
const TARGET_S = 0.4;

const cases: { label: string; args: string[]; env?: Record<string, string>; target?: boolean }[] = [
  { label: 'node -e 0', args: ['-e', '0'] },
  { label: 'narrator --version', args: [bin, '--version'], target: true },
  { label: 'narrator rules', args: [bin, 'rules'], target: true },
  // The same command from the sources through tsx, as every call ran before the build: the comparison.
  { label: 'rules via tsx', args: [bin, 'rules'], env: { NARRATOR_SOURCE: '1' } },
];

if (!existsSync(join(root, 'dist', 'main.js'))) {
  process.stderr.write('dist/ is missing: run `npm run build` first (otherwise this measures tsx compiling the sources)\n');
  process.exit(2);
}
process.stdout.write(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores\n`,
);

const times = new Map<string, number[]>(cases.map((c) => [c.label, []]));
// Interleaved, so a burst of load on the shared machine hits every case alike.
for (let i = 0; i < runs; i++) {
  for (const c of cases) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, c.args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...c.env } });
    const s = (performance.now() - t0) / 1000;
    if (r.status !== 0) throw new Error(`${c.label} exited ${r.status}: ${r.stderr}`);
    times.get(c.label)!.push(s);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const base = median(times.get('node -e 0')!);
process.stdout.write(`${runs} runs each, interleaved; median and fastest seconds\n`);
let ok = true;
for (const c of cases) {
  const xs = times.get(c.label)!;
  const m = median(xs);
  const ratio = m / base;
  const target = !c.target ? '' : m < TARGET_S ? `  under ${TARGET_S} s` : `  OVER ${TARGET_S} s`;
  if (c.target && m >= TARGET_S) ok = false;
  process.stdout.write(`${c.label.padEnd(20)} ${m.toFixed(3)} s (fastest ${Math.min(...xs).toFixed(3)} s)  ${ratio.toFixed(2)}× node -e 0${target}\n`);
}
process.exitCode = ok ? 0 : 1;
