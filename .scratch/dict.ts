// micro: ways to copy a small record with one key set
const ids = Array.from({ length: 13 }, (_, i) => `p${i + 1}`);
let seed = 7; const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
const seqs: [string, string][][] = [];
for (let g = 0; g < 2000; g++) { const s: [string, string][] = []; for (let i = 0; i < 30; i++) s.push([ids[rnd(13)]!, ids[rnd(13)]!]); seqs.push(s); }
const spread = (r: Record<string, string>, k: string, v: string) => ({ ...r, [k]: v });
const forin = (r: Record<string, string>, k: string, v: string) => { const o: Record<string, string> = {}; for (const x in r) o[x] = r[x]!; o[k] = v; return o; };
const assign = (r: Record<string, string>, k: string, v: string) => { const o = Object.assign({}, r); o[k] = v; return o; };
const ordered = (r: Record<string, string>, k: string, v: string) => { const o: Record<string, string> = {}; for (const x of ids) { const y = x === k ? v : r[x]; if (y !== undefined) o[x] = y; } return o; };
for (const [name, f] of [['spread', spread], ['forin', forin], ['assign', assign], ['ordered', ordered], ['spread', spread]] as const) {
  let sink = 0;
  for (let w = 0; w < 2; w++) for (const s of seqs) { let r: Record<string, string> = {}; for (const [k, v] of s) r = f(r, k, v); sink += Object.keys(r).length; }
  const t0 = performance.now(); let n = 0;
  while (performance.now() - t0 < 500) { for (const s of seqs) { let r: Record<string, string> = {}; for (const [k, v] of s) r = f(r, k, v); sink += Object.keys(r).length; } n += seqs.length * 30; }
  console.log(name.padEnd(8), ((performance.now() - t0) * 1e6 / n).toFixed(0), 'ns per copy', sink > 0 ? '' : '!');
}
