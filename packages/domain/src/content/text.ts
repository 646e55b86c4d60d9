/**
 * Text PostgreSQL can store as sent: no NUL characters (text columns reject them with 22021) and no lone
 * UTF-16 surrogates (they cannot be encoded as UTF-8 and would be silently replaced).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

export const UNSTORABLE_TEXT_MESSAGE = 'contains characters that are not allowed (NUL or invalid Unicode).';
