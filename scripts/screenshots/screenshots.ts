import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ADMIN_KEY, startGrove, type GroveUnderTest } from '../../tooling/grove-server.ts';
import { seedBlog } from './blog-seed.ts';
import { shotList, type Profile, type Shot } from './shots.ts';
import { buildWorkspace, type SeededWorkspace } from './workspace-seed.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../../tooling/chromium.ts';

// `npm run screenshots`: every route of the product, in light and dark, at 1280 and 390 px wide, with realistic
// data, as PNGs in screenshots/<width>-<theme>/<name>.png (git-ignored). A developer tool for reviewing the UI,
// not a test: console errors, failed requests, slow waits and horizontal overflow are listed at the end and never
// fail the run; only a shot that could not be taken at all makes it exit 1.
//
//   npm run screenshots                             build, then every shot (126; ~4 min on 2 cores)
//   npm run screenshots:nobuild                     the same on the existing build (apps/web/dist, apps/server/dist)
//   npm run screenshots -- --only kanban,garden     only shots whose name contains one of these
//   npm run screenshots -- --theme dark --width 390 one theme, one width (each also takes a comma-separated list)
//   npm run screenshots -- --out /tmp/shots         another folder (default: screenshots/ at the repository root)
//
// The built server runs as its own process on a fresh PGlite data dir (bench/lib/processes.ts) and is stopped at
// the end, also on error or Ctrl-C. The blog is seeded through the admin API (blog-seed.ts); the workspace is
// written into localStorage before the app's scripts run (workspace-seed.ts), like e2e/support/seed.ts does.
// Page icons are emoji: without an emoji font (Debian: fonts-noto-color-emoji) Chromium draws them as boxes.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
type Size = { width: number; height: number };
const VIEWPORTS: Record<number, Size> = { 1280: { width: 1280, height: 800 }, 390: { width: 390, height: 844 } };
/** Whole-page shots are cut here, so a long page stays a file one can open. */
const MAX_HEIGHT = 4000;

const { values: options } = parseArgs({
  options: { only: { type: 'string' }, theme: { type: 'string' }, width: { type: 'string' }, out: { type: 'string' } },
});
const list = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter((item) => item !== '');
const themes = (list(options.theme) ?? [...THEMES]) as Theme[];
const widths = (list(options.width) ?? Object.keys(VIEWPORTS)).map(Number);
const only = list(options.only);
const outDir = path.resolve(ROOT, options.out ?? 'screenshots');
for (const theme of themes) if (!THEMES.includes(theme)) throw new Error(`--theme: light or dark, not ${theme}`);
for (const width of widths) if (!VIEWPORTS[width]) throw new Error(`--width: ${Object.keys(VIEWPORTS).join(' or ')}, not ${width}`);

/**
 * When the build changes under the running server (another `npm run build` or `npm test` in this work tree), its
 * pages ask for scripts that are gone and every later shot is a blank page: better to stop and say so.
 */
const BUILD_FILES = ['apps/web/dist/index.html', 'apps/server/dist/main.js'].map((file) => path.join(ROOT, file));
const buildStamp = () => BUILD_FILES.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)).join(',');

/** Empty boxes for every page icon would read as a bug in the shots; say so once, up front. */
function warnWithoutEmojiFont(): void {
  const fonts = spawnSync('fc-list', [':charset=1f680'], { encoding: 'utf8' });
  if (fonts.status === 0 && fonts.stdout.trim() === '') {
    console.warn('No emoji font: page icons will show as boxes (Debian: apt-get install fonts-noto-color-emoji).');
  }
}

/** What a page reported while its shot was taken: the review signal printed at the end. */
const problems = new Map<string, Set<string>>();
function note(shot: string, problem: string): void {
  const seen = problems.get(problem) ?? new Set<string>();
  seen.add(shot);
  problems.set(problem, seen);
}

