// Test files are named by their tier (README.md § Layout): *.unit.test.ts pure functions, *.int.test.ts processes,
// servers, stores, the scheduler and crashes, *.e2e.test.ts a browser on the app, *.slow.test.ts the long model check
// (vitest.slow.config.ts), and test/scenarios.test.ts, which runs the scenario scripts.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? testFiles(join(dir, d.name)) : d.name.endsWith('.test.ts') ? [relative(root, join(dir, d.name))] : [],
  );
}

describe('test tiers', () => {
  it('every test file names its tier', () => {
    const files = testFiles(root);
    expect(files.length).toBeGreaterThan(30);
    const untiered = files.filter((f) => f !== 'scenarios.test.ts' && !/\.(unit|int|e2e)\.test\.ts$/.test(f) && !/^slow\/.*\.slow\.test\.ts$/.test(f));
    expect(untiered).toEqual([]);
  });
});
