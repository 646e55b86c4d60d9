import { fileURLToPath } from 'node:url';
import { buildApp, LOG_LEVELS, type LogLevel } from './app.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { parseTrustProxy } from './http/trust-proxy.ts';
import type { RealtimeLimits } from './realtime/limits.ts';
import { StartupConfigError } from './startup-error.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const realtimeLimits: Partial<RealtimeLimits> = {};
for (const [name, key] of [
  ['REALTIME_MAX_CONNECTIONS', 'maxConnections'],
  ['REALTIME_MAX_CONNECTIONS_PER_CLIENT', 'maxConnectionsPerClient'],
] as const) {
  const value = process.env[name]?.trim();
  if (value !== undefined && /^\d+$/.test(value)) realtimeLimits[key] = Number(value);
}

/** LOG_LEVEL: `silent` turns the log off; otherwise one of pino's levels (default info). */
function logger(value: string | undefined): false | { level: LogLevel } {
  const level = value?.trim().toLowerCase() || 'info';
  if (level === 'silent') return false;
  if ((LOG_LEVELS as readonly string[]).includes(level)) return { level: level as LogLevel };
  throw new StartupConfigError(`LOG_LEVEL must be silent or one of ${LOG_LEVELS.join(', ')} (it is "${value}").`);
}

let app;
try {
  app = await buildApp({
    webDistDir,
    logger: logger(process.env.LOG_LEVEL),
    dataDir: process.env.DATA_DIR ?? 'data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    adminSecretKey: process.env.ADMIN_SECRET_KEY,
    adminDisplayName: process.env.ADMIN_DISPLAY_NAME,
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    realtimeLimits,
  });
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof StartupConfigError) {
    console.error(`Grove cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const server = app;
const shutdown = (signal: string) => {
  server.log.info(`${signal} received, closing`);
  server.close().then(() => process.exit(0), () => process.exit(1));
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));

await server.listen({ port, host });
