import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Property tests on a busy machine (npm test runs Vitest beside the lint, decision 060); a timeout only ends a
    // test that is failing anyway.
    testTimeout: 30_000,
  },
});
