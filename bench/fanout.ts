// Fan-out: time from a vote the engine accepts to the arrival of the resulting update at 500 WebSocket subscribers
// (13 players, the rest spectators), p50/p99. A minimal `ws` server in this thread stands in for the real server's
// WebSocket fan-out until it lands: per vote it decides, builds each viewer class's view once (viewFor), serialises
// and encodes once per class and sends that buffer; the next vote follows when every subscriber has the update. The subscribers live in a worker thread with their own event loop.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Viewer } from '../src/core/types.ts';
import { decide } from '../src/engine/game.ts';
import type { GameState } from '../src/engine/state.ts';
import { viewFor } from '../src/engine/view.ts';
import { palermoSim } from '../src/sim/palermo.ts';
import { driveGame } from '../src/sim/runner.ts';
import { getVariant } from '../src/variants/registry.ts';

const now = () => performance.timeOrigin + performance.now();

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Runs `votes` votes against `clients` subscribers; returns latency quantiles in milliseconds. */
export async function fanoutFigures(clients: number, votes: number): Promise<{ clients: number; votes: number; p50: number; p99: number; max: number }> {
  const variant = getVariant('palermo')!;
  const spec = { variant: 'palermo', players: 13, roleList: palermoSim.roleList(13), options: {}, policy: 'sensible' };
  // A live game in round 1, before its first close.
  let state: GameState<unknown> = driveGame(spec, 1, { deadlines: 0 }).state;
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const viewers = new Map<WebSocket, Viewer>();
  wss.on('connection', (ws, req) => {
    const i = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('viewer'));
    viewers.set(ws, i < 13 ? { kind: 'player', id: state.order[i]! } : { kind: 'spectator' });
  });
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  const worker = new Worker(new URL('./fanout-clients.mjs', import.meta.url), { workerData: { url, clients, expected: votes } });
  let arrived: (() => void) | undefined;
  const done = new Promise<number[]>((resolve, reject) => {
    worker.on('message', (m: { kind: string; delays?: number[]; message?: string }) => {
      if (m.kind === 'arrived') arrived?.();
      if (m.kind === 'done') resolve(m.delays!);
      if (m.kind === 'error') reject(new Error(m.message));
    });
    worker.on('error', reject);
  });
  await new Promise<void>((resolve) => worker.on('message', (m: { kind: string }) => m.kind === 'ready' && resolve()));
  const ids = state.order;
  for (let i = 0; i < votes; i++) {
    const voter = ids[i % ids.length]!;
    const target = ids[(i + 1 + (i % 5)) % ids.length]!;
    const acceptedAt = now();
    const d = decide(variant, state, {
      type: 'post',
      at: state.clock + 1000,
      actor: { kind: 'player', id: voter },
      text: `Ψήφος: ${state.players[target]!.name}`,
    });
    if (d.rejections.length > 0) throw new Error(`vote rejected: ${d.rejections[0]!.code}`);
    const from = state.version + 1;
    state = d.state;
    const all = new Promise<void>((r) => (arrived = r));
    // One encoded frame per viewer class (each player, spectators), sent as the same buffer to every socket.
    const frames = new Map<string, Buffer>();
    for (const [ws, viewer] of viewers) {
      const key = viewer.kind === 'player' ? viewer.id : viewer.kind;
      let frame = frames.get(key);
      if (frame === undefined) {
        frame = Buffer.from(JSON.stringify({ vote: i, acceptedAt, events: viewFor(viewer, d.events, from) }));
        frames.set(key, frame);
      }
      ws.send(frame, { binary: false });
    }
    // Votes arrive seconds apart in a forum game: measure each update on its own, after the previous one landed.
    await all;
    await new Promise((r) => setTimeout(r, 5));
  }
  const delays = (await done).sort((a, b) => a - b);
  await worker.terminate();
  for (const ws of viewers.keys()) ws.terminate();
  wss.close();
  return { clients, votes, p50: quantile(delays, 0.5), p99: quantile(delays, 0.99), max: delays[delays.length - 1]! };
}
