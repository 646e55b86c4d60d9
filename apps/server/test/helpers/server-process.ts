import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** Starts main.ts as its own process (node --import tsx, no npm chain) so it can be stopped by pid. */
export function startServer(env: Record<string, string>): ServerProcess {
  // GROVE_NODE_ARGS: extra node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a bench.
  const nodeArgs = process.env.GROVE_NODE_ARGS?.split(' ').filter((arg) => arg !== '') ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', MAIN], {
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

export async function waitForHealth(baseUrl: string, timeoutMs = 20_000): Promise<void> {
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
