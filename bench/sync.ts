import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { chromium } from 'playwright-core';
import { generateWorkspace } from './store/generate-workspace.ts';
import { startGrove } from '../tooling/grove-server.ts';
import { percentile } from './lib/stats.ts';

// `npm run bench:sync`: how long a new device takes to join a sync space holding bench:store's 2.98 MB workspace
// (docs/decisions/068-end-to-end-encrypted-sync.md). The built app on the real server (PGlite), headless Chromium.
// Device A (a browser context) is seeded with the workspace and turns sync on in Settings; once it shows Synced,
// device B (another context, nothing stored) opens the pairing link and presses Join. Timed from that click until
// B's board shows A's first task: the space read (about 3 MB of ciphertext), opened, merged into an empty document,
// stored, and the board drawn from it. Target: under 3 s. BENCH_SYNC_RUNS=n joins (3), each into a new space.

const chromiumPath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const RUNS = Number(process.env.BENCH_SYNC_RUNS ?? 3);
const TARGET_MS = 3000;
const WAIT = { timeout: 120_000 };

async function main(): Promise<void> {
  if (!chromiumPath) throw new Error('No Chromium found: run scripts/ensure-chromium.sh or set CHROMIUM_PATH.');
  const data = generateWorkspace();
  const text = JSON.stringify(createEnvelope(data, 1));
  const firstTask = data.kanbanBoard.items[data.kanbanBoard.columns[0]?.itemIds[0] ?? '']?.content;
  if (!firstTask) throw new Error('The generated workspace has no task in its first column.');
  const grove = await startGrove('pglite');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  const joins: number[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const laptop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await laptop.addInitScript({ content: `
        if (localStorage.getItem('grove-data') === null) {
          localStorage.setItem('grove-onboarding-completed', 'true');
          localStorage.setItem('grove-data', ${JSON.stringify(text)});
        }` });
      const a = await laptop.newPage();
      await a.goto(`${grove.baseUrl}/settings`);
      const section = a.getByRole('region', { name: 'Sync' });
      await section.getByRole('button', { name: 'Turn on sync' }).click(WAIT);
      const link = await section.getByLabel('Pairing link').inputValue(WAIT);
      await a.getByTestId('sync-status').and(a.locator('[data-status="synced"]')).waitFor(WAIT);

      const phone = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const b = await phone.newPage();
      await b.goto(link);
      const join = b.getByRole('dialog', { name: 'Join a sync space?' }).getByRole('button', { name: 'Join' });
      await join.waitFor(WAIT);
      const started = Date.now();
      await join.click();
      await b.waitForURL(/\/dashboard$/, WAIT);
      await b.goto(`${grove.baseUrl}/kanban-board`);
      await b.locator('li[data-task-id]').filter({ hasText: firstTask }).first().waitFor(WAIT);
      joins.push(Date.now() - started);
      console.log(`join ${run + 1}: ${joins.at(-1)} ms`);
      await phone.close();
      await laptop.close();
    }
  } finally {
    await browser.close();
    await grove.stop();
  }
  const median = percentile([...joins].sort((x, y) => x - y), 50);
  console.log(`Grove sync benchmark: a new device joins a space of ${(text.length / 1e6).toFixed(2)} M chars of workspace JSON; load average ${loadavg()[0]?.toFixed(2)}`);
  console.log(`${median <= TARGET_MS ? 'PASS' : 'MISS'}  join until the board shows the workspace: median ${median} ms of ${joins.length} (target ${TARGET_MS} ms)`);
}

await main();
