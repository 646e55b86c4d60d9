import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const flag = (value: string | undefined) => value !== undefined && ['1', 'true', 'yes'].includes(value.toLowerCase());

let app;
try {
  app = await buildApp({
    webDistDir,
    logger: process.env.LOG_LEVEL !== 'silent',
    dataDir: process.env.DATA_DIR ?? 'data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    adminSecretKey: process.env.ADMIN_SECRET_KEY,
    adminDisplayName: process.env.ADMIN_DISPLAY_NAME,
    trustProxy: flag(process.env.TRUST_PROXY),
  });
} catch (error) {
  if (error instanceof DataDirLockedError) {
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
