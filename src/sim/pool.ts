// Runs batches of simulated games on worker threads. Work is cut into tasks (a spec and a range of game indices);
// game i of a job is seeded from (job seed, i), so results do not depend on the number of workers or on timing.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { gameSeed } from './random.ts';
import { playGame } from './runner.ts';
import { addGame, emptyTally, mergeTally, type Tally } from './stats.ts';
import type { SimSpec } from './types.ts';

/** One setup to simulate: `games` games of `spec` from a master seed. */
export interface Job {
  readonly spec: SimSpec;
  readonly games: number;
  readonly seed: number;
}

/** A slice of a job handed to one worker. */
export interface Task {
  readonly job: number;
  readonly spec: SimSpec;
  readonly seed: number;
  readonly from: number;
  readonly count: number;
}

/** How to run a batch. */
export interface BatchOptions {
  /** Worker threads; 0 plays in this thread (tests, profiling). Default: the machine's cores. */
  readonly workers?: number;
  /** Called as games finish, with the games done so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * A time cap (performance.now() milliseconds): no task starts after it, so a batch ends within about one task of
   * it with the games played so far (a preview for a form waits seconds, not minutes).
   */
  readonly deadline?: number;
}

/** Plays one task in this thread; reports finished games through `progress` every few hundred. */
export function runTask(task: Task, progress?: (n: number) => void): Tally {
  const t = emptyTally();
  let pending = 0;
  let last = Date.now();
  for (let i = task.from; i < task.from + task.count; i++) {
    addGame(t, playGame(task.spec, gameSeed(task.seed, i)));
    pending++;
    if (progress && (pending >= 500 || (pending >= 10 && Date.now() - last > 100))) {
      progress(pending);
      pending = 0;
      last = Date.now();
    }
  }
  if (progress && pending > 0) progress(pending);
  return t;
}

function tasksOf(jobs: readonly Job[], workers: number): Task[] {
  const total = jobs.reduce((a, j) => a + j.games, 0);
  const size = Math.max(20, Math.min(2000, Math.ceil(total / Math.max(1, workers) / 16)));
  const tasks: Task[] = [];
  jobs.forEach((job, j) => {
    for (let from = 0; from < job.games; from += size) tasks.push({ job: j, spec: job.spec, seed: job.seed, from, count: Math.min(size, job.games - from) });
  });
  return tasks;
}

/** Plays every job and returns one tally per job, in order. */
export async function runBatch(jobs: readonly Job[], opts: BatchOptions = {}): Promise<Tally[]> {
  const workers = Math.max(0, Math.floor(opts.workers ?? availableParallelism()));
  const total = jobs.reduce((a, j) => a + j.games, 0);
  const tallies = jobs.map(() => emptyTally());
  let done = 0;
  const report = (n: number) => {
    done += n;
    opts.onProgress?.(done, total);
  };
  const tasks = tasksOf(jobs, workers);
  const late = () => opts.deadline !== undefined && performance.now() >= opts.deadline;
  if (workers === 0) {
    for (const task of tasks) {
      if (late()) break;
      mergeTally(tallies[task.job]!, runTask(task, report));
    }
    return tallies;
  }
  const queue = [...tasks];
  // From the sources (tsx) a worker needs worker.mjs to register tsx again; the build (bin/build.mjs) puts
  // worker-main.js next to every chunk.
  const url = new URL(import.meta.url.endsWith('.ts') ? './worker.mjs' : './worker-main.js', import.meta.url);
  const pool = Array.from({ length: Math.min(workers, tasks.length) }, () => new Worker(url));
  try {
    await Promise.all(
      pool.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            let current: Task | undefined;
            const next = () => {
              current = late() ? undefined : queue.shift();
              if (current) w.postMessage(current);
              else resolve();
            };
            w.on('message', (m: { kind: 'progress'; n: number } | { kind: 'done'; tally: Tally }) => {
              if (m.kind === 'progress') report(m.n);
              else {
                mergeTally(tallies[current!.job]!, m.tally);
                next();
              }
            });
            w.on('error', reject);
            w.on('exit', (code) => {
              if (current) reject(new Error(`a simulation worker exited (code ${code}) during a task`));
            });
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return tallies;
}
