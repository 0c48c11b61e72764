// The notification storage's contract (store/notify.ts), run against every store by `storeContract`.
import { describe, expect, it } from 'vitest';
import type { NewNotification, ReminderSlot } from '../../src/store/notify.ts';
import type { Store } from '../../src/store/types.ts';

const slot = (game: string, deadline: string, lead: number, at: number): ReminderSlot => ({
  id: `${game} ${deadline}@${lead}`,
  gameId: game,
  kind: 'reminder',
  deadlineId: deadline,
  deadlineAt: at,
  leadMs: lead,
  dueAt: at - lead,
});

const note = (account: string, source: string, targets: string[] = [], at = 10): NewNotification => ({
  notification: { id: `${account}:${source}`, accountId: account, source, gameId: 'g', kind: 'reminder', createdAt: at, data: { x: source } },
  targets,
  dueAt: 5,
});

/** Runs the notification storage contract against `make`. */
export function notifyContract(name: string, make: () => Promise<Store>): void {
  describe(`notify store contract: ${name}`, () => {
    it('applies only newer plans, keeps sent slots sent, stores a slot first planned past due as done, resets the claim of a moved slot', async () => {
      const s = await make();
      const n = s.notify;
      expect(
        await n.planReminders(
          { gameId: 'g', version: 5, sig: 's5' },
          [slot('g', 'close', 100, 1000), slot('g', 'close', 10, 1000), slot('g', 'kill', 100, 150)],
          100,
        ),
      ).toBe(true);
      // The kill's slot (due at 50) was past when first planned: stored as done, never claimed.
      expect((await n.reminders('g')).map((r) => [r.id, r.doneAt])).toEqual([
        ['g kill@100', 100],
        ['g close@100', null],
        ['g close@10', null],
      ]);
      // An older (or the same) version changes nothing.
      expect(await n.planReminders({ gameId: 'g', version: 5, sig: 's5' }, [], 100)).toBe(false);
      expect(await n.planReminders({ gameId: 'g', version: 4, sig: 's4' }, [], 100)).toBe(false);
      expect(await n.reminders('g')).toHaveLength(3);
      // Claimed once per lease, by one of several concurrent pollers.
      const claims = await Promise.all([n.claimReminders(900, 50, 10), n.claimReminders(900, 50, 10), n.claimReminders(900, 50, 10)]);
      expect(claims.flat().map((r) => r.id)).toEqual(['g close@100']);
      expect(await n.claimReminders(920, 50, 10)).toEqual([]);
      expect((await n.claimReminders(951, 50, 10)).map((r) => r.id)).toEqual(['g close@100']);
      await n.finishReminder('g close@100', 900, 952);
      expect(await n.claimReminders(2000, 50, 10)).toEqual([expect.objectContaining({ id: 'g close@10', dueAt: 990 })]);
      // The deadline moves: the pending slot gets the new instant (its claim void), the sent one stays sent; the kill goes.
      expect(await n.planReminders({ gameId: 'g', version: 6, sig: 's6' }, [slot('g', 'close', 100, 1200), slot('g', 'close', 10, 1200)], 960)).toBe(true);
      const rows = await n.reminders('g');
      expect(rows.map((r) => [r.id, r.dueAt, r.doneAt])).toEqual([
        ['g close@100', 900, 952],
        ['g close@10', 1190, null],
      ]);
      expect((await n.claimReminders(1190, 50, 10)).map((r) => r.id)).toEqual(['g close@10']);
      // A finish for the old instant does not close the moved slot.
      await n.finishReminder('g close@10', 990, 1191);
      expect((await n.reminders('g')).find((r) => r.id === 'g close@10')?.doneAt).toBeNull();
      await n.finishReminder('g close@10', 1190, 1191);
      expect((await n.reminders('g')).every((r) => r.doneAt !== null)).toBe(true);
      // Another game's plan is its own.
      await n.planReminders({ gameId: 'h', version: 1, sig: 's1' }, [slot('h', 'close', 10, 5000)], 0);
      expect((await n.reminders()).map((r) => r.gameId)).toEqual(['g', 'g', 'h']);
      await n.planReminders({ gameId: 'g', version: 7, sig: 's7' }, [], 2000);
      expect((await n.reminders()).map((r) => r.gameId)).toEqual(['h']);
      await s.close();
    });

    it('adds a notification once per account and source, with its deliveries; lists, counts and marks read', async () => {
      const s = await make();
      const n = s.notify;
      expect(await n.addNotifications([note('a', 's1', ['mail', 'push:x']), note('a', 's2'), note('b', 's1', ['mail'])])).toEqual(['a:s1', 'a:s2', 'b:s1']);
      expect(await n.addNotifications([note('a', 's1', ['mail', 'push:y'])])).toEqual([]);
      expect((await n.notificationsOf('a', 10)).map((x) => x.source)).toEqual(['s2', 's1']);
      expect((await n.notificationsOf('a', 10))[0]!.data).toEqual({ x: 's2' });
      expect(await n.unreadCount('a')).toBe(2);
      await n.markRead('a', ['a:s1', 'b:s1'], 20);
      expect(await n.unreadCount('a')).toBe(1);
      expect(await n.unreadCount('b')).toBe(1);
      await n.markRead('a', 'all', 21);
      expect(await n.unreadCount('a')).toBe(0);
      expect((await n.notification('a:s1'))?.readAt).toBe(20);
      // Three deliveries: the second insert of a:s1 added none.
      expect((await n.pendingDeliveries()).map((d) => `${d.notificationId} ${d.target}`).sort()).toEqual(['a:s1 mail', 'a:s1 push:x', 'b:s1 mail']);
      const claimed = await Promise.all([n.claimDeliveries(10, 100, 10), n.claimDeliveries(10, 100, 10)]);
      expect(claimed.flat()).toHaveLength(3);
      expect(await n.claimDeliveries(50, 100, 10)).toEqual([]);
      await n.finishDelivery('a:s1', 'mail', { done: 60 });
      await n.finishDelivery('b:s1', 'mail', { retryAt: 500 });
      expect((await n.claimDeliveries(200, 100, 10)).map((d) => d.target)).toEqual(['push:x']);
      await n.finishDelivery('a:s1', 'push:x', { done: 210 });
      expect(await n.claimDeliveries(499, 100, 10)).toEqual([]);
      expect(await n.claimDeliveries(500, 100, 10)).toEqual([{ notificationId: 'b:s1', target: 'mail', dueAt: 500, attempts: 1 }]);
      await s.close();
    });

    it('keeps push subscriptions per device, contacts with their preferences, one-use tokens, cursors and secrets', async () => {
      const s = await make();
      const n = s.notify;
      await n.addSubscription({ endpoint: 'https://push.example/1', accountId: 'a', p256dh: 'k1', auth: 'x1', createdAt: 1 });
      await n.addSubscription({ endpoint: 'https://push.example/2', accountId: 'a', p256dh: 'k2', auth: 'x2', createdAt: 2 });
      await n.addSubscription({ endpoint: 'https://push.example/1', accountId: 'b', p256dh: 'k3', auth: 'x3', createdAt: 3 });
      expect((await n.subscriptionsOf('a')).map((x) => x.endpoint)).toEqual(['https://push.example/2']);
      expect((await n.subscriptionsOf('b')).map((x) => x.p256dh)).toEqual(['k3']);
      await n.removeSubscription('https://push.example/2');
      expect(await n.subscriptionsOf('a')).toEqual([]);

      expect(await n.contact('a')).toBeUndefined();
      await n.saveContact({ accountId: 'a', email: 'Anna@Example.org', verifiedAt: null, locale: 'el', prefs: { push: true, mail: true, muted: ['g1'] } });
      expect(await n.contactsByEmail('anna@example.org')).toEqual([]);
      await n.saveContact({ accountId: 'a', email: 'Anna@Example.org', verifiedAt: 7, locale: 'el', prefs: { push: false, mail: true, muted: ['g1/mafia'] } });
      expect(await n.contactsByEmail(' ANNA@example.org')).toEqual([
        { accountId: 'a', email: 'Anna@Example.org', verifiedAt: 7, locale: 'el', prefs: { push: false, mail: true, muted: ['g1/mafia'] } },
      ]);

      await n.addToken({ hash: 'h', accountId: 'a', purpose: 'reset', email: 'anna@example.org', createdAt: 1, expiresAt: 100, usedAt: null });
      expect(await n.useToken('h', 'verify', 5)).toBeUndefined();
      expect(await n.useToken('h', 'reset', 100)).toBeUndefined();
      const twice = await Promise.all([n.useToken('h', 'reset', 5), n.useToken('h', 'reset', 5)]);
      expect(twice.filter((t) => t !== undefined)).toEqual([expect.objectContaining({ accountId: 'a', usedAt: 5 })]);

      await n.advanceCursor('g', 10);
      await n.advanceCursor('g', 4);
      await n.advanceCursor('h', 1);
      expect([...(await n.cursors())].sort()).toEqual([
        ['g', 10],
        ['h', 1],
      ]);

      const secrets = await Promise.all([n.secret('k', () => 'one'), n.secret('k', () => 'two')]);
      expect(new Set(secrets).size).toBe(1);
      expect(await n.secret('k', () => 'three')).toBe(secrets[0]);
      expect(await s.meta('k')).toBe(secrets[0]);
      await s.close();
    });

    it('replaces a password hash and ends every session of one account (a password reset)', async () => {
      const s = await make();
      await s.createAccount({ id: 'a', name: 'Anna', nameKey: 'anna', passwordHash: 'old', createdAt: 1 });
      await s.createAccount({ id: 'b', name: 'Babis', nameKey: 'babis', passwordHash: 'bb', createdAt: 2 });
      for (const [id, acc] of [
        ['s1', 'a'],
        ['s2', 'a'],
        ['s3', 'b'],
      ] as const)
        await s.createSession({ id, accountId: acc, csrf: 'c', createdAt: 1, expiresAt: 10 });
      await s.setPasswordHash('a', 'new');
      expect((await s.account('a'))?.passwordHash).toBe('new');
      expect((await s.account('b'))?.passwordHash).toBe('bb');
      expect(await s.deleteSessionsOf('a')).toBe(2);
      expect((await s.everySession()).map((x) => x.id)).toEqual(['s3']);
      await s.close();
    });

    it('dumps everything and loads it into an empty store unchanged', async () => {
      const s = await make();
      const n = s.notify;
      await n.planReminders({ gameId: 'g', version: 1, sig: 's1' }, [slot('g', 'close', 10, 1000)], 0);
      await n.addNotifications([note('a', 's1', ['mail'])]);
      await n.addSubscription({ endpoint: 'https://push.example/1', accountId: 'a', p256dh: 'k1', auth: 'x1', createdAt: 1 });
      await n.saveContact({ accountId: 'a', email: 'a@example.org', verifiedAt: 3, locale: null, prefs: { push: true, mail: false, muted: [] } });
      await n.addToken({ hash: 'h', accountId: 'a', purpose: 'verify', email: 'a@example.org', createdAt: 1, expiresAt: 100, usedAt: null });
      await n.advanceCursor('g', 3);
      const d = await n.dump();
      const t = await make();
      await t.notify.load(d);
      expect(await t.notify.dump()).toEqual(d);
      expect(d.notifications).toHaveLength(1);
      expect(d.plans).toEqual([{ gameId: 'g', version: 1, sig: 's1' }]);
      expect(await t.notify.plans()).toEqual(new Map([['g', { gameId: 'g', version: 1, sig: 's1' }]]));
      await s.close();
      await t.close();
    });
  });
}
