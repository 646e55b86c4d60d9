// npm run bench:api: GET /api/posts (20 posts) on the real server vs a bare node:http server sending the
// same bytes, loaded by wrk (C, from Debian; scripts/ensure-wrk.sh) or, with BENCH_LOADGEN=autocannon, by
// autocannon. Each server gets BENCH_DURATION seconds of load (default 60) in BENCH_ROUNDS rounds (default 6)
// taken in turns (Grove, bare, bare, Grove, ...) so a slow moment of the machine hits both alike; each
// server's rounds are pooled into one latency distribution. BENCH_CONNECTIONS: the load levels (default
// 100,10); BENCH_ENGINES (default pglite,postgres).
// Targets (decisions 025, 032): at every level Grove's throughput >= 0.6 × bare and no non-2xx; p99 <=
// 3 × p50 where the load saturates the server (TAIL_JUDGED_FROM connections). Below that, p50 is a fifth of a
// millisecond and p99 is the machine's scheduling jitter, for the bare server as much as for Grove: that
// tail is printed beside the bare server's, not judged.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminHeaders, HOST, startGrove } from '../tooling/grove-server.ts';
import { autocannonRun, hasWrk, pool, wrkRun, type LoadOptions, type Pooled, type RunSummary } from './lib/load.ts';
import { cpuTicks, stealPercent } from './lib/machine.ts';
import { freePort, pinToCpu, sleep, startBaseline } from './lib/processes.ts';
import { envList, envSeconds, fixed } from './lib/stats.ts';

const DURATION_S = envSeconds('BENCH_DURATION', 60);
const ROUNDS = Math.max(1, Math.round(envSeconds('BENCH_ROUNDS', 6, 60)));
const ROUND_S = Math.max(1, Math.round(DURATION_S / ROUNDS));
const WARMUP_S = Math.min(5, DURATION_S);
const LEVELS = envList('BENCH_CONNECTIONS', ['100', '10']).map((level) => Math.min(1000, Math.max(1, Math.round(Number(level)) || 1)));
const TAIL_JUDGED_FROM = 100;
// Every request goes through Fastify (routing, Request/Reply, hooks) since decision 032, cache hits included.
const RATIO_TARGET = 0.6;
const ENGINES = envList('BENCH_ENGINES', ['pglite', 'postgres']);
const LOADGEN = process.env.BENCH_LOADGEN ?? 'wrk';
const POSTS = 20;
// Headers the baseline copies; Date, Connection and Keep-Alive are added by node:http for both.
const COPIED_HEADERS = [
  'content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy',
  'cross-origin-resource-policy', 'permissions-policy', 'etag', 'cache-control', 'content-type',
];

if (LOADGEN !== 'wrk' && LOADGEN !== 'autocannon') throw new Error('BENCH_LOADGEN must be wrk or autocannon');
if (LOADGEN === 'wrk' && !hasWrk()) {
  const installer = fileURLToPath(new URL('../scripts/ensure-wrk.sh', import.meta.url));
  if (spawnSync('bash', [installer], { stdio: 'inherit' }).status !== 0 || !hasWrk()) {
    throw new Error('wrk is missing and could not be installed (apt-get install wrk); BENCH_LOADGEN=autocannon runs without it');
  }
}
const run = (options: LoadOptions): Promise<RunSummary> => (LOADGEN === 'wrk' ? wrkRun(options) : autocannonRun(options));

async function seed(baseUrl: string): Promise<void> {
  const headers = await adminHeaders(baseUrl);
  for (let i = 1; i <= POSTS; i += 1) {
    const post = {
      title: `Benchmark post ${i}`,
      excerpt: `A short excerpt for post ${i}, about the length the blog list shows.`,
      content: `<h2>Post ${i}</h2>${'<p>Grove keeps tasks, notes and mind maps on your device. '.repeat(8)}</p>`,
      tags: ['bench', `tag-${i % 4}`],
    };
    const response = await fetch(`${baseUrl}/api/posts`, { method: 'POST', headers, body: JSON.stringify(post) });
    if (response.status !== 201) throw new Error(`creating post ${i}: ${response.status} ${await response.text()}`);
  }
}

function row(name: string, m: Pooled): string {
  return `  ${name.padEnd(9)} ${fixed(m.rps, 0).padStart(8)} req/s  p50 ${fixed(m.p50, 3)} ms  p99 ${fixed(m.p99, 3)} ms` +
    `  p99/p50 ${fixed(m.p99 / m.p50)}  non-2xx ${m.non2xx}  errors ${m.errors}  (${m.requests} requests)`;
}

