import { isIP } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientMistakeLog } from './client-log.ts';
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
 * post's image_url may point elsewhere). connect-src 'self' also covers the same-origin realtime socket
 * (ws:/wss: in CSP Level 3 browsers), so the policy is one constant and never echoes the client's Host header.
 */
export const CONTENT_SECURITY_POLICY = [
  `default-src 'self'`,
  `script-src 'self'`,
  `style-src 'self' 'unsafe-inline'`,
  `img-src 'self' data: blob: https:`,
  `font-src 'self' data:`,
  `connect-src 'self'`,
  `object-src 'none'`,
  `base-uri 'self'`,
  `form-action 'self'`,
  `frame-ancestors 'none'`,
  `worker-src 'self' blob:`,
  `manifest-src 'self'`,
].join('; ');

const STATIC_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
} as const;
const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers every response carries: set by the onRequest hook below, and written with cached reads (cached-reply.ts). */
export function securityHeaders(https: boolean): Readonly<Record<string, string>> {
  return https ? HTTPS_HEADERS : HTTP_HEADERS;
}
const HTTP_HEADERS = { 'content-security-policy': CONTENT_SECURITY_POLICY, ...STATIC_HEADERS };
const HTTPS_HEADERS = { ...HTTP_HEADERS, 'strict-transport-security': HSTS };

function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(securityHeaders(isHttps(request)));
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

const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address is not valid.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The address is too long.'],
};

/**
 * Fastify's `frameworkErrors`: errors of its router (a malformed or over-long address), which reach neither
 * the hooks nor the error handler, answered in the API's `{ error }` shape and with the security headers.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  setSecurityHeaders(request, reply);
  const [status, message] = FRAMEWORK_MESSAGES[error.code] ?? [500, 'Something went wrong on our side. Please try again.'];
  if (status >= 500) request.log.error({ err: error }, 'routing failed');
  void reply.code(status).send({ error: message });
}

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
// Dot-separated labels of up to 63 characters, 253 in all, an optional final dot (IPv4 addresses are such names).
const HOST_NAME = new RegExp(`^(?=.{1,253}\\.?$)${LABEL}(?:\\.${LABEL})*\\.?$`);

/** Whether a Host (or a trusted X-Forwarded-Host) is a host name or address with an optional port 1-65535. */
export function isValidHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return false;
  const [, name = '', port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  return name.startsWith('[') ? isIP(name.slice(1, -1)) === 6 : HOST_NAME.test(name);
}

export function registerSecurity(app: FastifyInstance, cookieNames: readonly string[], clientLog: ClientMistakeLog): void {
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    // Links are written on the request's host when PUBLIC_URL is unset: a host that is not one is refused (decision 067).
    if (!isValidHost(request.host)) {
      clientLog.warn('host', 'refused an invalid Host header', { host: String(request.host ?? '').slice(0, 100) });
      done(new HttpError(400, 'Invalid Host header.'));
      return;
    }
    try {
      // Every path, not only /api/: an absolute-form request line (`POST http://host/api/posts`) routes to
      // the API with a request.url that does not start with /api/.
      checkOrigin(request, cookieNames);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
