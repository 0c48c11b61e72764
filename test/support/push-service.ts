// The push-service side of Web Push (RFC 8030) on loopback, for the push tests: a browser's subscription is made
// here (a P-256 key pair and an auth secret, as a browser makes them), and every message the server pushes to it is
// checked and decrypted as the browser would: the VAPID header's JWT verified against its key (RFC 8292), the
// aes128gcm body decrypted with the subscription's private key and auth secret (RFC 8291, RFC 8188) using
// node:crypto only. A subscription can be declared gone (410), as a push service does once a browser unsubscribed.
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A subscription as a browser's PushSubscription.toJSON() gives it, with its private half. */
export interface TestSubscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly ecdh: ECDH;
  readonly authSecret: Buffer;
}

/** A message the push service accepted, decrypted. */
export interface Pushed {
  /** The subscription's id (the endpoint's last path segment). */
  readonly sub: string;
  readonly payload: { id: string; kind: string; title: string; body: string; url: string };
  readonly topic: string | undefined;
  readonly urgency: string | undefined;
  readonly ttl: number;
}

/** The push service. */
export interface PushService {
  readonly base: string;
  readonly pushed: Pushed[];
  /** Requests refused (bad VAPID, undecryptable, gone). */
  readonly refused: { sub: string; status: number; why: string }[];
  /** A new subscription on this service. */
  subscribe(): TestSubscription;
  /** From now on the service answers 410 Gone for this subscription. */
  gone(s: TestSubscription): void;
  close(): Promise<void>;
}

const b64 = (b: Buffer) => b.toString('base64url');

/** Decrypts an aes128gcm Web Push body with the subscription's keys (RFC 8291 §3.4, RFC 8188 §2). */
export function decryptPush(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const out: Buffer[] = [];
  for (let seq = 0, at = 0; at < ciphertext.length; seq++, at += rs) {
    const record = ciphertext.subarray(at, Math.min(at + rs, ciphertext.length));
    const iv = Buffer.from(nonce);
    // The record sequence number XORed into the nonce's low bytes (records here are far fewer than 2^32).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const d = createDecipheriv('aes-128-gcm', cek, iv);
    d.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()]);
    // Padding: the delimiter (2 in the last record, 1 before) followed by zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== 1 && plain[end] !== 2) throw new Error('no padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

/** Verifies a `vapid t=…, k=…` Authorization header for `origin`; returns why not, or undefined. */
export function vapidProblem(header: string | undefined, origin: string, now = Date.now()): string | undefined {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return 'no vapid authorization';
  const [head, claims, sig] = m[1]!.split('.');
  const raw = Buffer.from(m[2]!, 'base64url');
  if (!head || !claims || !sig || raw.length !== 65) return 'malformed vapid token';
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'));
  if (!ok) return 'vapid signature does not verify';
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (c.aud !== origin) return `vapid audience ${c.aud} is not ${origin}`;
  if (!c.exp || c.exp * 1000 < now || c.exp * 1000 > now + 24 * 3_600_000 + 60_000) return 'vapid expiry out of range';
  if (!c.sub || !/^(mailto:|https:)/.test(c.sub)) return 'vapid subject missing';
  return undefined;
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((ok, fail) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => ok(Buffer.concat(parts)));
    req.on('error', fail);
  });

/** Starts a push service on loopback. */
export async function pushService(): Promise<PushService> {
  const subs = new Map<string, TestSubscription>();
  const gone = new Set<string>();
  const pushed: Pushed[] = [];
  const refused: PushService['refused'] = [];
  let base = '';
  const server = createServer(async (req, res) => {
    const sub = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
    const body = await read(req);
    const refuse = (status: number, why: string) => {
      refused.push({ sub, status, why });
      res.writeHead(status).end(why);
    };
    const s = subs.get(sub);
    if (req.method !== 'POST' || !s) return refuse(404, 'no such subscription');
    if (gone.has(sub)) return refuse(410, 'gone');
    const problem = vapidProblem(req.headers.authorization, base);
    if (problem) return refuse(403, problem);
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl)) return refuse(400, 'no TTL');
    try {
      const payload = JSON.parse(decryptPush(body, s.ecdh, s.authSecret).toString()) as Pushed['payload'];
      const topic = req.headers.topic as string | undefined;
      const urgency = req.headers.urgency as string | undefined;
      pushed.push({ sub, payload, topic, urgency, ttl });
    } catch (e) {
      return refuse(400, `cannot decrypt: ${(e as Error).message}`);
    }
    res.writeHead(201, { location: `${base}/messages/${pushed.length}` }).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    pushed,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = b64(randomBytes(9));
      const s: TestSubscription = { endpoint: `${base}/push/${id}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(authSecret) }, ecdh, authSecret };
      subs.set(id, s);
      return s;
    },
    gone(s) {
      gone.add(s.endpoint.split('/').pop()!);
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
