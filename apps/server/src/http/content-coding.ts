export type ContentCoding = 'br' | 'gzip';

/** The coding to send for an Accept-Encoding header: Brotli, else gzip, else none; a coding at q=0 is refused. */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
