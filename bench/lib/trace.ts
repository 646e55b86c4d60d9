import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';

// Chromium traces of a page's work (bench:pages' BENCH_TRACE): the main thread's tasks, scripts, style, layout and
// paint, the frames, and JS samples. A CPU profile's own start hides what comes right after it; a trace started a
// second before does not.

const TRACE_CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'blink.user_timing', 'loading', 'toplevel',
  'disabled-by-default-v8.cpu_profiler',
];

/** Starts tracing `page` into `path`; resolves a second later, once the sampler's start (its code log) is over. */
export async function startTrace(browser: Browser, page: Page, path: string): Promise<void> {
  await browser.startTracing(page, { path, categories: TRACE_CATEGORIES });
  await sleep(1000);
}

/** Stops the trace and writes `path.keys.json` beside it: each timed step's start (performance.now()) and length. */
export async function stopTrace(browser: Browser, path: string, steps: { start: number; ms: number }[]): Promise<void> {
  await browser.stopTracing();
  writeFileSync(`${path}.keys.json`, JSON.stringify(steps));
}

/** Where the bare library with Yjs writes its trace beside Grove's `path`: file.json → file-bare-yjs.json. */
export const bareYjsTracePath = (path: string): string => path.replace(/(\.json)?$/, '-bare-yjs.json');
