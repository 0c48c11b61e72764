// The work queue of password hashes and whole-log reads (issue 22, items 12 and 13), step by step with jobs held
// open by hand: how many run, who waits in which order, and who is turned away when it is full. No timing involved.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/app/errors.ts';
import { WorkQueue } from '../../src/app/work-queue.ts';

const busy = () => new AppError('test.busy', 503, 'busy', { retryAfter: 3 });

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

describe('WorkQueue', () => {
  it('runs `concurrency` jobs at once; waiters go lightest first, then in order of arrival', async () => {
    const q = new WorkQueue({ concurrency: 1, waiting: 8 }, busy);
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
    const q = new WorkQueue({ concurrency: 1, waiting: 2 }, busy);
    const log: string[] = [];
    const running = held(log, 'running');
    const a = held(log, 'a');
    const b = held(log, 'b');
    const r0 = q.run(0, running.job);
    const ra = q.run(2, a.job);
    const rb = q.run(4, b.job);
    // Full: a job as heavy as the heaviest waiter is refused at once.
    const refused = { code: 'test.busy', status: 503, details: { retryAfter: 3 } };
    await expect(q.run(4, async () => 'never')).rejects.toMatchObject(refused);
    // A lighter one (a clean address) takes the heaviest waiter's place, which is refused.
    const owner = held(log, 'owner');
    const ro = q.run(0, owner.job);
    await expect(rb).rejects.toMatchObject(refused);
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
    const q = new WorkQueue({ concurrency: 1, waiting: 0 }, busy);
    await expect(
      q.run(0, async () => {
        throw new Error('scrypt failed');
      }),
    ).rejects.toThrow('scrypt failed');
    expect(await q.run(0, async () => 'next')).toBe('next');
  });
});
