// The password-hashing queue (issue 22, item 13), step by step with jobs held open by hand: how many run, who waits
// in which order, and who is turned away with 503 auth.busy when it is full. No timing involved.
import { describe, expect, it } from 'vitest';
import { HashQueue } from '../../src/app/hash-queue.ts';

/** A job that runs until `finish` is called, recording when it starts. */
function held(log: string[], name: string): { job: () => Promise<string>; finish: () => void } {
  let finish = () => {};
  const done = new Promise<void>((r) => (finish = r));
  return {
    job: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const turns = () => new Promise((r) => setImmediate(r));

describe('HashQueue', () => {
  it('runs `concurrency` jobs at once; waiters go lightest first, then in order of arrival', async () => {
    const q = new HashQueue({ concurrency: 1, waiting: 8, retryAfterS: 1 });
    const log: string[] = [];
    const jobs = Object.fromEntries(['first', 'heavy', 'light', 'light2', 'middle'].map((n) => [n, held(log, n)]));
    const weights: Record<string, number> = { first: 5, heavy: 9, light: 0, light2: 0, middle: 3 };
    const results = Object.keys(jobs).map((n) => q.run(weights[n]!, jobs[n]!.job));
    await turns();
    expect(log).toEqual(['first']);
    expect(q.load).toEqual({ running: 1, waiting: 4 });
    for (const n of ['first', 'light', 'light2', 'middle', 'heavy']) {
      jobs[n]!.finish();
      await turns();
    }
    expect(log).toEqual(['first', 'light', 'light2', 'middle', 'heavy']);
    expect(await Promise.all(results)).toEqual(['first', 'heavy', 'light', 'light2', 'middle']);
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });

  it('a full queue turns away a newcomer no lighter than its heaviest waiter, and evicts that waiter for a lighter one', async () => {
    const q = new HashQueue({ concurrency: 1, waiting: 2, retryAfterS: 3 });
    const log: string[] = [];
    const running = held(log, 'running');
    const a = held(log, 'a');
    const b = held(log, 'b');
    const r0 = q.run(0, running.job);
    const ra = q.run(2, a.job);
    const rb = q.run(4, b.job);
    // Full: a job as heavy as the heaviest waiter is refused at once.
    const busy = { code: 'auth.busy', status: 503, details: { retryAfter: 3 } };
    await expect(q.run(4, async () => 'never')).rejects.toMatchObject(busy);
    // A lighter one (a clean address) takes the heaviest waiter's place, which is refused.
    const owner = held(log, 'owner');
    const ro = q.run(0, owner.job);
    await expect(rb).rejects.toMatchObject(busy);
    expect(q.load).toEqual({ running: 1, waiting: 2 });
    running.finish();
    await turns();
    owner.finish();
    await turns();
    a.finish();
    expect([await r0, await ro, await ra]).toEqual(['running', 'owner', 'a']);
    expect(log).toEqual(['running', 'owner', 'a']);
  });

  it('a failing job frees its place', async () => {
    const q = new HashQueue({ concurrency: 1, waiting: 0, retryAfterS: 1 });
    await expect(
      q.run(0, async () => {
        throw new Error('scrypt failed');
      }),
    ).rejects.toThrow('scrypt failed');
    expect(await q.run(0, async () => 'next')).toBe('next');
  });
});
