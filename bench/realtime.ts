// npm run bench:realtime: N subscribers of the blog_posts topic on one Grove instance; a post is updated
// through the API and the time from sending that write to each subscriber's receipt is measured. The same
// broadcast (same bytes) through a bare `ws` server, triggered by an HTTP POST, is the baseline. Server,
// baseline and subscribers are three processes (a fresh Grove per N). Memory per idle connection is read
// before and after opening the N sockets, each time after a full GC through the inspector (decision 028).
// BENCH_SUBSCRIBERS (default 1000,5000), BENCH_ROUNDS (default 100 measured updates per N), BENCH_ENGINE
// (default pglite).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { adminHeaders, HOST, startGrove } from '../tooling/grove-server.ts';
import { cpuTicks, stealPercent } from './lib/machine.ts';
import { freePort, liveBytesAfterGc, settledRss, sleep, startBaseline } from './lib/processes.ts';
import { envList, envSeconds, fixed, percentile } from './lib/stats.ts';

const COUNTS = envList('BENCH_SUBSCRIBERS', ['1000', '5000']).map(Number);
// 100 updates: each one is N samples, so with 20 a single slow update was 5 % of the distribution and set the
// p99 on its own (decision 030).
const ROUNDS = Math.round(envSeconds('BENCH_ROUNDS', 100, 200));
const WARMUP_ROUNDS = 3;
const ENGINE = process.env.BENCH_ENGINE ?? 'pglite';
const ROUND_TIMEOUT_MS = 10_000;
const CONNECT_BATCH = 200;
const MAX_SUBSCRIBERS = 10_000;
const MARKER = /Bench round (\d+)"/;

/** This process holds N client sockets and the server N more, so the soft limit must exceed the largest N. */
function openFileLimit(): string {
  return /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 'unknown';
}

interface Fleet {
  sockets: WebSocket[];
  /** arrivals[round][socket]: ms after the round's write was sent, NaN until received. */
  arrivals: Float64Array[];
  startedAt: number[];
  firstMessage: string | undefined;
}

function openSocket(url: string, origin: string | undefined, fleet: Fleet, index: number, subscribe: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, origin ? { headers: { origin } } : {});
    fleet.sockets[index] = socket;
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (subscribe && text.includes('"type":"subscribed"')) {
        resolve();
        return;
      }
      const round = MARKER.exec(text)?.[1];
      if (round === undefined) return;
      const at = performance.now();
      const k = Number(round);
      const row = fleet.arrivals[k];
      if (row && Number.isNaN(row[index])) row[index] = at - (fleet.startedAt[k] ?? at);
      fleet.firstMessage ??= text;
    });
    socket.once('open', () => {
      if (subscribe) socket.send(JSON.stringify({ type: 'subscribe', topic: 'blog_posts' }));
      else resolve();
    });
    socket.once('error', reject);
  });
}

async function openFleet(url: string, origin: string | undefined, n: number, subscribe: boolean): Promise<Fleet> {
  const fleet: Fleet = { sockets: [], arrivals: [], startedAt: [], firstMessage: undefined };
  for (let k = 0; k < WARMUP_ROUNDS + ROUNDS; k += 1) fleet.arrivals.push(new Float64Array(n).fill(Number.NaN));
  // In batches: thousands of simultaneous handshakes would overflow the listen backlog.
  for (let start = 0; start < n; start += CONNECT_BATCH) {
    const batch: Array<Promise<void>> = [];
    for (let i = start; i < Math.min(n, start + CONNECT_BATCH); i += 1) batch.push(openSocket(url, origin, fleet, i, subscribe));
    await Promise.all(batch);
  }
  return fleet;
}

async function closeFleet(fleet: Fleet): Promise<void> {
  await Promise.all(fleet.sockets.map((socket) => new Promise<void>((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) resolve();
    else {
      socket.once('close', () => resolve());
      socket.close();
    }
  })));
}

