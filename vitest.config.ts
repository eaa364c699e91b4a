import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/dynamodb-setup.ts'],
    // Whole-space searches take tens of seconds on a shared 2-core machine; no test asserts speed.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
