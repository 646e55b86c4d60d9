import { randomBytes } from 'node:crypto';
import { syncIdSchema, syncTokenSchema } from '@grove/domain/realtime/messages';
import { describe, expect, it } from 'vitest';
import { readQuerySchema, snapshotQuerySchema } from './sync-contract.ts';
import { tokenHash } from './sync.service.ts';

describe('sync ids and tokens', () => {
  it('take every id and token a device makes, and only their one spelling', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(syncIdSchema.safeParse(randomBytes(16).toString('base64url')).success).toBe(true);
      expect(syncTokenSchema.safeParse(randomBytes(32).toString('base64url')).success).toBe(true);
    }
    // The same 16 bytes, spelled with the last character's unused bits set: decodes alike, refused.
    const id = Buffer.alloc(16).toString('base64url');
    expect(id).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(Buffer.from(`${id.slice(0, 21)}B`, 'base64url')).toEqual(Buffer.alloc(16));
    expect(syncIdSchema.safeParse(`${id.slice(0, 21)}B`).success).toBe(false);
    for (const bad of [`${id}==`, id.slice(1), `${id}A`, `${id.slice(0, 21)}+`, `${id.slice(0, 20)}/A`, ` ${id.slice(1)}`]) {
      expect(syncIdSchema.safeParse(bad).success, bad).toBe(false);
    }
    const token = Buffer.alloc(32).toString('base64url');
    expect(syncTokenSchema.safeParse(token).success).toBe(true);
    expect(syncTokenSchema.safeParse(`${token.slice(0, 42)}B`).success).toBe(false);
    expect(syncTokenSchema.safeParse(`${token}=`).success).toBe(false);
  });

  it('keep the SHA-256 of the token\'s 32 bytes', () => {
    const token = Buffer.alloc(32, 1).toString('base64url');
    expect(tokenHash(token).toString('hex')).toBe('72cd6e8422c407fb6d098690f1130b7ded7ec2f7f5e1d30bd9d521f015363793');
  });
});

describe('sync queries', () => {
  it('read whole numbers below 2^53 only', () => {
    expect(readQuerySchema.parse({ after: '0', limit: '10' })).toEqual({ after: 0, limit: 10 });
    expect(readQuerySchema.parse({})).toEqual({});
    expect(snapshotQuerySchema.parse({ covers: '999999999999999' })).toEqual({ covers: 999_999_999_999_999 });
    for (const after of ['-1', '1.5', '1e3', '', ' 1', '0x10', '9999999999999999', ['1', '2']]) {
      expect(readQuerySchema.safeParse({ after }).success, String(after)).toBe(false);
    }
    expect(readQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(snapshotQuerySchema.safeParse({}).success).toBe(false);
  });
});
