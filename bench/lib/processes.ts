import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { freePort } from '../../apps/server/test/helpers/server-process.ts';
import { HOST } from '../../tooling/grove-server.ts';

export { freePort };

export interface Child {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a bench/baseline/*.ts server and resolves once it prints 'listening'. */
export async function startBaseline(script: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<Child> {
  const file = fileURLToPath(new URL(`../baseline/${script}`, import.meta.url));
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 20_000);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One call of the inspector protocol, in a process started with `--inspect=127.0.0.1:<port>`. */
async function inspectorCall(inspectPort: number, method: string, params: object = {}): Promise<unknown> {
  const targets = await (await fetch(`http://${HOST}:${inspectPort}/json/list`)).json() as Array<{ webSocketDebuggerUrl?: string }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector on port ${inspectPort}`);
  const socket = new WebSocket(url);
  try {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return await new Promise((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        const reply = JSON.parse(data.toString('utf8')) as { id?: number; result?: unknown; error?: { message: string } };
        if (reply.id !== 1) return;
        if (reply.error) reject(new Error(reply.error.message));
        else resolve(reply.result);
      });
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}

/**
 * After a full garbage collection (through the inspector), the process's live JavaScript heap plus the memory
 * held outside it (buffers, the WebAssembly memory), in bytes: unlike RSS, it does not move when V8 or malloc
 * hand freed pages back to the system.
 */
export async function liveBytesAfterGc(inspectPort: number): Promise<number> {
  await inspectorCall(inspectPort, 'HeapProfiler.collectGarbage');
  const evaluated = await inspectorCall(inspectPort, 'Runtime.evaluate', {
    expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true,
  }) as { result: { value: string } };
  const usage = JSON.parse(evaluated.result.value) as { heapUsed: number; external: number };
  return usage.heapUsed + usage.external;
}

/**
 * Resident anonymous memory of a process in bytes (Linux /proc: RssAnon, the heap, the WebAssembly memory and
 * buffers). File-backed pages (code, mapped files) are left out: the kernel drops and reloads them at will,
 * which moved VmRSS by more than a thousand connections take.
 */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /RssAnon:\s+(\d+) kB/.exec(status);
  if (!match?.[1]) throw new Error('RssAnon not found');
  return Number(match[1]) * 1024;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** RSS once it has stopped moving (within 256 KB for 3 s), at most after 30 s. */
export async function settledRss(pid: number): Promise<number> {
  // Stable for 3 s, not just between two readings: V8 frees start-up garbage a few seconds after a process
  // goes idle, and that drop, landing inside a measurement, made per-connection deltas negative.
  let previous = rssBytes(pid);
  let stableFor = 0;
  for (let i = 0; i < 60 && stableFor < 6; i += 1) {
    await sleep(500);
    const current = rssBytes(pid);
    stableFor = Math.abs(current - previous) < 256 * 1024 ? stableFor + 1 : 0;
    previous = current;
  }
  return previous;
}

/**
 * Pins a process (all its threads) to one CPU with taskset, when there are at least two and taskset exists:
 * on a 2-core machine the server and the load generator otherwise migrate between cores and preempt each
 * other, which shows up as tail latency of both the server and the baseline. BENCH_PIN=0 turns it off.
 */
export function pinToCpu(pid: number | undefined, cpu: number): boolean {
  if (pid === undefined || process.env.BENCH_PIN === '0' || cpus().length < 2) return false;
  const result = spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
  return result.status === 0;
}
