/**
 * Whether an If-None-Match header matches an ETag, by the weak comparison RFC 9110 asks for here: '*', or any
 * listed tag equal once a 'W/' prefix is dropped (proxies such as nginx turn tags weak when they compress).
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const wanted = opaque(etag);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || opaque(tag) === wanted;
  });
}
