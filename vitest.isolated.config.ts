import { defineConfig } from 'vitest/config';

// Tests that disturb the machine for everyone else run here, alone, after the main suite (`npm test` runs both):
// the PostgreSQL restart test stops the machine's PostgreSQL for a few seconds, which would fail any PostgreSQL
// test running beside it. Its JSON report is a file of its own, which .ci/run adds to the main one.
export default defineConfig({
  test: {
    include: ['test/pg-restart.int.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-report-isolated.json' },
    testTimeout: 30_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
