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
function contentSecurityPolicy(wsOrigin: string): string {
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

const STATIC_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
} as const;
const HSTS = 'max-age=31536000; includeSubDomains';

// The CSP names the host the request came to, so it is built once per host and scheme, not per request
// (bench:api: string building per request was measurable). Bounded: the Host header is the client's.
const MAX_CACHED_POLICIES = 64;
const policies = new Map<string, string>();

function policyFor(request: FastifyRequest): string {
  const wsOrigin = `${isHttps(request) ? 'wss' : 'ws'}://${request.host}`;
  let policy = policies.get(wsOrigin);
  if (policy === undefined) {
    policy = contentSecurityPolicy(wsOrigin);
    if (policies.size >= MAX_CACHED_POLICIES) policies.clear();
    policies.set(wsOrigin, policy);
  }
  return policy;
}

function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('content-security-policy', policyFor(request));
  reply.headers(STATIC_HEADERS);
  if (isHttps(request)) reply.header('strict-transport-security', HSTS);
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
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    try {
      if (request.url.startsWith('/api/')) checkOrigin(request, cookieNames);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
