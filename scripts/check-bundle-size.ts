// `npm test` step after the build: the landing page's initial JavaScript and every lazy route against the
// budgets in apps/web/build/size-budgets.json (decision 037). Prints every figure; exit code 1 when one is over.
// Usage: node --import tsx scripts/check-bundle-size.ts [distDir]   (default apps/web/dist)
import { readFileSync } from 'node:fs';
import { formatReport, measureBuild, type SizeBudgets } from '../apps/web/build/size-check.ts';

const distDir = process.argv[2] ?? 'apps/web/dist';
const budgets = JSON.parse(readFileSync(new URL('../apps/web/build/size-budgets.json', import.meta.url), 'utf8')) as SizeBudgets;
const report = measureBuild(distDir, budgets);
console.log(formatReport(report));
if (report.failures.length > 0) {
  console.error(`\nBundle size: ${report.failures.length} problem(s). Make the code smaller or lazier, or raise a budget on purpose.`);
  process.exit(1);
}
console.log('\nBundle size: every figure within its budget.');
