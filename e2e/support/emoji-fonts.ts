import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserType, LaunchOptions, Locator, Page } from '@playwright/test';
import fontverter from 'fontverter';

// Page icons are emoji (decision 074). Whether the machine has a colour emoji font decides what the browser draws
// and downloads, and the test machines differ (Debian's fonts-noto-color-emoji may be installed or not), so these
// tests start Chromium with a fontconfig file of their own: the machine's fonts without any colour font, and
// optionally one folder of fonts added to them.

/**
 * A fontconfig file: the machine's configuration with every colour font rejected, then `fontFile` if given (accepted
 * by its path: fontconfig's acceptfont by glob does not win over a rejectfont pattern).
 */
export function fontconfigWithoutColourFonts(fontFile?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'grove-fontconfig-'));
  const added = fontFile ? `  <dir>${path.dirname(fontFile)}</dir>
  <selectfont><acceptfont><pattern><patelt name="file"><string>${fontFile}</string></patelt></pattern></acceptfont></selectfont>
` : '';
  const file = path.join(dir, 'fonts.conf');
  writeFileSync(file, `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><pattern><patelt name="color"><bool>true</bool></patelt></pattern></rejectfont></selectfont>
${added}</fontconfig>
`);
  return file;
}

/**
 * A web font installed as a font of the machine: the file as plain OpenType in a folder of its own (Chromium's
 * local() finds an installed .ttf, not a .woff2 that fontconfig lists all the same). Returns the file's path.
 */
export async function installedCopyOf(webFont: string, name: string): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'grove-fonts-')), name);
  writeFileSync(file, await fontverter.convert(readFileSync(webFont), 'sfnt'));
  return file;
}

/** Chromium as the config starts it, seeing the fonts of `fontconfigFile`. */
export function launchWithFonts(browserType: BrowserType, launchOptions: LaunchOptions, fontconfigFile: string): Promise<Browser> {
  return browserType.launch({ ...launchOptions, env: { ...process.env, FONTCONFIG_FILE: fontconfigFile } });
}

/** The emoji font files a page requests (the page icons' cut and Noto's slices), by file name. */
export function emojiFontRequests(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const file = /\/assets\/(noto-color-emoji-[^/]+\.woff2)$/.exec(new URL(request.url()).pathname)?.[1];
    if (file) files.push(file);
  });
  return files;
}

/** Console errors and page errors of a page the fixtures do not watch (one of a browser started by the test). */
export function consoleProblems(page: Page, allowed: RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !allowed.some((pattern) => pattern.test(message.text()))) problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/**
 * How many pixels of the element, as painted, are clearly coloured (the largest and smallest of R, G, B more than
 * 60 apart). A colour emoji has hundreds at 18 px; an empty box, a black-and-white glyph or nothing has none.
 */
export async function colouredPixels(element: Locator): Promise<number> {
  const png = await element.screenshot({ animations: 'disabled' });
  return element.page().evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context');
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      const [red = 0, green = 0, blue = 0] = [data[index], data[index + 1], data[index + 2]];
      if (Math.max(red, green, blue) - Math.min(red, green, blue) > 60) count += 1;
    }
    return count;
  }, png.toString('base64'));
}
