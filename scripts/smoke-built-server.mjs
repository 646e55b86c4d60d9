// `npm test` step after the build: the built server (apps/server/dist/main.js, what `npm start` runs) on
// PostgreSQL, whose driver is a chunk of its own that the end-to-end tests (PGlite) never load. Starts it on a
// fresh database, reads a page through the API, stops it, drops the database. Exit code 0 when it all worked.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `grove_smoke_${randomBytes(4).toString('hex')}`;

async function sql(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});

await sql(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url.toString(), ADMIN_SECRET_KEY: randomBytes(16).toString('hex'), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let gone = false;
const exited = new Promise((resolve) => server.once('exit', () => resolve(gone = true)));
let ok = false;
try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200 && !ok && !gone; i += 1) {
    ok = await fetch(`${base}/api/health`).then((response) => response.ok, () => false);
    if (!ok) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!ok) throw new Error('the built server did not become healthy on PostgreSQL');
  const about = await fetch(`${base}/api/site-content/about`);
  const page = await about.json();
  if (about.status !== 200 || page.slug !== 'about') throw new Error(`GET /api/site-content/about: ${about.status}`);
  console.log('Built server on PostgreSQL: started, migrated, served /api/site-content/about');
} catch (error) {
  ok = false;
  console.error(`Built server on PostgreSQL: ${error.message}`);
} finally {
  server.kill('SIGTERM');
  await exited;
  await sql(`drop database if exists ${name} with (force)`);
}
process.exit(ok ? 0 : 1);
