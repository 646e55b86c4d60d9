import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

// fatal: a byte sequence that is not UTF-8 throws instead of turning into U+FFFD, which would be stored
// silently in place of what the client meant. Stateless between calls (no `stream` option), so one serves all.
const utf8 = new TextDecoder('utf-8', { fatal: true });

export const INVALID_UTF8_MESSAGE = 'The request body is not valid UTF-8 text.';

/**
 * The JSON body parser: Fastify's own (same empty-body and syntax errors, same body limits) fed text decoded
 * strictly, so invalid UTF-8 is a 400 in the API's error shape. Prototype keys are dropped like any other
 * unknown key (the contracts ignore those), not refused with a misleading "not valid JSON"; either way they
 * never reach an object's prototype.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      done(new HttpError(400, INVALID_UTF8_MESSAGE), undefined);
      return;
    }
    // Fastify's parser answers through done; its result is returned as a parser's would be.
    return parseJson(request, text, done);
  });
}
