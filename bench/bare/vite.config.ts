import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The bare library pages (bench/lib/bare-pages.ts builds them): one folder per library, each with an index.html of
// its own, React through the app's own plugin and a production build, minified like the app's bundle, so what is
// measured is the library as the app ships it. No Tailwind, no PWA: the pages have a few lines of CSS each. The
// output directory is the caller's (a throwaway one), never apps/web/dist.

const root = fileURLToPath(new URL('.', import.meta.url));
const pages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'index.html')))
  .map((entry) => entry.name);

export default defineConfig({
  root,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    emptyOutDir: true,
    rolldownOptions: { input: Object.fromEntries(pages.map((name) => [name, path.join(root, name, 'index.html')])) },
  },
});
