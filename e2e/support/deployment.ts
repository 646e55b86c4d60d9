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
  /** The admin secret key this server generated into its own data directory. */
  adminKey: () => string;
  /** Writes a "new build" over the served files: index.html gains a build marker and sw.js the shell's new revision,
   * as a real deploy changes them. */
  deployNewBuild: (build: string) => void;
  /** Stops the server and starts it again on the same port and data directory (its origin, so the pages' storage, stays). */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

interface Running {
  server: ChildProcess;
  exited: Promise<void>;
  port: number;
}

/**
 * Starts the copy's server on `port`, resolving once it answers. Port 0 the first time: the system gives the server a
 * free port, which its log names (a chosen port could be taken by another run's server on this machine, and the wait
 * below would then have found that server instead of this one); a restart asks for that port again.
 */
async function launch(dir: string, dataDir: string, port: number): Promise<Running> {
  const server: ChildProcess = spawn(process.execPath, [path.join(dir, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let output = '';
  const listeningOn = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      // Only the start is kept (for the error below); the rest is read and dropped, so the pipe never fills up.
      if (output.length < 20_000) output += chunk.toString('utf8');
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening?.[1]) resolve(Number(listening[1]));
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    void exited.then(() => reject(new Error(`The deployment's server stopped before it listened:\n${output}`)));
    setTimeout(() => reject(new Error(`The deployment's server did not listen within 45 s:\n${output}`)), 45_000).unref();
  }).catch(async (error: unknown) => {
    server.kill();
    await exited;
    throw error;
  });
  await expect.poll(async () => {
    try {
      return (await fetch(`http://localhost:${listeningOn}/api/health`)).ok;
    } catch {
      return false;
    }
  }, { timeout: 15_000 }).toBe(true);
  return { server, exited, port: listeningOn };
}

function writeWithCompressed(file: string, content: string): void {
  writeFileSync(file, content);
  // The server prefers the .br/.gz copies the build wrote beside a file: they must change too.
  if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(content));
  if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(content));
}

/**
 * A copy of the built app (server and web dist) served by its own server process, with a database of its own: a
 * test can deploy a new build to it without touching the files the other specs are served from, or count on
 * server-wide state (the live visitor count) that the other specs' pages would change on the shared server.
 */
export async function startDeployment(): Promise<Deployment> {
  const dir = mkdtempSync(path.join(tmpdir(), 'grove-deploy-'));
  cpSync(path.join(root, 'apps/server/dist'), path.join(dir, 'apps/server/dist'), { recursive: true });
  cpSync(path.join(root, 'apps/web/dist'), path.join(dir, 'apps/web/dist'), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const dataDir = path.join(dir, 'data');
  let running = await launch(dir, dataDir, 0).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const origin = `http://localhost:${running.port}`;
  const web = path.join(dir, 'apps/web/dist');
  // A test that times out during a restart stops the deployment while the new server starts: that one is stopped
  // as soon as it listens, rather than left running after the run.
  let stopped = false;
  return {
    origin,
    adminKey: () => readFileSync(path.join(dataDir, 'admin-secret-key'), 'utf8').trim(),
    deployNewBuild(build) {
      const html = readFileSync(path.join(web, 'index.html'), 'utf8').replace('<head>', `<head>\n    <meta name="grove-build" content="${build}" />`);
      writeWithCompressed(path.join(web, 'index.html'), html);
      const revision = createHash('md5').update(html).digest('hex');
      const sw = readFileSync(path.join(web, 'sw.js'), 'utf8');
      const updated = sw.replace(/\{url:"index\.html",revision:"[0-9a-f]+"\}/, `{url:"index.html",revision:"${revision}"}`);
      if (updated === sw) throw new Error('deployNewBuild: the shell\'s entry was not found in sw.js');
      writeWithCompressed(path.join(web, 'sw.js'), updated);
    },
    async restart() {
      running.server.kill();
      await running.exited;
      const next = await launch(dir, dataDir, running.port);
      if (stopped) {
        next.server.kill();
        await next.exited;
        return;
      }
      running = next;
    },
    async stop() {
      stopped = true;
      running.server.kill();
      await running.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
