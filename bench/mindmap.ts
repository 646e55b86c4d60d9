import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { autoLayout } from '../packages/domain/src/mindmap/mind-map-layout.ts';
import type { MindMap } from '../packages/domain/src/workspace/model.ts';
import { PROFILE_ONLY, startProfile, stopProfile } from './lib/cpu-profile.ts';
import { bareYjsTracePath, startTrace, stopTrace } from './lib/trace.ts';
import { startGrove } from '../tooling/grove-server.ts';
import { startBarePages } from './lib/bare-pages.ts';
import { percentile } from './lib/stats.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tooling/chromium.ts';

// `npm run bench:mindmap`: the mind map (React Flow canvas) in headless Chromium with 500 and 2,000 nodes, served
// by the real server as `npm start` does. The map is a tree: one root, nodes filled breadth first with 3 and 4
// children in turn, placed on a grid in that order (rows 120 px apart, columns 220 px apart, about 2.5 times as
// many columns as rows), not at the layout's positions, so Layout moves every node but the root.
// For each size, three fresh page loads, each measuring in turn:
// - first render: navigation start to the first frame painted with all N nodes in the DOM and none of them still
//   hidden (React Flow keeps a node `visibility: hidden` until it has measured it);
// - panning: after the Controls' Fit view, the pane dragged with the mouse (60 moves over about a second); the
//   intervals between requestAnimationFrame timestamps during the drag (p50, p95), and the renderer main thread's
//   CPU time over it (what the code costs, whatever else the machine runs);
// - PNG export of the map as loaded (on its grid): from the click on Export's 'PNG image' item to the browser's
//   download, and the picture's size;
// - Layout: from the click on Layout to the frame painted with a moved node at its new place (the 800 ms view
//   animation that follows is not waited for).
// Besides, autoLayout (the domain's pure function) timed in Node on the same maps.
// Beside Grove's map, in the same browser right after each of its runs and by the same code (first render, Fit
// view, the pan): a bare React Flow canvas (bench/bare/mind-map: @xyflow/react alone, the app's version, its
// default node, with the props of Grove's canvas that decide what is drawn) on the same seeded map, sized as
// Grove's canvas was in the run before. The table gives bare and Grove ÷ bare; the target (issue 33) is Grove's
// pan frame interval p95 and first render within 1.3x of the bare canvas's. Likewise alternated, the bare canvas
// with a Yjs document under it (?yjs, decision 076: the seeded workspace made into a stored document on the first
// visit, the map read out of it): Grove ÷ bare with Yjs is Grove's own share of the gap.
// Targets (the brief for this bench): the 2,000-node pan's frame interval p95 < 33 ms (30 fps), and Auto-Layout of
// 2,000 nodes < 100 ms, judged on the pure layout.
// BENCH_PROFILE=file.cpuprofile adds one unmeasured 2,000-node run whose pan runs under the CDP Profiler, writes
// the profile (open it in Chromium's DevTools, Performance panel) and prints the functions with the most self time.
// BENCH_TRACE=file.json likewise adds one unmeasured 2,000-node run of Grove's map and of the bare canvas with Yjs whose
// first render runs under a Chromium trace (bench/lib/trace.ts; the bare canvas's in file-bare-yjs.json): open it in
// DevTools' Performance panel; file.json.keys.json gives the first render's length.
// BENCH_PROFILE_ONLY=1 with either takes only that run (no measured runs, no tables).

const SIZES = [500, 2000];
const RUNS = 3;
const LAYOUT_RUNS = 15;
const GRID_X = 220;
const GRID_Y = 120;
const PAN_MOVES = 60;
const PAN_MOVE_MS = 1000 / 60;
const PAN_DX = -600;
const PAN_DY = -300;
const TARGET_PAN_P95_MS = 33;
const TARGET_LAYOUT_MS = 100;
/** Issue 33: Grove's map within this factor of the bare React Flow canvas's. */
const TARGET_BARE_RATIO = 1.3;
const WORDS = ['the plan', 'the garden', 'our roadmap', 'the launch', 'next week', 'the budget', 'the team', 'customer feedback', 'the design'];

