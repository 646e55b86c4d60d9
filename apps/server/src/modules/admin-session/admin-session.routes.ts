import { adminLoginSchema, type AdminSession } from '@grove/domain/content/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { HttpError, parseInput } from '../../http/errors.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import { isHttps } from '../../http/security.ts';
import type { AdminSessionService } from './admin-session.service.ts';
import { sessionCookieName, sessionToken } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin: when the admin session ends at the latest. */
    adminSessionExpiresAt?: Date;
  }
}

/**
 * The onRequest hook of every admin-only route: 401 without a live session cookie, answered before the body
 * is read or parsed (an unauthenticated client must not make the server parse what it sends).
 */
export function requireAdmin(service: AdminSessionService): onRequestAsyncHookHandler {
  return async (request) => {
    const expiresAt = await service.verify(sessionToken(request));
    if (!expiresAt) throw new HttpError(401, 'Admin session required. Please unlock the admin area again.');
    request.adminSessionExpiresAt = expiresAt;
  };
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(request), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
    expires: expiresAt,
  });
}

export function registerAdminSessionRoutes(app: FastifyInstance, service: AdminSessionService): void {
  app.post('/api/admin/session', { bodyLimit: BODY_LIMITS.login }, async (request, reply) => {
    const { key } = parseInput(adminLoginSchema, request.body);
    const { token, expiresAt } = await service.login(key, request.ip);
    setSessionCookie(request, reply, token, expiresAt);
    return reply.code(204).send();
  });

  app.get('/api/admin/session', async (request, reply): Promise<AdminSession> => {
    reply.header('Cache-Control', 'no-store');
    // Asking is not activity: a screen that checks now and then must not keep an idle session open.
    const expiresAt = await service.peek(sessionToken(request));
    return { authenticated: expiresAt !== null, expires_at: expiresAt?.toISOString() ?? null };
  });

  app.delete('/api/admin/session', async (request, reply) => {
    await service.logout(sessionToken(request));
    reply.clearCookie(sessionCookieName(request), { path: '/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
    return reply.code(204).send();
  });
}
