// Fan-out subscribers for bench/fanout.ts, in a worker thread (its own event loop): opens N WebSocket connections,
// records for every frame the delay between the server's send stamp and its arrival, and reports the delays.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, clients, expected } = workerData;
const now = () => performance.timeOrigin + performance.now();
const delays = [];
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
    if (received === clients * expected) {
      parentPort.postMessage({ kind: 'done', delays });
      for (const s of sockets) s.close();
    }
  });
  ws.on('error', (e) => parentPort.postMessage({ kind: 'error', message: String(e) }));
  sockets.push(ws);
}