function watch(page: Page, label: string, baseUrl: string): void {
  const local = (url: string) => url.replace(baseUrl, '');
  page.on('console', (message) => {
    // Blocking service workers (newContext) makes the app's registration fail and say so: our doing, not the app's.
    if (/service worker/i.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') note(label, `console ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => note(label, `page error: ${error.message.slice(0, 300)}`));
  page.on('requestfailed', (request) => note(label, `request failed: ${request.method()} ${local(request.url())} (${request.failure()?.errorText ?? '?'})`));
  page.on('response', (response) => {
    if (response.status() >= 400) note(label, `HTTP ${response.status()}: ${response.request().method()} ${local(response.url())}`);
  });
}

/**
 * Storage written before the app's scripts run, on every navigation, so each shot starts from the same state.
 * Page scripts are strings, as in bench/board.ts: tsx compiles functions with helpers (__name) the page lacks.
 */
function initScript(arg: { theme: Theme; onboarded: boolean; workspace: string | null; expanded: string | null; admin: boolean }): string {
  const set = (storage: string, key: string, value: string) => `${storage}.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`;
  return [
    set('localStorage', 'grove-theme', arg.theme),
    arg.onboarded ? set('localStorage', 'grove-onboarding-completed', 'true') : '',
    arg.workspace === null ? '' : set('localStorage', 'grove-data', arg.workspace),
    arg.expanded === null ? '' : set('localStorage', 'grove-expanded-pages', arg.expanded),
    arg.admin ? set('sessionStorage', 'grove-admin', 'true') : '',
  ].join('\n');
}

async function newContext(
  browser: Browser, baseUrl: string, theme: Theme, width: number, profile: Profile, seeded: SeededWorkspace,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl, viewport: VIEWPORTS[width], deviceScaleFactor: 1, colorScheme: theme, reducedMotion: 'reduce',
    // A service worker would answer from its cache what the seeded server should answer.
    serviceWorkers: 'block',
  });
  const workspace = profile === 'workspace';
  await context.addInitScript(initScript({
    theme,
    onboarded: profile === 'workspace' || profile === 'empty',
    workspace: workspace ? JSON.stringify(seeded.envelope) : null,
    expanded: workspace ? JSON.stringify(seeded.expandedPageIds) : null,
    admin: profile === 'admin',
  }));
  if (profile === 'admin') {
    // A real session (the cookie lands in this context); the Origin header passes the server's CSRF check.
    const response = await context.request.post('/api/admin/session', { data: { key: ADMIN_KEY }, headers: { origin: baseUrl } });
    if (response.status() !== 204) throw new Error(`admin sign-in failed: ${response.status()}`);
  }
  return context;
}

/** Network quiet, fonts loaded, no loading spinner, every image (lazy ones too) decoded. */
async function settle(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => note(label, 'network never went idle within 15 s'));
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 }).catch(() => note(label, 'no visible <h1> within 15 s'));
  await page.waitForFunction('!document.querySelector(".animate-spin")', null, { timeout: 10_000 })
    .catch(() => note(label, 'a spinner (.animate-spin) was still showing after 10 s'));
  // A full-page shot does not scroll, so lazy images below the fold would stay unloaded.
  await page.evaluate(`(async () => {
    await document.fonts.ready;
    const images = Array.from(document.images);
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  })()`);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