/** Both servers at one load level; true when Grove meets the level's targets. */
async function benchLevel(url: string, baselineUrl: string, connections: number, cpu: number | undefined): Promise<boolean> {
  // Warm-ups let both JITs settle; then the rounds, in turns.
  await run({ url, connections, durationS: WARMUP_S, cpu });
  await run({ url: baselineUrl, connections, durationS: WARMUP_S, cpu });
  const groveRuns: RunSummary[] = [];
  const bareRuns: RunSummary[] = [];
  // Per round, the share of the machine's CPU time the host took away (steal, both vCPUs): a stolen vCPU stalls
  // the server or the load generator, and either one shows up in the measured latencies.
  const groveSteal: number[] = [];
  const bareSteal: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const grove = [url, groveRuns, groveSteal] as const;
    const bare = [baselineUrl, bareRuns, bareSteal] as const;
    const order = round % 2 === 0 ? [grove, bare] : [bare, grove];
    for (const [target, runs, steal] of order) {
      await sleep(300);
      const before = cpuTicks();
      runs.push(await run({ url: target, connections, durationS: ROUND_S, cpu }));
      steal.push(stealPercent(before, cpuTicks()));
    }
  }
  const grove = pool(groveRuns);
  const bare = pool(bareRuns);
  const ratio = grove.rps / bare.rps;
  console.log(`  ${connections} connections (after ${WARMUP_S} s warm-up each):`);
  console.log(row('grove', grove));
  console.log(row('bare', bare));
  // Per round, to tell a steady tail from one slow moment of the machine.
  const tailRatio = (m: Pooled) => m.p99 / m.p50;
  const rounds = (runs: RunSummary[]) => runs.map((r) => fixed(tailRatio(pool([r])), 1)).join(' ');
  console.log(`  p99/p50 per round: grove ${rounds(groveRuns)}; bare ${rounds(bareRuns)}`);
  const steals = (values: number[]) => values.map((value) => `${fixed(value, 1)}%`).join(' ');
  console.log(`  CPU time stolen by the host per round: grove ${steals(groveSteal)}; bare ${steals(bareSteal)}`);
  const tail = (m: Pooled) => (tailRatio(m) <= 3 ? 'yes' : 'no');
  const judged = connections >= TAIL_JUDGED_FROM;
  const ok = ratio >= RATIO_TARGET && grove.non2xx === 0 && grove.errors === 0 && (!judged || tailRatio(grove) <= 3);
  console.log(`  ratio ${fixed(ratio, 3)} (target >= ${RATIO_TARGET}), p99 <= 3 × p50: grove ${tail(grove)}, bare ${tail(bare)}` +
    `${judged ? '' : ' (not judged below saturation)'} → ${ok ? 'PASS' : 'MISS'}`);
  return ok;
}

async function benchEngine(engine: string): Promise<boolean> {
  const grove = await startGrove(engine);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'grove-bench-body-'));
  try {
    await seed(grove.baseUrl);
    const url = `${grove.baseUrl}/api/posts`;
    const sample = await fetch(url);
    const body = Buffer.from(await sample.arrayBuffer());
    const posts = JSON.parse(body.toString('utf8')) as unknown[];
    if (sample.status !== 200 || posts.length !== POSTS) throw new Error(`unexpected /api/posts: ${sample.status}, ${posts.length} posts`);
    const headers = Object.fromEntries(COPIED_HEADERS.flatMap((name) => {
      const value = sample.headers.get(name);
      return value === null ? [] : [[name, value]];
    }));
    const bodyFile = path.join(tmp, 'body.json');
    writeFileSync(bodyFile, body);
    const port = await freePort();
    const baseline = await startBaseline('http-server.ts', { PORT: String(port), BODY_FILE: bodyFile, HEADERS_JSON: JSON.stringify(headers) });
    try {
      const baselineUrl = `http://${HOST}:${port}/api/posts`;
      const check = Buffer.from(await (await fetch(baselineUrl)).arrayBuffer());
      if (!check.equals(body)) throw new Error('baseline does not send the same bytes');
      // Each server on CPU 0, the load generator on CPU 1: the same placement for Grove and the baseline.
      const pinned = pinToCpu(grove.process.child.pid, 0) && pinToCpu(baseline.child.pid, 0);
      const cpu = pinned && LOADGEN === 'wrk' ? 1 : undefined;
      if (pinned && LOADGEN === 'autocannon') pinToCpu(process.pid, 1);
      console.log(`\n${engine}: ${body.byteLength} bytes per response, ${LOADGEN}, ${ROUNDS} rounds of ${ROUND_S} s per server and level`
        + `${pinned ? ', servers on CPU 0 and the load generator on CPU 1' : ''}`);
      let ok = true;
      for (const connections of LEVELS) ok = (await benchLevel(url, baselineUrl, connections, cpu)) && ok;
      return ok;
    } finally {
      await baseline.stop();
    }
  } finally {
    await grove.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

let allOk = true;
for (const engine of ENGINES) allOk = (await benchEngine(engine)) && allOk;
console.log(`\nbench:api ${allOk ? 'met' : 'missed'} its targets (${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => fixed(l)).join(' ')})`);
