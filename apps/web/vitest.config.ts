import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // build/: the bundle-size check.
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // npm test runs Vitest beside the type-check and lint (decision 060): on a busy machine a component test can pass
    // 5 s. A timeout only ends a test that is failing anyway.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
