import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// The tiny static server of the benches' own pages (bench:store's page, the bare library pages): a built directory
// on a random local port, nothing cached or compressed.

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css' };

export interface StaticServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Serves `dir`: a path ending in '/' is its index.html. `isolated` sends the cross-origin isolation headers, which
 * give performance.now() its fine (5 µs) resolution instead of 100 µs (bench:store times sub-millisecond calls);
 * a page measured against Grove's, which the real server serves without them, is served without them too.
 */
export function serveStatic(dir: string, { isolated }: { isolated: boolean }): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      ...(isolated ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } : {}),
    });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    resolve({
      baseUrl: `http://127.0.0.1:${port}`,
      close: () => new Promise<void>((closed) => {
        server.close(() => closed());
        // A browser's keep-alive connections would hold close() open.
        server.closeAllConnections();
      }),
    });
  }));
}
