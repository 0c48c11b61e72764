// `npm run bench:web`: the web app measured in this machine's Chromium (/usr/bin/chromium), figures printed:
// 1. the initial load's JavaScript + CSS, gzipped (target ≤ 80 KB);
// 2. a thread of 5,000 posts: from the arrival of its newest page's data to its lines on screen (target < 300 ms);
// 3. a new post's latency to 50 open pages, from the POST to its line in each page's DOM, p50/p99 (target p99 < 200 ms),
//    for the app and for a minimal page (the floor: what this Chromium on this machine does for any page).
// The server runs in this process on a hand-set clock; the pages are one logged-in spectator's (50 sockets). The
// latency is split where the time goes: the server's (POST to commit; the fan-out from its first frame to its last
// written) and the pages' (commit to the frame in the page's script: the socket and the wait for the page's turn on
// the two cores; frame to line in the DOM: the app's handling and render).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { ManualClock } from '../src/app/clock.ts';
import { PUBLIC_DIR } from '../src/server/app.ts';
import { serve } from '../src/server/main.ts';
import { Client, NINE, startedGame, T0 } from '../test/support/harness.ts';

const POSTS = Number(process.env.WEB_POSTS ?? 5000);
const PAGES = Number(process.env.WEB_PAGES ?? 50);
const ROUNDS = Number(process.env.WEB_ROUNDS ?? 20);
const say = (s: string) => process.stdout.write(`${s}\n`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

if (!existsSync('/usr/bin/chromium') || !existsSync(join(PUBLIC_DIR, 'index.html'))) {
  process.stderr.write('bench:web needs /usr/bin/chromium and the web build (npm run build)\n');
  process.exit(2);
}
say(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`,
);

// 1. The initial load: every script and stylesheet index.html names, gzipped.
const html = readFileSync(join(PUBLIC_DIR, 'index.html'), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
const sizes = assets.map((a) => ({ a, raw: readFileSync(join(PUBLIC_DIR, a)).length, gz: gzipSync(readFileSync(join(PUBLIC_DIR, a)), { level: 9 }).length }));
const gz = sizes.reduce((s, x) => s + x.gz, 0);
for (const s of sizes) say(`  ${s.a}: ${(s.raw / 1024).toFixed(1)} KB, ${(s.gz / 1024).toFixed(1)} KB gzipped`);
say(`initial load JS+CSS: ${(gz / 1024).toFixed(1)} KB gzipped (target ≤ 80 KB: ${gz <= 80 * 1024 ? 'met' : 'MISSED'})`);

// The app's files and, beside them, the floor's minimal page (3b), served from a copy so public/ stays the build.
const FLOOR_JS = `
  const q = new URLSearchParams(location.search);
  const list = document.createElement('ol'); const section = document.createElement('section'); section.className = 'channel';
  section.append(list); document.body.append(section);
  const add = (text) => { const li = document.createElement('li'); li.className = 'item item-post'; li.textContent = text; list.append(li); };
  for (let i = 0; i < 120; i++) add('Post ' + i + ': what was said, and my answer, with some words to make it a forum post.');
  const ws = new WebSocket('ws://' + location.host + '/api/ws');
  ws.onopen = () => ws.send(JSON.stringify({ type: 'subscribe', game: q.get('g'), from: Number(q.get('v')) }));
  ws.onmessage = (m) => {
    const f = JSON.parse(m.data);
    if (f.type === 'subscribed') { const up = document.createElement('p'); up.className = 'live up'; up.textContent = 'Live'; document.body.append(up); }
    if (f.type === 'event' && f.event.type === 'post.published') add(String(f.event.data.text));
  };
  ws.onclose = (e) => { document.title = 'closed ' + e.code + ' ' + e.reason; };`;
const publicDir = mkdtempSync(join(tmpdir(), 'bench-web-public-'));
cpSync(PUBLIC_DIR, publicDir, { recursive: true });
writeFileSync(join(publicDir, 'bench-floor.js'), FLOOR_JS);
writeFileSync(
  join(publicDir, 'bench-floor.html'),
  '<!doctype html><meta charset="utf-8"><title>floor</title><body><script src="/bench-floor.js"></script></body>',
);

const clock = new ManualClock(T0);
const server = await serve({
  publicDir,
  port: 0,
  host: '127.0.0.1',
  db: ':memory:',
  clock,
  logLevel: 'warn',
  accountOptions: { scryptN: 1024, signupLimit: { max: 10_000, windowMs: 60_000 } },
  print: () => {},
});
const client = async (name: string) => {
  const c = new Client(server.app, name);
  await c.req('POST', '/api/accounts', { name, password: 'password1' });
  return c;
};
const g = await startedGame({ client }, '', { variant: 'palermo', startAt: '2025-11-03T11:00', locale: 'en', title: 'Bench thread' });
const t0 = Date.now();
await Promise.all(
  Array.from({ length: POSTS }, (_, i) => {
    const id = server.service.get(g.id).state.order[i % NINE.length]!;
    return server.service.submit(g.id, (at) => ({
      type: 'post',
      at,
      actor: { kind: 'player', id },
      text: `Post ${i}: [quote="x"]what was said[/quote] and **my** answer, with some words to make it a forum post.`,
    }));
  }),
);
say(`thread of ${POSTS} posts written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
await client('Watcher');

// WEB_BROWSER_NICE=n runs Chromium (and so its 50 renderers) at nice n: the pages then wait for a core while the
// server fans out, as a deployment's server would not share its cores with its readers' browsers. The default (0)
// is the bench as it always ran, everything at one priority.
const NICE = Number(process.env.WEB_BROWSER_NICE ?? 0);
let executablePath = '/usr/bin/chromium';
if (NICE > 0) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  executablePath = join(dir, 'chromium');
  writeFileSync(executablePath, `#!/bin/sh\nexec nice -n ${NICE} /usr/bin/chromium "$@"\n`, { mode: 0o755 });
}
say(`browsers at nice ${NICE}${NICE > 0 ? ' (WEB_BROWSER_NICE): the server does not wait for the pages for a core' : ', the server at the same priority'}`);
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
// Each page notes when its first thread line appeared, and reports each marked post's arrival to this process
// itself (a binding: one message per page and post) rather than being polled: polling 50 pages (a rAF-driven
// wait, an evaluate per page and post) woke the renderers that were still busy with the post and added frames of
// its own, so the probe competed with what it measured.
type Arrival = { readonly seen: number; readonly frame: number };
const arrivals = new Map<number, Arrival[]>();
const arrived = new Map<number, () => void>();
await context.exposeBinding('__benchSeen', (_source, n: number, seen: number, frame: number) => {
  const list = arrivals.get(n) ?? [];
  list.push({ seen, frame });
  arrivals.set(n, list);
  if (list.length >= PAGES) arrived.get(n)?.();
});
await context.addInitScript(`
  window.__firstItem = 0; window.__seen = {}; window.__frame = {};
  // When each marked post's frame reached the page's script (before the app's own handler runs).
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (m) => {
        const x = /bench-marker-(\\d+)/.exec(String(m.data));
        if (x && !window.__frame[x[1]]) window.__frame[x[1]] = Date.now();
      });
    }
  };
  // Only the nodes a mutation added are looked at, so the observer costs a page little beside the app's own work.
  new MutationObserver((records) => {
    if (!window.__firstItem && document.querySelector('.channel .item')) window.__firstItem = performance.now();
    for (const r of records)
      for (const n of r.addedNodes) {
        const el = n.nodeType === 1 ? n : n.parentElement;
        const post = el && el.closest ? el.closest('.channel .item-post') : null;
        const m = post && /bench-marker-(\\d+)/.exec(post.textContent || '');
        if (m && !window.__seen[m[1]]) {
          window.__seen[m[1]] = Date.now();
          if (window.__benchSeen) window.__benchSeen(Number(m[1]), window.__seen[m[1]], window.__frame[m[1]] || 0);
        }
      }
  }).observe(document, { childList: true, subtree: true });
`);
const login = await context.newPage();
await login.goto(`${server.url}/#/login`);
await login.getByLabel('Name').fill('Watcher');
await login.getByLabel('Password').fill('password1');
await login.locator('form button[type=submit]').click();
await login
  .locator('.who .me')
  .waitFor()
  .catch(async (e) => {
    await login.screenshot({ path: '/tmp/bench-login.png' });
    throw e;
  });

// 2. The 5,000-post thread: data arrival (the thread page's responseEnd) to its lines on screen.
const renders: number[] = [];
for (let i = 0; i < 5; i++) {
  const p = await context.newPage();
  await p.goto(`${server.url}/#/games/${g.id}/main`);
  await p.locator('.channel .item').first().waitFor();
  const ms = (await p.evaluate(`(() => {
    const r = performance.getEntriesByType('resource').filter((e) => e.name.includes('/thread?'));
    return window.__firstItem - Math.min(...r.map((e) => e.responseEnd));
  })()`)) as number;
  const shown = await p.locator('.channel .item').count();
  renders.push(ms);
  if (i === 0) say(`  newest page: ${shown} lines shown of ${POSTS}; older pages on demand ("Older posts")`);
  await p.close();
}
say(
  `5,000-post thread, newest page after its data: median ${pct(renders, 50).toFixed(0)} ms, max ${Math.max(...renders).toFixed(0)} ms (target < 300 ms: ${pct(renders, 50) < 300 ? 'met' : 'MISSED'})`,
);

// 3. A new post to open pages, in two set-ups, each post from settled pages (250 ms apart, as posts seconds or
// minutes apart find them; a flood is another measurement):
//  a. the app in 50 pages of this Chromium: the readers' 50 renderers share this machine's two cores with the
//     server and each other (the issue's target: p99 < 200 ms);
//  b. the floor: the same 50 pages on a minimal page (a script that appends each post's text as a list item), so the
//     app's figure can be read against what this Chromium on this machine does for any page;
const poster = g.players[NINE[0]!]!;
let marker = 0;
const committed = new Map<number, number>();
const fannedOut = new Map<number, number>();
/** The fan-out's CPU time in this process (user + system), beside its wall time: the difference is time the process waited for a core. */
const fanOutCpu = new Map<number, number>();
let cpuAtCommit = process.cpuUsage();
const markerOf = (events: readonly { event: { data: unknown } }[]) => {
  for (const e of events) {
    const m = /bench-marker-(\d+)/.exec(String((e.event.data as { text?: unknown }).text ?? ''));
    if (m) return Number(m[1]);
  }
  return undefined;
};
// Commit listeners run in the order they were added, synchronously: one put before the WebSocket's notes the commit,
// one after it the moment every frame has been written (the service's listener set is private; this bench reaches
// in to order it).
{
  const listeners = (server.service as unknown as { listeners: Set<(g: unknown, events: readonly { event: { data: unknown } }[]) => void> }).listeners;
  const theirs = [...listeners];
  listeners.clear();
  listeners.add((_g, events) => {
    const n = markerOf(events);
    if (n !== undefined) {
      committed.set(n, Date.now());
      cpuAtCommit = process.cpuUsage();
    }
  });
  for (const l of theirs) listeners.add(l);
  listeners.add((_g, events) => {
    const n = markerOf(events);
    if (n !== undefined) {
      fannedOut.set(n, Date.now());
      const c = process.cpuUsage(cpuAtCommit);
      fanOutCpu.set(n, (c.user + c.system) / 1000);
    }
  });
}
// One page's work, from Chromium's own counters (Performance.getMetrics, cumulative seconds): its renderer's CPU time
// (ProcessTime, all its threads; ThreadTime, the main thread's) and the main thread's wall time in script, style and
// layout, per post (with its pause) and idle (what a page costs while nothing happens: timers, the countdown).
const METRICS = ['ProcessTime', 'ThreadTime', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'LayoutCount', 'RecalcStyleCount'] as const;
type Metrics = Record<(typeof METRICS)[number], number>;
const workOf = (a: Metrics, b: Metrics, n: number) =>
  `CPU ${(((b.ProcessTime - a.ProcessTime) * 1000) / n).toFixed(2)} ms, main thread ${(((b.ThreadTime - a.ThreadTime) * 1000) / n).toFixed(2)} ms (script ${(((b.ScriptDuration - a.ScriptDuration) * 1000) / n).toFixed(2)}, style ${(((b.RecalcStyleDuration - a.RecalcStyleDuration) * 1000) / n).toFixed(2)}, layout ${(((b.LayoutDuration - a.LayoutDuration) * 1000) / n).toFixed(2)}; ${((b.LayoutCount - a.LayoutCount) / n).toFixed(1)} layouts, ${((b.RecalcStyleCount - a.RecalcStyleCount) / n).toFixed(1)} style recalcs)`;

/** Posts `rounds` marked posts and waits for each to reach every open page; prints where the time went. */
async function measure(label: string, probePage: Page, rounds: number, pageLabel: string) {
  const probe = await context.newCDPSession(probePage);
  await probe.send('Performance.enable');
  const metrics = async () => {
    const { metrics: m } = (await probe.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return Object.fromEntries(METRICS.map((k) => [k, m.find((x) => x.name === k)?.value ?? 0])) as Metrics;
  };
  const lat: number[] = [];
  const serverPart: number[] = [];
  const fanOut: number[] = [];
  const cpu: number[] = [];
  const delivery: number[] = [];
  const handling: number[] = [];
  const slowest: number[] = [];
  const posts0 = await metrics();
  for (let r = 0; r < rounds; r++) {
    const n = marker++;
    const sent = Date.now();
    const reply = await poster.req('POST', `/api/games/${g.id}/posts`, { text: `bench-marker-${n} a new post` });
    if (!reply.json.accepted) throw new Error(reply.text);
    const out = committed.get(n);
    const written = fannedOut.get(n);
    if (out === undefined || written === undefined) throw new Error(`post ${n} was not fanned out`);
    serverPart.push(out - sent);
    fanOut.push(written - out);
    cpu.push(fanOutCpu.get(n)!);
    if ((arrivals.get(n)?.length ?? 0) < PAGES)
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`post ${n} reached ${arrivals.get(n)?.length ?? 0} of ${PAGES} pages in 120 s`)), 120_000);
        arrived.set(n, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    const got = arrivals.get(n)!;
    for (const a of got) {
      lat.push(a.seen - sent);
      delivery.push(a.frame - out);
      handling.push(a.seen - a.frame);
    }
    slowest.push(Math.max(...got.map((a) => a.seen)) - sent);
    await new Promise((res) => setTimeout(res, 250));
  }
  const posts1 = await metrics();
  const IDLE_S = 5;
  await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  const idle1 = await metrics();
  await probe.detach();
  const met = pct(lat, 99) < 200 ? 'met' : 'MISSED';
  say(
    `${label} (${rounds} posts, ${lat.length} arrivals in pages): p50 ${pct(lat, 50)} ms, p99 ${pct(lat, 99)} ms, max ${Math.max(...lat)} ms (p99 < 200 ms: ${met})`,
  );
  say(
    `  the slowest reader of each post: median ${pct(slowest, 50)} ms, max ${Math.max(...slowest)} ms; the first post ${slowest[0]} ms (a page's first live line runs code its load did not)`,
  );
  say(
    `  the server: POST to commit p50 ${pct(serverPart, 50)} ms, p99 ${pct(serverPart, 99)} ms; the fan-out, first frame to last written, p50 ${pct(fanOut, 50)} ms, p99 ${pct(fanOut, 99)} ms, of which CPU p50 ${pct(cpu, 50).toFixed(1)} ms, p99 ${pct(cpu, 99).toFixed(1)} ms`,
  );
  say(
    `  the pages: commit to frame in the page's script p50 ${pct(delivery, 50)} ms, p99 ${pct(delivery, 99)} ms; frame in script to line in DOM p50 ${pct(handling, 50)} ms, p99 ${pct(handling, 99)} ms`,
  );
  say(`  ${pageLabel} per post: ${workOf(posts0, posts1, rounds)}; idle, per second: ${workOf(posts1, idle1, IDLE_S)}`);
  return pct(lat, 99);
}

