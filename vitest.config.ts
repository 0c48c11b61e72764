import { defineConfig } from 'vitest/config';

// The JSON report is what .ci/run reads to print its "N passed, N failed" line. Test files are named by tier
// (*.unit, *.int, *.e2e; test/scenarios.test.ts runs the scenario scripts; test/unit/tiers.unit.test.ts checks it):
// `npx vitest run unit.test` runs the unit tier alone.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The long statistical checks run in `npm run test:slow` (vitest.slow.config.ts); the PostgreSQL restart test
    // runs alone after the rest (vitest.isolated.config.ts), since it stops the database the others use.
    exclude: ['test/slow/**', 'test/pg-restart.int.test.ts', 'node_modules/**'],
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-report.json' },
    testTimeout: 30_000,
    pool: 'forks',
    // Memoised answers about game states are checked against fresh ones in every test (test/support/setup.ts).
    setupFiles: ['test/support/setup.ts'],
  },
});
