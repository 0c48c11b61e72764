// Issue 24 item 3: nothing outside src/variants reads a rulebook's private state (`GameState.v`); the app, the
// server, the CLI, the simulator and the web app read what each rulebook declares (its live count, vote steps,
// conditions, channels, schedule and phase). A read of `.v` on a state in those folders fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const FOLDERS = ['src/app', 'src/server', 'src/cli', 'src/sim', 'web/src'];

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('a rulebook’s private state stays in its folder', () => {
  it('no file of the app, server, CLI, simulator or web app reads `.v` of a game state', () => {
    // A state is `s`, `state`, `st`, `g.state`, `game.state`, `before`, `after`, … : any `.v` read but the few
    // unrelated fields named v (a variant's own `this.v`, a spread `...v`).
    const read = /(?<![.\w])(?!this\b)\w+(?:\.state)?\.v\b(?!\w)/g;
    // The reads it finds (the app's former fallback count read `s.v` this way); `this.v` and `...v` are not reads.
    expect('const v = s.v as { votes?: 1 }; g.state.v.round; this.v = x; ({ ...v })'.match(read)).toEqual(['s.v', 'g.state.v']);
    const found: string[] = [];
    for (const f of FOLDERS.flatMap(files)) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      for (const [i, line] of text.split('\n').entries()) {
        if (/^\s*(\/\/|\*)/.test(line)) continue;
        for (const m of line.matchAll(read)) found.push(`${f}:${i + 1}: ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
