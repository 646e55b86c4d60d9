import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// `npm run build -w @grove/server`: the server as one ES module (dist/main.js) that Node runs without a
// TypeScript loader (decision 026). npm packages stay external (installed beside it); @grove/domain, a
// workspace package of TypeScript source, is bundled in; each database driver is a chunk of its own, loaded
// when that engine is used. The SQL migrations are copied next to it (dist/migrations).
export default defineConfig({
  root: here('.'),
  ssr: { target: 'node', noExternal: ['@grove/domain'] },
  build: {
    ssr: 'src/main.ts',
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'main.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
  plugins: [{
    name: 'grove-migrations',
    apply: 'build',
    closeBundle() {
      cpSync(here('src/db/migrations'), here('dist/migrations'), { recursive: true });
    },
  }],
});
