// Hostile whole-log readers for bench/heavy-reads.ts, in a child process of their own: N anonymous readers spread
// over several loopback addresses (127.0.0.2, 127.0.0.3, …: Linux routes all of 127/8 to the loopback, so the server
// sees distinct client addresses), each fetching an ended game's export, its fairness check, or one of its days
// (now and then one that does not exist) over and over, reading every answer to its end. A refused read (429, 503)
// is retried after 50 ms, whatever Retry-After says. Reports what they got.
import http from 'node:http';

process.once('message', ({ base, game, readers, addresses, days }) => {
  const stats = { ok: 0, refused: 0, other: 0, bytes: 0 };
  let stopping = false;
  const url = new URL(base);
  const paths = [
    `/api/games/${game}/export`,
    `/api/games/${game}/verify`,
    ...Array.from({ length: days }, (_, d) => `/api/games/${game}/export/day/${d + 1}?format=markdown`),
    `/api/games/${game}/export/day/9999?format=bbcode`,
  ];
  const agents = Array.from({ length: addresses }, (_, i) => new http.Agent({ keepAlive: true, localAddress: `127.0.0.${2 + i}` }));
  const read = (i) => {
    if (stopping) return;
    const path = paths[Math.floor(Math.random() * paths.length)];
    const req = http.get({ host: url.hostname, port: url.port, path, agent: agents[i % addresses] }, (res) => {
      res.on('data', (d) => (stats.bytes += d.length));
      res.on('end', () => {
        if (res.statusCode === 200 || res.statusCode === 404) stats.ok++;
        else if (res.statusCode === 429 || res.statusCode === 503) stats.refused++;
        else stats.other++;
        setTimeout(() => read(i), res.statusCode === 429 || res.statusCode === 503 ? 50 : 0);
      });
    });
    req.on('error', () => {
      stats.other++;
      setTimeout(() => read(i), 50);
    });
  };
  for (let i = 0; i < readers; i++) read(i);
  process.on('message', (m) => {
    if (m === 'stop') {
      stopping = true;
      process.send(stats);
      setTimeout(() => process.exit(0), 50);
    }
  });
});
