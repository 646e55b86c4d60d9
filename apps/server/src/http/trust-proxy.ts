import { isIP } from 'node:net';
import { StartupConfigError } from '../startup-error.ts';

/** TRUST_PROXY parsed: a number of proxy hops, or the proxies' addresses/CIDRs, or nothing. */
export type TrustProxy = false | number | string[];

/** Fastify's trustProxy for it (a hop count as the function proxy-addr builds for one; its typings lack numbers). */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * TRUST_PROXY: a hop count (`1` = one reverse proxy in front; `true`/`yes` mean 1) or a comma-separated
 * list of proxy addresses or CIDRs. Never "trust every hop": the left-most X-Forwarded-For entry is
 * written by the client, so trusting it would let anyone choose the address the login limit counts.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    if (family !== 0 && bits !== undefined && /^0+$/.test(bits)) {
      throw new StartupConfigError(`TRUST_PROXY must not trust every address ("${entry}" is a /0 range): name the proxies' addresses or give a hop count.`);
    }
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    if (!named && (family === 0 || !bitsOk)) {
      throw new StartupConfigError(`TRUST_PROXY must be a hop count (e.g. 1) or a list of proxy addresses/CIDRs; got "${entry}".`);
    }
  }
  return entries;
}

/** The option as given to buildApp (boolean true = one hop, never all). */
export function toTrustProxy(option: boolean | number | string | readonly string[] | undefined): TrustProxy {
  if (option === undefined || option === false) return false;
  if (option === true) return 1;
  if (typeof option === 'number') return option;
  if (typeof option === 'string') return parseTrustProxy(option);
  return [...option];
}
