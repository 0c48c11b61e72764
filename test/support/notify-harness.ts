// An in-process server with notifications (issue 26): the test harness's manual game clock and fast hashing, plus
// the notifier, the contacts service, the push channel (accepting the loopback push service) and, when a mailbox is
// given, mail through its real SMTP server. `at` moves the game clock, fires due deadlines, lets the feed settle and
// runs the notifier until its outbox is empty.
import { Scheduler } from '../../src/app/scheduler.ts';
import { buildServer } from '../../src/server/app.ts';
import { type Notifications, setupNotifications } from '../../src/server/notify-setup.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import type { Store } from '../../src/store/types.ts';
import { type Harness, harnessOf, serverParts, T0, TEST_HEAVY_READS } from './harness.ts';

/** The public URL the in-process server's links name. */
export const BASE = 'http://narrator.test';

/** The harness with notifications. */
export interface NotifyHarness extends Harness {
  readonly notify: Notifications;
  /** Lets the feed settle and runs the notifier until nothing is due (reminders and deliveries). */
  settle(): Promise<void>;
}

/** Starts an in-process server with notifications; `smtp` turns e-mail on. */
export async function notifyHarness(o: { store?: Store; smtp?: string; t0?: number } = {}): Promise<NotifyHarness> {
  const store = o.store ?? new MemoryStore();
  const { clock, real, accounts, service } = await serverParts(store, o.t0 ?? T0, 50);
  const notify = await setupNotifications({
    store,
    service,
    accounts,
    clock,
    baseUrl: () => BASE,
    ...(o.smtp ? { smtp: o.smtp } : {}),
    insecurePush: true,
    notifier: { realNow: () => real.now() },
    contacts: { realNow: () => real.now() },
  });
  const detach = notify.notifier.attach();
  await notify.notifier.boot();
  const app = await buildServer({ store, service, accounts, clock, notify, heavyReads: TEST_HEAVY_READS });
  const scheduler = new Scheduler({ timers: store, service, clock });
  const settle = async () => {
    for (let i = 0; i < 20; i++) {
      await service.idle();
      await notify.notifier.idle();
      await notify.contacts.idle();
      await notify.notifier.pollOnce();
      await notify.notifier.idle();
      const pending = (await store.notify.pendingDeliveries()).filter((d) => d.dueAt <= real.now());
      const due = (await store.notify.reminders()).filter((r) => r.doneAt === null && r.dueAt <= clock.now());
      if (pending.length === 0 && due.length === 0) return;
    }
  };
  const base = harnessOf(
    { app, clock, real, service, scheduler, store, accounts },
    {
      after: settle,
      stop: async () => {
        await notify.notifier.stop();
        detach();
        notify.close();
      },
    },
  );
  return { ...base, notify, settle };
}
