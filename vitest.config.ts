import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/web',
      'apps/server',
      // Tests of the repository's own tooling (the lint config's import arrows).
      { test: { name: 'tooling', environment: 'node', include: ['scripts/**/*.test.ts'], testTimeout: 30_000 } },
    ],
    // A focused test (.only) fails the run instead of silently skipping the rest.
    allowOnly: false,
  },
});
