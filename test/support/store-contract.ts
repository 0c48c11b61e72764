// The one contract every Store implementation must meet (DESIGN.md §5). Each implementation's test file calls
// `storeContract` with a factory; the factory returns a fresh, empty store.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/types.ts';
import { DuplicateError, StaleVersionError, type Store } from '../../src/store/types.ts';
import { notifyContract } from './notify-contract.ts';

const ev = (type: string, at: number, data: unknown = {}): GameEvent => ({ type, at, audience: { kind: 'public' }, data });

/** Runs the store contract against `make`. */
export function storeContract(name: string, make: () => Promise<Store>): void {
  describe(`store contract: ${name}`, () => {
    it('appends at the expected version and reads back in order, from any sequence number', async () => {
      const s = await make();
      expect(await s.version('g1')).toBe(0);
      expect(await s.append('g1', 0, [ev('a', 1), ev('b', 2, { x: [1, 'é'] })])).toBe(2);
      expect(await s.append('g1', 2, [{ ...ev('c', 3), audience: { kind: 'players', ids: ['p1'] } }])).toBe(3);
      const all = await s.read('g1');
      expect(all.map((e) => [e.seq, e.event.type])).toEqual([
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ]);
      expect(all[1]!.event.data).toEqual({ x: [1, 'é'] });
      expect(all[2]!.event.audience).toEqual({ kind: 'players', ids: ['p1'] });
      expect((await s.read('g1', 2, 1)).map((e) => e.seq)).toEqual([2]);
      expect(await s.read('g1', 9)).toEqual([]);
      expect(await s.read('nope')).toEqual([]);
      expect(await s.version('g1')).toBe(3);
      await s.close();
    });

    it('refuses an append at a stale version and changes nothing', async () => {
      const s = await make();
      await s.append('g1', 0, [ev('a', 1)]);
      await expect(s.append('g1', 0, [ev('x', 2)])).rejects.toBeInstanceOf(StaleVersionError);
      await expect(s.append('g1', 5, [ev('x', 2)], { dueAt: 9 })).rejects.toMatchObject({ code: 'store.stale_version', actual: 1 });
      expect((await s.read('g1')).length).toBe(1);
      expect(await s.timers()).toEqual([]);
      await s.close();
    });

    it('lets exactly one of two concurrent appends at the same version through', async () => {
      const s = await make();
      await s.append('g', 0, [ev('a', 1)]);
      const r = await Promise.allSettled([
        s.append('g', 1, [ev('x', 2)]),
        s.append('g', 1, [ev('y', 2)]),
        s.append('new', 0, [ev('n', 1)]),
        s.append('new', 0, [ev('m', 1)]),
      ]);
      expect(r.filter((x) => x.status === 'fulfilled')).toHaveLength(2);
      for (const x of r) if (x.status === 'rejected') expect(x.reason).toBeInstanceOf(StaleVersionError);
      expect(await s.version('g')).toBe(2);
      expect(await s.version('new')).toBe(1);
      await s.close();
    });

    it('hands each due timer to one of several concurrent pollers', async () => {
      const s = await make();
      for (let i = 0; i < 20; i++) await s.schedule(`g${i}`, i);
      const claims = await Promise.all([s.claimDue(100, 10_000, 20), s.claimDue(100, 10_000, 20), s.claimDue(100, 10_000, 20)]);
      const ids = claims.flat().map((t) => t.streamId);
      expect(ids.length).toBe(20);
      expect(new Set(ids).size).toBe(20);
      await s.close();
    });

    it('lists streams and keeps them apart', async () => {
      const s = await make();
      await s.append('a', 0, [ev('x', 1)]);
      await s.append('b', 0, [ev('y', 2), ev('z', 3)]);
      expect((await s.streams()).sort()).toEqual(['a', 'b']);
      expect(await s.version('a')).toBe(1);
      expect((await s.read('b')).map((e) => e.event.type)).toEqual(['y', 'z']);
      await s.close();
    });

    it('saves and replaces snapshots', async () => {
      const s = await make();
      expect(await s.loadSnapshot('g')).toBeUndefined();
      await s.saveSnapshot('g', { version: 3, state: { a: 1, nested: { b: [1, 2] } } });
      await s.saveSnapshot('g', { version: 7, state: { a: 2 } });
      expect(await s.loadSnapshot('g')).toEqual({ version: 7, state: { a: 2 } });
      await s.close();
    });

    it('sets a timer in the same append, claims due timers once per lease, completes them', async () => {
      const s = await make();
      await s.append('g1', 0, [ev('a', 1)], { dueAt: 100 });
      await s.append('g2', 0, [ev('a', 1)], { dueAt: 50 });
      await s.schedule('g3', 500);
      expect(await s.claimDue(49, 1000, 10)).toEqual([]);
      expect(await s.claimDue(100, 1000, 10)).toEqual([
        { streamId: 'g2', dueAt: 50 },
        { streamId: 'g1', dueAt: 100 },
      ]);
      // Held by the lease: nobody else gets them until it ends.
      expect(await s.claimDue(200, 1000, 10)).toEqual([]);
      expect((await s.claimDue(1100, 1000, 10)).map((t) => t.streamId)).toEqual(['g2', 'g1', 'g3']);
      await s.complete('g2', 50);
      await s.complete('g1', 99); // not its instant: kept
      expect((await s.timers()).map((t) => t.streamId)).toEqual(['g1', 'g3']);
      await s.releaseClaims();
      expect((await s.claimDue(1100, 1000, 1)).map((t) => t.streamId)).toEqual(['g1']);
      await s.close();
    });

    it('a rescheduled timer is a new timer: its old claim no longer holds; null clears it', async () => {
      const s = await make();
      await s.schedule('g', 10);
      expect(await s.claimDue(10, 10_000, 5)).toHaveLength(1);
      await s.append('g', 0, [ev('a', 11)], { dueAt: 20 });
      expect(await s.claimDue(20, 10_000, 5)).toEqual([{ streamId: 'g', dueAt: 20 }]);
      await s.append('g', 1, [ev('b', 21)], { dueAt: null });
      expect(await s.timers()).toEqual([]);
      await s.close();
    });

    it('stores accounts with unique folded names, and sessions', async () => {
      const s = await make();
      const a = { id: 'a1', name: 'Anna', nameKey: 'anna', passwordHash: 'h', createdAt: 1 };
      await s.createAccount(a);
      await expect(s.createAccount({ ...a, id: 'a2', name: 'ANNA' })).rejects.toBeInstanceOf(DuplicateError);
      expect(await s.accountByName('anna')).toEqual(a);
      expect(await s.account('a1')).toEqual(a);
      expect(await s.account('zz')).toBeUndefined();
      const sess = { id: 'h1', accountId: 'a1', csrf: 'c', createdAt: 1, expiresAt: 2 };
      await s.createSession(sess);
      expect(await s.session('h1')).toEqual(sess);
      await s.deleteSession('h1');
      expect(await s.session('h1')).toBeUndefined();
      await s.close();
    });

    it('refuses an account whose confusable skeleton is taken, and finds accounts by skeleton', async () => {
      const s = await make();
      const a = { id: 'a1', name: 'Anna', nameKey: 'anna', skeleton: 'anna', passwordHash: 'h', createdAt: 1 };
      await s.createAccount(a);
      await expect(s.createAccount({ ...a, id: 'a2', name: 'Аnna', nameKey: 'аnna' })).rejects.toBeInstanceOf(DuplicateError);
      expect(await s.accountBySkeleton('anna')).toEqual(a);
      expect(await s.accountBySkeleton('bob')).toBeUndefined();
      // A record without a skeleton (a look-alike kept from before skeletons) is stored and read back as it is.
      const legacy = { id: 'a3', name: 'Ａnna', nameKey: 'ａnna', passwordHash: 'h', createdAt: 2 };
      await s.createAccount(legacy);
      expect(await s.account('a3')).toEqual(legacy);
      await s.close();
    });

    it('keeps meta values by key and replaces them (the scaled clock origin lives there)', async () => {
      const s = await make();
      expect(await s.meta('clock')).toBeUndefined();
      await s.setMeta('clock', '1:2:60');
      await s.setMeta('other', 'x');
      expect(await s.meta('clock')).toBe('1:2:60');
      await s.setMeta('clock', '3:4:1');
      expect([await s.meta('clock'), await s.meta('other')]).toEqual(['3:4:1', 'x']);
      await s.close();
    });

    it('keeps profile warnings by (game, seq) once, revokes the latest standing one once, lists standing ones oldest first (CIT-ACT-7)', async () => {
      const s = await make();
      const w = (gameId: string, seq: number, nameKey: string, createdAt: number, reason = 'inactivity') => ({
        gameId,
        seq,
        nameKey,
        name: nameKey.toUpperCase(),
        kind: 'vegetable',
        date: '2025-03-04',
        reason,
        createdAt,
      });
      await s.addWarning(w('g1', 10, 'gleb', 100));
      await s.addWarning(w('g1', 10, 'gleb', 100, 'twice'));
      await s.addWarning(w('g1', 20, 'gleb', 200, 'suicide'));
      await s.addWarning(w('g2', 5, 'gleb', 300));
      await s.addWarning(w('g2', 6, 'anna', 400));
      expect((await s.warningsOf(['gleb'])).map((x) => [x.gameId, x.seq, x.reason])).toEqual([
        ['g1', 10, 'inactivity'],
        ['g1', 20, 'suicide'],
        ['g2', 5, 'inactivity'],
      ]);
      // The revocation by event 30 of game g1 takes g1's latest standing warning; recording it again changes nothing.
      await s.revokeWarning({ gameId: 'g1', nameKey: 'gleb', kind: 'vegetable', seq: 30 });
      await s.revokeWarning({ gameId: 'g1', nameKey: 'gleb', kind: 'vegetable', seq: 30 });
      expect((await s.warningsOf(['gleb', 'anna'])).map((x) => [x.gameId, x.seq])).toEqual([
        ['g1', 10],
        ['g2', 5],
        ['g2', 6],
      ]);
      expect(await s.warningsOf([])).toEqual([]);
      const every = await s.everyWarning();
      expect(every).toHaveLength(4);
      expect(every.find((x) => x.seq === 20)).toMatchObject({ gameId: 'g1', revokedSeq: 30, name: 'GLEB' });
      expect(every.find((x) => x.seq === 10)).toEqual(w('g1', 10, 'gleb', 100));
      await s.close();
    });

    it('writes the profile warnings an append carries with its events, and none for a stale append (CIT-ACT-7)', async () => {
      const s = await make();
      const w = (seq: number) => ({
        gameId: 'g1',
        seq,
        nameKey: 'gleb',
        name: 'Gleb',
        kind: 'vegetable',
        date: '2025-03-04',
        reason: 'inactivity',
        createdAt: seq,
      });
      await s.append('g1', 0, [ev('a', 1)], undefined, [{ add: w(1) }]);
      await s.append('g1', 1, [ev('b', 2), ev('c', 3)], { dueAt: 50 }, [{ add: w(2) }, { add: w(3) }]);
      await expect(s.append('g1', 1, [ev('x', 4)], undefined, [{ add: w(4) }])).rejects.toBeInstanceOf(StaleVersionError);
      expect((await s.warningsOf(['gleb'])).map((x) => x.seq)).toEqual([1, 2, 3]);
      // A revocation, by event number 4: the latest standing warning goes.
      await s.append('g1', 3, [ev('d', 5)], undefined, [{ revoke: { gameId: 'g1', nameKey: 'gleb', kind: 'vegetable', seq: 4 } }]);
      expect((await s.warningsOf(['gleb'])).map((x) => x.seq)).toEqual([1, 2]);
      expect((await s.everyWarning()).find((x) => x.seq === 3)?.revokedSeq).toBe(4);
      await s.close();
    });

    it('keeps one read marker per account, game and channel that only moves forward (issue 26: unread markers)', async () => {
      const s = await make();
      const m = (accountId: string, gameId: string, channel: string, post: number, updatedAt: number) => ({ accountId, gameId, channel, post, updatedAt });
      expect(await s.markRead(m('a1', 'g1', 'main', 5, 100))).toEqual(m('a1', 'g1', 'main', 5, 100));
      // A device that read less (a phone behind the desktop) does not move the marker back.
      expect(await s.markRead(m('a1', 'g1', 'main', 3, 200))).toEqual(m('a1', 'g1', 'main', 5, 100));
      expect(await s.markRead(m('a1', 'g1', 'main', 9, 300))).toEqual(m('a1', 'g1', 'main', 9, 300));
      await s.markRead(m('a1', 'g1', 'city-2', 1, 400));
      await s.markRead(m('a1', 'g2', 'main', 4, 500));
      await s.markRead(m('a2', 'g1', 'main', 2, 600));
      expect(await s.readMarkers('a1', 'g1')).toEqual([m('a1', 'g1', 'city-2', 1, 400), m('a1', 'g1', 'main', 9, 300)]);
      expect(await s.readMarkers('a3', 'g1')).toEqual([]);
      expect(await s.everyReadMarker()).toEqual([
        m('a1', 'g1', 'city-2', 1, 400),
        m('a1', 'g1', 'main', 9, 300),
        m('a1', 'g2', 'main', 4, 500),
        m('a2', 'g1', 'main', 2, 600),
      ]);
      await s.close();
    });
  });
  notifyContract(name, make);
}
