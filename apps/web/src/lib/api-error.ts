// A failed API call, by code. The user reads it through i18n (`errors.api.<code>` in en.json); the server's own
// sentence is kept for the console only, so no English reaches the screen from here.

export const API_ERROR_CODES = [
  'network', 'unexpectedResponse', 'badRequest', 'unauthorized', 'invalidSecretKey', 'forbidden', 'notFound',
  'conflict', 'tooLarge', 'imageTooLarge', 'unsupportedType', 'rateLimited', 'unavailable', 'server', 'generic',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export class ApiError extends Error {
  constructor(
    /** 0 when the server could not be reached. */
    readonly status: number,
    readonly code: ApiErrorCode,
    /** The server's message, for the console and bug reports; never shown (it is not translated). */
    readonly detail?: string,
  ) {
    super(detail ? `${code} (${status}): ${detail}` : `${code} (${status})`);
    this.name = 'ApiError';
  }
}

const isCode = (value: unknown): value is ApiErrorCode => API_ERROR_CODES.includes(value as ApiErrorCode);

/**
 * The code of a failed response. A `code` the server sends in its error body wins when this client knows it;
 * otherwise the status decides. `overrides` lets one endpoint name what a status means for it (a 401 at login
 * is a wrong key, not an ended session).
 */
export function codeForStatus(status: number, bodyCode?: unknown, overrides: Partial<Record<number, ApiErrorCode>> = {}): ApiErrorCode {
  if (isCode(bodyCode)) return bodyCode;
  const override = overrides[status];
  if (override) return override;
  switch (status) {
    case 400: return 'badRequest';
    case 401: return 'unauthorized';
    case 403: return 'forbidden';
    case 404: return 'notFound';
    case 409: return 'conflict';
    case 413: return 'tooLarge';
    case 415: return 'unsupportedType';
    case 429: return 'rateLimited';
    case 502: case 503: case 504: return 'unavailable';
    default: return status >= 500 ? 'server' : 'generic';
  }
}

/** The i18n key of any error a fetcher may throw; anything that is not an ApiError gets the generic message. */
export function apiErrorKey(error: unknown): `errors.api.${ApiErrorCode}` {
  return `errors.api.${error instanceof ApiError ? error.code : 'generic'}`;
}
