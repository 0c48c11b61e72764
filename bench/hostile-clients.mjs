// Hostile WebSocket clients for bench/hostile-catchup.ts, in a child process of their own: N sockets spread over
// several loopback addresses (127.0.0.2, 127.0.0.3, …: Linux routes all of 127/8 to the loopback, so the server sees
// distinct client addresses), each subscribing anonymously with `from: 0` to a long game, over and over: when the
// catch-up ends it unsubscribes and starts again; a refused subscription is retried at once; a closed socket
// reconnects after a short pause. Reports how many catch-ups completed and how often the caps refused.
import WebSocket from 'ws';

process.once('message', ({ base, game, sockets, addresses }) => {
  const stats = { catchUps: 0, refused: 0, closed: 0, frames: 0 };
  let stopping = false;
  const url = `${base.replace(/^http/, 'ws')}/api/ws`;
  const subscribe = (ws) => ws.send(JSON.stringify({ type: 'subscribe', game, from: 0 }));
  const connect = (i) => {
    if (stopping) return;
    const ws = new WebSocket(url, { localAddress: `127.0.0.${2 + (i % addresses)}` });
    ws.on('open', () => subscribe(ws));
    ws.on('message', (data) => {
      stats.frames++;
      // Only the short frames matter here; the events are not parsed.
      if (data.length > 200) return;
      const text = data.toString();
      if (text.includes('"subscribed"')) {
        stats.catchUps++;
        ws.send(JSON.stringify({ type: 'unsubscribe', game }));
        subscribe(ws);
      } else if (text.includes('"error"')) {
        stats.refused++;
        const retry = Number(process.env.HOSTILE_RETRY_MS ?? 0);
        if (retry > 0) setTimeout(() => ws.readyState === ws.OPEN && subscribe(ws), retry);
        else subscribe(ws);
      }
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      stats.closed++;
      setTimeout(() => connect(i), 50);
    });
  };
  for (let i = 0; i < sockets; i++) connect(i);
  process.on('message', (m) => {
    if (m === 'stop') {
      stopping = true;
      process.send(stats);
      setTimeout(() => process.exit(0), 50);
    }
  });
});
