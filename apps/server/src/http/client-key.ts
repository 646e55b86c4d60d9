import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/** The first four groups of an IPv6 address, expanded: one /64 network, which one client usually owns. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = address.includes('::') && tail !== '' ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '').toLowerCase()).join(':');
}

/**
 * The key a client's login attempts and realtime connections are counted under: the address normalised
 * (IPv4-mapped IPv6 as IPv4, IPv6 reduced to its /64 so one host cannot rotate through its 2^64 addresses)
 * and hashed, so an address of any length or form (a proxy's header is client-written) fits the table.
 */
export function clientKey(address: string): string {
  let normalised = address.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(normalised);
  if (mapped?.[1]) normalised = mapped[1];
  else if (isIPv6(normalised)) normalised = `${ipv6Prefix64(normalised)}::/64`;
  else if (!isIPv4(normalised)) normalised = `other:${normalised}`;
  return createHash('sha256').update(normalised, 'utf8').digest('hex');
}
