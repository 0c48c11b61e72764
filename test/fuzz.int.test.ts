// Bad input against a running server (SQLite, real HTTP): malformed JSON, wrong types, huge bodies, unknown ids
// and stale versions get a 4xx with a stable code and a readable message; then 5,000 seeded random requests —
// random routes, ids, query strings, headers, cookies and bodies, including moderator commands with random
// arguments that reach the engine — yield no 5xx and no crash. Names of Object.prototype's members go into every
// path segment, query parameter and body field (and as the names of extra fields), since a lookup of a user's key
// in a plain object finds `constructor` there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, serve } from '../src/server/main.ts';

const dir = mkdtempSync(join(tmpdir(), 'narrator-fuzz-'));
let server: RunningServer;
let base = '';
let gameId = '';
const sessions: { cookie: string; csrf: string }[] = [];

async function call(method: string, path: string, o: { body?: string; type?: string; cookie?: string; csrf?: string } = {}) {
  const headers: Record<string, string> = {};
  if (o.type) headers['content-type'] = o.type;
  if (o.cookie) headers.cookie = o.cookie;
  if (o.csrf) headers['x-csrf-token'] = o.csrf;
  const r = await fetch(base + path, { method, headers, ...(o.body !== undefined ? { body: o.body } : {}) });
  const text = await r.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: r.status, json, text };
}

