import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePostCursor, encodePostCursor } from './blog-post.ts';

describe('post cursors', () => {
  it('round-trip a post time and id, and are URL-safe', () => {
    fc.assert(fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), fc.uuid(), (date, id) => {
      const token = encodePostCursor({ createdAt: date.toISOString(), id });
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodePostCursor(token)).toEqual({ createdAt: date.toISOString(), id });
    }), { seed: 20261125 });
  });

  it('refuse tokens this server did not make', () => {
    for (const token of ['', 'nonsense!', encodePostCursor({ createdAt: 'soon', id: '3f0c2b1a-9d8e-4c7b-8a6f-5e4d3c2b1a09' }),
      encodePostCursor({ createdAt: '2026-03-05T12:00:00.000Z', id: 'not-a-uuid' }), btoa('a|b|c'), 'x'.repeat(201)]) {
      expect(decodePostCursor(token)).toBeNull();
    }
  });
});