/** Closes the pages and gives the server a moment to count their sockets gone (it caps sockets per address). */
async function closePages(list: readonly Page[]) {
  for (const p of list) await p.close();
  await new Promise((r) => setTimeout(r, 2000));
}

/** Opens `n` pages at `url` and waits until each shows its thread and is live. */
async function openPages(n: number, url: string): Promise<Page[]> {
  const out: Page[] = [];
  for (let i = 0; i < n; i++) {
    const p = await context.newPage();
    await p.goto(url);
    out.push(p);
  }
  for (const p of out) {
    await p.locator('.channel .item').first().waitFor();
    await p
      .locator('.live.up')
      .waitFor()
      .catch(async (e) => {
        throw new Error(`page ${out.indexOf(p)} of ${url} is not live (${await p.title()}): ${e}`);
      });
  }
  return out;
}

// a. The app in 50 pages.
const appUrl = `${server.url}/#/games/${g.id}/main`;
/** Which of the set-ups run (WEB_PHASES, default both). */
const PHASES = process.env.WEB_PHASES ?? 'ab';
const p99s: Record<string, number> = {};
if (PHASES.includes('a')) {
  const pages = await openPages(PAGES, appUrl);
  p99s.a = await measure(`a. new post to ${PAGES} open pages of the app`, pages[0]!, ROUNDS, "one app page's renderer");
  await closePages(pages);
}

// b. The floor: the same pages on a minimal page of the same origin (served beside the app's files), which
// subscribes like the app and appends each post's text.
if (PHASES.includes('b')) {
  const pages = await openPages(PAGES, `${server.url}/bench-floor.html?g=${g.id}&v=${server.service.get(g.id).version}`);
  p99s.b = await measure(`b. the floor: new post to ${PAGES} open minimal pages`, pages[0]!, ROUNDS, "one minimal page's renderer");
  await closePages(pages);
}

const shown = (k: string) => (p99s[k] === undefined ? 'not run' : `${p99s[k]} ms`);
say(
  `summary, p99 of a new post (target < 200 ms): ${shown('a')} in ${PAGES} app pages of this Chromium, ${shown('b')} in ${PAGES} minimal pages (the floor${p99s.a && p99s.b ? `; app / floor ${(p99s.a / p99s.b).toFixed(2)}` : ''})`,
);
say(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
await browser.close();
await server.close();
rmSync(publicDir, { recursive: true, force: true });
