// Client addresses behind a reverse proxy (issue 16): the sign-up limit counts per client address. Without
// `trustProxy` an X-Forwarded-For header is ignored (anyone could send a new address per request and walk past the
// limit); with it, the address the named proxy forwards is the client's, and a request that does not come from
// that proxy is still counted by its own address. Database faults are recognised by the drivers' codes.
import { describe, expect, it } from 'vitest';
import { Accounts } from '../src/app/accounts.ts';
import { ManualClock } from '../src/app/clock.ts';
import { GameService } from '../src/app/game-service.ts';
import { buildServer } from '../src/server/app.ts';
import { isStoreFault, StoreUnavailableError } from '../src/store/faults.ts';
import { MemoryStore } from '../src/store/memory.ts';

async function server(trustProxy?: string) {
  const store = new MemoryStore();
  const clock = new ManualClock(Date.parse('2025-11-03T08:00:00Z'));
  const accounts = new Accounts(store, clock, { scryptN: 1024, signupLimit: { max: 2, windowMs: 3_600_000 } });
  const service = new GameService({ store, clock });
  return buildServer({ store, service, accounts, clock, ...(trustProxy ? { trustProxy } : {}) });
}

const signUp = (app: Awaited<ReturnType<typeof server>>, name: string, remoteAddress: string, forwarded?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/accounts',
    remoteAddress,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    payload: { name, password: 'password1' },
  });

describe('trusted proxy', () => {
  it('ignores X-Forwarded-For unless its sender is a configured proxy', async () => {
    const open = await server();
    const plain = [];
    for (let i = 0; i < 3; i++) plain.push((await signUp(open, `Free${i}`, '127.0.0.1', `198.51.100.${i}`)).statusCode);
    expect(plain).toEqual([201, 201, 429]);
    await open.close();

    const proxied = await server('127.0.0.1');
    const viaProxy = [];
    for (let i = 0; i < 3; i++) viaProxy.push((await signUp(proxied, `Prox${i}`, '127.0.0.1', `198.51.100.${i}`)).statusCode);
    expect(viaProxy).toEqual([201, 201, 201]);
    // The same client behind the proxy is still one address.
    expect((await signUp(proxied, 'Prox3', '127.0.0.1', '198.51.100.0')).statusCode).toBe(201);
    expect((await signUp(proxied, 'Prox4', '127.0.0.1', '198.51.100.0')).statusCode).toBe(429);
    // A client talking to the server directly cannot pretend to be forwarded.
    const direct = [];
    for (let i = 0; i < 3; i++) direct.push((await signUp(proxied, `Direct${i}`, '203.0.113.9', `192.0.2.${i}`)).statusCode);
    expect(direct).toEqual([201, 201, 429]);
    await proxied.close();
  });
});

describe('database faults', () => {
  it('recognises PostgreSQL, socket and SQLite faults, and nothing else', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const e of [
      coded('ECONNREFUSED'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      coded('53100', 'could not extend file: No space left on device'),
      coded('SQLITE_FULL'),
      coded('SQLITE_IOERR_WRITE'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new StoreUnavailableError('closing'),
    ])
      expect(isStoreFault(e), String((e as { code?: string }).code ?? e.message)).toBe(true);
    for (const e of [coded('23505', 'duplicate key'), coded('SQLITE_CONSTRAINT_UNIQUE'), coded('42P01'), new TypeError('bug'), 'ECONNREFUSED', undefined])
      expect(isStoreFault(e)).toBe(false);
  });
});
