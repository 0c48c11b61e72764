// A simulation worker: receives tasks (a spec and a range of game indices), plays them and sends back progress
// counts and the task's tally.
import { parentPort } from 'node:worker_threads';
import { runTask, type Task } from './pool.ts';

const port = parentPort;
if (!port) throw new Error('worker-main.ts runs only in a worker thread');
port.on('message', (task: Task) => {
  const tally = runTask(task, (n) => port.postMessage({ kind: 'progress', n }));
  port.postMessage({ kind: 'done', tally });
});
