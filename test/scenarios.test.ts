// Every game script under test/scenarios runs through the real engine; its expectations must all hold.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScript } from '../src/scripts/load.ts';
import { runScript } from '../src/scripts/run.ts';

const root = join(import.meta.dirname, 'scenarios');
const examples = join(import.meta.dirname, '..', 'examples');

function files(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : f.endsWith('.yaml') ? [join(dir, f)] : []))
    .sort();
}

describe('examples', () => {
  for (const file of files(examples)) {
    it(`${relative(examples, file)} runs to its expected end`, async () => {
      const result = await runScript(loadScript(readFileSync(file, 'utf8'), file));
      expect(result.failures).toEqual([]);
      expect(result.state.status).toBe('ended');
    });
  }
});

for (const variantDir of readdirSync(root).filter((d) => statSync(join(root, d)).isDirectory())) {
  describe(`scenarios: ${variantDir}`, () => {
    for (const file of files(join(root, variantDir))) {
      const text = readFileSync(file, 'utf8');
      // The title names the scenario and the rule ids its header lists, so a failing rule is easy to find.
      const header = text
        .split('\n')
        .filter((l) => l.startsWith('#'))
        .filter((l) => !l.startsWith('# Refused:'))
        .slice(0, 2)
        .join(' ')
        .replace(/#/g, '')
        .trim();
      // A script headed "# Refused: <problem>" describes a configuration the rulebook refuses: loading it must fail
      // with exactly that problem (the CLI exits 2 on it, the server answers 400 game.invalid_config).
      const refused = /^# Refused: (.+)$/m.exec(text)?.[1];
      it(`${relative(root, file)} — ${header}`, async () => {
        if (refused !== undefined) {
          expect(() => loadScript(text, file)).toThrow(refused);
          return;
        }
        const result = await runScript(loadScript(text, file));
        expect(result.failures).toEqual([]);
      });
    }
  });
}
