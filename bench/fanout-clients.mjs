// Fan-out subscribers and the voter for bench/fanout.ts, in a child process of their own so the server's event loop
// (another process) is measured alone and every instant here comes from one clock. Opens N anonymous WebSocket
// connections to /api/ws, subscribes each to the game's public thread, then casts votes one at a time through the
// HTTP route: for each vote, the delay from just before the request is sent to the arrival at every socket of the
// vote's post (each vote carries its number on a second line, since the voter's sequence numbers are his own and
// not the spectators'; the frames usually arrive before the reply, since the server broadcasts after the commit and
// before it answers). Reports every delay and the acknowledgement times.
import WebSocket from 'ws';

const now = () => performance.now();

process.once('message', async (o) => {
  try {
    process.send({ kind: 'done', ...(await run(o)) });
  } catch (e) {
    process.send({ kind: 'error', message: String(e?.stack ?? e) });
  }
});

async function run({ base, game, from, clients, votes, warmup, voter, targets }) {
  /** Per socket: vote number → arrival instant of its post. */
  const arrivals = Array.from({ length: clients }, () => new Map());
  /** The vote waited for, how many sockets have it, and who to tell when all do. */
  let target = -1;
  let have = 0;
  let allHave;
  const sockets = [];
  await new Promise((resolve, reject) => {
    let subscribed = 0;
    for (let i = 0; i < clients; i++) {
      const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', game, from })));
      ws.on('message', (data) => {
        const at = now();
        const text = data.toString();
        // The vote's number without parsing the whole frame: 500 parses per vote would delay the later sockets.
        const seq = /\\n#v(\d+)"/.exec(text);
        if (seq) {
          const n = Number(seq[1]);
          if (!arrivals[i].has(n)) {
            arrivals[i].set(n, at);
            if (n === target && ++have === clients) allHave?.();
          }
        } else if (text.includes('"subscribed"') && ++subscribed === clients) resolve();
        // A crowd behind one address catches up a few at a time (the server's per-address cap): retry, as a client would.
        else if (text.includes('"ws.too_many_catch_ups"')) setTimeout(() => ws.send(JSON.stringify({ type: 'subscribe', game, from })), 20);
        else if (text.includes('"error"')) reject(new Error(text));
      });
      ws.on('error', reject);
      sockets.push(ws);
    }
  });
  const delays = [];
  const acks = [];
  const worst = [];
  let events = 0;
  for (let v = 0; v < warmup + votes; v++) {
    // Tells the parent when the measured votes begin (it reads the server's CPU time then).
    if (v === warmup) process.send({ kind: 'measuring' });
    const t0 = now();
    const r = await fetch(`${base}/api/games/${game}/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: voter.cookie, 'x-csrf-token': voter.csrf },
      body: JSON.stringify({ text: `Vote: ${targets[v % targets.length]}\n#v${v}` }),
    });
    const reply = await r.json();
    const ack = now() - t0;
    if (!reply.accepted) throw new Error(`vote ${v} refused: ${JSON.stringify(reply)}`);
    const last = v;
    events = reply.seqs.length;
    // Count the sockets that have it already, then wait for the rest.
    target = last;
    have = arrivals.filter((a) => a.has(last)).length;
    if (have < clients) await new Promise((resolve) => (allHave = resolve));
    allHave = undefined;
    target = -1;
    // The first votes warm the server's JIT up (a server that has run a while has); they are not counted.
    if (v >= warmup) {
      acks.push(ack);
      let w = 0;
      for (const a of arrivals) {
        const d = a.get(last) - t0;
        delays.push(d);
        w = Math.max(w, d);
      }
      worst.push(w);
    }
    for (const a of arrivals) a.clear();
    // Votes arrive seconds apart in a forum game: each update is measured on its own, after the previous one landed.
    await new Promise((r) => setTimeout(r, 20));
  }
  for (const ws of sockets) ws.close();
  return { delays, acks, worst, eventsPerVote: events };
}
