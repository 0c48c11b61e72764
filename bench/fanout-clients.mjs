// Fan-out subscribers for bench/fanout.ts, in a worker thread (its own event loop): opens N WebSocket connections,
// records for every frame the delay between the server's acceptance stamp and its arrival, tells the server when
// every subscriber has a vote's update, and finally reports all delays.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, clients, expected } = workerData;
const now = () => performance.timeOrigin + performance.now();
const delays = [];
const perVote = new Map();
let open = 0;
let received = 0;
const sockets = [];
for (let i = 0; i < clients; i++) {
  const ws = new WebSocket(`${url}?viewer=${i}`);
  ws.on('open', () => {
    open++;
    if (open === clients) parentPort.postMessage({ kind: 'ready' });
  });
  ws.on('message', (data) => {
    const at = now();
    const frame = JSON.parse(data.toString());
    delays.push(at - frame.acceptedAt);
    received++;
    const n = (perVote.get(frame.vote) ?? 0) + 1;
    perVote.set(frame.vote, n);
    if (n === clients) parentPort.postMessage({ kind: 'arrived', vote: frame.vote });
    if (received === clients * expected) {
      parentPort.postMessage({ kind: 'done', delays });
      for (const s of sockets) s.close();
    }
  });
  ws.on('error', (e) => parentPort.postMessage({ kind: 'error', message: String(e) }));
  sockets.push(ws);
}
