// The built form (npm run build → dist/, bin/build.mjs): the launcher picks dist/ when it is fresh and the sources
// when it is missing or stale; the bundled CLI runs, the simulator's worker threads start from the bundle, and the
// server finds its static files.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/net.ts';

const root = join(import.meta.dirname, '..');

/** A throw-away package root that shares this checkout's node_modules. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'narrator-build-'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  return dir;
}

const node = (cwd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });

describe('bin/narrator.mjs chooses the build or the sources', () => {
  const dir = scratch();
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(root, 'bin', 'narrator.mjs'), join(dir, 'bin', 'narrator.mjs'));
  mkdirSync(join(dir, 'dist'), { recursive: true });
  mkdirSync(join(dir, 'src', 'cli'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'main.js'), "console.log('built');\n");
  writeFileSync(join(dir, 'src', 'cli', 'main.ts'), "const where: string = 'source';\nconsole.log(where);\n");
  const launch = (env: Record<string, string> = {}) => node(dir, [join(dir, 'bin', 'narrator.mjs')], env).stdout.trim();
  const touch = (file: string, s: number) => utimesSync(join(dir, file), s, s);

  it('runs dist/ when it is newer than every source file', () => {
    touch('src/cli/main.ts', 1_000_000);
    touch('dist/main.js', 2_000_000);
    expect(launch()).toBe('built');
  });

  it('runs the sources through tsx when a source file is newer than the build, or when forced', () => {
    touch('dist/main.js', 1_000_000);
    touch('src/cli/main.ts', 2_000_000);
    expect(launch()).toBe('source');
    touch('dist/main.js', 3_000_000);
    expect(launch({ NARRATOR_SOURCE: '1' })).toBe('source');
  });
});

describe('the bundled CLI', () => {
  const dir = scratch();
  beforeAll(() => {
    symlinkSync(join(root, 'public'), join(dir, 'public'), 'dir');
    symlinkSync(join(root, 'src'), join(dir, 'src'), 'dir');
    mkdirSync(join(dir, 'bin'));
    copyFileSync(join(root, 'bin', 'build.mjs'), join(dir, 'bin', 'build.mjs'));
    const build = node(dir, ['bin/build.mjs']);
    expect(build.status, build.stdout + build.stderr).toBe(0);
  }, 120_000);

  it('prints the version and the rulebooks from dist/ without tsx', () => {
    const v = node(dir, ['dist/main.js', '--version']);
    expect(v.status).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const r = node(dir, ['dist/main.js', 'rules', 'palermo']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('informant');
  });

  it('plays a script and simulates on two worker threads from the bundle', () => {
    const p = node(dir, ['dist/main.js', 'play', join(root, 'examples', 'palermo-demo.yaml')]);
    expect(p.status, p.stderr).toBe(0);
    expect(p.stdout).toContain('Winner: citizens');
    const s = node(dir, ['dist/main.js', 'simulate', '--players', '7', '--games', '6', '--workers', '2', '--seed', '1', '--no-progress', '--json']);
    expect(s.status, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout)).toMatchObject({ games: 6 });
  });

  it('serves the API, /docs and the static page from the bundle (the package root is found from dist/)', async () => {
    const { narratorPackage } = await import('../src/app/package-dir.ts');
    expect(narratorPackage().dir.replace(/\/$/, '')).toBe(root);
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/main.js', 'serve', '--port', String(port), '--db', ':memory:', '--log-level', 'warn'], { cwd: dir });
    try {
      let page = '';
      for (let i = 0; i < 100 && !page; i++) {
        await new Promise((r) => setTimeout(r, 100));
        page = await fetch(`http://127.0.0.1:${port}/`).then(
          (r) => r.text(),
          () => '',
        );
      }
      expect(page).toContain('<html');
      const doc = await fetch(`http://127.0.0.1:${port}/docs/json`).then((r) => r.json() as Promise<{ openapi: string }>);
      expect(doc.openapi).toBe('3.0.3');
    } finally {
      child.kill();
    }
  }, 30_000);
});
