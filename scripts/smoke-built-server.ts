// `npm test` step after the build: the built server (apps/server/dist/main.js, what `npm start` runs) on
// PostgreSQL, whose driver is a chunk of its own that the end-to-end tests (PGlite) never load. Starts it on a
// fresh database, reads a page through the API, stops it, drops the database. Exit code 0 when it all worked.
import { randomBytes } from 'node:crypto';
import { createTempDatabase } from '../apps/server/test/helpers/pg-database.ts';
import { freePort, startServer, waitForHealth } from '../apps/server/test/helpers/server-process.ts';
import { makeTempDir } from '../apps/server/test/helpers/temp-dir.ts';

const database = await createTempDatabase();
const dataDir = makeTempDir('grove-smoke-');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServer(
  { PORT: String(port), DATABASE_URL: database.url, DATA_DIR: dataDir.dir, ADMIN_SECRET_KEY: randomBytes(16).toString('hex'), LOG_LEVEL: 'warn' },
  { built: true },
);
let ok = false;
try {
  await Promise.race([waitForHealth(base, 20_000), server.exited.then((code) => Promise.reject(new Error(`it exited with ${code}`)))]);
  const about = await fetch(`${base}/api/site-content/about`);
  const page = (await about.json()) as { slug?: string };
  if (about.status !== 200 || page.slug !== 'about') throw new Error(`GET /api/site-content/about: ${about.status}`);
  ok = true;
  console.log('Built server on PostgreSQL: started, migrated, served /api/site-content/about');
} catch (error) {
  console.error(`Built server on PostgreSQL: ${(error as Error).message}\n${server.output()}`);
} finally {
  await server.stop();
  await database.drop();
  dataDir.remove();
}
process.exit(ok ? 0 : 1);
