// The "server" row of `npm run bench`: runs bench/server.ts --json in a child process and picks votes/s, the vote
// p99 and votes/hello out of the JSON object it prints. That flag is another branch's work: a bench/server.ts without
// it ignores the flag and prints its text table, which is not parsed here (the row then names the script instead),
// and the field names are matched loosely so a reasonable naming of them is found.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** One row of the benchmark table. */
export interface Row {
  figure: string;
  measured: string;
  target: string;
  note: string;
}

/**
 * The server row: bench/server.ts run with --json. A version of it without that flag ignores it and prints its text
 * table instead, which this table does not parse: the row then points at `npm run bench:server`.
 */
export function serverRow(root: string, fmt: (n: number, digits?: number) => string): Row {
  const figure = 'server: votes/s, p99, votes/hello (bench/server.ts)';
  const out = execFileSync(process.execPath, ['--import', 'tsx', join('bench', 'server.ts'), '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 16 << 20 });
  const json = jsonObjectIn(out);
  if (!json) return { figure, measured: 'see note', target: '', note: 'run npm run bench:server (this bench/server.ts prints no JSON)' };
  const flat = flatten(json);
  const pick = (...tests: RegExp[]) => [...flat].find(([k]) => tests.every((t) => t.test(k)))?.[1];
  const votes = pick(/vote/i, /(per.?s|rps|requests|average|throughput)/i) ?? pick(/votes?.?per.?s/i);
  const p99 = pick(/vote/i, /p99/i) ?? pick(/p99/i);
  const ratio = pick(/(ratio|per.?hello|vs.?hello|votes.?hello)/i);
  const show = (n: number | undefined, digits = 0) => (n === undefined ? '?' : fmt(n, digits));
  return {
    figure,
    measured: `${show(votes)}/s`,
    target: '',
    note: `p99 ${show(p99)} ms (target < 20 ms); votes/hello ${show(ratio, 2)} (target ≥ 0.30); 64 connections, SQLite${votes === undefined ? `; fields: ${[...flat.keys()].join(', ').slice(0, 200)}` : ''}`,
  };
}

/** The last JSON object printed on stdout (the whole output, or one line of it), if any. */
export function jsonObjectIn(out: string): Record<string, unknown> | undefined {
  for (const chunk of [out, ...out.split('\n').reverse()]) {
    const t = chunk.trim();
    if (!t.startsWith('{')) continue;
    try {
      const v = JSON.parse(t) as unknown;
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // Not JSON: the next candidate.
    }
  }
  return undefined;
}

/** Every numeric leaf of an object by its dotted path. */
export function flatten(v: unknown, path = '', into = new Map<string, number>()): Map<string, number> {
  if (typeof v === 'number') into.set(path, v);
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) flatten(x, path ? `${path}.${k}` : k, into);
  return into;
}
