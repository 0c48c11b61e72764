// Crash test (DESIGN.md §5): a real server process (the CLI bundled once with esbuild, so a restart takes about a
// second) on a SQLite file, a scaled clock (two game hours per real second, surviving restarts), three palermo
// games of ten players driven concurrently over HTTP, and more than twenty SIGKILLs at random moments, every
// third one just before a deadline when one is near. Then it checks that every acknowledged command is in the log
// at the sequence numbers it was acknowledged with, that every deadline fired exactly once (none left overdue,
// none twice), and that the server's state equals a clean replay.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScaledClock } from '../src/app/clock.ts';
import { foldMeta, type GameMeta } from '../src/app/game-service.ts';
import { stateHash } from '../src/app/state-hash.ts';
import { replay } from '../src/engine/evolve.ts';
import { canSee } from '../src/engine/view.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import { getVariant } from '../src/variants/registry.ts';
import { bundleCli } from './support/bundle.ts';
import { freePort } from './support/net.ts';

const ROOT = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'narrator-crash-'));
// Inside the package, so the bundle's external packages resolve from its node_modules.
mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
const cliDir = mkdtempSync(join(ROOT, 'node_modules/.cache/narrator-crash-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(cliDir, { recursive: true, force: true });
});

const KILLS = 22;
const SPEED = 7200;
const GAMES = 3;
const PER_GAME = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

interface Ack {
  game: string;
  kind: 'post' | 'pm';
  text: string;
  accepted: boolean;
  /** The acknowledged sequence numbers, in the player's own numbering (the n-th event he may see). */
  seqs: number[];
  player: string;
}