/** The tree: node 0 the root, then breadth first, parent k getting 3 children when k is even and 4 when odd. */
function mindMap(count: number): MindMap {
  const columns = Math.ceil(Math.sqrt(count * 2.5));
  const nodes: MindMap['nodes'][number][] = [];
  const edges: MindMap['edges'][number][] = [];
  let parent = 0;
  let given = 0;
  for (let index = 0; index < count; index += 1) {
    nodes.push({
      id: `node-${index}`, type: 'customText',
      position: { x: (index % columns) * GRID_X, y: Math.floor(index / columns) * GRID_Y },
      data: { label: `Idea ${index} about ${WORDS[index % WORDS.length] ?? 'the plan'}` },
    });
    if (index === 0) continue;
    edges.push({ id: `edge-${index}`, source: `node-${parent}`, target: `node-${index}` });
    given += 1;
    if (given === 3 + (parent % 2)) {
      parent += 1;
      given = 0;
    }
  }
  return { nodes, edges };
}

/** A stored workspace holding this mind map and nothing else. */
function envelope(map: MindMap): string {
  return JSON.stringify({
    schemaVersion: 1,
    revision: 1,
    data: {
      projects: [], pages: [], kanbanBoard: { columns: [{ id: 'todo', title: 'To-do', itemIds: [] }], items: {} },
      mindMap: map, garden: [], gamification: { score: 0, level: 1, streak: 0, lastCompletedDate: null, unlockedDecorations: [] },
    },
  });
}

interface Run {
  /** The canvas's size (px), which decides how many nodes are in view. */
  canvas: { width: number; height: number };
  /** From navigation start to the first frame painted with every node present and visible. */
  visibleMs: number;
  nodes: number;
  /** The view's zoom after Fit view (React Flow stops at the map's minimum zoom). */
  fitZoom: number;
  /** Intervals between animation frames during the drag, and how many there were. */
  frameMs: number[];
  /** How far the view moved over the drag ('dx,dy' px; ' e' when the drag began on an edge, no free pane found). */
  panMoved: string;
  /** The renderer main thread's CPU time over the drag, and the drag's wall time. */
  panCpuMs: number;
  panMs: number;
  /** From the Layout click to the frame painted with a moved node at its new place (NaN on the bare canvas, which has neither). */
  layoutMs: number;
  /** From the 'PNG image' item's click to the download. */
  pngMs: number;
  png: { width: number; height: number; bytes: number };
}

/** A canvas to measure: Grove's mind map (which also has Export and Layout), or the bare React Flow canvas. */
interface Canvas {
  url: string;
  grove: boolean;
}

const groveCanvas = (baseUrl: string): Canvas => ({ url: `${baseUrl}/mind-map`, grove: true });
const bareCanvas = (baseUrl: string, size: Run['canvas'], yjs = false): Canvas => ({
  url: `${baseUrl}/mind-map/?width=${Math.round(size.width)}&height=${Math.round(size.height)}${yjs ? '&yjs' : ''}`, grove: false,
});

const CANVAS_SIZE = `(() => {
  const box = document.querySelector('.react-flow').getBoundingClientRect();
  return { width: box.width, height: box.height };
})()`;

// Page scripts are plain JavaScript strings: tsx compiles functions with helpers (__name) the page lacks.

/** Runs in the page before the app: seeds the workspace once and marks the first painted frame with every node visible. */
const INSTRUMENT = `
  if (sessionStorage.getItem('bench-seeded') === null) {
    localStorage.setItem('grove-onboarding-completed', 'true');
    localStorage.setItem('grove-data', WORKSPACE_TEXT);
    sessionStorage.setItem('bench-seeded', 'true');
  }
  window.benchAfterPaint = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = done;
    channel.port2.postMessage(null);
  });
  // React Flow draws a node with visibility: hidden in its style until it has measured it, and draws only the
  // nodes in view (onlyRenderVisibleElements): ready is the first painted frame with nodes drawn, none hidden, and
  // the drawn set unchanged on the next frame (the initial fit done). The map has NODE_COUNT nodes.
  let settling = false;
  const drawn = () => document.querySelectorAll('.react-flow__node').length;
  const settled = () => drawn() > 0 && document.querySelector('.react-flow__node[style*="visibility: hidden"]') === null;
  const ready = new MutationObserver(() => {
    if (settling || !settled()) return;
    settling = true;
    const count = drawn();
    // The frame painted with this set, kept if the set is still the same two frames later.
    window.benchAfterPaint(() => {
      const paintedAt = performance.now();
      requestAnimationFrame(() => requestAnimationFrame(() => {
        settling = false;
        if (!settled() || drawn() !== count) return;
        ready.disconnect();
        window.benchVisibleAt = paintedAt;
      }));
    });
  });
  ready.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
`;

const nextFrame = 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))))';

