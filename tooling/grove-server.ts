import { createTempDatabase, type TempDatabase } from '../apps/server/test/helpers/pg-database.ts';
import { freePort, startServer, waitForHealth, type ServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { makeTempDir } from '../apps/server/test/helpers/temp-dir.ts';

// The built Grove server as a process of its own, for the benchmarks (bench/) and the screenshots (scripts/):
// here so that neither imports the other.

export const HOST = '127.0.0.1';
export const ADMIN_KEY = 'bench-secret-key-0123456789';

export interface GroveUnderTest {
  engine: string;
  baseUrl: string;
  /** The PostgreSQL database it uses (postgres only): another instance started with it shares it. */
  databaseUrl: string | null;
  process: ServerProcess;
  stop(): Promise<void>;
}

/**
 * The real server as its own process (node dist/main.js, as `npm start` runs it), on a fresh PGlite
 * data dir or a fresh PostgreSQL database that is dropped afterwards; `databaseUrl`: a second instance on another's
 * database (left to the first to drop). `env` adds to the server's environment.
 */
export async function startGrove(
  engine: string,
  options: { nodeArgs?: string[]; env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<GroveUnderTest> {
  if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`unknown engine ${engine} (pglite or postgres)`);
  const tmp = makeTempDir('grove-bench-');
  let database: TempDatabase | undefined;
  if (engine === 'postgres' && options.databaseUrl === undefined) database = await createTempDatabase();
  const databaseUrl = options.databaseUrl ?? database?.url ?? null;
  const port = await freePort();
  const server = startServer({
    PORT: String(port), HOST, DATA_DIR: tmp.dir, ADMIN_SECRET_KEY: ADMIN_KEY, DATABASE_URL: databaseUrl ?? '',
    // Every bench subscriber comes from this one address.
    REALTIME_MAX_CONNECTIONS_PER_CLIENT: '20000', REALTIME_MAX_CONNECTIONS: '20000',
    ...options.env,
  }, { built: true, nodeArgs: options.nodeArgs });
  const baseUrl = `http://${HOST}:${port}`;
  const stop = async () => {
    await server.stop();
    await database?.drop();
    tmp.remove();
  };
  try {
    await waitForHealth(baseUrl, 60_000);
  } catch (error) {
    console.error(server.output());
    await stop();
    throw error;
  }
  return { engine, baseUrl, databaseUrl, process: server, stop };
}

/** Logs in as admin; returns the headers a cookie-authenticated write needs. */
export async function adminHeaders(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/admin/session`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify({ key: ADMIN_KEY }),
  });
  if (response.status !== 204) throw new Error(`admin login failed: ${response.status}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { 'content-type': 'application/json', origin: baseUrl, cookie };
}
