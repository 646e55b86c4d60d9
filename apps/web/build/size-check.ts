// Bundle-size budgets (decision 037): the landing page's initial JavaScript and every route's own chunks, read
// from the Vite manifest of a build. Pure apart from the file reads in measureBuild, so tests can feed a fixture.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of `.vite/manifest.json` (the fields this check reads). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface SizeBudgets {
  /** The public pages' scripts (decision 075): everything their entry loads, at once or later, until the page is idle. */
  public?: { entry: string; budgetKb: number };
  /** The landing page: the entry's static imports plus the route modules it waits for before it paints. */
  landing: { routes: string[]; budgetKb: number };
  /** Each lazy module (layout, screen, the toast region): its chunk plus the chunks it imports that the entry
   * does not bring, i.e. what opening it after the first page can cost at most. Keys are manifest keys. */
  routes: {
    defaultBudgetKb: number;
    budgetKb: Record<string, number>;
    /** A screen always opens inside its layout, so what the layout loads is not the screen's cost: layout key →
     * path prefixes of its screens. */
    layouts?: Record<string, string[]>;
  };
}

export interface SizeLine {
  name: string;
  gzipKb: number;
  budgetKb: number;
  files: string[];
}

export interface SizeReport {
  lines: SizeLine[];
  /** Budget lines over their budget, and budget entries naming a module the build does not have. */
  failures: string[];
}

const JS = /\.m?js$/;

/** The app's entry (index.html's script): the one entry, or the one besides `others` (the public pages'). */
function entryKey(manifest: Manifest, others: readonly string[]): string {
  const entries = Object.entries(manifest).filter(([key, chunk]) => chunk.isEntry === true && !others.includes(key));
  if (entries.length !== 1 || !entries[0]) throw new Error(`Expected one app entry chunk in the manifest, found ${entries.length}.`);
  return entries[0][0];
}

/**
 * The manifest keys a chunk loads before it runs: itself and its static imports, transitively; with `dynamic`,
 * everything it may load at all (its dynamic imports too).
 */
export function staticClosure(manifest: Manifest, keys: readonly string[], { dynamic = false } = {}): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk '${key}'.`);
    seen.add(key);
    for (const imported of [...chunk.imports ?? [], ...(dynamic ? chunk.dynamicImports ?? [] : [])]) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

const round = (kb: number) => Math.round(kb * 100) / 100;

/** Measures a manifest against the budgets; `gzipBytes(file)` gives a built file's gzip size. */
export function checkSizes(manifest: Manifest, budgets: SizeBudgets, gzipBytes: (file: string) => number): SizeReport {
  const failures: string[] = [];
  const jsFiles = (keys: Iterable<string>) => [...new Set([...keys].map((key) => manifest[key]?.file ?? ''))].filter((file) => JS.test(file)).sort();
  const kb = (files: string[]) => round(files.reduce((sum, file) => sum + gzipBytes(file), 0) / 1024);
  const line = (name: string, files: string[], budgetKb: number): SizeLine => {
    const result = { name, gzipKb: kb(files), budgetKb, files };
    if (result.gzipKb > budgetKb) failures.push(`${name}: ${result.gzipKb} KB gzip is over its budget of ${budgetKb} KB.`);
    return result;
  };

  const publicEntry = budgets.public?.entry;
  const entry = entryKey(manifest, publicEntry === undefined ? [] : [publicEntry]);
  const entryClosure = staticClosure(manifest, [entry]);
  const lines: SizeLine[] = [];

  let publicClosure = new Set<string>();
  if (budgets.public && publicEntry !== undefined) {
    if (manifest[publicEntry]) {
      publicClosure = staticClosure(manifest, [publicEntry], { dynamic: true });
      lines.push(line('public pages\' scripts (all)', jsFiles(publicClosure), budgets.public.budgetKb));
    } else {
      failures.push(`public: the build has no entry '${publicEntry}' (update apps/web/build/size-budgets.json).`);
    }
  }

  const missingLanding = budgets.landing.routes.filter((route) => !manifest[route]);
  for (const route of missingLanding) failures.push(`landing: the build has no route module '${route}' (update apps/web/build/size-budgets.json).`);
  const landingRoutes = budgets.landing.routes.filter((route) => manifest[route]);
  lines.push(line('landing page initial JS', jsFiles(staticClosure(manifest, [entry, ...landingRoutes])), budgets.landing.budgetKb));

  // The public pages' own lazy modules are in their line above.
  const routeKeys = Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry === true && JS.test(manifest[key].file) && !publicClosure.has(key)).sort();
  const layouts = Object.entries(budgets.routes.layouts ?? {});
  for (const [layout] of layouts) {
    if (!manifest[layout]) failures.push(`layouts: the build has no layout '${layout}' (update apps/web/build/size-budgets.json).`);
  }
  const loadedBefore = (key: string): Set<string> => {
    const layout = layouts.find(([parent, prefixes]) => manifest[parent] && prefixes.some((prefix) => key.startsWith(prefix)))?.[0];
    return layout ? staticClosure(manifest, [entry, layout]) : entryClosure;
  };
  for (const key of routeKeys) {
    const before = loadedBefore(key);
    const own = [...staticClosure(manifest, [key])].filter((imported) => !before.has(imported));
    lines.push(line(`lazy ${key}`, jsFiles(own), budgets.routes.budgetKb[key] ?? budgets.routes.defaultBudgetKb));
  }
  for (const key of Object.keys(budgets.routes.budgetKb)) {
    if (!routeKeys.includes(key)) failures.push(`routes: the build has no lazy module '${key}' (update apps/web/build/size-budgets.json).`);
  }
  return { lines, failures };
}

/** Reads `<distDir>/.vite/manifest.json` and the built files, and checks them against the budgets. */
export function measureBuild(distDir: string, budgets: SizeBudgets): SizeReport {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  return checkSizes(manifest, budgets, (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
}

export function formatReport(report: SizeReport): string {
  const width = Math.max(...report.lines.map((entry) => entry.name.length));
  const rows = report.lines.map((entry) => {
    const mark = entry.gzipKb > entry.budgetKb ? 'OVER' : 'ok';
    return `${entry.name.padEnd(width)}  ${entry.gzipKb.toFixed(2).padStart(7)} KB gzip  budget ${String(entry.budgetKb).padStart(4)} KB  ${mark}`;
  });
  return [...rows, ...report.failures.map((failure) => `FAIL ${failure}`)].join('\n');
}
