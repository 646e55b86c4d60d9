import type { Server } from 'node:http';
import {
  IMAGE_URL_MAX, POST_CONTENT_MAX, POST_EXCERPT_MAX, POST_TAG_LENGTH_MAX, POST_TAGS_MAX, POST_TITLE_MAX,
} from '@grove/domain/content/blog-post';
import { SITE_CONTENT_MAX } from '@grove/domain/content/site-content';
import type { FastifyHttpOptions } from 'fastify';

/**
 * How long a client may take. Fastify's defaults set none (requestTimeout 0, no socket timeout), so a client
 * that sends headers and part of a body would hold its connection, and a request, open for ever.
 */
export interface HttpTimeouts {
  /**
   * The whole request, headers and body, must arrive within this (a 5 MB image upload then needs about
   * 175 KB/s). Answered 408 and closed; Node checks every min(requestMs / 2, 1 s).
   */
  requestMs: number;
  /** A connection that sends nothing for this long is closed (until its first request is answered). */
  connectionMs: number;
  /** An idle keep-alive connection stays open this long between requests (Fastify's default). */
  keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestMs: 30_000, connectionMs: 10_000, keepAliveMs: 72_000 };

// JSON.stringify writes text as UTF-8: at most 3 bytes per UTF-16 unit (a surrogate pair is 4 bytes for 2).
// Only control characters take more (escaped as \u00XX, 6 bytes); a post made of them is not one we size for.
const UTF8_PER_CHAR = 3;
// Keys, quotes, commas and a little whitespace around the fields.
const JSON_FRAME = 1024;

/**
 * Request body limits in bytes, per route (Fastify's bodyLimit): a JSON body larger than its limit is a 413
 * before it is parsed. The post and page limits fit the largest valid post or page (every field at its
 * maximum length in 3-byte characters); anything without a limit of its own gets `default`. Image uploads
 * are multipart and limited by their parts (storage.routes.ts).
 */
export const BODY_LIMITS = {
  default: 16 * 1024,
  login: 2 * 1024,
  post: UTF8_PER_CHAR * (POST_TITLE_MAX + POST_EXCERPT_MAX + POST_CONTENT_MAX + POST_TAGS_MAX * POST_TAG_LENGTH_MAX + IMAGE_URL_MAX)
    + JSON_FRAME,
  siteContent: UTF8_PER_CHAR * SITE_CONTENT_MAX + JSON_FRAME,
} as const;

/** Fastify's server options for the limits and timeouts above: every one of them is set here. */
export function serverLimits(timeouts: HttpTimeouts): Pick<
  FastifyHttpOptions<Server>, 'bodyLimit' | 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'http'
> {
  return {
    bodyLimit: BODY_LIMITS.default,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks request timeouts on an interval (30 s by default), which would let a 30 s limit run to 60 s.
    // Its headers limit defaults to min(60 s, requestTimeout), so the whole request is bounded by requestMs.
    http: {
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.max(1, Math.min(1000, Math.floor(timeouts.requestMs / 2))),
    },
  };
}