/** Records every animation frame's timestamp until benchFramesStop() returns them. */
const WATCH_FRAMES = `(() => {
  window.benchFrames = [];
  window.benchFramesOn = true;
  const tick = (time) => {
    window.benchFrames.push(time);
    if (window.benchFramesOn) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.benchFramesStop = () => { window.benchFramesOn = false; return window.benchFrames; };
})()`;

/** Times the next click (on Layout) to the frame painted with the watched node moved from where it is drawn now. */
const WATCH_LAYOUT = `(() => {
  // The nodes in view (only those are drawn) with their positions: Layout moves them (all but the root).
  const drawing = () => [...document.querySelectorAll('.react-flow__node')].map((node) => node.dataset.id + node.style.transform).join('|');
  const before = drawing();
  window.benchLayoutStart = undefined;
  window.benchLayoutEnd = undefined;
  document.addEventListener('click', (event) => { window.benchLayoutStart = event.timeStamp; }, { capture: true, once: true });
  const moved = new MutationObserver(() => {
    if (drawing() === before) return;
    moved.disconnect();
    window.benchAfterPaint(() => { window.benchLayoutEnd = performance.now(); });
  });
  moved.observe(document.querySelector('.react-flow__nodes'), { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
})()`;

/**
 * The point nearest the canvas's middle where the mouse meets empty canvas (the pane or its layers), not a node,
 * an edge or a control; failing that, one on an edge (dragging an edge pans too); else what lies in the middle.
 */
const PANE_POINT = `(() => {
  const box = document.querySelector('.react-flow__pane').getBoundingClientRect();
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  const points = [];
  // Hit tests cost much with thousands of nodes and long edges: a 20 px grid over the whole pane (about 3,000
  // points), nearest the middle first. With 2,000 nodes, edges cover the whole middle of the view.
  for (let x = box.left + 40; x < box.right - 40; x += 20) {
    for (let y = box.top + 40; y < box.bottom - 40; y += 20) points.push({ x, y, d: (x - cx) ** 2 + (y - cy) ** 2 });
  }
  points.sort((a, b) => a.d - b.d);
  let onEdge = null;
  for (const { x, y } of points) {
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit.closest('.react-flow__pane') === null || hit.closest('.react-flow__node, .react-flow__panel, .react-flow__controls') !== null) continue;
    if (hit.closest('.react-flow__edge') === null) return { x, y, onEdge: false };
    if (onEdge === null) onEdge = { x, y, onEdge: true };
  }
  if (onEdge !== null) return onEdge;
  const hit = document.elementFromPoint(cx, cy);
  return hit ? hit.tagName + '.' + String(hit.getAttribute('class')) : 'nothing';
})()`;

const VIEWPORT_ZOOM = `(() => {
  const match = /scale\\(([^)]+)\\)/.exec(document.querySelector('.react-flow__viewport').style.transform);
  return match ? Number(match[1]) : Number.NaN;
})()`;

/** The view's translation, as drawn. */
const VIEWPORT_AT = `(() => {
  const match = /translate\\(([-0-9.e]+)px, ?([-0-9.e]+)px\\)/.exec(document.querySelector('.react-flow__viewport').style.transform);
  return match ? { x: Number(match[1]), y: Number(match[2]) } : { x: Number.NaN, y: Number.NaN };
})()`;

