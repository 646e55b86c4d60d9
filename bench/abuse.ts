// npm run bench:abuse (issue 31, decision 066): the public endpoints an unauthenticated client can hammer, each
// for BENCH_DURATION seconds (default 8) with BENCH_CONNECTIONS connections (default 10) against the built server
// (PGlite) holding BENCH_POSTS posts (default 1,500, one of them 200,000 characters), while this process asks
// GET /api/health one request at a time and times every answer. Target: /api/health p99 under 100 ms under each
// load, judged on the median of BENCH_RUNS runs (default 3). Also printed: each load's req/s and bytes, the
// server's memory before and after 2,000 made-up paging cursors, the size of the long post's rendered page.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminHeaders, startGrove } from '../tooling/grove-server.ts';
import { cpuTicks, stealPercent } from './lib/machine.ts';
import { rssBytes } from './lib/processes.ts';
import { envSeconds, fixed, percentile } from './lib/stats.ts';

const DURATION_S = envSeconds('BENCH_DURATION', 8, 60);
const CONNECTIONS = Math.max(1, Math.round(Number(process.env.BENCH_CONNECTIONS ?? 10)) || 10);
const POSTS = Math.max(2, Math.round(Number(process.env.BENCH_POSTS ?? 1500)) || 1500);
const RUNS = Math.max(1, Math.round(Number(process.env.BENCH_RUNS ?? 3)) || 3);
const CURSORS = 2000;
const P99_TARGET_MS = 100;
const LOADER = fileURLToPath(new URL('./lib/abuse-load.ts', import.meta.url));

interface Load {
  requests: number;
  non2xx: number;
  errors: number;
  bytes: number;
  seconds: number;
}

interface Result {
  name: string;
  rps: number;
  mbPerS: number;
  non2xx: number;
  healthP50: number;
  healthP99: number;
  healthMax: number;
}

async function seed(baseUrl: string): Promise<{ longId: string; shortId: string }> {
  const headers = await adminHeaders(baseUrl);
  const create = async (index: number, content: string): Promise<string> => {
    const post = { title: `Abuse post ${index}`, excerpt: `Excerpt of post ${index}, as long as the blog list shows.`, content, tags: ['bench'] };
    const response = await fetch(`${baseUrl}/api/posts`, { method: 'POST', headers, body: JSON.stringify(post) });
    if (response.status !== 201) throw new Error(`creating post ${index}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  // About 2 KB of HTML each, as the attack probe's blog (3.4 MB for 1,519 posts).
  const paragraph = '<p>Grove keeps tasks, notes and mind maps on your device, and syncs nothing it cannot read. </p>';
  const shortId = await create(0, paragraph.repeat(20));
  for (let i = 1; i < POSTS - 1; i += 1) await create(i, paragraph.repeat(20));
  const longId = await create(POSTS - 1, `<p>${'Grove '.repeat(33_000)}</p>`.slice(0, 200_000 - 4) + '</p>');
  return { longId, shortId };
}

/** One request at a time to /api/health until `until` resolves; every answer's time in ms. */
async function probeHealth(baseUrl: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = request(`${baseUrl}/api/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.once('error', reject);
      req.end();
    });
    times.push(performance.now() - started);
  }
  agent.destroy();
  return times;
}

async function load(baseUrl: string, paths: string[]): Promise<Load> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grove-abuse-'));
  const file = path.join(dir, 'paths.txt');
  writeFileSync(file, paths.join('\n'));
  try {
    return await new Promise<Load>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', LOADER, baseUrl, file, String(CONNECTIONS), String(DURATION_S)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Load) : reject(new Error(`load generator exited with ${code}`))));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const idle = (): Promise<Load> => new Promise((resolve) => {
  setTimeout(() => resolve({ requests: 0, non2xx: 0, errors: 0, bytes: 0, seconds: DURATION_S }), DURATION_S * 1000);
});

