import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lowPriorityScript } from './public-page.ts';

// The public pages' template (decision 075) has the app shell's head: the same meta, icons and theme script, so a
// rendered page looks and behaves the same whichever template carries it.
const here = dirname(fileURLToPath(import.meta.url));
const read = (file: string) => readFileSync(join(here, '..', file), 'utf8');
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('public-page.html', () => {
  it('has index.html\'s head, and its own script in place of the app\'s', () => {
    const app = read('index.html');
    const site = read('public-page.html');
    expect(head(site)).toBe(head(app));
    expect(site).toContain('<div id="root"></div>');
    expect(site).toContain('<script type="module" src="/src/public/main.ts"></script>');
    expect(site).not.toContain('/src/main.tsx');
  });
});

describe('lowPriorityScript', () => {
  it('asks for the public page\'s module script at low priority, and leaves the classic theme script alone', () => {
    const html = '<script src="/theme-init.js"></script>\n<script type="module" crossorigin src="/assets/public-page-x.js"></script>';
    expect(lowPriorityScript(html)).toBe('<script src="/theme-init.js"></script>\n'
      + '<script type="module" fetchpriority="low" crossorigin src="/assets/public-page-x.js"></script>');
  });
});
