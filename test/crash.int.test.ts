// Crash test (DESIGN.md §5): a real server process (the CLI bundled once with esbuild, so a restart takes about a
// second) on a SQLite file, a scaled clock (two game hours per real second, surviving restarts), three palermo
// games of ten players driven concurrently over HTTP, and more than twenty SIGKILLs at random moments, every
// third one just before a deadline when one is near, and others just before a reminder is due (issue 26: after its
// slot was planned, before it was sent). Then it checks that every acknowledged command is in the log
// at the sequence numbers it was acknowledged with, that every deadline fired exactly once (none left overdue,
// none twice), that the server's state equals a clean replay, and that the reminders lost none and doubled none: every
// due slot done, one notification per player, slot and lead, each notification pushed to every subscribed device and
// mailed to every verified address once (by its id, which the push Topic and the mail's Message-ID carry).
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
import { mailbox } from './support/mailbox.ts';
import { freePort } from './support/net.ts';
import { pushService } from './support/push-service.ts';

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
    const mbox = await mailbox();
    const ps = await pushService();
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
          '--smtp',
          mbox.url,
          '--insecure-push',
          '--public-url',
          'http://narrator.test',
          // A delivery a killed process held is sent again after this long (real ms).
          '--delivery-lease-ms',
          '1500',
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

    /**
     * The verification link mailed to `address` after the mailbox held `from` messages. The games started first send
     * their reminders meanwhile (their day runs at two game hours a second), so the link is looked for by recipient.
     */
    const verifyToken = async (address: string, from: number): Promise<string> => {
      const until = Date.now() + 10_000;
      for (;;) {
        const m = mbox.messages.slice(from).find((x) => x.to.includes(address) && /#\/verify-email\//.test(x.mail.text ?? ''));
        if (m) return /#\/verify-email\/([A-Za-z0-9_-]+)/.exec(m.mail.text ?? '')![1]!;
        if (Date.now() > until) throw new Error(`no verification mail to ${address}`);
        await new Promise((r) => setTimeout(r, 20));
      }
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
        // The first three of each game hear reminders by mail (a verified address) and by push (a device).
        if (p < 3) {
          const before = mbox.messages.length;
          expect((await call('POST', '/api/me/email', { email: `g${g}p${p}@example.org` }, s)).status).toBe(202);
          const token = await verifyToken(`g${g}p${p}@example.org`, before);
          expect((await call('POST', '/api/email/verify', { token })).status).toBe(200);
          const sub = ps.subscribe();
          expect((await call('POST', '/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys }, s)).status).toBe(201);
        }
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
    // The three players of each game who hear reminders never act, so their reminders are due all day long.
    const drivers = games.flatMap((g) => g.players.slice(3).map((p) => drive(g.id, p)));

    // The kills.
    let nearDeadline = 0;
    let nearReminder = 0;
    /** The next reminder slot due, over the games (game ms). */
    const nextReminder = async () => {
      let next = Number.POSITIVE_INFINITY;
      for (const g of games) {
        const r = await call('GET', `/api/games/${g.id}/reminders`, undefined, mod);
        for (const x of (r.json?.slots ?? []) as { dueAt: number; done: boolean }[]) if (!x.done && x.dueAt > clock.now()) next = Math.min(next, x.dueAt);
      }
      return next;
    };
    for (let k = 0; k < KILLS; k++) {
      if (!child) await start();
      // Every third kill (the others' turns permitting) falls just before a reminder is due: planned, not yet sent.
      if (k % 3 === 1) {
        const wait = clock.realAt(await nextReminder()) - Date.now();
        if (Number.isFinite(wait) && wait < 10_000) {
          await sleep(wait - 5 - Math.random() * 20);
          nearReminder++;
          await kill();
          await sleep(Math.random() * 300);
          continue;
        }
      }
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

    // Final boot: let the scheduler catch up (and a delivery a killed process held lapse), stop the drivers, read
    // each game's state hash, stop gracefully.
    await start();
    await sleep(2500);
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
    // Reminders: every slot due by now is done, one notification per (player, slot), each delivered once per target.
    const slots = await store.notify.reminders();
    for (const r of slots) if (r.doneAt === null) expect(r.dueAt, r.id).toBeGreaterThan(finalNow - 3 * SPEED * 1000);
    const accounts = await store.everyAccount();
    const notices = (await Promise.all(accounts.map((a) => store.notify.notificationsOf(a.id, 10_000)))).flat();
    const reminded = notices.filter((n) => n.kind === 'reminder').map((n) => n.data as { deadline: { at: number }; lead: number; game: string });
    const perSlot = new Map<string, number>();
    for (const [i, r] of reminded.entries()) {
      const key = `${notices.filter((n) => n.kind === 'reminder')[i]!.accountId} ${r.game} ${r.deadline.at} ${r.lead}`;
      perSlot.set(key, (perSlot.get(key) ?? 0) + 1);
    }
    expect([...perSlot.values()].every((n) => n === 1)).toBe(true);
    expect(reminded.length).toBeGreaterThan(GAMES * 3);
    expect(await store.notify.pendingDeliveries()).toEqual([]);
    // What crossed the wire: each notification pushed to each device, and mailed, once by its id; none missing.
    const pushedIds = ps.pushed.map((p) => `${p.sub} ${p.payload.id}`);
    // (The verification mails have message ids of their own.)
    const mailedIds = mbox.messages
      .filter((m) => /^<[A-Za-z0-9_-]{22}@narrator\.test>$/.test(m.mail.messageId ?? ''))
      .map((m) => `${m.to[0]} ${m.mail.messageId}`);
    const subsByAccount = new Map<string, string[]>();
    for (const a of accounts)
      subsByAccount.set(
        a.id,
        (await store.notify.subscriptionsOf(a.id)).map((x) => x.endpoint.split('/').pop()!),
      );
    const contacts = new Map<string, string>();
    for (const a of accounts) {
      const c = await store.notify.contact(a.id);
      if (c?.email && c.verifiedAt !== null) contacts.set(a.id, c.email);
    }
    const wantPushed = notices.flatMap((n) => (subsByAccount.get(n.accountId) ?? []).map((sub) => `${sub} ${n.id}`)).sort();
    const wantMailed = notices
      .filter((n) => (n.kind === 'reminder' || n.kind === 'digest') && contacts.has(n.accountId))
      .map((n) => `${contacts.get(n.accountId)} <${n.id}@narrator.test>`)
      .sort();
    expect([...new Set(pushedIds)].sort()).toEqual(wantPushed);
    expect([...new Set(mailedIds)].sort()).toEqual(wantMailed);
    // A kill between a send and its record sends it again, with the same id (push Topic, Message-ID): counted.
    const repeats = pushedIds.length - new Set(pushedIds).size + mailedIds.length - new Set(mailedIds).size;
    await store.close();
    await mbox.close();
    await ps.close();
    expect(nearReminder).toBeGreaterThan(0);
    console.log(
      `reminders: ${reminded.length} reminders (${slots.length} slots still planned), ${wantPushed.length} pushes, ${wantMailed.length} mails, ${repeats} repeated sends; ${nearReminder} kills just before a reminder`,
    );
    expect(acks.length).toBeGreaterThan(500);
    expect(fired).toBeGreaterThanOrEqual(GAMES * 3);
    expect(nearDeadline).toBeGreaterThan(0);
    console.log(`game versions: ${games.map((g) => served.get(g.id)?.version).join(', ')}`);
    console.log(`crash test: ${KILLS} kills (${nearDeadline} just before a deadline), ${acks.length} acknowledged commands, ${fired} deadlines fired`);
  }, 240_000);
});