async function scenario(baseUrl: string, name: string, paths: string[]): Promise<Result> {
  // No paths: the probe alone, the reference for the loads.
  const loading = paths.length === 0 ? idle() : load(baseUrl, paths);
  const times = (await probeHealth(baseUrl, loading)).sort((a, b) => a - b);
  const result = await loading;
  return {
    name,
    rps: result.requests / result.seconds,
    mbPerS: result.bytes / result.seconds / 1e6,
    non2xx: result.non2xx + result.errors,
    healthP50: percentile(times, 50),
    healthP99: percentile(times, 99),
    healthMax: times.at(-1) ?? Number.NaN,
  };
}

function madeUpCursors(): string[] {
  return Array.from({ length: CURSORS }, (_, i) => {
    const token = Buffer.from(`2030-01-01T00:00:00.${String(i % 1000).padStart(3, '0')}Z|${randomUUID()}`).toString('base64url');
    return `/api/posts?limit=50&before=${token}`;
  });
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

async function main(): Promise<void> {
  const grove = await startGrove('pglite');
  const pid = grove.process.child.pid;
  try {
    console.log(`bench:abuse: seeding ${POSTS} posts…`);
    const { longId, shortId } = await seed(grove.baseUrl);
    const page = await fetch(`${grove.baseUrl}/blog/${longId}`, { headers: { 'accept-encoding': 'identity' } });
    const pageBytes = Buffer.byteLength(await page.text());
    const scenarios: Array<[string, string[]]> = [
      ['nothing (the probe alone)', []],
      ['/sitemap.xml', ['/sitemap.xml']],
      ['/feed.xml', ['/feed.xml']],
      ['/api/posts (no limit)', ['/api/posts']],
      ['/api/posts?limit=50&before=<made-up>', madeUpCursors()],
      ['/blog/<known post>', [`/blog/${shortId}`]],
      ['/blog/<unknown uuid>', Array.from({ length: 500 }, () => `/blog/${randomUUID()}`)],
    ];
    const runs: Result[][] = [];
    const rss: Array<[number, number]> = [];
    const ticks = cpuTicks();
    for (let run = 0; run < RUNS; run += 1) {
      const results: Result[] = [];
      for (const [name, paths] of scenarios) {
        const before = pid === undefined ? 0 : rssBytes(pid);
        results.push(await scenario(grove.baseUrl, name, paths));
        if (name.includes('made-up') && pid !== undefined) rss.push([before, rssBytes(pid)]);
        console.log(`run ${run + 1}: ${name}: ${fixed(results.at(-1)!.rps, 0)} req/s, health p99 ${fixed(results.at(-1)!.healthP99, 1)} ms`);
      }
      runs.push(results);
    }
    const steal = stealPercent(ticks, cpuTicks());
    console.log(`\n${POSTS} posts, ${CONNECTIONS} connections, ${DURATION_S} s per load, median of ${RUNS} runs; CPU stolen ${fixed(steal, 1)} %`);
    console.log('| Load | req/s | MB/s out | non-2xx | /api/health p50 | p99 | max |');
    console.log('|---|---|---|---|---|---|---|');
    let worst = 0;
    for (const [index, [name]] of scenarios.entries()) {
      const of = (pick: (result: Result) => number) => median(runs.map((results) => pick(results[index]!)));
      const p99 = of((r) => r.healthP99);
      worst = Math.max(worst, p99);
      console.log(`| ${name} | ${fixed(of((r) => r.rps), 0)} | ${fixed(of((r) => r.mbPerS), 1)} | ${fixed(of((r) => r.non2xx), 0)} | `
        + `${fixed(of((r) => r.healthP50), 1)} ms | ${fixed(p99, 1)} ms | ${fixed(of((r) => r.healthMax), 0)} ms |`);
    }
    const growth = rss.map(([before, after]) => (after - before) / 1e6);
    console.log(`\nRSS growth over ${CURSORS} made-up cursors (each run): ${growth.map((mb) => `${fixed(mb, 0)} MB`).join(', ')} (target < 150 MB)`);
    console.log(`Rendered page of the 200,000-character post: ${fixed(pageBytes / 1024, 0)} KB uncompressed`);
    console.log(`Worst /api/health p99 (median of runs): ${fixed(worst, 1)} ms; target < ${P99_TARGET_MS} ms: ${worst < P99_TARGET_MS ? 'met' : 'MISSED'}`);
  } finally {
    await grove.stop();
  }
}

await main();
