import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const webDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

const app = await buildApp({ webDistDir, logger: process.env.LOG_LEVEL !== 'silent' });

const shutdown = (signal: string) => {
  app.log.info(`${signal} received, closing`);
  app.close().then(() => process.exit(0), () => process.exit(1));
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));

await app.listen({ port, host });
