// The security headers of every answer (the CSP, nosniff, no framing, …), written by helmet and applied from one
// hook. @fastify/helmet built helmet's middleware again for every request (re-reading the CSP's directives each time):
// a third of a vote's CPU. The headers depend on nothing but the Host a CSP source names, so helmet writes them once
// per such Host into a recording response, and each request gets the recorded calls replayed on its own response,
// byte for byte what helmet would have done (test/headers.int.test.ts compares them with @fastify/helmet's).
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** A Host header fit to be named in a CSP source (anything else is left out rather than echoed into the header). */
const HOST_SOURCE = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/** The Host a CSP names: the request's, when it is a plain host[:port], else none (''). */
function cspHost(host: string | undefined): string {
  return host !== undefined && HOST_SOURCE.test(host) ? host : '';
}

/**
 * The Content-Security-Policy of every answer (the API, `/`, /docs): scripts, styles, fonts and images from this
 * origin only, connections to this origin and its WebSocket (`'self'` covers ws: and wss: in CSP 3, older browsers
 * need them named), no plugins, no framing at all. A web app served from the same origin lives with it as long as
 * it ships its scripts and styles as files; Swagger UI at /docs does (it needs data: images too).
 */
export function cspDirectives(): Record<string, Iterable<string | ((req: { headers: { host?: string } }) => string)> | null> {
  const sameOriginSockets = (req: { headers: { host?: string } }) => {
    const host = cspHost(req.headers.host);
    return host ? `ws://${host} wss://${host}` : '';
  };
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", sameOriginSockets],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // The server may run on plain HTTP (a LAN game); upgrading would break it.
    upgradeInsecureRequests: null,
  };
}

/** helmet's options for this server; HSTS only where it is known to sit behind HTTPS (Secure cookies). */
export function securityHeaderOptions(secureCookies: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives() as never },
    frameguard: { action: 'deny' },
    strictTransportSecurity: secureCookies ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  };
}

/** What helmet does to a response, in order: headers set and headers removed. */
type Call = readonly ['set', string, OutgoingHttpHeader] | readonly ['remove', string];

/** Hosts remembered at most (a client may send any Host; past this many the record starts afresh). */
const HOSTS = 256;

/**
 * Applies helmet's headers to every answer, errors included (the hook runs on request, before routing), recording
 * what helmet does once per CSP host.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const middleware = helmet(options);
  const recorded = new Map<string, readonly Call[]>();
  const callsFor = (host: string): readonly Call[] => {
    const hit = recorded.get(host);
    if (hit) return hit;
    const calls: Call[] = [];
    const res = {
      setHeader: (name: string, value: OutgoingHttpHeader) => calls.push(['set', name, value]),
      removeHeader: (name: string) => calls.push(['remove', name]),
    };
    const req = { headers: host === '' ? {} : { host } };
    middleware(req as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
      if (err) throw err;
    });
    if (recorded.size >= HOSTS) recorded.clear();
    recorded.set(host, calls);
    return calls;
  };
  app.addHook('onRequest', (req, reply, done) => {
    const raw = reply.raw;
    for (const c of callsFor(cspHost(req.headers.host))) {
      if (c[0] === 'set') raw.setHeader(c[1], c[2]);
      else raw.removeHeader(c[1]);
    }
    done();
  });
}