async function takeShot(context: BrowserContext, shot: Shot, file: string, label: string, baseUrl: string): Promise<boolean> {
  const page = await context.newPage();
  watch(page, label, baseUrl);
  try {
    await page.goto(shot.path, { waitUntil: 'load', timeout: 30_000 });
    await settle(page, label);
    if (new URL(page.url()).pathname !== shot.path) note(label, `landed on ${new URL(page.url()).pathname} instead of ${shot.path}`);
    if (shot.open) {
      await shot.open(page);
      await settle(page, label);
    }
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    if (overflow > 0) note(label, `the page is ${overflow} px wider than the viewport (horizontal scroll)`);
    if (!shot.open) {
      // The whole page, as a viewport that tall rather than Playwright's fullPage: a stitched full page shows sticky
      // and full-height parts (the sidebar) at their first screen's size only. Cut at MAX_HEIGHT.
      const height = await page.evaluate<number>('Math.max(document.documentElement.scrollHeight, document.body.scrollHeight)');
      const viewport: Size = page.viewportSize() ?? { width: 1280, height: 800 };
      if (height > viewport.height) {
        await page.setViewportSize({ width: viewport.width, height: Math.min(height, MAX_HEIGHT) });
        await settle(page, label);
      }
    }
    // An open dialog or sidebar is shown at the viewport's size: the page behind it is not what the shot is about.
    await page.screenshot({ path: file, animations: 'disabled' });
    return true;
  } catch (error) {
    note(label, `NO SCREENSHOT: ${(error as Error).message.split('\n')[0]}`);
    return false;
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  if (!chromiumPath) throw new Error('No Chromium found: run scripts/ensure-chromium.sh or set CHROMIUM_PATH.');
  const wanted = (shot: Shot) => !only || only.some((part) => shot.name.includes(part));
  warnWithoutEmojiFont();
  const started = performance.now();
  // Truncated to the hour: ids and dates stay the same for re-runs within the hour, and never lie in the future.
  const now = new Date();
  now.setMinutes(0, 0, 0);
  const seeded = buildWorkspace(now);

  let grove: GroveUnderTest | undefined;
  let browser: Browser | undefined;
  const stopAll = async () => {
    await browser?.close().catch(() => undefined);
    await grove?.stop();
  };
  const interrupted = () => void stopAll().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  let taken = 0;
  let planned = 0;
  try {
    const build = buildStamp();
    grove = await startGrove('pglite', { env: { NODE_ENV: 'production' } });
    const blog = await seedBlog(grove.baseUrl);
    const tasks = seeded.envelope.data.kanbanBoard.columns.flatMap((column) => column.itemIds).length;
    console.info(`server on ${grove.baseUrl}, ${blog.count} posts and ${tasks} tasks seeded (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    const selected = shotList({ ...blog, richPageId: seeded.richPageId, coverPageId: seeded.coverPageId }).filter(wanted);
    if (selected.length === 0) throw new Error(`--only ${options.only ?? ''} matches no shot`);
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    for (const width of widths) {
      for (const theme of themes) {
        const folder = path.join(outDir, `${width}-${theme}`);
        mkdirSync(folder, { recursive: true });
        const here = selected.filter((shot) => !shot.widths || shot.widths.includes(width));
        for (const profile of new Set(here.map((shot) => shot.profile))) {
          const context = await newContext(browser, grove.baseUrl, theme, width, profile, seeded);
          try {
            for (const shot of here.filter((candidate) => candidate.profile === profile)) {
              if (buildStamp() !== build) {
                throw new Error('the build (apps/web/dist, apps/server/dist) changed during the run, so the server now serves pages whose '
                  + 'scripts are gone: run again once the other build is done.');
              }
              planned += 1;
              const label = `${width}-${theme}/${shot.name}`;
              const shotStarted = performance.now();
              const ok = await takeShot(context, shot, path.join(folder, `${shot.name}.png`), label, grove.baseUrl);
              if (ok) taken += 1;
              console.info(`${ok ? '  ' : '✗ '}${label} (${((performance.now() - shotStarted) / 1000).toFixed(1)} s)`);
            }
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await stopAll();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }

  const seconds = (performance.now() - started) / 1000;
  console.info(`\n${taken} of ${planned} screenshots in ${path.relative(process.cwd(), outDir) || '.'}/ (${seconds.toFixed(0)} s)`);
  if (problems.size === 0) {
    console.info('No console errors or warnings, failed requests or waits.');
    return;
  }
  console.info(`\nWhat the pages reported (${problems.size} distinct):`);
  for (const [problem, where] of problems) {
    const names = [...where];
    console.info(`- ${problem}\n    in ${names.length} shot(s): ${names.slice(0, 6).join(', ')}${names.length > 6 ? ', …' : ''}`);
  }
  if (taken < planned) process.exitCode = 1;
}

await main();
