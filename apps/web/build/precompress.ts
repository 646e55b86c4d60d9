import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/** Writes .br and .gz beside each text asset so the server sends them pre-compressed (no CPU per request). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'grove-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      // .vite/ holds the build manifest, read by the size check and never served: nothing to compress there.
      const served = files.filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.'));
      await Promise.all(served.map(async (file) => {
        const full = path.join(outDir, file);
        const content = await readFile(full);
        if (content.length < MIN_BYTES) return;
        const [br, gzipped] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gz(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
      }));
    },
  };
}
