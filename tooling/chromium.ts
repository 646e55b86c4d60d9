import { existsSync } from 'node:fs';

// The Chromium every test, benchmark and screenshot launches: Debian's (scripts/ensure-chromium.sh installs it; a
// browser download fails on this machine), or CHROMIUM_PATH.

export const chromiumPath: string | undefined = process.env.CHROMIUM_PATH
  ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));

/**
 * Its flags. Chromium 156 in headless mode makes each new window's omnibox popup, a WebUI page of about 400 files in
 * a renderer of its own, as the page under test loads: on a 2-core machine that competed with every measured load
 * (seen in bench:pages' trace). WebUIOmniboxPopup and WebUIOmniboxAimPopup off, it loads none (as Puppeteer does).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
