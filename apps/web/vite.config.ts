import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fontPreload } from './build/font-preload.ts';
import { precompress } from './build/precompress.ts';
import { publicPage } from './build/public-page.ts';
import { pwa } from './build/pwa.ts';

const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;

// `vite build` makes the browser's app in dist/; `vite build --ssr src/entry-server.tsx` the server's entry in
// dist-ssr/ (decision 054): one file with every dependency bundled, which the server imports at start.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [fontPreload(), publicPage(), pwa(), precompress()])],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  ssr: { noExternal: true, target: 'node' },
  // The bundled React and its dependencies read NODE_ENV at run time otherwise; the server runs the production build.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild ? {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  } : {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // A public page (decision 075) asks for no chunk before its first paint: its script is not needed to show the
    // page, and each preload competes with the stylesheet and the font for the connection.
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType, hostId }) => (hostType === 'html' && hostId.endsWith('public-page.html') ? [] : dependencies),
    },
    // dist/.vite/manifest.json: read by the bundle-size check (scripts/check-bundle-size.ts); not served.
    manifest: true,
    // Noto Color Emoji's slices are named 0.woff2 to 10.woff2 in their package: named as what they are, the service
    // worker can leave them to runtime caching (build/pwa-routes.ts, decision 074).
    rolldownOptions: {
      // The app shell (the workspace, admin, and any page the server did not render) and the public pages' own
      // template (decision 075): server-rendered HTML enhanced by small scripts, no React in the browser.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), 'public-page': fileURLToPath(new URL('./public-page.html', import.meta.url)) },
      output: {
        // The icons two or more screens share in one chunk instead of one file per set of screens sharing an icon: a
        // board visit asked for 58 files before, 45 with it (six at a time over HTTP/1.1), and fewer bytes. Not the
        // icons' dependencies: by default a group takes them too, and React moved into it (decision 078).
        codeSplitting: {
          groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2, includeDependenciesRecursively: false }],
        },
        assetFileNames: ({ originalFileNames }) => (originalFileNames.some((name) => name.includes('@infolektuell/noto-color-emoji/'))
          ? 'assets/noto-color-emoji-[name]-[hash][extname]'
          : 'assets/[name]-[hash][extname]'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/storage': apiTarget,
      // Written by the server from the database (decision 053).
      '/sitemap.xml': apiTarget,
      '/feed.xml': apiTarget,
      '/robots.txt': apiTarget,
    },
  },
}));
