import type { FastifyRequest } from 'fastify';

/**
 * The origin absolute links are written with (canonical, Open Graph, sitemap, feed): PUBLIC_URL when it is set,
 * otherwise the request's own protocol and host (X-Forwarded-* only when TRUST_PROXY trusts the proxy).
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  return `${request.protocol}://${request.host}`;
}

/** PUBLIC_URL as an origin ('https://grove.example'), or undefined when unset; anything else is refused. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) address such as https://grove.example (it is "${value}").`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must be an origin such as https://grove.example, without a path (it is "${value}").`);
  }
  return url.origin;
}