describe('crash recovery', () => {
  it(`survives ${KILLS} SIGKILLs: acknowledged commands kept, deadlines fired exactly once, state = replay`, async () => {
    const db = join(dir, 'crash.db');
    const cli = join(cliDir, 'narrator.mjs');
    await bundleCli(ROOT, cli);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Monday 3 November 2025, 09:00 in Athens, at the moment the test starts (round 1 closes at 20:00 that day).
    const clock = new ScaledClock(Date.now(), Date.parse('2025-11-03T07:00:00Z'), SPEED);
    let child: ChildProcess | undefined;
    const start = async () => {
      const c = spawn(
        process.execPath,
        [
          cli,
          'serve',
          '--port',
          String(port),
          '--db',
          db,
          '--clock',
          `${clock.realOrigin}:${clock.gameOrigin}:${clock.speed}`,
          '--log-level',
          'error',
          '--signup-limit',
          '1000',
        ],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let err = '';
      c.stderr!.on('data', (d) => (err += String(d)));
      await new Promise<void>((ok, fail) => {
        let out = '';
        c.stdout!.on('data', (d) => {
          out += String(d);
          if (out.includes('Narrator is serving on')) ok();
        });
        c.on('exit', (code) => fail(new Error(`server exited (${code}) before serving: ${err}`)));
      });
      child = c;
    };
    const kill = async () => {
      const c = child!;
      child = undefined;
      const gone = new Promise((r) => c.on('exit', r));
      c.kill('SIGKILL');
      await gone;
    };

    const call = async (method: string, path: string, body?: unknown, s?: { cookie: string; csrf: string }) => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (s) Object.assign(headers, { cookie: s.cookie, 'x-csrf-token': s.csrf });
      const r = await fetch(base + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      return { status: r.status, json: (await r.json().catch(() => undefined)) as any, headers: r.headers };
    };
    const signUp = async (name: string) => {
      const r = await call('POST', '/api/accounts', { name, password: 'password1' });
      if (r.status !== 201) throw new Error(`sign-up ${name}: ${JSON.stringify(r.json)}`);
      return { name, cookie: String(r.headers.get('set-cookie')).split(';')[0]!, csrf: r.json.csrfToken as string };
    };

    // Set-up: a moderator, four games of twelve, all started by the moderator.
    await start();
    const mod = await signUp('Mod');
    const games: { id: string; players: Awaited<ReturnType<typeof signUp>>[] }[] = [];
    for (let g = 0; g < GAMES; g++) {
      const created = await call(
        'POST',
        '/api/games',
        {
          variant: 'palermo',
          // Started by the moderator once everyone has signed up (a slow machine must not close signup first);
          // the early start plans round 1 from that instant (PAL-CAL-2).
          startAt: '2025-11-20T10:00',
          calendar: { preset: 'none', workingWeekdays: [1, 2, 3, 4, 5, 6, 7] },
          locale: 'en',
        },
        mod,
      );
      expect(created.status).toBe(201);
      const players = [];
      for (let p = 0; p < PER_GAME; p++) {
        const s = await signUp(`G${g}P${p}`);
        expect((await call('POST', `/api/games/${created.json.id}/signup`, undefined, s)).json.accepted).toBe(true);
        players.push(s);
      }
      expect((await call('POST', `/api/games/${created.json.id}/start`, undefined, mod)).json.accepted).toBe(true);
      games.push({ id: created.json.id, players });
    }

    // Drivers: every player acts in a loop, choosing among his legal actions; every acknowledgement is recorded.
    const acks: Ack[] = [];
    let nonce = 0;
    let driving = true;
    const drive = async (game: string, s: { name: string; cookie: string; csrf: string }) => {
      while (driving) {
        try {
          const a = await call('GET', `/api/games/${game}/actions`, undefined, s);
          const actions = (a.json?.actions ?? []) as { command: string; via: 'post' | 'pm'; template: string; targets: { name: string }[] | null }[];
          const act = actions[Math.floor(Math.random() * actions.length)];
          const tag = `c${++nonce}`;
          let kind: 'post' | 'pm' = 'post';
          let text = `${tag} just talking`;
          if (act?.targets?.length) {
            kind = act.via;
            text = `${tag}\n${act.template.replace('{name}', act.targets[Math.floor(Math.random() * act.targets.length)]!.name)}`;
          }
          const r = await call('POST', `/api/games/${game}/${kind === 'post' ? 'posts' : 'pms'}`, { text }, s);
          if (r.status === 200) acks.push({ game, kind, text, accepted: r.json.accepted, seqs: r.json.seqs, player: s.name });
          await sleep(20 + Math.random() * 80);
        } catch {
          await sleep(30); // the server is down: try again
        }
      }
    };
    const drivers = games.flatMap((g) => g.players.map((p) => drive(g.id, p)));

    // The kills.
    let nearDeadline = 0;
    for (let k = 0; k < KILLS; k++) {
      if (!child) await start();
      // The first kills go just before a deadline while the games surely still run (on a loaded machine each restart
      // costs game hours, and the games may be over by the later kills); after that every third kill does.
      if (nearDeadline < 4 || k % 3 === 2) {
        const list = (await call('GET', '/api/games')).json.games as { nextDeadline: { at: number } | null }[];
        const next = Math.min(...list.map((g) => g.nextDeadline?.at ?? Number.POSITIVE_INFINITY));
        const wait = clock.realAt(next) - Date.now();
        if (Number.isFinite(next) && wait < 10_000) {
          await sleep(wait - 5 - Math.random() * 20);
          nearDeadline++;
        } else await sleep(150 + Math.random() * 750);
      } else await sleep(150 + Math.random() * 750);
      await kill();
      await sleep(Math.random() * 300);
    }

    // Final boot: let the scheduler catch up, stop the drivers, read each game's state hash, stop gracefully.
    await start();
    await sleep(800);
    driving = false;
    await Promise.all(drivers);
    await sleep(300);
    const finalNow = clock.now();
    const served = new Map<string, { version: number; hash: string }>();
    for (const g of games) {
      const r = await call('GET', `/api/games/${g.id}`, undefined, mod);
      served.set(g.id, { version: r.json.version, hash: r.json.moderator.stateHash });
    }
    const exited = new Promise((r) => child!.on('exit', r));
    child!.kill('SIGTERM');
    await exited;

    const store = await SqliteStore.open(db);
    const variant = getVariant('palermo')!;
    let fired = 0;
    const claimed = new Map<string, Set<number>>();
    for (const g of games) {
      const events = (await store.read(g.id)).map((e) => e.event);
      const final = replay(variant, events);
      const idOf = new Map(final.order.map((id) => [final.players[id]!.name, id]));
      // A player's n-th event is the n-th one he may see: its global number is its index in that list, plus one.
      const globalOf = (player: string, seq: number) => {
        const viewer = { kind: 'player' as const, id: idOf.get(player)! };
        let n = 0;
        for (let i = 0; i < events.length; i++) if (canSee(viewer, events[i]!.audience) && ++n === seq) return i + 1;
        return Number.POSITIVE_INFINITY;
      };
      // Acknowledged ⇒ in the log, at the acknowledged sequence numbers, never given to two commands.
      const seen = claimed.get(g.id) ?? new Set<number>();
      claimed.set(g.id, seen);
      for (const a of acks.filter((x) => x.game === g.id)) {
        expect(a.seqs.length).toBeGreaterThan(0);
        const global = a.seqs.map((seq) => globalOf(a.player, seq));
        for (const seq of global) {
          expect(seq).toBeLessThanOrEqual(events.length);
          expect(seen.has(seq)).toBe(false);
          seen.add(seq);
        }
        const mine = global.map((seq) => events[seq - 1]!);
        if (a.accepted && a.kind === 'post') expect(mine.some((e) => e.type === 'post.published' && (e.data as { text: string }).text === a.text)).toBe(true);
        if (a.kind === 'pm')
          expect(mine.some((e) => (e.type === 'pm.received' || e.type === 'pm.forwarded') && (e.data as { text: string }).text === a.text)).toBe(true);
        if (!a.accepted) expect(mine.some((e) => e.type === 'command.rejected')).toBe(true);
      }
      // Every deadline fired once, at its own instant; none is left overdue.
      const ids = events.filter((e) => e.type === 'deadline.fired').map((e) => (e.data as { id: string }).id);
      expect(new Set(ids).size).toBe(ids.length);
      fired += ids.length;
      const state = replay(variant, events);
      if (state.status === 'running' && state.pausedSince === undefined)
        for (const d of state.deadlines) expect(d.at).toBeGreaterThan(finalNow - 3 * SPEED * 1000);
      // The served state equals a clean replay of the log up to the served version.
      const s = served.get(g.id)!;
      const head = events.slice(0, s.version);
      const meta = head.reduce(foldMeta, { title: '', host: '', moderators: [], teams: {}, teamsEver: {}, publicEvents: 0 } as GameMeta);
      expect(stateHash({ state: replay(variant, head), meta })).toBe(s.hash);
    }
    await store.close();
    expect(acks.length).toBeGreaterThan(500);
    expect(fired).toBeGreaterThanOrEqual(GAMES * 3);
    expect(nearDeadline).toBeGreaterThan(0);
    console.log(`game versions: ${games.map((g) => served.get(g.id)?.version).join(', ')}`);
    console.log(`crash test: ${KILLS} kills (${nearDeadline} just before a deadline), ${acks.length} acknowledged commands, ${fired} deadlines fired`);
  }, 240_000);
});