async function waitForRound(fleet: Fleet, k: number): Promise<void> {
  const row = fleet.arrivals[k];
  const until = performance.now() + ROUND_TIMEOUT_MS;
  while (row && row.some(Number.isNaN) && performance.now() < until) await sleep(5);
}

interface Result {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  delivered: number;
  writeMs: number;
  /** Median over rounds of the earliest receipt: the write path; p50 and above add the fan-out. */
  firstMs: number;
  /** Share of the CPU time the host took away during the rounds (decision 030). */
  stealPercent: number;
}

/** Runs the warm-up and measured rounds; `write(k)` sends round k's write and resolves when it is acknowledged. */
async function runRounds(fleet: Fleet, write: (k: number) => Promise<void>): Promise<Result> {
  const writeTimes: number[] = [];
  const ticks = cpuTicks();
  for (let k = 0; k < WARMUP_ROUNDS + ROUNDS; k += 1) {
    fleet.startedAt[k] = performance.now();
    await write(k);
    writeTimes.push(performance.now() - (fleet.startedAt[k] ?? 0));
    await waitForRound(fleet, k);
    await sleep(100);
  }
  const steal = stealPercent(ticks, cpuTicks());
  const measured = fleet.arrivals.slice(WARMUP_ROUNDS);
  const all = measured.flatMap((row) => [...row]);
  const received = Float64Array.from(all.filter((value) => !Number.isNaN(value))).sort();
  const sortedWrites = writeTimes.slice(WARMUP_ROUNDS).sort((a, b) => a - b);
  const firsts = Float64Array.from(measured.map((row) => Math.min(...row.filter((value) => !Number.isNaN(value))))).sort();
  return {
    p50: percentile(received, 50), p95: percentile(received, 95), p99: percentile(received, 99), max: received[received.length - 1] ?? NaN,
    delivered: (received.length / all.length) * 100, writeMs: percentile(sortedWrites, 50), firstMs: percentile(firsts, 50),
    stealPercent: steal,
  };
}

function row(name: string, r: Result): string {
  return `  ${name.padEnd(9)} first ${fixed(r.firstMs).padStart(6)} ms  p50 ${fixed(r.p50).padStart(7)} ms  p95 ${fixed(r.p95).padStart(7)} ms  p99 ${fixed(r.p99).padStart(7)} ms` +
    `  max ${fixed(r.max).padStart(7)} ms  delivered ${fixed(r.delivered, 3)} %  (write acknowledged after ${fixed(r.writeMs)} ms, median)`;
}

if (COUNTS.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_SUBSCRIBERS)) throw new Error(`BENCH_SUBSCRIBERS: 1..${MAX_SUBSCRIBERS} each`);
const baselinePort = await freePort();
// Both servers expose the inspector on loopback, only so the bench can collect garbage before reading memory.
const baselineInspect = await freePort();
const baseline = await startBaseline('ws-server.ts', { PORT: String(baselinePort) }, [`--inspect=${HOST}:${baselineInspect}`]);
let allOk = true;
console.log(`${ENGINE}, ${ROUNDS} measured updates per N (after ${WARMUP_ROUNDS} warm-up), open-file limit ${openFileLimit()} (not raised)`);
try {
  for (const n of COUNTS) {
    // A fresh server per N, so garbage left by an earlier N is not collected during this one's measurement.
    const inspectPort = await freePort();
    const grove = await startGrove(ENGINE, { nodeArgs: [`--inspect=${HOST}:${inspectPort}`] });
    try {
      allOk = (await measure(grove, inspectPort, n)) && allOk;
    } finally {
      await grove.stop();
    }
  }
} finally {
  await baseline.stop();
}

interface Memory {
  rss: number;
  live: number;
}

/** Both memory figures of a server: resident anonymous memory once settled, and live bytes after a full GC. */
async function memory(pid: number, inspectPort: number): Promise<Memory> {
  const live = await liveBytesAfterGc(inspectPort);
  return { rss: await settledRss(pid), live };
}

