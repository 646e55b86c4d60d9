// `npm test`: type-check, lint, unit/component/integration tests (Vitest), build, the bundle-size budgets, a start
// of the built server on PostgreSQL, then end-to-end tests (Playwright in Debian's Chromium against the built
// app). Stops at the first failing step and ends with one summary line counting every test that ran: "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = '.reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [
  ['Type-check', 'npm', ['run', '--silent', 'typecheck']],
  ['Lint', 'npm', ['run', '--silent', 'lint']],
  ['Unit, component and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest.json`]],
  ['Build', 'npm', ['run', '--silent', 'build']],
  ['Bundle size', 'node', ['--import', 'tsx', 'scripts/check-bundle-size.ts']],
  ['Built server on PostgreSQL', 'node', ['--import', 'tsx', 'scripts/smoke-built-server.ts']],
  ['End-to-end tests', 'npm', ['run', '--silent', 'test:e2e']],
];

function readJson(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

function counts() {
  let passed = 0;
  let failed = 0;
  const vitest = readJson(`${reports}/vitest.json`);
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += vitest.numFailedTests ?? 0;
  }
  const playwright = readJson(`${reports}/playwright.json`);
  if (playwright?.stats) {
    passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
    failed += playwright.stats.unexpected ?? 0;
  }
  return { passed, failed };
}

let failedStep;
const started = Date.now();
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const { passed, failed } = counts();
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\n${failedStep ? `FAILED at: ${failedStep}` : 'All steps passed'} (${seconds} s)`);
// A failing step with no failing test (type error, lint) still counts as one failure.
console.log(`Tests: ${passed} passed, ${failed === 0 && failedStep ? 1 : failed} failed`);
process.exit(failedStep ? 1 : 0);
