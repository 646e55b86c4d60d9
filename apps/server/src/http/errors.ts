import { describeIssues } from '@grove/domain/content/api-error';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** An error whose message is meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Sent beside the message when set: names the refusal for a client that shows its own text (api-error.ts). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Validates input with a contract schema; a failure is a 400 with the first issue as the message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describeIssues(result.error));
  return result.data;
}

const FASTIFY_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type: send JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty: send a JSON object.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Send the image as multipart/form-data.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'File is too large. Please select an image under 5MB.'],
  FST_FILES_LIMIT: [400, 'Send one image at a time.'],
  FST_PARTS_LIMIT: [400, 'Send one image at a time.'],
  FST_FIELDS_LIMIT: [400, 'Too many form fields.'],
  FST_PROTO_VIOLATION: [400, 'Invalid form field name.'],
};

// PostgreSQL errors caused by the data sent (constraint, type or encoding violations, duplicates, values too
// large to index), not by the server. The contracts reject most of these first; this is the safety net.
const CLIENT_SQLSTATES = new Set([
  '23502', '23514', '22001', '22P02', '22007', '22008', '22023', '23503', '22021', '23505', '54000',
]);

/**
 * One error shape for the whole API: `{ error }` with a clear message for 4xx, and a generic message for
 * 5xx (logged, never returned: no stack traces or SQL in responses).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers)
        .send(error.code === undefined ? { error: error.message } : { error: error.message, code: error.code });
    }
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ error: known[1] });
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.code(400).send({ error: 'The request body is not valid JSON.' });
    }
    if (error.code && CLIENT_SQLSTATES.has(error.code)) {
      request.log.warn({ err: error }, 'rejected by a database constraint');
      return reply.code(400).send({ error: 'The data is not valid.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message.endsWith('.') ? error.message : `${error.message}.` });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });
}
