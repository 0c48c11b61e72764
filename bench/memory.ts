// Resident memory per active game: 10,000 13-player palermo games held in one process two rounds in. Run as its own
// process with --expose-gc so the heap is measured after collection: `node --expose-gc --import tsx bench/memory.ts`.
import { activeGames } from './engine.ts';

const count = Number(process.argv[2] ?? 10_000);
const keep = process.argv[3] === 'events';
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
// Warm the engine and the caches so only the games' own memory is counted.
activeGames(200, keep);
gc();
gc();
const before = process.memoryUsage();
const games = activeGames(count, keep);
gc();
gc();
const after = process.memoryUsage();
process.stdout.write(
  `${JSON.stringify({ count: games.length, rssPerGame: (after.rss - before.rss) / count, heapPerGame: (after.heapUsed - before.heapUsed) / count, rss: after.rss })}\n`,
);
