import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { serveStatic } from './static-server.ts';

// The bare baselines of the screen benches (bench:board, bench:pages, bench:mindmap): bench/bare/'s pages, each the
// library alone doing the screen's work on the same seeded workspace. Built with bench/bare/vite.config.ts into a
// throwaway directory and served on a random local port, without the cross-origin isolation headers, as Grove is.

export interface BarePages {
  /** The page's URL: `${baseUrl}/board/` and so on. */
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startBarePages(): Promise<BarePages> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'grove-bench-bare-'));
  try {
    await build({ configFile: fileURLToPath(new URL('../bare/vite.config.ts', import.meta.url)), build: { outDir } });
    const server = await serveStatic(outDir, { isolated: false });
    return {
      baseUrl: server.baseUrl,
      async stop() {
        await server.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
}
