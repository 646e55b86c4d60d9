import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** An origin in canonical form (lower case, default port dropped), or null when it is not one. */
function canonicalOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The origin this request was addressed to, as a browser would write it in an Origin header. */
export function expectedOrigin(request: FastifyRequest): string {
  return canonicalOrigin(`${request.protocol}://${request.host}`) ?? '';
}

/** Whether an Origin header names this very server. */
export function isSameOrigin(request: FastifyRequest, origin: string): boolean {
  return canonicalOrigin(origin) === expectedOrigin(request);
}

/**
 * The policy the built SPA satisfies: only same-origin scripts and styles (React sets inline style
 * attributes, hence 'unsafe-inline' for styles only), images also from data:/blob: URLs and http(s) (a
 * post's image_url may point elsewhere), and the realtime socket on this same origin.
 */
function contentSecurityPolicy(request: FastifyRequest): string {
  const wsOrigin = `${isHttps(request) ? 'wss' : 'ws'}://${request.host}`;
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https:`,
    `font-src 'self' data:`,
    `connect-src 'self' ${wsOrigin}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `worker-src 'self' blob:`,
    `manifest-src 'self'`,
  ].join('; ');
}

function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('Content-Security-Policy', contentSecurityPolicy(request));
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('Cross-Origin-Resource-Policy', 'same-origin');
  reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (isHttps(request)) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence in depth beside SameSite=Strict: a state-changing API request whose Origin names another
 * site is refused, and so is one that carries a cookie but no Origin at all (browsers always send Origin on
 * such fetches; only a non-browser or a very old browser would not).
 */
export function checkOrigin(request: FastifyRequest, cookieNames: readonly string[]): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (!isSameOrigin(request, origin)) throw new HttpError(403, 'Cross-site request refused.');
    return;
  }
  const hasCookie = cookieNames.some((name) => request.cookies[name] !== undefined);
  if (hasCookie) throw new HttpError(403, 'Cross-site request refused: the Origin header is missing.');
}

export function registerSecurity(app: FastifyInstance, cookieNames: readonly string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    setSecurityHeaders(request, reply);
    if (request.url.startsWith('/api/')) checkOrigin(request, cookieNames);
  });
}
