import { describe, expect, it } from 'vitest';
import fixture from './fixtures/over-budget-manifest.json';
import { checkSizes, formatReport, type Manifest, type SizeBudgets } from './size-check.ts';

// A fixture build: the landing page pulls a shared UI chunk it cannot afford, and a screen drags in an editor.
const manifest: Manifest = fixture;
const KB = 1024;
const sizes: Record<string, number> = {
  'assets/index.js': 60 * KB, 'assets/react.js': 40 * KB, 'assets/shared-ui.js': 25 * KB, 'assets/editor.js': 90 * KB,
  'assets/site-layout.js': 2 * KB, 'assets/landing-screen.js': 3 * KB, 'assets/page-screen.js': 1 * KB,
};
const gzipBytes = (file: string) => {
  const size = sizes[file];
  if (size === undefined) throw new Error(`not a JS file of the fixture: ${file}`);
  return size;
};
const budgets = (landingKb: number, pageKb?: number): SizeBudgets => ({
  landing: { routes: ['src/app/layouts/site-layout.tsx', 'src/features/landing/landing-screen.tsx'], budgetKb: landingKb },
  routes: { defaultBudgetKb: 30, budgetKb: pageKb === undefined ? {} : { 'src/features/pages/page-screen.tsx': pageKb } },
});

describe('bundle size check', () => {
  it('fails the fixture build: landing page over its budget, and a route chunk over its own', () => {
    const report = checkSizes(manifest, budgets(120), gzipBytes);
    const landing = report.lines.find((line) => line.name === 'landing page initial JS');
    // entry 60 + react 40 (modulepreloaded) + layout 2 + landing 3 + shared UI 25, each file once.
    expect(landing).toMatchObject({ gzipKb: 130, budgetKb: 120 });
    expect(landing?.files).toEqual(['assets/index.js', 'assets/landing-screen.js', 'assets/react.js', 'assets/shared-ui.js', 'assets/site-layout.js']);
    const page = report.lines.find((line) => line.name === 'lazy src/features/pages/page-screen.tsx');
    // What the route adds to the entry: its chunk and the editor; React came with the entry.
    expect(page).toMatchObject({ gzipKb: 91, budgetKb: 30 });
    expect(report.failures).toEqual([
      'landing page initial JS: 130 KB gzip is over its budget of 120 KB.',
      'lazy src/features/pages/page-screen.tsx: 91 KB gzip is over its budget of 30 KB.',
    ]);
    expect(formatReport(report)).toMatch(/landing page initial JS +130\.00 KB gzip {2}budget {2}120 KB {2}OVER/);
  });

  it('passes when every figure is within its budget, a route budget overriding the default', () => {
    const report = checkSizes(manifest, budgets(130, 95), gzipBytes);
    expect(report.failures).toEqual([]);
    expect(report.lines.map((line) => [line.name, line.budgetKb])).toEqual([
      ['landing page initial JS', 130],
      ['lazy src/app/layouts/site-layout.tsx', 30],
      ['lazy src/features/landing/landing-screen.tsx', 30],
      ['lazy src/features/pages/page-screen.tsx', 95],
    ]);
  });

  it('does not count what a screen\'s layout already loaded, and names a layout the build does not have', () => {
    const withLayout: SizeBudgets = {
      ...budgets(130),
      routes: { defaultBudgetKb: 30, budgetKb: {}, layouts: { 'src/app/layouts/site-layout.tsx': ['src/features/landing/'], 'src/app/layouts/gone.tsx': ['x'] } },
    };
    const report = checkSizes(manifest, withLayout, gzipBytes);
    // The landing screen opens inside the site layout: the shared UI chunk is counted there, not again.
    const landing = report.lines.find((line) => line.name === 'lazy src/features/landing/landing-screen.tsx');
    const alone = checkSizes(manifest, budgets(130), gzipBytes).lines.find((line) => line.name === 'lazy src/features/landing/landing-screen.tsx');
    expect(alone?.files).toContain('assets/shared-ui.js');
    expect(landing?.files).not.toContain('assets/shared-ui.js');
    expect(report.failures).toContain('layouts: the build has no layout \'src/app/layouts/gone.tsx\' (update apps/web/build/size-budgets.json).');
  });

  it('fails on budgets that name a module the build does not have, so they cannot go stale', () => {
    const stale: SizeBudgets = {
      landing: { routes: ['src/app/layouts/old-layout.tsx'], budgetKb: 500 },
      routes: { defaultBudgetKb: 500, budgetKb: { 'src/features/gone/gone-screen.tsx': 10 } },
    };
    expect(checkSizes(manifest, stale, gzipBytes).failures).toEqual([
      'landing: the build has no route module \'src/app/layouts/old-layout.tsx\' (update apps/web/build/size-budgets.json).',
      'routes: the build has no lazy module \'src/features/gone/gone-screen.tsx\' (update apps/web/build/size-budgets.json).',
    ]);
  });
});

describe('the public pages\' scripts (decision 075)', () => {
  // A second entry beside the app's: its own chunk, a chunk it shares with the app, and a lazy toast.
  const withPublic: Manifest = {
    ...manifest,
    'public-page.html': { file: 'assets/public-page.js', isEntry: true, imports: ['_shared-ui.js'], dynamicImports: ['src/public/toast.ts'] },
    'src/public/toast.ts': { file: 'assets/toast.js', isDynamicEntry: true },
  };
  const publicSizes = (file: string) => ({ 'assets/public-page.js': 5 * KB, 'assets/toast.js': 2 * KB }[file] ?? gzipBytes(file));

  it('counts everything the public entry loads, at once or later, and keeps its lazy modules out of the routes', () => {
    const report = checkSizes(withPublic, { ...budgets(130, 95), public: { entry: 'public-page.html', budgetKb: 30 } }, publicSizes);
    const line = report.lines.find((entry) => entry.name === 'public pages\' scripts (all)');
    // Its chunk 5 + the shared UI 25 and the React it imports 40 + the toast 2.
    expect(line).toMatchObject({ gzipKb: 72, budgetKb: 30, files: ['assets/public-page.js', 'assets/react.js', 'assets/shared-ui.js', 'assets/toast.js'] });
    expect(report.failures).toEqual(['public pages\' scripts (all): 72 KB gzip is over its budget of 30 KB.']);
    expect(report.lines.some((entry) => entry.name.includes('src/public/toast.ts'))).toBe(false);
    // The app's entry is still found beside the public one.
    expect(report.lines.find((entry) => entry.name === 'landing page initial JS')?.gzipKb).toBe(130);
  });

  it('names a public entry the build does not have', () => {
    const report = checkSizes(manifest, { ...budgets(130, 95), public: { entry: 'public-page.html', budgetKb: 30 } }, gzipBytes);
    expect(report.failures).toEqual(['public: the build has no entry \'public-page.html\' (update apps/web/build/size-budgets.json).']);
  });
});
