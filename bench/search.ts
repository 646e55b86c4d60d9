import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { StudioData } from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { chromium, type Page } from 'playwright-core';
import { WorkspaceIndex } from '../apps/web/src/features/command-palette/workspace-index.ts';
import { startGrove } from '../tooling/grove-server.ts';
import { seedScript } from './lib/page-scripts.ts';
import { seededRandom } from './store/generate-workspace.ts';
import { percentile } from './lib/stats.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tooling/chromium.ts';

// `npm run bench:search` (issue 32, decision 071): workspace search on 10,000 tasks and 2,000 pages. In headless
// Chromium on the built app: the first Ctrl+K (the palette's chunk, if not yet loaded on idle, and the index built
// from the whole workspace) from the key to the painted palette, then queries typed key by key, each timed from its
// keydown to the frame painted after the results list shows that query's results (`data-searched`). In Node, the
// index alone: its first build, one edit taken, and each search. Beside it, the same keys typed into a bare field in
// the same browser: the floor a keystroke costs on this machine (a frame, the input's own work). Target: results painted within 30 ms of a
// keystroke at p95, judged on the median of BENCH_RUNS runs (3).

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const TASKS = 10_000;
const PAGES = 2_000;
const TARGET_P95_MS = 30;
/** Typed key by key, as a person looks things up: whole words, two words, a prefix, a typo. */
const QUERIES = ['quarterly', 'roadmap budget', 'acces', 'dashbord', 'garden schedule'];

const WORDS = (
  'review draft design sprint client budget release notes meeting agenda research prototype feedback roadmap backlog '
  + 'estimate deploy migrate refactor test document interview survey analytics report invoice contract onboarding '
  + 'workshop launch campaign newsletter garden schedule follow-up milestone quarterly planning retro accessibility '
  + 'performance security dashboard mobile offline sync export café résumé naïve'
).split(' ');

