import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database per engine for the run, copied by each test file (decision 070).
    globalSetup: ['test/helpers/database-templates.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Waits poll for their condition; the timeout only ends a test that is failing anyway, so it is long
    // enough that a busy machine never reaches it.
    expect: { poll: { timeout: 30_000 } },
  },
});
