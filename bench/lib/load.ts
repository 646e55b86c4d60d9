// Load generators for bench:api. Each run is summarised the same way (counts and latency quantiles), so runs
// of one server can be pooled into one distribution (pool()).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { percentile } from './stats.ts';

/** One run: latency quantiles as [percent, milliseconds], ascending. */
export interface RunSummary {
  requests: number;
  durationS: number;
  non2xx: number;
  errors: number;
  quantiles: Array<[number, number]>;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  /** CPU to run the generator on (taskset), or undefined. */
  cpu?: number;
}

// The same grid as wrk-summary.lua: every 0.5 % up to 90 %, every 0.05 % above.
const GRID = [...Array.from({ length: 180 }, (_, i) => i * 0.5), ...Array.from({ length: 201 }, (_, i) => 90 + i * 0.05)];

/**
 * wrk, a C load generator: far cheaper than autocannon, though not free. Against the bare server at 73,000
 * req/s it used 82 % of its core (mostly the kernel copying responses off loopback); its batching is part of
 * every latency it measures, the bare server's as much as Grove's.
 */
export async function wrkRun({ url, connections, durationS, cpu }: LoadOptions): Promise<RunSummary> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'grove-wrk-'));
  const out = path.join(tmp, 'summary.json');
  const script = fileURLToPath(new URL('./wrk-summary.lua', import.meta.url));
  const args = ['-t1', `-c${connections}`, `-d${durationS}s`, '--timeout', '10s', '-s', script, url];
  const [command, commandArgs] = cpu === undefined ? ['wrk', args] : ['taskset', ['-c', String(cpu), 'wrk', ...args]];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(command, commandArgs, { env: { ...process.env, WRK_OUT: out }, stdio: ['ignore', 'ignore', 'inherit'] });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`wrk exited with ${code}`))));
    });
    const raw = JSON.parse(readFileSync(out, 'utf8')) as {
      requests: number; durationUs: number; non2xx: number; errors: number; quantiles: Array<[number, number]>;
    };
    return {
      requests: raw.requests, durationS: raw.durationUs / 1e6, non2xx: raw.non2xx, errors: raw.errors,
      quantiles: raw.quantiles.map(([p, us]) => [p, us / 1000]),
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

// At most this many latencies are kept per run (far above a minute of loopback traffic).
const MAX_SAMPLES = 5_000_000;

/**
 * autocannon, the first load generator tried (decision 025). A Node.js process itself, on this 2-core machine it saturates its
 * own core before the servers do, so its figures vary by tens of percent between runs (decision 025).
 * Latencies come from its per-response event (sub-millisecond, unlike its histogram).
 */
export function autocannonRun({ url, connections, durationS }: LoadOptions): Promise<RunSummary> {
  const samples = new Float64Array(MAX_SAMPLES);
  let count = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: durationS, timeout: 10 }, (error, result) => {
      if (error) {
        reject(error);
        return;
      }
      const sorted = samples.subarray(0, count).sort();
      resolve({
        requests: result.requests.total,
        durationS: result.duration,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        quantiles: GRID.map((p) => [p, percentile(sorted, p)]),
      });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      if (count < MAX_SAMPLES) samples[count++] = responseTime;
    });
  });
}

export interface Pooled {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * Several runs of one server as one: throughput over their summed time, percentiles of the merged latency
 * distribution (each run's quantile steps weighted by its request count).
 */
export function pool(runs: readonly RunSummary[]): Pooled {
  // Weights in basis points × requests: whole numbers, so the running sum meets its target exactly.
  const pieces: Array<[number, number]> = [];
  for (const run of runs) {
    for (let i = 1; i < run.quantiles.length; i += 1) {
      const [p, value] = run.quantiles[i]!;
      const basisPoints = Math.round((p - run.quantiles[i - 1]![0]) * 100);
      pieces.push([value, basisPoints * run.requests]);
    }
  }
  pieces.sort((a, b) => a[0] - b[0]);
  const total = pieces.reduce((sum, [, weight]) => sum + weight, 0);
  const at = (p: number) => {
    const target = (Math.round(p * 100) * total) / 10_000;
    let seen = 0;
    for (const [value, weight] of pieces) {
      seen += weight;
      if (seen >= target) return value;
    }
    return pieces.at(-1)?.[0] ?? Number.NaN;
  };
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.durationS, 0);
  return {
    requests,
    rps: requests / seconds,
    p50: at(50),
    p99: at(99),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}