/** Per connection, in KB, between two readings. */
function perConnectionKb(before: Memory, after: Memory, n: number): Memory {
  return { rss: (after.rss - before.rss) / n / 1024, live: (after.live - before.live) / n / 1024 };
}

async function measure(grove: Awaited<ReturnType<typeof startGrove>>, inspectPort: number, n: number): Promise<boolean> {
  const headers = await adminHeaders(grove.baseUrl);
  const created = await fetch(`${grove.baseUrl}/api/posts`, {
    method: 'POST', headers, body: JSON.stringify({ title: 'Bench round start', excerpt: 'e', content: '<p>Realtime benchmark post.</p>' }),
  });
  const { id } = await created.json() as { id: string };
  const groveWs = `${grove.baseUrl.replace('http', 'ws')}/api/realtime`;
  const pid = grove.process.child.pid ?? 0;
  const before = await memory(pid, inspectPort);
  const fleet = await openFleet(groveWs, grove.baseUrl, n, true);
  const perConnection = perConnectionKb(before, await memory(pid, inspectPort), n);
  const groveResult = await runRounds(fleet, async (k) => {
    const response = await fetch(`${grove.baseUrl}/api/posts/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ title: `Bench round ${k}` }) });
    if (!response.ok) throw new Error(`PATCH: ${response.status}`);
    await response.arrayBuffer();
  });
  const template = fleet.firstMessage ?? '';
  await closeFleet(fleet);

  const barePid = baseline.child.pid ?? 0;
  const bareBefore = await memory(barePid, baselineInspect);
  const bareFleet = await openFleet(`ws://${HOST}:${baselinePort}`, undefined, n, false);
  const barePerConnection = perConnectionKb(bareBefore, await memory(barePid, baselineInspect), n);
  const bareResult = await runRounds(bareFleet, async (k) => {
    const body = template.replace(MARKER, `Bench round ${k}"`);
    const response = await fetch(`http://${HOST}:${baselinePort}/publish`, { method: 'POST', body });
    if (response.status !== 204) throw new Error(`publish: ${response.status}`);
  });
  await closeFleet(bareFleet);

  const ratio = groveResult.p99 / bareResult.p99;
  const limit = n <= 1000 ? 1.5 : 2;
  // RSS is the server's memory as the system sees it; a negative delta means pages freed before the
  // connections were handed back during the measurement, and then the live-bytes figure is the one judged.
  const rssReadable = perConnection.rss >= 0;
  const judgedKb = rssReadable ? Math.max(perConnection.rss, perConnection.live) : perConnection.live;
  const ok = groveResult.delivered === 100 && ratio <= limit && judgedKb <= 20;
  console.log(`\nN = ${n} subscribers, message ${Buffer.byteLength(template)} bytes`);
  console.log(row('grove', groveResult));
  console.log(row('bare ws', bareResult));
  console.log(`  CPU time stolen by the host during the rounds: grove ${fixed(groveResult.stealPercent, 1)}%, bare ws ${fixed(bareResult.stealPercent, 1)}%`);
  const kb = (m: Memory) => `RSS ${fixed(m.rss, 1)} KB, live ${fixed(m.live, 1)} KB`;
  console.log(`  p99 ratio ${fixed(ratio)} (target <= ${limit}); memory per idle subscribed connection: ${kb(perConnection)}` +
    ` (judged ${fixed(judgedKb, 1)} KB${rssReadable ? '' : ': RSS fell during the measurement'}; target <= 20); bare ws ${kb(barePerConnection)}` +
    ` → ${ok ? 'PASS' : 'MISS'}`);
  return ok;
}
console.log(`\nbench:realtime ${allOk ? 'met' : 'missed'} its targets (${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => fixed(l)).join(' ')})`);
