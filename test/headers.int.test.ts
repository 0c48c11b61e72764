// Security headers (issue 10 item 8): @fastify/helmet on `/`, the API, errors and /docs, with a CSP that a web app
// served from the same origin can live with (own scripts and styles, connections to this origin and its WebSocket,
// no framing).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_DIR } from '../src/server/app.ts';
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
