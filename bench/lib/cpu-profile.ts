import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';

// CPU profiles taken with CDP's Profiler (bench:board, bench:pages, bench:mindmap): the functions that cost the most.

/** BENCH_PROFILE_ONLY=1 beside BENCH_PROFILE (or BENCH_TRACE: bench:pages, bench:board, bench:mindmap): only that run. */
export const PROFILE_ONLY = (process.env.BENCH_PROFILE !== undefined || process.env.BENCH_TRACE !== undefined) && process.env.BENCH_PROFILE_ONLY === '1';

/** Starts sampling the page's main thread every 200 µs. */
export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

/** Stops sampling, writes the profile to `path` (DevTools opens it) and prints its costliest functions. */
export async function stopProfile(cdp: CDPSession, path: string, title: string): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(path, JSON.stringify(profile));
  printProfile(title, profile);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Prints the 15 functions with the most self time (samples × their interval) under `title`. */
export function printProfile(title: string, profile: CpuProfile): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((nodeId, index) => {
    const node = byNode.get(nodeId);
    const micros = deltas[index + 1] ?? deltas[index] ?? 0;
    if (!node) return;
    const frame = node.callFrame;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + micros);
    total += micros;
  });
  const idle = new Set(['(idle)', '(program)']);
  const busy = [...self].filter(([key]) => !idle.has(key.split(' ')[0] ?? '')).reduce((sum, [, micros]) => sum + micros, 0);
  console.log(`\nCPU profile of ${title}: ${(total / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms not idle; most self time:`);
  for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`${(micros / 1000).toFixed(1).padStart(9)} ms  ${key}`);
  }
}
