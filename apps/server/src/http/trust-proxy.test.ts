import { describe, expect, it } from 'vitest';
import { StartupConfigError } from '../startup-error.ts';
import { clientKey } from './client-key.ts';
import { fastifyTrustProxy, parseTrustProxy, toTrustProxy } from './trust-proxy.ts';

describe('parseTrustProxy', () => {
  it('reads a hop count, true as one hop, or a list of proxy addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,loopback, ::1')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback', '::1']);
    expect(() => parseTrustProxy('everyone')).toThrow(StartupConfigError);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(StartupConfigError);
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.1, 1.2.3.4/00']) expect(() => parseTrustProxy(everyone), everyone).toThrow(/a \/0 range/);
  });

  it('never trusts every hop', () => {
    expect(toTrustProxy(true)).toBe(1);
    const trust = fastifyTrustProxy(toTrustProxy(true));
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('198.51.100.7', 1)).toBe(false);
  });
});

describe('clientKey', () => {
  it('hashes any address to 64 hex characters', () => {
    expect(clientKey('x'.repeat(5000))).toMatch(/^[0-9a-f]{64}$/);
  });

  it('treats one IPv6 /64 and an IPv4-mapped address as one client', () => {
    expect(clientKey('2001:db8:0:1::1')).toBe(clientKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:0:1::1')).not.toBe(clientKey('2001:db8:0:2::1'));
    expect(clientKey('::ffff:192.0.2.1')).toBe(clientKey('192.0.2.1'));
    expect(clientKey('192.0.2.1')).not.toBe(clientKey('192.0.2.2'));
  });
});
