import type { FastifyRequest } from 'fastify';
import { isHttps } from '../../http/security.ts';

// The admin session cookie's names and how a request's token is read: used by the session routes, by realtime
// (an admin's socket) and by the OpenAPI document, so it is a module of its own rather than part of a routes file.

/** `__Host-` binds the cookie to this exact origin (Secure, Path=/, no Domain); browsers allow it over HTTPS only. */
export const SESSION_COOKIE = 'grove_admin_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const SESSION_COOKIE_NAMES = [SESSION_COOKIE, SECURE_SESSION_COOKIE] as const;

/** The name the session cookie has on this request: the `__Host-` one over HTTPS. */
export const sessionCookieName = (request: FastifyRequest) => (isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[sessionCookieName(request)];
}
