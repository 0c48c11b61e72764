import { defineConfig } from 'vitest/config';

// `npm run test:slow`: long statistical checks (the exact-model comparison over 5…25 players), called by .ci/run.
export default defineConfig({
  test: {
    include: ['test/slow/**/*.slow.test.ts'],
    testTimeout: 60 * 60_000,
    pool: 'forks',
  },
});
