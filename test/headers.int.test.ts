// Security headers (issue 10 item 8): @fastify/helmet on `/`, the API, errors and /docs, with a CSP that a web app
// served from the same origin can live with (own scripts and styles, connections to this origin and its WebSocket,
// no framing).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_DIR } from '../src/server/app.ts';
import { installSecurityHeaders, securityHeaderOptions } from '../src/server/security-headers.ts';
import { type Harness, harness } from './support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

/** The CSP as directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([k, ...v]) => [k!, v]),
  );
}

/** The web app's stylesheet as the built start page links it (public/ is built by `npm run build`). */
const stylesheet = readFileSync(join(PUBLIC_DIR, 'index.html'), 'utf8').match(/<link[^>]*href="([^"]+\.css)"/)?.[1] ?? '/missing.css';

describe('security headers', () => {
  const urls = [
    '/',
    stylesheet,
    '/api/health',
    '/api/games',
    '/api/nothing-here',
    '/api/games/nope',
    '/docs/',
    '/docs/json',
    '/docs/static/swagger-ui-bundle.js',
  ];

  it.each(urls)('%s has nosniff, no framing, and the same-origin CSP', async (url) => {
    const r = await h.app.inject({ method: 'GET', url, headers: { host: 'narrator.example:8080' } });
    expect(r.statusCode).toBeLessThan(500);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['strict-transport-security']).toBeUndefined();
    const p = csp(r.headers['content-security-policy']);
    expect(p['default-src']).toEqual(["'self'"]);
    expect(p['script-src']).toEqual(["'self'"]);
    expect(p['style-src']).toEqual(url.startsWith('/docs') ? ["'self'", "'unsafe-inline'"] : ["'self'"]);
    expect(p['connect-src']).toEqual(["'self'", 'ws://narrator.example:8080', 'wss://narrator.example:8080']);
    expect(p['frame-ancestors']).toEqual(["'none'"]);
    expect(p['object-src']).toEqual(["'none'"]);
    expect(p['upgrade-insecure-requests']).toBeUndefined();
  });

  it('a POST refused for bad input carries the headers too', async () => {
    const r = await h.app.inject({ method: 'POST', url: '/api/sessions', payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(r.statusCode).toBe(400);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(csp(r.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  });

  it('a Host header that is not a plain host:port is not echoed into the CSP', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/health', headers: { host: "evil; script-src 'unsafe-inline'" } });
    const p = csp(r.headers['content-security-policy']);
    expect(p['connect-src']).toEqual(["'self'"]);
    expect(p['script-src']).toEqual(["'self'"]);
  });

  it('the start page and Swagger UI need nothing the CSP forbids: no inline script or style', async () => {
    const pages = [readFileSync(join(PUBLIC_DIR, 'index.html'), 'utf8'), (await h.app.inject({ method: 'GET', url: '/docs/' })).body];
    for (const html of pages) {
      expect(html).not.toMatch(/<style/i);
      expect(html).not.toMatch(/\sstyle=/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      // Every script is a file of this origin.
      for (const tag of html.match(/<script[^>]*>/gi) ?? []) expect(tag).toMatch(/\ssrc="(?!https?:|\/\/)/);
      for (const tag of html.match(/<link[^>]*>/gi) ?? []) expect(tag).not.toMatch(/href="(https?:)?\/\//);
    }
    expect((await h.app.inject({ method: 'GET', url: stylesheet })).statusCode).toBe(200);
  });
});

describe('security headers are what helmet writes', () => {
  /** The raw header lines of a GET / on a bare server with the given security headers, for a Host. */
  async function rawHeaders(install: (app: ReturnType<typeof Fastify>) => Promise<void> | void, host: string): Promise<string[]> {
    const app = Fastify();
    await install(app);
    app.get('/', async () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const { request } = await import('node:http');
      return await new Promise<string[]>((ok, fail) => {
        const req = request({ port, host: '127.0.0.1', path: '/', headers: { host } }, (res) => {
          res.resume();
          // Name and value of every line, in order, but the date (which moves).
          const lines: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i] !== 'Date') lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          ok(lines);
        });
        req.on('error', fail);
        req.end();
      });
    } finally {
      await app.close();
    }
  }

  const hosts = ['narrator.example:8080', 'localhost', '[::1]:3000', "evil; script-src 'unsafe-inline'"];
  for (const secure of [false, true]) {
    it.each(hosts)(`recorded once per Host, the same bytes as @fastify/helmet's per-request middleware (HTTPS ${secure}): Host %j`, async (host) => {
      const options = securityHeaderOptions(secure);
      const ours = await rawHeaders((app) => installSecurityHeaders(app, options), host);
      const plugin = await rawHeaders(async (app) => {
        await app.register(fastifyHelmet, { global: true, ...options } as never);
      }, host);
      expect(ours).toEqual(plugin);
      expect(ours.some((l) => l.startsWith('Content-Security-Policy: '))).toBe(true);
      // Asked again, the recorded headers are the same (the second request is answered from the record).
      expect(await rawHeaders((app) => installSecurityHeaders(app, options), host)).toEqual(ours);
    });
  }
});
