import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { storedWorkspaceData } from '@grove/domain/replica/stored-workspace';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { chromium, type BrowserContext } from 'playwright-core';
import { generateWorkspace } from './store/generate-workspace.ts';
import { startGrove } from '../tooling/grove-server.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tooling/chromium.ts';

// `npm run bench:quit`: is an edit kept when the browser is quit right after it? The built app on the real server,
// headless Chromium on a persistent profile (a temporary user-data dir, as a person's browser keeps one), bench:store's
// 2.98 MB workspace. Each run launches the browser on the profile, opens a page of the workspace, makes an edit at
// the end of its last paragraph through the editor, waits 50 ms (then, in other series, 0 ms) and closes the browser
// (context.close(), what quitting does). The next launch reads local storage before the app runs and checks that the
// stored workspace holds the edit. Two kinds of edit:
// - one edit after a quiet moment: a word inserted at once (one input event, one command); its timed save would
//   come 100 ms later, so only the save made when the tab is hidden or closed (pagehide, visibilitychange,
//   beforeunload) can keep it;
// - a word typed key by key: the first key's save comes during the typing, the rest waits for the next save, at
//   most a second later, or for the one made on closing.
// Each run also writes a marker into local storage from a pagehide listener of its own: kept on the next launch, it
// shows that pagehide ran and its writes reached the disk.
// A last series closes the tab first (page.close with its beforeunload), then the browser: the app's handlers run then.
// BENCH_QUIT_RUNS=n: runs per series (20). BENCH_QUIT_SERIES=insert:50,insert:0,type:50,type:0,insert:0:tab: the series
// (edit kind, wait in ms, and :tab to close the tab first).

const RUNS = Number(process.env.BENCH_QUIT_RUNS ?? 20);
type EditKind = 'insert' | 'type';
/** How the run ends: the browser closed with the page open, or the tab closed first (its handlers run), then the browser. */
type Ending = 'browser' | 'tab';
const SERIES = (process.env.BENCH_QUIT_SERIES ?? 'insert:50,insert:0,type:50,type:0,insert:0:tab').split(',').map((entry) => {
  const [name, wait, end = 'browser'] = entry.split(':');
  const kind: EditKind | null = name === 'insert' || name === 'type' ? name : null;
  const ending: Ending | null = end === 'browser' || end === 'tab' ? end : null;
  if (kind === null || ending === null || !Number.isFinite(Number(wait))) throw new Error(`BENCH_QUIT_SERIES: ${entry} is not kind:ms[:tab]`);
  return { kind, waitMs: Number(wait), ending };
});
/**
 * Reports the page's lifecycle events as they happen (a beacon to the bench's own server for each) and marks, in
 * local storage, that pagehide ran. Registered before the app's listeners.
 */
const lifecycleWatch = (beaconUrl: string) => `
  const report = (name) => navigator.sendBeacon(${JSON.stringify(beaconUrl)} + name);
  window.addEventListener('pagehide', () => {
    report('pagehide');
    localStorage.setItem('bench-pagehide', String(Date.now()));
  });
  window.addEventListener('beforeunload', () => report('beforeunload'));
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') report('hidden'); });
`;
const EDITOR = '[role="textbox"][aria-label="Page content"].ProseMirror';

interface Run {
  word: string;
  /** The whole word stored, a part of it (a save before the last keys), or none of it. */
  kept: 'whole' | 'part' | 'none';
  /** The pagehide marker of this run was stored. */
  pagehide: boolean;
  /** The lifecycle events the page reported while the browser closed. */
  events: string[];
  typingMs: number;
  closeMs: number;
}

async function launch(profile: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    // bypassCSP: the lifecycle beacons go to the bench's own server, which the app's CSP does not list.
    executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true, viewport: { width: 1600, height: 1000 }, bypassCSP: true,
  });
}

