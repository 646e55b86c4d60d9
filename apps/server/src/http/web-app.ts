import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Paths the single-page app must never answer with index.html.
const NON_SPA_PREFIXES = ['/api/', '/storage/'];
const NON_SPA_EXACT = new Set(['/api', '/storage', '/robots.txt']);

export function isSpaPath(urlPath: string): boolean {
  if (NON_SPA_EXACT.has(urlPath)) return false;
  return !NON_SPA_PREFIXES.some((prefix) => urlPath.startsWith(prefix));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets with a year-long immutable cache, everything else revalidated,
 * and index.html for any other GET so the client router can take it.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const hasBuild = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const relative = path.relative(webDistDir, filePath);
        reply.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn('No web build found; run `npm run build` (the API still works).');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && isSpaPath(urlPath);
    if (wantsPage && hasBuild) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'Not found.' });
  });
}
