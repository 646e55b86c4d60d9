// Draws the PWA icons (apps/web/public/icons/) from the logo mark (apps/web/public/favicon.svg): run by hand when
// the logo changes, and commit the PNGs. `node --import tsx scripts/make-icons.ts`
// Rasterised by the Chromium the e2e tests already use (sharp is not installed in this repository).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const out = new URL('../apps/web/public/icons/', import.meta.url);
const favicon = readFileSync(new URL('../apps/web/public/favicon.svg', import.meta.url), 'utf8');
const GREEN = '#2f7d4f';
const LEAF = '#e8f5ec';

/** The mark on a full square (no transparent corners): the platform applies its own mask. `scale` shrinks the leaf
 * toward the centre so it stays inside the maskable safe zone (a circle of 80 % of the width). */
function fullBleed(scale: number): string {
  const leaf = `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">`
    + `<path d="M16 6c-4.4 3.2-6.5 6.6-6.5 10a6.5 6.5 0 0 0 13 0C22.5 12.6 20.4 9.2 16 6z" fill="${LEAF}"/>`
    + `<path d="M16 12v14" stroke="${GREEN}" stroke-width="2" stroke-linecap="round"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${GREEN}"/>${leaf}</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.8) },
  // iOS rounds the corners itself and would fill transparent ones with black.
  { file: 'apple-touch-icon-180.png', size: 180, svg: fullBleed(0.9) },
];

const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  mkdirSync(out, { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(new URL(icon.file, out), png);
    console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
