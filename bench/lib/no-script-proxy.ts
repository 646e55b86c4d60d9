import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The limit a server-rendered page can reach (issue 33): the same HTML with no script. A proxy in front of the
// real server passes every request through untouched, except a page's HTML, whose scripts it removes (data blocks
// such as JSON-LD and the page state stay: they run nothing) and which it compresses as the server would.

const EXECUTABLE_SCRIPT = /<script\b(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi;

/** The page without anything that would run: script elements (not data blocks) and module preloads. */
export function stripScripts(html: string): string {
  return html.replace(EXECUTABLE_SCRIPT, '').replace(MODULE_PRELOAD, '');
}

function encodeAs(acceptEncoding: string, body: Buffer): { body: Buffer; coding?: string } {
  if (/\bbr\b/.test(acceptEncoding)) return { body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }), coding: 'br' };
  if (/\bgzip\b/.test(acceptEncoding)) return { body: gzipSync(body), coding: 'gzip' };
  return { body };
}

export interface NoScriptProxy {
  baseUrl: string;
  close(): Promise<void>;
}

/** Starts the proxy in front of `upstream` (an http:// origin) on a free local port. */
export async function startNoScriptProxy(upstream: string): Promise<NoScriptProxy> {
  const target = new URL(upstream);
  const server = createServer((incoming, outgoing) => {
    const isDocument = incoming.method === 'GET' && String(incoming.headers.accept ?? '').includes('text/html');
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: target.host };
    if (isDocument) headers['accept-encoding'] = 'identity';
    const options = { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers };
    const forward = request(options, (answer) => {
      if (!isDocument || !String(answer.headers['content-type'] ?? '').includes('text/html')) {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const { 'content-length': _length, 'content-encoding': _coding, etag: _etag, ...rest } = answer.headers;
        const encoded = encodeAs(String(incoming.headers['accept-encoding'] ?? ''), Buffer.from(stripScripts(Buffer.concat(chunks).toString('utf8'))));
        outgoing.writeHead(answer.statusCode ?? 200, {
          ...rest, 'content-length': String(encoded.body.byteLength), ...(encoded.coding ? { 'content-encoding': encoded.coding } : {}),
        });
        outgoing.end(encoded.body);
      });
    });
    forward.on('error', () => {
      outgoing.statusCode = 502;
      outgoing.end();
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
