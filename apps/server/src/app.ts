import Fastify, { type FastifyInstance } from 'fastify';
import { registerWebApp } from './http/web-app.ts';

export interface AppOptions {
  /** Folder of the built web app (apps/web/dist); when missing, only the API is served. */
  webDistDir?: string;
  logger?: boolean;
}

/** Builds the one Fastify app that serves the web app and the API; used by main.ts and by the tests. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024 });

  app.get('/api/health', () => ({ status: 'ok' }));

  await registerWebApp(app, options.webDistDir);
  return app;
}
