// quick in-process A/B of two trees' playGame (for iteration only)
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
const [rootA, rootB, which, secs] = process.argv.slice(2);
const load = async (root: string) => (await import(pathToFileURL(join(root, 'src/sim/runner.ts')).href)).playGame;
const { palermoSim } = await import('../src/variants/palermo/sim.ts');
const { palermoIntrigueSim } = await import('../src/variants/palermo-intrigue/sim.ts');
const { mafiaCitiesSim } = await import('../src/variants/mafia-cities/sim.ts');
const { mafiaDeSim } = await import('../src/variants/mafia-de/sim.ts');
const specs: Record<string, any> = {
  palermo: { variant: 'palermo', players: 13, roleList: palermoSim.roleList(13), options: {}, policy: 'sensible' },
  intrigue: { variant: 'palermo-intrigue', players: 16, roleList: palermoIntrigueSim.roleList(16), options: {}, policy: 'sensible' },
  cities: { variant: 'mafia-cities', players: 36, roleList: mafiaCitiesSim.roleList(36), options: { cityCount: 3 }, policy: 'sensible' },
  de: { variant: 'mafia-de', players: 13, roleList: mafiaDeSim.roleList(13), options: {}, policy: 'sensible' },
};
const [a, b] = [await load(rootA!), await load(rootB!)];
for (const name of (which ?? 'palermo,intrigue,de,cities').split(',')) {
  const spec = specs[name];
  const plays = [a, b];
  for (const p of plays) for (let i = 0; i < 10; i++) p(spec, 100000 + i);
  const cpu = () => { const c = process.cpuUsage(); return c.user + c.system; };
  const spent = [0, 0]; const games = [0, 0]; const ratios: number[] = [];
  let seed = 0;
  while (spent[0]! < Number(secs ?? 3) * 1e6) {
    const per = [0, 0];
    const order = ratios.length % 2 ? [1, 0] : [0, 1];
    const n = name === 'palermo' ? 40 : name === 'cities' ? 3 : 8;
    for (const k of order) { const t = cpu(); for (let i = 0; i < n; i++) plays[k]!(spec, seed + i); const d = cpu() - t; spent[k]! += d; games[k]! += n; per[k] = d; }
    seed += n;
    ratios.push(per[0]! / per[1]!);
  }
  ratios.sort((x, y) => x - y);
  const gA = games[0]! / (spent[0]! / 1e6), gB = games[1]! / (spent[1]! / 1e6);
  console.log(name.padEnd(10), 'A', gA.toFixed(1).padStart(7), 'B', gB.toFixed(1).padStart(7), 'games/s; B/A', ratios[Math.floor(ratios.length / 2)]!.toFixed(2));
}
