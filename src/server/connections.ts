// Limits on the HTTP connections themselves, before any route runs: how long a client may take to send a request
// (headers, then the whole body), and how many connections one client address may hold open. Without them a
// request that declares a large body and sends a byte every few seconds stays open for ever, and a thousand of
// them from a few addresses use up the process's file descriptors, so every new connection is refused.
import { BlockList, isIPv6, type Socket } from 'node:net';
import type { WsOptions } from './ws-caps.ts';

/** The connection limits of a server. */
export interface ConnectionLimits {
  /** Milliseconds a client has to send a request's headers (from the connection, or the end of its last request). */
  readonly headersTimeoutMs: number;
  /** Milliseconds a client has to send a whole request, body included; then it is answered 408 and closed. */
  readonly requestTimeoutMs: number;
  /** How often the two timeouts are checked (Node checks every 30 s by default, so a limit could be overrun by that much). */
  readonly checkIntervalMs: number;
  /** Open connections one client address may hold; a further one is answered 429 and closed at once. */
  readonly perAddress: number;
}

/** Plain HTTP connections an address may hold beside its WebSocket sockets (a browser keeps about six per origin). */
const HTTP_CONNECTIONS = 64;

/**
 * The connection limits that go with the WebSocket caps: a client address may hold as many sockets as both kinds of
 * its WebSocket caps allow (16 anonymous and 64 logged-in by default: a household of browsers behind one address)
 * and 64 plain HTTP connections beside them. A request body is at most 64 KiB, which a slow mobile line sends in a
 * few seconds: 30 s for the whole request leaves a wide margin, 10 s for the headers alone.
 */
export function connectionLimits(ws: WsOptions): ConnectionLimits {
  return {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    checkIntervalMs: 1_000,
    perAddress: ws.anonymous.socketsPerAddress + ws.account.socketsPerAddress + HTTP_CONNECTIONS,
  };
}

/** The options Fastify passes to Node's HTTP server for these limits. */
export function serverTimeouts(l: ConnectionLimits): {
  requestTimeout: number;
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
} {
  // Node refuses a headers timeout longer than the request timeout.
  const headers = Math.min(l.headersTimeoutMs, l.requestTimeoutMs);
  return {
    requestTimeout: l.requestTimeoutMs,
    http: { headersTimeout: headers, requestTimeout: l.requestTimeoutMs, connectionsCheckingInterval: l.checkIntervalMs },
  };
}

/** A raw HTTP answer with the API's error body, for the places no route (and no Fastify reply) exists yet. */
function rawError(status: number, reason: string, code: string, message: string): string {
  const body = JSON.stringify({ error: { code, message } });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Fastify's `clientErrorHandler`: errors of the connection itself (a request too slow, headers too large, bytes that
 * are not HTTP) are answered with the API's error shape rather than Fastify's own, unless an answer has begun.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'request.timeout', 'the request was not received in time']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'request.headers_too_large', 'the request headers are too large']
        : [400, 'Bad Request', 'request.malformed', 'the request is not valid HTTP'];
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (socket.writable && !answering) socket.write(rawError(status, reason, code, message));
  socket.destroy();
}

/** Names `proxy-addr` (Fastify's `trustProxy`) accepts for address ranges, as CIDRs. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The socket address as the limits count it: an IPv4 client of a dual-stack socket without its `::ffff:` prefix. */
export function clientAddress(raw: string | undefined): string {
  const a = raw ?? '';
  return a.startsWith('::ffff:') && a.includes('.') ? a.slice(7) : a;
}

/** A matcher of the `--trust-proxy` list (addresses, CIDRs, or proxy-addr's range names). */
export function addressMatcher(list: string | undefined): (address: string) => boolean {
  const block = new BlockList();
  let any = false;
  for (const raw of (list ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    for (const entry of NAMED_RANGES[raw] ?? [raw]) {
      const [host, bits] = entry.split('/') as [string, string | undefined];
      const type = isIPv6(host) ? 'ipv6' : 'ipv4';
      try {
        if (bits === undefined) block.addAddress(host, type);
        else block.addSubnet(host, Number(bits), type);
        any = true;
      } catch {
        // Not an address (Fastify rejects such a list itself when it builds its trust function).
      }
    }
  }
  return any ? (a) => a !== '' && block.check(a, isIPv6(a) ? 'ipv6' : 'ipv4') : () => false;
}

/** The part of a server the connection cap listens on. */
interface ConnectionSource {
  on(event: 'connection', listener: (socket: Socket) => void): unknown;
}

/** How long a refused connection is kept so its client can read the 429 before the socket is torn down. */
const REFUSAL_LINGER_MS = 2_000;

/**
 * Caps the open connections of each client address (the socket's: behind a reverse proxy the proxy is the client,
 * and its addresses, the `exempt` ones, are not capped; the proxy caps its own clients). A connection over the cap
 * is answered `429 request.too_many_connections` and closed at once, so its descriptor is free again.
 */
export function capConnections(server: ConnectionSource, perAddress: number, exempt: (address: string) => boolean): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = clientAddress(socket.remoteAddress);
    if (exempt(address)) return;
    const n = (open.get(address) ?? 0) + 1;
    if (n > perAddress) {
      // Nothing of the request is read: the answer goes out and the socket is closed after a moment.
      socket.pause();
      socket.end(rawError(429, 'Too Many Requests', 'request.too_many_connections', `too many open connections from your address (at most ${perAddress})`));
      setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
