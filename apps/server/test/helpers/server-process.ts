import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SOURCE_MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
/** What `npm run build` makes and `npm start` runs. */
export const BUILT_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts the server as its own process (no npm chain) so it can be stopped by pid: main.ts through tsx, or with
 * `built`, dist/main.js as production runs it (the benchmarks; `npm run build -w @grove/server` makes it).
 */
export function startServer(env: Record<string, string>, options: { built?: boolean; nodeArgs?: string[] } = {}): ServerProcess {
  // GROVE_NODE_ARGS: extra node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a bench.
  const nodeArgs = [...options.nodeArgs ?? [], ...process.env.GROVE_NODE_ARGS?.split(' ').filter((arg) => arg !== '') ?? []];
  if (options.built && !existsSync(BUILT_MAIN)) throw new Error(`${BUILT_MAIN} is missing: run npm run build -w @grove/server`);
  const entry = options.built ? [BUILT_MAIN] : ['--import', 'tsx', SOURCE_MAIN];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A TCP port free on 127.0.0.1 right now, for a server process to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Polls /api/health until it answers. The time limit only ends a start that is failing anyway: a first start
 * on PGlite (initdb) took over 40 s on this 2-core machine while other tests ran.
 */
export async function waitForHealth(baseUrl: string, timeoutMs = 150_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${baseUrl} did not become healthy`);
}