/** TASKS tasks in four columns and PAGES pages of three blocks, words from WORDS; the same every run. */
function searchWorkspace(): StudioData {
  const random = seededRandom(20261128);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const words = (min: number, max: number) => Array.from({ length: int(min, max) }, () => WORDS[int(0, WORDS.length - 1)]).join(' ');
  const createdAt = '2026-01-05T09:00:00.000Z';
  const items: StudioData['kanbanBoard']['items'] = {};
  const columns = ['To-do', 'In progress', 'Review', 'Done'].map((title, index) => ({ id: `column-${index}`, title, itemIds: [] as string[] }));
  for (let index = 0; index < TASKS; index += 1) {
    const id = `task-${index}`;
    items[id] = {
      id, content: words(3, 7), description: random() < 0.3 ? words(8, 20) : '', priority: 'medium',
      tags: Array.from({ length: int(0, 2) }, () => WORDS[int(0, 12)]!),
    };
    columns[index % 4]!.itemIds.push(id);
  }
  const pages = Array.from({ length: PAGES }, (_, index) => ({
    id: `page-${index}`, title: words(2, 5), icon: '📄', parentId: index % 4 === 0 ? null : `page-${index - (index % 4)}`, createdAt,
    content: Array.from({ length: 3 }, (_unused, block) => ({ id: `block-${index}-${block}`, type: 'paragraph' as const, content: words(12, 25) })),
  }));
  return {
    projects: Array.from({ length: 100 }, (_, index) => ({
      id: `project-${index}`, name: words(2, 4), description: words(5, 15), status: 'active' as const, priority: 'medium' as const,
      progress: 0, teamSize: 1, createdAt,
    })),
    pages,
    kanbanBoard: { columns, items },
    mindMap: { nodes: Array.from({ length: 300 }, (_, index) => ({ id: `node-${index}`, type: 'customText' as const, position: { x: index * 10, y: 0 }, data: { label: words(1, 3) } })), edges: [] },
    garden: [],
    gamification: { score: 0, level: 1, streak: 0, lastCompletedDate: null, unlockedDecorations: [] },
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** The index alone, in Node: first build, one edit, and every prefix of every query. */
async function measureIndex(data: StudioData): Promise<{ buildMs: number; editMs: number; searchP95: number }> {
  const index = new WorkspaceIndex();
  let started = performance.now();
  await index.build(data);
  const buildMs = performance.now() - started;
  const task = data.kanbanBoard.items['task-0']!;
  const edited = { ...data, kanbanBoard: { ...data.kanbanBoard, items: { ...data.kanbanBoard.items, 'task-0': { ...task, content: `${task.content} renamed` } } } };
  started = performance.now();
  index.update(edited);
  const editMs = performance.now() - started;
  const times: number[] = [];
  for (const query of QUERIES) {
    for (let length = 1; length <= query.length; length += 1) {
      started = performance.now();
      index.search(query.slice(0, length));
      times.push(performance.now() - started);
    }
  }
  return { buildMs, editMs, searchP95: percentile([...times].sort((a, b) => a - b), 95) };
}

const PAGE_SCRIPT = `
  window.benchKeys = [];
  document.addEventListener('keydown', (event) => { window.benchKeys.push(performance.timeOrigin + event.timeStamp); }, { capture: true });
  /** Resolves with the time of the frame painted after test() first holds. */
  window.benchPainted = (test) => new Promise((resolve) => {
    const painted = () => requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.timeOrigin + performance.now());
      channel.port2.postMessage(null);
    });
    if (test()) return painted();
    const observer = new MutationObserver(() => {
      if (!test()) return;
      observer.disconnect();
      painted();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-searched'] });
  });
`;

/** Types every query of QUERIES key by key into `input`; each key timed to the frame painted after `list` says it shows that query. */
async function typeQueries(page: Page, input: string, list: string): Promise<number[]> {
  const keys: number[] = [];
  for (const query of QUERIES) {
    await page.locator(input).fill('');
    for (let length = 1; length <= query.length; length += 1) {
      const wanted = query.slice(0, length).trim();
      const painted = page.evaluate<number>(`window.benchPainted(() => document.querySelector('${list}')?.getAttribute('data-searched') === ${JSON.stringify(wanted)})`);
      await page.keyboard.press(query[length - 1] === ' ' ? 'Space' : query[length - 1]!);
      const paintedAt = await painted;
      keys.push(paintedAt - await page.evaluate<number>('window.benchKeys.at(-1)'));
    }
  }
  return keys;
}

/** One browser run: the first opening of the palette, then every keystroke of QUERIES. */
async function measureBrowser(page: Page): Promise<{ openMs: number; keys: number[] }> {
  const list = '[cmdk-list]';
  // Ready: the list shows results for what is typed (data-searched), so the index is built.
  const painted = page.evaluate<number>(`window.benchPainted(() => document.querySelector('${list}')?.hasAttribute('data-searched') === true)`);
  await page.keyboard.press('Control+k');
  const paintedAt: number = await painted;
  const openMs = paintedAt - await page.evaluate<number>('window.benchKeys.at(-1)');
  return { openMs, keys: await typeQueries(page, '[cmdk-input]', list) };
}

/**
 * The machine's floor, in the same browser: a bare field whose typed text is written into a list, no search and no
 * framework. What Grove adds to a keystroke is its figure minus this one.
 */
async function measureBare(page: Page): Promise<number[]> {
  await page.setContent(`<input id="query" aria-label="Query"><ul id="list" data-searched=""><li id="shown"></li></ul>
    <script>query.addEventListener('input', () => { shown.textContent = query.value; list.dataset.searched = query.value.trim(); });</script>`);
  await page.addScriptTag({ content: PAGE_SCRIPT });
  await page.locator('#query').focus();
  return typeQueries(page, '#query', '#list');
}

async function main(): Promise<void> {
  if (!chromiumPath) throw new Error('No Chromium found: run scripts/ensure-chromium.sh or set CHROMIUM_PATH.');
  const data = searchWorkspace();
  const text = JSON.stringify(createEnvelope(data, 1));
  const grove = await startGrove('pglite');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  interface Row {
    openMs: number; p50: number; p95: number; bareP50: number; bareP95: number; buildMs: number; editMs: number; searchP95: number;
  }
  const rows: Row[] = [];
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      await page.addInitScript({ content: `${seedScript(text)}\n${PAGE_SCRIPT}` });
      await page.goto(`${grove.baseUrl}/dashboard`);
      await page.getByTestId('save-status').and(page.locator('[data-status="saved"]')).waitFor({ timeout: 60_000 });
      const { openMs, keys } = await measureBrowser(page);
      await context.close();
      const barePage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const bare = [...await measureBare(barePage)].sort((a, b) => a - b);
      await barePage.close();
      const sorted = [...keys].sort((a, b) => a - b);
      const index = await measureIndex(data);
      const row: Row = {
        openMs, p50: percentile(sorted, 50), p95: percentile(sorted, 95), bareP50: percentile(bare, 50), bareP95: percentile(bare, 95),
        ...index,
      };
      rows.push(row);
      console.log(`run ${run}: first Ctrl+K to the painted, searchable palette ${ms(openMs)}; keystroke to painted results p50 ${ms(row.p50)} p95 ${ms(row.p95)} `
        + `(n=${keys.length}), bare field p50 ${ms(row.bareP50)} p95 ${ms(row.bareP95)}; index in Node: build ${ms(index.buildMs)}, one edit ${ms(index.editMs)}, search p95 ${ms(index.searchP95)}`);
    }
  } finally {
    await browser.close();
    await grove.stop();
  }
  const pick = (key: keyof (typeof rows)[number]) => median(rows.map((row) => row[key]));
  console.log(`\nWorkspace search: ${TASKS.toLocaleString('en')} tasks, ${PAGES.toLocaleString('en')} pages (${(text.length / 1e6).toFixed(2)} M chars), `
    + `median of ${RUNS} runs; load average ${loadavg()[0]?.toFixed(2)}`);
  console.log('| Measure | Median |\n|---|---|');
  console.log(`| first Ctrl+K to the painted, searchable palette (chunk + index build, pressed as soon as the workspace is saved) | ${ms(pick('openMs'))} |`);
  console.log(`| keystroke to painted results, p50 / p95 | ${ms(pick('p50'))} / ${ms(pick('p95'))} |`);
  console.log(`| the same keys in a bare field (the machine's floor), p50 / p95 | ${ms(pick('bareP50'))} / ${ms(pick('bareP95'))} |`);
  console.log(`| index in Node: first build; one edit; search p95 | ${ms(pick('buildMs'))}; ${ms(pick('editMs'))}; ${ms(pick('searchP95'))} |`);
  const p95 = pick('p95');
  console.log(`\n${p95 < TARGET_P95_MS ? 'PASS' : 'MISS'}  results painted within ${TARGET_P95_MS} ms of a keystroke at p95 (${ms(p95)})`);
}

await main();
