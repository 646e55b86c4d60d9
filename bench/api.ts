// npm run bench:api: GET /api/posts (20 posts) on the real server vs a bare node:http server sending the
// same bytes. Three processes: Grove, the baseline and this one (autocannon), so neither server shares its
// core with the load generator's event loop. BENCH_DURATION (s, default 60), BENCH_CONNECTIONS (default 10),
// BENCH_ENGINES (default pglite,postgres).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { adminHeaders, freePort, HOST, pinToCpu, sleep, startBaseline, startGrove } from './lib/processes.ts';
import { envList, envSeconds, fixed, percentile } from './lib/stats.ts';

const DURATION_S = envSeconds('BENCH_DURATION', 60);
const WARMUP_S = Math.min(5, DURATION_S);
const CONNECTIONS = Math.min(100, Math.round(envSeconds('BENCH_CONNECTIONS', 10, 100)));
const ENGINES = envList('BENCH_ENGINES', ['pglite', 'postgres']);
const POSTS = 20;
// Headers the baseline copies; Date, Connection and Keep-Alive are added by node:http for both.
const COPIED_HEADERS = [
  'content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy',
  'cross-origin-resource-policy', 'permissions-policy', 'etag', 'cache-control', 'content-type',
];
// At most this many latencies are kept (far above 60 s of loopback traffic); beyond it sampling stops.
const MAX_SAMPLES = 5_000_000;

interface Measured {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run; latencies are taken from its per-response event (sub-millisecond, unlike its histogram). */
function load(url: string, durationS: number): Promise<Measured> {
  const samples = new Float64Array(MAX_SAMPLES);
  let count = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: durationS, timeout: 10 }, (error, result) => {
      if (error) {
        reject(error);
        return;
      }
      const sorted = samples.subarray(0, count).sort();
      resolve({
        rps: result.requests.total / result.duration,
        total: result.requests.total,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      if (count < MAX_SAMPLES) samples[count++] = responseTime;
    });
  });
}

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

function row(name: string, m: Measured): string {
  return `  ${name.padEnd(9)} ${fixed(m.rps, 0).padStart(8)} req/s  p50 ${fixed(m.p50, 3)} ms  p99 ${fixed(m.p99, 3)} ms` +
    `  p99/p50 ${fixed(m.p99 / m.p50)}  non-2xx ${m.non2xx}  errors ${m.errors}  (${m.total} requests)`;
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
      // Each server on CPU 0, this load generator on CPU 1: the same placement for Grove and the baseline.
      const pinned = pinToCpu(grove.process.child.pid, 0) && pinToCpu(baseline.child.pid, 0) && pinToCpu(process.pid, 1);
      console.log(`\n${engine}: ${body.byteLength} bytes per response, ${CONNECTIONS} connections, ${DURATION_S} s each (after ${WARMUP_S} s warm-up)`
        + `${pinned ? ', servers pinned to CPU 0 and the load generator to CPU 1' : ''}`);
      // Warm-ups let both JITs settle; then the two measured runs back to back.
      await load(url, WARMUP_S);
      await load(baselineUrl, WARMUP_S);
      await sleep(500);
      const grovePerf = await load(url, DURATION_S);
      await sleep(500);
      const barePerf = await load(baselineUrl, DURATION_S);
      const ratio = grovePerf.rps / barePerf.rps;
      console.log(row('grove', grovePerf));
      console.log(row('bare', barePerf));
      const ok = ratio >= 0.8 && grovePerf.non2xx === 0 && grovePerf.errors === 0 && grovePerf.p99 <= 3 * grovePerf.p50;
      // The bare server's own tail shows how much of Grove's tail is the machine and the load generator.
      console.log(`  ratio ${fixed(ratio, 3)} (target >= 0.8), grove p99 <= 3 × p50: ${grovePerf.p99 <= 3 * grovePerf.p50 ? 'yes' : 'no'}` +
        ` (bare: ${barePerf.p99 <= 3 * barePerf.p50 ? 'yes' : 'no'}) → ${ok ? 'PASS' : 'MISS'}`);
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
