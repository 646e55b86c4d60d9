import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tooling/chromium.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// A port of its own per run, so a server left on a common port cannot answer the tests. Set in the environment
// so the worker processes, which load this file again, use the same one.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const port = Number(process.env.E2E_PORT);
// A fresh data directory per run: the server's database starts empty every time.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'grove-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Limits that catch a hang, not a slow machine: the CI machine has run the suite 2-2.5 times slower than a quiet
  // one (24 min against 11.5 on 2026-11-28), and two-device tests of 13-18 s then ran out of 30 s. Speed is judged
  // by the benchmarks, never here.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.reports/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace of every test cost the suite's CPU; CI retries a failure once and records that retry.
    // Locally: --trace on.
    trace: 'on-first-retry',
    // The service worker would answer requests the specs route with page.route (/api); offline.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built app served by the real server process, as `npm start` does (without rebuilding).
    command: 'node apps/server/dist/main.js',
    cwd: root,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' },
  },
});