async function threadMs(cdp: CDPSession): Promise<number> {
  return ((await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A point to start dragging the pane from, found before the drag is timed. */
async function panePoint(page: Page): Promise<{ x: number; y: number; onEdge: boolean }> {
  const start = await page.evaluate<{ x: number; y: number; onEdge: boolean } | string>(PANE_POINT);
  if (typeof start === 'string') throw new Error(`No free spot of the pane to drag near the middle of the canvas (the middle is ${start}).`);
  return start;
}

/** Drags the pane from that point by (PAN_DX, PAN_DY) in PAN_MOVES moves about a frame apart. */
async function drag(page: Page, start: { x: number; y: number }): Promise<void> {
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const began = performance.now();
  for (let move = 1; move <= PAN_MOVES; move += 1) {
    await sleep(began + move * PAN_MOVE_MS - performance.now());
    await page.mouse.move(start.x + (PAN_DX * move) / PAN_MOVES, start.y + (PAN_DY * move) / PAN_MOVES);
  }
  await page.mouse.up();
}

/** The width and height in a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number; bytes: number } {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return { width: Number.NaN, height: Number.NaN, bytes: bytes.length };
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bytes: bytes.length };
}

async function measure(
  browser: Browser, target: Canvas, map: MindMap, text: string, profilePath?: string, tracePath?: string,
): Promise<Run> {
  const count = map.nodes.length;
  // The app's CSP forbids eval; the bench's own page scripts are strings run by Playwright.
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, bypassCSP: true, acceptDownloads: true });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: INSTRUMENT.replace('WORKSPACE_TEXT', () => JSON.stringify(text)).replace('NODE_COUNT', String(count)) });
    if (tracePath) await startTrace(browser, page, tracePath);
    await page.goto(target.url);
    await page.waitForFunction('window.benchVisibleAt !== undefined', undefined, { timeout: 60_000 });
    const visibleMs = await page.evaluate<number>('window.benchVisibleAt');
    if (tracePath) await stopTrace(browser, tracePath, [{ start: 0, ms: visibleMs }]);
    const nodes = await page.locator('.react-flow__node').count();
    const canvas = await page.evaluate<Run['canvas']>(CANVAS_SIZE);

    // Fit view: everything in view, or as much as the map's minimum zoom shows ('Fit view' in Grove, React Flow's 'Fit View').
    await page.getByRole('button', { name: /^fit view$/i }).click();
    await page.evaluate(nextFrame);
    await page.waitForTimeout(300);
    const fitZoom = await page.evaluate<number>(VIEWPORT_ZOOM);

    const start = await panePoint(page);
    await page.mouse.move(start.x, start.y);
    await page.evaluate(nextFrame);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    if (profilePath) {
      await startProfile(cdp);
    }
    const viewBefore = await page.evaluate<{ x: number; y: number }>(VIEWPORT_AT);
    await page.evaluate(WATCH_FRAMES);
    const cpuBefore = await threadMs(cdp);
    const panStart = performance.now();
    await drag(page, start);
    // The frame that draws the last move.
    await page.evaluate(nextFrame);
    const panMs = performance.now() - panStart;
    const panCpuMs = (await threadMs(cdp)) - cpuBefore;
    const stamps = await page.evaluate<number[]>('window.benchFramesStop()');
    const viewAfter = await page.evaluate<{ x: number; y: number }>(VIEWPORT_AT);
    const panMoved = `${(viewAfter.x - viewBefore.x).toFixed(0)},${(viewAfter.y - viewBefore.y).toFixed(0)}${start.onEdge ? ' e' : ''}`;
    if (profilePath) {
      await stopProfile(cdp, profilePath, 'the 2,000-node pan');
    }
    const frameMs = stamps.slice(1).map((stamp, index) => stamp - (stamps[index] ?? stamp));
    const panned = { canvas, visibleMs, nodes, fitZoom, frameMs, panMoved, panCpuMs, panMs };
    if (!target.grove) {
      return { ...panned, layoutMs: Number.NaN, pngMs: Number.NaN, png: { width: Number.NaN, height: Number.NaN, bytes: Number.NaN } };
    }

    // PNG export of the map as loaded (on its grid): the menu opened, then the item clicked where it is, so
    // Playwright's checks are not timed.
    await page.getByRole('toolbar', { name: 'Mind map' }).getByRole('button', { name: 'Export', exact: true }).click();
    const item = page.getByRole('menuitem', { name: 'PNG image (mindmap.png)' });
    await item.waitFor();
    const box = await item.boundingBox();
    if (!box) throw new Error('The PNG menu item has no box.');
    const download = page.waitForEvent('download', { timeout: 120_000 });
    const pngStart = performance.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const file = await download;
    const pngMs = performance.now() - pngStart;
    const path = await file.path();
    const png = pngSize(readFileSync(path));
    await page.waitForTimeout(500);

    // Layout: the nodes in view move.
    await page.evaluate(WATCH_LAYOUT);
    await page.getByRole('toolbar', { name: 'Mind map' }).getByRole('button', { name: 'Layout', exact: true }).click();
    await page.waitForFunction('window.benchLayoutEnd !== undefined', undefined, { timeout: 30_000 });
    const layoutMs = await page.evaluate<number>('window.benchLayoutEnd - window.benchLayoutStart');
    return { ...panned, layoutMs, pngMs, png };
  } finally {
    await context.close();
  }
}

const median = (values: number[]): number => percentile([...values].sort((a, b) => a - b), 50);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** autoLayout in Node: one warm-up, then LAYOUT_RUNS timed calls; their median. */
function pureLayoutMs(map: MindMap): { medianMs: number; moved: number } {
  const laidOut = autoLayout(map);
  const moved = laidOut.nodes.filter((node, index) => node !== map.nodes[index]).length;
  const times: number[] = [];
  for (let run = 0; run < LAYOUT_RUNS; run += 1) {
    const start = performance.now();
    autoLayout(map);
    times.push(performance.now() - start);
  }
  return { medianMs: median(times), moved };
}

async function main(): Promise<void> {
  if (!chromiumPath) throw new Error('No Chromium found: run scripts/ensure-chromium.sh or set CHROMIUM_PATH.');
  const maps = new Map(SIZES.map((size) => [size, mindMap(size)]));
  const pure = new Map([...maps].map(([size, map]) => [size, pureLayoutMs(map)]));
  const grove = await startGrove('pglite');
  const bare = await startBarePages();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  const results = new Map<number, Run[]>();
  const bareResults = new Map<number, Run[]>();
  const bareYjsResults = new Map<number, Run[]>();
  try {
    const small = maps.get(SIZES[0] ?? 500) ?? mindMap(500);
    // One warm-up load each so the first measured run does not pay for the server's first responses.
    const warm = await measure(browser, groveCanvas(grove.baseUrl), small, envelope(small));
    await measure(browser, bareCanvas(bare.baseUrl, warm.canvas), small, envelope(small));
    await measure(browser, bareCanvas(bare.baseUrl, warm.canvas, true), small, envelope(small));
    for (const [size, map] of PROFILE_ONLY ? [] : maps) {
      const text = envelope(map);
      const runs: Run[] = [];
      const bareRuns: Run[] = [];
      const bareYjsRuns: Run[] = [];
      // Alternating, so what the machine does meanwhile falls on both canvases alike.
      for (let run = 0; run < RUNS; run += 1) {
        const groveRun = await measure(browser, groveCanvas(grove.baseUrl), map, text);
        runs.push(groveRun);
        bareRuns.push(await measure(browser, bareCanvas(bare.baseUrl, groveRun.canvas), map, text));
        bareYjsRuns.push(await measure(browser, bareCanvas(bare.baseUrl, groveRun.canvas, true), map, text));
      }
      results.set(size, runs);
      bareResults.set(size, bareRuns);
      bareYjsResults.set(size, bareYjsRuns);
    }
    const profilePath = process.env.BENCH_PROFILE;
    const large = maps.get(2000);
    if (profilePath && large) await measure(browser, groveCanvas(grove.baseUrl), large, envelope(large), profilePath);
    const tracePath = process.env.BENCH_TRACE;
    if (tracePath && large) {
      const traced = await measure(browser, groveCanvas(grove.baseUrl), large, envelope(large), undefined, tracePath);
      await measure(browser, bareCanvas(bare.baseUrl, traced.canvas, true), large, envelope(large), undefined, bareYjsTracePath(tracePath));
    }
  } finally {
    await browser.close();
    await grove.stop();
    await bare.stop();
  }
  if (PROFILE_ONLY) return;

  console.log(`\nGrove mind map benchmark: headless Chromium 1600x1000, median of ${RUNS} fresh loads per size; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  console.log(`The map: a tree (root, then 3 and 4 children in turn, breadth first) on a ${GRID_X}x${GRID_Y} px grid; pan: ${PAN_MOVES} mouse moves over ~1 s after Fit view`);
  console.log('bare: the same map on a plain React Flow canvas of the same size, in the same browser after each run (no Export or Layout)');
  console.log('bare+Yjs: the same canvas, its map read out of a Yjs document stored in localStorage');
  const row = (label: string, values: string[], medianText: string, ...others: string[]) =>
    console.log(`${label.padEnd(46)}${values.map((value) => value.padStart(12)).join('')}${medianText.padStart(13)}${others.map((other) => other.padStart(12)).join('')}`);
  type SizeMedians = Record<'p95' | 'layout' | 'bareP95' | 'visible' | 'bareVisible' | 'bareYjsP95' | 'bareYjsVisible', number>;
  const medians = new Map<number, SizeMedians>();
  for (const [size, runs] of results) {
    const bareRuns = bareResults.get(size) ?? [];
    const bareYjsRuns = bareYjsResults.get(size) ?? [];
    console.log('');
    row(`${size} nodes`, runs.map((_, index) => `run ${index + 1}`), 'median', 'bare', 'Grove÷bare', 'bare+Yjs', 'Grove÷b+Y', 'b+Y÷bare');
    /** A row of Grove's runs and their median, with the bare canvases' medians and the ratios unless `alone`. */
    const metric = (label: string, of: (run: Run) => number, format: (value: number) => string = ms, alone = false) => {
      const values = runs.map(of);
      const groveMedian = median(values);
      const bareMedian = median(bareRuns.map(of));
      const bareYjsMedian = median(bareYjsRuns.map(of));
      const others = alone ? [] : [format(bareMedian), (groveMedian / bareMedian).toFixed(2), format(bareYjsMedian),
        (groveMedian / bareYjsMedian).toFixed(2), (bareYjsMedian / bareMedian).toFixed(2)];
      row(label, values.map(format), format(groveMedian), ...others);
      return { grove: groveMedian, bare: bareMedian, bareYjs: bareYjsMedian };
    };
    const sorted = (run: Run) => [...run.frameMs].sort((a, b) => a - b);
    const visible = metric('first render: the nodes in view painted', (run) => run.visibleMs);
    metric('nodes drawn', (run) => run.nodes, String);
    row('canvas (px)', runs.map((run) => `${run.canvas.width.toFixed(0)}x${run.canvas.height.toFixed(0)}`), '',
      bareRuns[0] ? `${bareRuns[0].canvas.width.toFixed(0)}x${bareRuns[0].canvas.height.toFixed(0)}` : '');
    metric('zoom after Fit view', (run) => run.fitZoom, (value) => value.toFixed(2));
    row(`pan: view moved (px; drag ${PAN_DX},${PAN_DY})`, runs.map((run) => run.panMoved), '', bareRuns[0]?.panMoved ?? '');
    metric('pan: frames', (run) => run.frameMs.length, String);
    metric('pan: frame interval p50', (run) => percentile(sorted(run), 50));
    const p95 = metric('pan: frame interval p95', (run) => percentile(sorted(run), 95));
    metric('pan: longest frame interval', (run) => percentile(sorted(run), 100));
    metric('pan: wall time', (run) => run.panMs);
    metric('pan: renderer main-thread CPU', (run) => run.panCpuMs);
    metric('pan: main-thread CPU per frame', (run) => run.panCpuMs / Math.max(1, run.frameMs.length));
    metric('Layout: click to the moved nodes painted', (run) => run.layoutMs, ms, true);
    const layout = pure.get(size);
    if (layout) row(`Layout: autoLayout alone in Node (${LAYOUT_RUNS} calls)`, runs.map(() => ''), ms(layout.medianMs));
    if (layout) row('Layout: nodes it moves', runs.map(() => ''), String(layout.moved));
    metric('PNG export: item click to download', (run) => run.pngMs, ms, true);
    row('PNG export: picture (px), file size', runs.map((run) => `${run.png.width}x${run.png.height}`),
      `${((runs[0]?.png.bytes ?? 0) / 1024 / 1024).toFixed(1)} MB`);
    medians.set(size, {
      p95: p95.grove, layout: layout?.medianMs ?? Number.NaN, bareP95: p95.bare, visible: visible.grove, bareVisible: visible.bare,
      bareYjsP95: p95.bareYjs, bareYjsVisible: visible.bareYjs,
    });
  }

  const large = medians.get(2000);
  if (!large) return;
  const panPass = large.p95 < TARGET_PAN_P95_MS;
  const layoutPass = large.layout < TARGET_LAYOUT_MS;
  console.log('');
  console.log(`${panPass ? 'PASS' : 'MISS'}  panning 2,000 nodes: frame interval p95 < ${TARGET_PAN_P95_MS} ms (${ms(large.p95)})`);
  console.log(`${layoutPass ? 'PASS' : 'MISS'}  Auto-Layout of 2,000 nodes < ${TARGET_LAYOUT_MS} ms (autoLayout alone: ${ms(large.layout)})`);
  const againstBare = (what: string, mine: number, base: number, baseName: string) => {
    const factor = mine / base;
    console.log(`${factor <= TARGET_BARE_RATIO ? 'PASS' : 'MISS'}  2,000 nodes: ${what} within ${TARGET_BARE_RATIO}x of ${baseName} (${ms(mine)} against ${ms(base)}: ${factor.toFixed(2)}x)`);
  };
  againstBare('pan frame interval p95', large.p95, large.bareP95, 'the bare React Flow canvas');
  againstBare('first render', large.visible, large.bareVisible, 'the bare React Flow canvas');
  againstBare('pan frame interval p95', large.p95, large.bareYjsP95, 'the bare canvas with Yjs');
  againstBare('first render', large.visible, large.bareYjsVisible, 'the bare canvas with Yjs');
}

await main();
