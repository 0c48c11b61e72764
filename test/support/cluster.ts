// Several real server processes on one PostgreSQL database, for the scale-out tests and benchmark: a database of
// its own (created, then dropped), the CLI bundled once (a start takes about a second), instances started,
// SIGKILLed and restarted by index, HTTP clients that keep their cookie and CSRF token, and every instance's log
// kept for inspection (conflicts must not be errors there).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { bundleCli } from './bundle.ts';
import { freePort } from './net.ts';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** The PostgreSQL server the tests use (trust auth; NARRATOR_PG_URL names another database on it). */
export const PG_ADMIN_URL = (() => {
  const u = new URL(process.env.NARRATOR_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  u.pathname = '/postgres';
  return u.toString();
})();

/** Why PostgreSQL cannot be used, or null when it answers. */
export async function pgProblem(): Promise<string | null> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return null;
  } catch (e) {
    return (e as Error).message;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A fresh database on the test server; `drop` ends its sessions and removes it. */
export async function freshDatabase(prefix = 'narrator_scaleout'): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** An HTTP client of one instance that keeps its session. */
export interface Client {
  name: string;
  cookie?: string;
  csrf?: string;
}

/** A reply: status, parsed JSON (if any) and headers. */
export interface Reply {
  status: number;
  json: any;
  headers: Headers;
}

/** One server process. */
export interface Instance {
  readonly port: number;
  readonly base: string;
  child: ChildProcess | undefined;
  /** Everything it wrote to stdout and stderr (pino JSON lines), across restarts. */
  log: string;
}

/** A cluster of instances on one database. */
export interface Cluster {
  readonly db: string;
  readonly instances: Instance[];
  /** Starts (or restarts) instance i and waits until it serves. */
  start(i: number): Promise<void>;
  /** SIGKILLs instance i. */
  kill(i: number): Promise<void>;
  /** SIGTERMs instance i and waits for its exit code. */
  stop(i: number): Promise<number | null>;
  /** A request to instance i. */
  call(i: number, method: string, path: string, body?: unknown, c?: Client): Promise<Reply>;
  /** Signs an account up through instance i. */
  signUp(i: number, name: string): Promise<Client>;
  /** Stops every instance and removes the bundle. */
  close(): Promise<void>;
}

/** Starts `n` instances of the bundled CLI on the database `db` with the given extra `serve` arguments. */
export async function cluster(n: number, db: string, extra: readonly string[] = []): Promise<Cluster> {
  mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'node_modules/.cache/narrator-cluster-'));
  const cli = join(dir, 'narrator.mjs');
  await bundleCli(ROOT, cli);
  const instances: Instance[] = [];
  for (let i = 0; i < n; i++) {
    const port = await freePort();
    instances.push({ port, base: `http://127.0.0.1:${port}`, child: undefined, log: '' });
  }
  const start = async (i: number) => {
    const inst = instances[i]!;
    const c = spawn(
      process.execPath,
      [cli, 'serve', '--port', String(inst.port), '--db', db, '--log-level', 'info', '--signup-limit', '100000', '--pool', '12', ...extra],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    c.stderr!.on('data', (d) => (inst.log += String(d)));
    await new Promise<void>((ok, fail) => {
      let out = '';
      c.stdout!.on('data', (d) => {
        out += String(d);
        inst.log += String(d);
        if (out.includes('Narrator is serving on')) ok();
      });
      c.on('exit', (code) => fail(new Error(`instance ${i} exited (${code}) before serving: ${inst.log.slice(-2000)}`)));
    });
    inst.child = c;
  };
  const exit = (c: ChildProcess) => new Promise<number | null>((r) => (c.exitCode !== null ? r(c.exitCode) : c.once('exit', (code) => r(code))));
  const kill = async (i: number) => {
    const c = instances[i]!.child;
    if (!c) return;
    instances[i]!.child = undefined;
    const gone = exit(c);
    c.kill('SIGKILL');
    await gone;
  };
  const stop = async (i: number) => {
    const c = instances[i]!.child;
    if (!c) return null;
    instances[i]!.child = undefined;
    const gone = exit(c);
    c.kill('SIGTERM');
    return gone;
  };
  const call = async (i: number, method: string, path: string, body?: unknown, c?: Client): Promise<Reply> => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (c?.cookie) headers.cookie = c.cookie;
    if (c?.csrf) headers['x-csrf-token'] = c.csrf;
    const r = await fetch(instances[i]!.base + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await r.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: r.status, json, headers: r.headers };
  };
  const signUp = async (i: number, name: string): Promise<Client> => {
    const r = await call(i, 'POST', '/api/accounts', { name, password: 'password1' });
    if (r.status !== 201) throw new Error(`sign-up ${name}: ${r.status} ${JSON.stringify(r.json)}`);
    return { name, cookie: String(r.headers.get('set-cookie')).split(';')[0]!, csrf: r.json.csrfToken as string };
  };
  await Promise.all(instances.map((_, i) => start(i)));
  return {
    db,
    instances,
    start,
    kill,
    stop,
    call,
    signUp,
    close: async () => {
      await Promise.all(instances.map((_, i) => kill(i)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The pino lines of a log at level error or above (50+). */
export function errorLines(log: string): string[] {
  return log.split('\n').filter((l) => {
    try {
      return (JSON.parse(l) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
}
