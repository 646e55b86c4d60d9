import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/web', 'apps/server'],
    // A focused test (.only) fails the run instead of silently skipping the rest.
    allowOnly: false,
  },
});
