// The scheduler (DESIGN.md §5): polls the durable timers index, claims due timers and submits `deadline.reached`
// through the game's queue like any other command. It holds no game logic and no in-memory timer: a restart
// loses nothing, and overdue deadlines fire on the first poll after boot. A deadline fires exactly once because
// firing it removes it from the game's state in the same commit (a second tick finds nothing due).
//
// With several processes on one PostgreSQL each due timer is claimed by one poller (FOR UPDATE SKIP LOCKED) for a
// lease; a process that dies holding a claim leaves it to the others when the lease ends. Even a claim taken twice
// fires once: the tick of the later process loses the version race, catches up and finds nothing due.
import { isStoreFault } from '../store/faults.ts';
import type { TimerStore } from '../store/types.ts';
import type { Clock } from './clock.ts';
import type { GameService, Log } from './game-service.ts';

/** Options of the scheduler. */
export interface SchedulerOptions {
  readonly timers: TimerStore;
  readonly service: GameService;
  readonly clock: Clock;
  readonly log?: Log;
  /** Real milliseconds between polls. */
  readonly pollMs?: number;
  /** How long a claim holds before another poller may take the timer again (a dead process's claim, too). */
  readonly leaseMs?: number;
}

/** Default lease of a claim: far longer than a tick takes, short enough that a dead process delays little. */
export const DEFAULT_LEASE_MS = 5000;

/** Fires due deadlines. */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Deadline ticks submitted since start (for logs and tests). */
  fired = 0;

  constructor(private readonly o: SchedulerOptions) {}

  /** Starts polling (the first poll runs at once, so overdue deadlines fire on boot). */
  start(): void {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      await this.pollOnce();
      if (!this.stopped) this.timer = setTimeout(loop, this.o.pollMs ?? 100);
    };
    void loop();
  }

  /** Stops polling and waits for a poll in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Claims and fires every due timer once; returns how many games were ticked. */
  pollOnce(): Promise<number> {
    this.running ??= this.poll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async poll(): Promise<number> {
    const { timers, service, clock } = this.o;
    let n = 0;
    try {
      const due = await timers.claimDue(clock.now(), this.o.leaseMs ?? DEFAULT_LEASE_MS, 100);
      await Promise.all(
        due.map(async (t) => {
          // A game another process created after this one booted is loaded now.
          if (!service.find(t.streamId)) await service.refresh(t.streamId);
          if (!service.find(t.streamId)) {
            await timers.complete(t.streamId, t.dueAt);
            return;
          }
          try {
            const out = await service.tick(t.streamId);
            n++;
            this.fired++;
            this.o.log?.info({ gameId: t.streamId, dueAt: t.dueAt, events: out.events.length }, 'deadline reached');
            // The commit already set the game's next timer; this only drops the claim if nothing replaced it.
            await timers.complete(t.streamId, t.dueAt);
          } catch (e) {
            // The claim lapses after its lease and the timer is tried again.
            if (isStoreFault(e) || (e as { status?: number }).status === 503)
              this.o.log?.warn({ gameId: t.streamId, err: (e as Error).message }, 'deadline tick postponed: store unavailable');
            else this.o.log?.error({ err: e, gameId: t.streamId }, 'deadline tick failed');
          }
        }),
      );
    } catch (e) {
      if (isStoreFault(e)) this.o.log?.warn({ err: (e as Error).message }, 'scheduler poll skipped: store unavailable');
      else this.o.log?.error({ err: e }, 'scheduler poll failed');
    }
    return n;
  }
}
