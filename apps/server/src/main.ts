import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { readConfig, startupWarnings } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { StartupConfigError } from './startup-error.ts';

const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

let app;
let config;
try {
  config = readConfig(process.env);
  for (const warning of startupWarnings(config)) console.warn(`Grove: ${warning}`);
  app = await buildApp({ webDistDir, ...config.app });
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

await server.listen({ port: config.port, host: config.host });
