// The random-lynch model of the literature (Migdał; Braverman, Etesami and Mossel) played through the real engine
// for every table of 5…25 players, against the exact recursion in rational arithmetic: each configuration's killer
// win rate must lie within 4 standard errors of the exact probability. Runs on worker threads in `npm run test:slow`.
// MODEL_GAMES sets the games per configuration (default 4,000 to fit CI; the 100,000 is MODEL_GAMES=100000).
// "Within 4 standard errors" is tested exactly: the binomial p-value must reach that of a 4σ normal deviate.
import { describe, expect, it } from 'vitest';
import { checkModel, modelConfigs } from '../../src/sim/model.ts';
import { Progress } from '../../src/sim/progress.ts';

const GAMES = Number(process.env.MODEL_GAMES ?? 4000);

describe('random-lynch model: engine vs exact mathematics, n = 5…25', () => {
  it(`every configuration agrees within 4 standard errors (${GAMES} games each)`, async () => {
    const list = modelConfigs();
    const bar = new Progress(list.length * GAMES);
    const results = await checkModel(list, GAMES, { onProgress: (d) => bar.update(d) });
    bar.finish();
    const lines = results.map(
      (r) =>
        `n=${String(r.n).padStart(2)} m=${String(r.m).padStart(2)} ${r.rule.padEnd(6)} exact ${r.exact.toFixed(4)} engine ${r.simulated.toFixed(4)} z=${r.z.toFixed(2)} p=${r.pValue.toPrecision(2)}`,
    );
    process.stderr.write(`${lines.join('\n')}\n`);
    for (const r of results) {
      expect(r.unfinished).toBe(0);
      expect(r.agrees, `n=${r.n} m=${r.m} ${r.rule}: engine ${r.simulated}, exact ${r.exact}, p=${r.pValue}`).toBe(true);
    }
  });
});
