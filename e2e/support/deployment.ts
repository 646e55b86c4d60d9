import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Deployment {
  origin: string;
  /** Writes a "new build" over the served files: index.html gains a build marker and sw.js the shell's new revision,
   * as a real deploy changes them. */
  deployNewBuild: (build: string) => void;
  stop: () => Promise<void>;
}

function writeWithCompressed(file: string, content: string): void {
  writeFileSync(file, content);
  // The server prefers the .br/.gz copies the build wrote beside a file: they must change too.
  if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(content));
  if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(content));
}

/**
 * A copy of the built app (server and web dist) served by its own server process, so a test can deploy a new
 * build to it without touching the files the other specs are served from.
 */
export async function startDeployment(port: number): Promise<Deployment> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grove-deploy-'));
  cpSync(path.join(root, 'apps/server/dist'), path.join(dir, 'apps/server/dist'), { recursive: true });
  cpSync(path.join(root, 'apps/web/dist'), path.join(dir, 'apps/web/dist'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const origin = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, [path.join(dir, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  await expect.poll(async () => {
    try {
      return (await fetch(`${origin}/api/health`)).ok;
    } catch {
      return false;
    }
  }, { timeout: 45_000 }).toBe(true);

  const web = path.join(dir, 'apps/web/dist');
  return {
    origin,
    deployNewBuild(build) {
      const html = readFileSync(path.join(web, 'index.html'), 'utf8').replace('<head>', `<head>\n    <meta name="grove-build" content="${build}" />`);
      writeWithCompressed(path.join(web, 'index.html'), html);
      const revision = createHash('md5').update(html).digest('hex');
      const sw = readFileSync(path.join(web, 'sw.js'), 'utf8');
      const updated = sw.replace(/\{url:"index\.html",revision:"[0-9a-f]+"\}/, `{url:"index.html",revision:"${revision}"}`);
      if (updated === sw) throw new Error('deployNewBuild: the shell\'s entry was not found in sw.js');
      writeWithCompressed(path.join(web, 'sw.js'), updated);
    },
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