/** The stored workspace text and the pagehide marker, read on a page of the origin that runs no app code. */
async function storedText(context: BrowserContext, baseUrl: string): Promise<{ text: string | null; pagehide: string | null }> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/api/health`);
  const stored = await page.evaluate<{ text: string | null; pagehide: string | null }>(
    '({ text: localStorage.getItem("grove-data"), pagehide: localStorage.getItem("bench-pagehide") })',
  );
  await page.evaluate('localStorage.removeItem("bench-pagehide")');
  await page.close();
  return stored;
}

/** What of `word` the last paragraph of the page holds in the stored text. */
function keptOf(text: string | null, pageId: string, word: string): Run['kept'] {
  const page = storedWorkspaceData(text)?.pages.find((candidate) => candidate.id === pageId);
  const blocks = (page?.content ?? []).map((block) => block.content.replace(/<[^>]*>/g, '').replaceAll('&nbsp;', ' ').replaceAll('\u00a0', ' '));
  if (blocks.some((block) => block.includes(` ${word}`))) return 'whole';
  // The word is typed at the very end of a block: a save in the middle of it leaves a start of it there.
  const typed = ` ${word}`;
  for (let length = typed.length - 1; length >= 1; length -= 1) if (blocks.some((block) => block.endsWith(typed.slice(0, length)))) return 'part';
  return 'none';
}

/** A server of the bench's own that records the lifecycle beacons: /<word>/<event>. */
async function beaconServer(): Promise<Beacons & { close: () => void }> {
  const seen = new Map<string, string[]>();
  const server = createServer((request, response) => {
    const [, word, event] = (request.url ?? '').split('/');
    if (word && event) seen.set(word, [...seen.get(word) ?? [], event]);
    response.writeHead(204, { 'access-control-allow-origin': '*' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => server.close() };
}

interface Beacons {
  url: string;
  /** The events reported under each word. */
  seen: Map<string, string[]>;
}

async function series(
  baseUrl: string, beacons: Beacons, workspaceText: string, pageId: string, { kind, waitMs, ending }: (typeof SERIES)[number],
): Promise<Run[]> {
  const profile = mkdtempSync(path.join(tmpdir(), 'grove-bench-quit-'));
  const runs: Run[] = [];
  try {
    // The first launch stores the workspace (the app upgrades it to the document) and quits when it is saved.
    let context = await launch(profile);
    const seedPage = await context.newPage();
    await seedPage.goto(`${baseUrl}/api/health`);
    await seedPage.evaluate(`localStorage.setItem('grove-onboarding-completed', 'true');
      localStorage.setItem('grove-data', ${JSON.stringify(workspaceText)});`);
    await seedPage.goto(`${baseUrl}/notes-and-docs/${pageId}`);
    await seedPage.getByTestId('save-status').and(seedPage.locator('[data-status="saved"]')).waitFor({ timeout: 60_000 });
    await sleep(1500);
    await context.close();

    for (let index = 0; index <= RUNS; index += 1) {
      context = await launch(profile);
      const previous = runs.at(-1);
      const stored = await storedText(context, baseUrl);
      if (previous) {
        previous.kept = keptOf(stored.text, pageId, previous.word);
        previous.pagehide = stored.pagehide !== null;
        previous.events = beacons.seen.get(previous.word) ?? [];
      }
      if (index === RUNS) {
        await context.close();
        break;
      }
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      const word = `${kind}${waitMs}${ending}w${index}x`;
      await page.addInitScript({ content: lifecycleWatch(`${beacons.url}/${word}/`) });
      await page.goto(`${baseUrl}/notes-and-docs/${pageId}`);
      await page.locator(EDITOR).waitFor();
      await page.getByTestId('save-status').and(page.locator('[data-status="saved"]')).waitFor();
      await page.locator(`${EDITOR} > p`).last().click();
      await page.keyboard.press('End');
      // A quiet moment: nothing is waiting to be saved, and the last save is long past.
      await sleep(1200);
      const typingStart = performance.now();
      if (kind === 'insert') await page.keyboard.insertText(` ${word}`);
      else await page.keyboard.type(` ${word}`);
      const typingMs = performance.now() - typingStart;
      if (waitMs > 0) await sleep(waitMs);
      const closeStart = performance.now();
      // The tab closed as a person closes it: its handlers run, and the browser goes on until the tab is gone.
      if (ending === 'tab') await Promise.all([page.waitForEvent('close'), page.close({ runBeforeUnload: true })]);
      await context.close();
      runs.push({ word, kept: 'none', pagehide: false, events: [], typingMs, closeMs: performance.now() - closeStart });
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  return runs;
}

async function main(): Promise<void> {
  if (!chromiumPath) throw new Error('No Chromium found: run scripts/ensure-chromium.sh or set CHROMIUM_PATH.');
  const data = generateWorkspace();
  const workspaceText = JSON.stringify(createEnvelope(data, 1));
  const pageId = data.pages[0]?.id;
  if (!pageId) throw new Error('The generated workspace has no page.');
  const grove = await startGrove('pglite');
  const beacons = await beaconServer();
  const results = new Map<string, Run[]>();
  try {
    for (const entry of SERIES) {
      const edit = entry.kind === 'insert' ? 'one edit (a word inserted)' : 'a word typed key by key';
      const label = `${edit}, ${entry.ending === 'tab' ? 'tab closed, then the browser,' : 'browser closed'} ${entry.waitMs} ms after`;
      results.set(label, await series(grove.baseUrl, beacons, workspaceText, pageId, entry));
    }
  } finally {
    beacons.close();
    await grove.stop();
  }

  console.log(`\nGrove quit benchmark: headless Chromium on a persistent profile, ${(workspaceText.length / 1e6).toFixed(2)} M chars of JSON upgraded to the document`);
  let allKept = true;
  for (const [label, runs] of results) {
    const count = (kept: Run['kept']) => runs.filter((run) => run.kept === kept).length;
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
    console.log(`${label}: kept whole ${count('whole')} of ${runs.length}, part of it ${count('part')}, none ${count('none')}; `
      + `pagehide's marker stored ${runs.filter((run) => run.pagehide).length}; lifecycle events reported: `
      + `${['beforeunload', 'hidden', 'pagehide'].map((name) => `${name} ${runs.filter((run) => run.events.includes(name)).length}`).join(', ')}; input ${median(runs.map((run) => run.typingMs)).toFixed(0)} ms, `
      + `context.close() ${median(runs.map((run) => run.closeMs)).toFixed(0)} ms (medians)`);
    console.log(`         per run (K whole, p part, - none; * marker): ${runs.map((run) => `${run.kept === 'whole' ? 'K' : run.kept === 'part' ? 'p' : '-'}${run.pagehide ? '*' : ''}`).join(' ')}`);
    if (!label.includes('tab closed')) allKept &&= count('whole') === runs.length;
  }
  console.log('');
  console.log(`${allKept ? 'PASS' : 'MISS'}  every edit made before the browser is closed is kept (the series without the tab closed first)`);
}

await main();
