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

/** The oracle: whether the parts name a real time, by JavaScript's own calendar (year 0-99 set as such). */
function realTime(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const ID = '3f0c2b1a-9d8e-4c7b-8a6f-5e4d3c2b1a09';

describe('post cursor times (fuzzed: PostgreSQL must be able to take every time a cursor is decoded to)', () => {
  it('take a time exactly when its date is real, its year 1-9999 and its UTC offset within ±15:59', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.integer({ min: 0, max: 61 }),
      fc.option(fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))),
      (year, month, day, hour, minute, second, offset) => {
        const zone = offset === null ? 'Z' : `${offset[0]}${pad(offset[1], 2)}:${pad(offset[2], 2)}`;
        const createdAt = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}.5${zone}`;
        const offsetOk = offset === null || (offset[1] <= 15 && offset[2] <= 59);
        const valid = year >= 1 && realTime(year, month, day, hour, minute, second) && offsetOk;
        expect(decodePostCursor(encodePostCursor({ createdAt, id: ID })) !== null, createdAt).toBe(valid);
      },
    ), { seed: 20261201, numRuns: 2000 });
  });

  it('never throw, whatever the token', () => {
    const tokens = fc.oneof(fc.string(), fc.base64String(), fc.string().map((text) => encodePostCursor({ createdAt: text, id: ID })));
    fc.assert(fc.property(tokens, (token) => {
      const cursor = decodePostCursor(token);
      if (cursor !== null) expect(Number.isNaN(Date.parse(cursor.createdAt))).toBe(false);
    }), { seed: 20261202, numRuns: 2000 });
  });

  it('refuse an offset beyond ±15:59, more than microseconds, and a 30 February', () => {
    for (const createdAt of ['2030-01-01T00:00:00.000+16:00', '2030-01-01T00:00:00.000-15:60', '2030-01-01T00:00:00.1234567Z', '2030-02-30T00:00:00Z']) {
      expect(decodePostCursor(encodePostCursor({ createdAt, id: ID })), createdAt).toBeNull();
    }
    expect(decodePostCursor(encodePostCursor({ createdAt: '2028-02-29T23:59:59.999999-15:59', id: ID }))).not.toBeNull();
  });
});
