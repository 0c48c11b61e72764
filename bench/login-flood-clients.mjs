// The attackers of bench/login-flood.ts, in a child process of their own: from N loopback addresses (127.0.0.2,
// 127.0.0.3, …), `rate` requests a second in all, each address in turn, whether or not the earlier ones were answered
// (the flood of the report: 837 wrong passwords from 50 addresses in 15 s); each a log-in with a wrong password (on
// the owner's name every other time, on invented names otherwise) or, one time in four, a sign-up of an invented
// name. Reports what they got.
import http from 'node:http';

process.once('message', ({ base, owner, addresses, rate }) => {
  const stats = { attempts: 0, byStatus: {} };
  let stopping = false;
  const url = new URL(base);
  const agents = Array.from({ length: addresses }, (_, i) => new http.Agent({ keepAlive: true, localAddress: `127.0.0.${2 + i}` }));
  let n = 0;
  const shoot = (a) => {
    if (stopping) return;
    const i = n++;
    const signUp = i % 4 === 3;
    const body = JSON.stringify(
      signUp ? { name: `Flood${i}`, password: 'password1' } : { name: i % 2 === 0 ? owner : `Guess${i % 500}`, password: `wrong-${i}` },
    );
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: signUp ? '/api/accounts' : '/api/sessions',
        agent: agents[a],
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          stats.attempts++;
          stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
        });
      },
    );
    req.on('error', () => {
      stats.byStatus.error = (stats.byStatus.error ?? 0) + 1;
    });
    req.end(body);
  };
  let next = 0;
  const timer = setInterval(() => shoot(next++ % addresses), 1000 / rate);
  process.on('message', (m) => {
    if (m === 'stop') {
      stopping = true;
      clearInterval(timer);
      process.send(stats);
      setTimeout(() => process.exit(0), 50);
    }
  });
});