async function account(name: string) {
  const r = await fetch(`${base}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'password1' }),
  });
  const cookie = String(r.headers.get('set-cookie')).split(';')[0]!;
  const { csrfToken } = (await r.json()) as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

beforeAll(async () => {
  server = await serve({
    port: 0,
    host: '127.0.0.1',
    db: join(dir, 'fuzz.db'),
    logLevel: 'silent',
    print: () => {},
    accountOptions: { scryptN: 1024, signupLimit: { max: 1_000_000, windowMs: 60_000 } },
  });
  base = server.url;
  const mod = await account('Mod');
  sessions.push(mod);
  const created = await call('POST', '/api/games', {
    type: 'application/json',
    body: JSON.stringify({ variant: 'palermo', startAt: '2099-01-05T10:00' }),
    ...mod,
  });
  gameId = created.json.id;
  for (const n of ['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos']) {
    const s = await account(n);
    sessions.push(s);
    await call('POST', `/api/games/${gameId}/signup`, s);
  }
  const started = await call('POST', `/api/games/${gameId}/start`, mod);
  expect(started.json.accepted).toBe(true);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('bad input gets a 4xx with a stable code', () => {
  it('malformed JSON, wrong types, huge bodies, wrong media type, unknown ids and routes, stale versions', async () => {
    const [mod, anna] = [sessions[0]!, sessions[1]!];
    const json = 'application/json';
    const cases: [Promise<{ status: number; json: any }>, number, string][] = [
      [call('POST', '/api/sessions', { type: json, body: '{"name": "x",' }), 400, 'request.malformed_json'],
      [call('POST', '/api/sessions', { type: json, body: '{"name": 5, "password": []}' }), 400, 'request.invalid'],
      [call('POST', '/api/sessions', { type: json, body: `{"name":"${'x'.repeat(200_000)}"}` }), 413, 'request.too_large'],
      [call('POST', '/api/sessions', { type: 'application/x-www-form-urlencoded', body: 'name=x' }), 415, 'request.unsupported_media_type'],
      [call('POST', `/api/games/${gameId}/posts`, { type: json, body: '{"text": 42}', ...anna }), 400, 'request.invalid'],
      [call('POST', `/api/games/${gameId}/posts`, { type: json, body: '{"text": "hi", "extra": 1}', ...anna }), 400, 'request.invalid'],
      [call('GET', '/api/games/nope'), 404, 'game.not_found'],
      [call('GET', '/api/games/nope/thread'), 404, 'game.not_found'],
      [call('GET', `/api/games/${gameId}/thread?from=abc`), 400, 'request.invalid'],
      [call('GET', `/api/games/${gameId}/export/day/-3`), 400, 'request.invalid'],
      [call('GET', '/api/nothing-here'), 404, 'route.not_found'],
      [
        call('POST', `/api/games/${gameId}/mod`, { type: json, body: '{"action":"note","args":{"text":"x"},"ifVersion":1}', ...mod }),
        409,
        'game.stale_version',
      ],
      [call('POST', '/api/games', { type: json, body: '{"variant":"chess","startAt":"2099-01-01T10:00"}', ...mod }), 400, 'game.unknown_variant'],
      [call('POST', '/api/games', { type: json, body: '{"variant":"palermo","startAt":"yesterday"}', ...mod }), 400, 'game.invalid_config'],
      [call('GET', '/api/me'), 401, 'auth.required'],
    ];
    for (const [p, status, code] of cases) {
      const r = await p;
      expect([r.status, r.json?.error?.code]).toEqual([status, code]);
      expect(typeof r.json.error.message).toBe('string');
    }
  });
});

/** A small seeded PRNG (mulberry32) so a failure can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Members of Object.prototype that a plain-object lookup finds for any object. */
const PROTO = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const REQUESTS = 20_000;

describe('fuzz', () => {
  it('prototype names in path segments answer 4xx (GET and POST of /teams/constructor were 500)', async () => {
    const mod = sessions[0]!;
    const anna = sessions[1]!;
    for (const k of PROTO)
      for (const s of [mod, anna]) {
        const get = await call('GET', `/api/games/${gameId}/teams/${k}`, s);
        const post = await call('POST', `/api/games/${gameId}/teams/${k}`, { type: 'application/json', body: '{"text":"hi"}', ...s });
        expect([k, get.status, get.json?.error?.code]).toEqual([k, 403, 'team.not_member']);
        expect([k, post.status]).toEqual([k, 403]);
      }
  });

  it('20,000 random requests with prototype names everywhere: no 5xx, every error has a code, the server still plays', async () => {
    const rand = prng(20251103);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const proto = () => pick(PROTO);
    const ids = () => pick([gameId, gameId, gameId, 'nope', '', '%00', 'x'.repeat(300), '..%2F..%2Fetc', 'γειά', '1e9', '-1', proto()]);
    const num = () => pick(['1', '0', '-5', '99999999999', 'abc', '1.5', '', '%20', 'NaN', '3', proto()]);
    const paths = [
      '/api/games',
      '/api/games/:id',
      '/api/games/:id/thread',
      '/api/games/:id/posts',
      '/api/games/:id/pms',
      '/api/games/:id/inbox',
      '/api/games/:id/teams/killers',
      '/api/games/:id/teams/:n',
      '/api/games/:id/teams/:proto',
      '/api/games/:id/export/:proto',
      '/api/:proto',
      '/api/games/:id/:proto',
      '/api/games/:id/actions',
      '/api/games/:id/mod',
      '/api/games/:id/moderators',
      '/api/games/:id/audit',
      '/api/games/:id/export',
      '/api/games/:id/export/votes',
      '/api/games/:id/export/announcement/:n',
      '/api/games/:id/export/day/:n',
      '/api/games/:id/signup',
      '/api/games/:id/withdraw',
      '/api/games/:id/start',
      '/api/accounts',
      '/api/sessions',
      '/api/sessions/current',
      '/api/me',
      '/api/variants',
      '/api/health',
      '/docs/json',
      '/',
      '/nope/../../etc/passwd',
    ];
    const names = ['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos', 'nobody', '', 'ANNA ', ...PROTO];
    const actions = [
      'note',
      'tell',
      'pause',
      'resume',
      'move-deadline',
      'calendar',
      'runoff-length',
      'designate',
      'waive',
      'absences',
      'status',
      'void-vote',
      ...PROTO,
    ];
    const values = () =>
      pick<unknown>([
        null,
        0,
        -1,
        1e308,
        'x',
        '',
        pick(names),
        '2025-11-03T20:30',
        '2099-01-05T21:00',
        [],
        ['2099-02-01'],
        {},
        { a: { b: [1] } },
        true,
        'x'.repeat(5000),
        pick(['close', 'kill', 'runoff']),
        proto(),
        { [proto()]: proto() },
      ]);
    /** Adds a field named after a prototype member now and then (JSON.parse makes it an own property). */
    const extra = (o: Record<string, unknown>) => (rand() < 0.15 ? { ...o, [proto()]: values() } : o);
    const bodies = () => {
      const r = rand();
      if (r < 0.08) return '{"text":';
      if (r < 0.12) return 'x'.repeat(70_000 + Math.floor(rand() * 50_000));
      if (r < 0.16) return '';
      if (r < 0.2) return JSON.stringify([1, 2, 3]);
      if (r < 0.24) return '{"__proto__":{"admin":true},"text":"hi"}';
      if (r < 0.5)
        return JSON.stringify(
          extra({
            text: pick([
              `Vote: ${pick(names)}`,
              `Kill: ${pick(names)}`,
              `ΔΟΛΟΦΟΝΙΑ: ${pick(names)}`,
              `${proto()}: ${proto()}`,
              'Join',
              'Leave',
              'hello',
              values(),
            ]),
          }),
        );
      if (r < 0.75) {
        const args: Record<string, unknown> = {};
        for (const k of ['name', 'text', 'to', 'deadline', 'minutes', 'old', 'new', 'total', 'consecutive', 'side', 'addWorkingDays', 'addPauseDays', ...PROTO])
          if (rand() < 0.4) args[k] = values();
        return JSON.stringify(extra({ action: pick(actions), args, ...(rand() < 0.1 ? { ifVersion: values() } : {}) }));
      }
      if (r < 0.85) return JSON.stringify(extra({ name: pick(names), password: pick(['password1', '', 'x'.repeat(300), 5, proto()]) }));
      return JSON.stringify(
        extra({
          variant: pick(['palermo', 'mafia-de', 'x', 5, proto()]),
          startAt: pick(['2099-01-05T10:00', 'bad', 7, proto()]),
          title: pick(['t', proto()]),
          locale: pick(['en', 'el', proto()]),
          timeZone: pick(['Europe/Athens', proto()]),
          calendar: values(),
          options: values(),
        }),
      );
    };
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    let next = 0;
    const one = async (i: number) => {
      const method = pick(['GET', 'GET', 'POST', 'POST', 'POST', 'DELETE', 'PUT', 'PATCH']);
      let path = pick(paths).replace(':id', ids()).replace(/:n/g, num).replace(':proto', proto);
      if (rand() < 0.2) path += `?from=${num()}&limit=${num()}&format=${pick(['bbcode', 'markdown', 'pdf', proto()])}&locale=${pick(['en', 'xx', proto()])}`;
      if (rand() < 0.1) path += `${path.includes('?') ? '&' : '?'}${proto()}=${proto()}`;
      const s = rand() < 0.7 ? pick(sessions) : undefined;
      const withBody = method !== 'GET' && rand() < 0.9;
      const o = {
        ...(withBody ? { body: bodies(), type: pick(['application/json', 'application/json', 'application/json', 'text/plain', 'application/xml']) } : {}),
        ...(s ? { cookie: rand() < 0.9 ? s.cookie : 'narrator_session=forged' } : {}),
        ...(s && rand() < 0.85 ? { csrf: rand() < 0.9 ? s.csrf : 'wrong' } : {}),
      };
      try {
        const r = await call(method, path, o);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status >= 500) problems.push(`#${i} ${method} ${path} → ${r.status} ${r.text.slice(0, 200)}`);
        if (r.status >= 400 && path.startsWith('/api') && typeof r.json?.error?.code !== 'string')
          problems.push(`#${i} ${method} ${path} → ${r.status} without a code`);
      } catch (e) {
        problems.push(`#${i} ${method} ${path} → ${(e as Error).message}`);
      }
    };
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < REQUESTS) await one(next++);
      }),
    );
    expect(problems).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
    // Still alive and still playing.
    expect((await call('GET', '/api/health')).json.ok).toBe(true);
    // (The fuzz may have logged the original sessions out: a fresh account creates a game and reads the thread.)
    const fresh = await account('Afterwards');
    const created = await call('POST', '/api/games', {
      type: 'application/json',
      body: JSON.stringify({ variant: 'palermo', startAt: '2099-01-05T10:00' }),
      ...fresh,
    });
    expect(created.status).toBe(201);
    expect((await call('GET', `/api/games/${gameId}/thread`)).status).toBe(200);
  }, 300_000); // about 30 s alone; several times that on a loaded CI machine
});
