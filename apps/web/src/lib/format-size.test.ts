import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n/i18n.ts';
import { formatSize, sizeParts, type SizeParts } from './format-size.ts';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;
const ORDER = ['bytes', 'kilobytes', 'megabytes', 'gigabytes'];
const SCALE = { bytes: 1, kilobytes: KB, megabytes: MB, gigabytes: GB };

/** Orders two read sizes: by unit, then by number. */
const compare = (a: SizeParts, b: SizeParts) => ORDER.indexOf(a.unit) - ORDER.indexOf(b.unit) || a.value - b.value;
const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;
const size = (bytes: number) => formatSize(i18next.t, bytes);

describe('sizeParts', () => {
  it('counts whole bytes below 1 KB', () => {
    expect(sizeParts(0)).toEqual({ unit: 'bytes', value: 0 });
    expect(sizeParts(1)).toEqual({ unit: 'bytes', value: 1 });
    expect(sizeParts(1023)).toEqual({ unit: 'bytes', value: 1023 });
  });

  it('changes unit at 1024 (binary units, as the quota is 5 × 1024 × 1024)', () => {
    expect(sizeParts(1024)).toEqual({ unit: 'kilobytes', value: 1 });
    expect(sizeParts(MB - 1)).toEqual({ unit: 'megabytes', value: 1 });
    expect(sizeParts(MB)).toEqual({ unit: 'megabytes', value: 1 });
    expect(sizeParts(5 * MB)).toEqual({ unit: 'megabytes', value: 5 });
    expect(sizeParts(GB)).toEqual({ unit: 'gigabytes', value: 1 });
    expect(sizeParts(2048 * GB)).toEqual({ unit: 'gigabytes', value: 2048 });
  });

  it('rounds to one decimal, half up', () => {
    expect(sizeParts(2560)).toEqual({ unit: 'kilobytes', value: 2.5 });
    expect(sizeParts(1.25 * MB)).toEqual({ unit: 'megabytes', value: 1.3 });
    expect(sizeParts(1.24 * MB)).toEqual({ unit: 'megabytes', value: 1.2 });
    expect(sizeParts(1023.94 * KB)).toEqual({ unit: 'kilobytes', value: 1023.9 });
    expect(sizeParts(1023.95 * KB)).toEqual({ unit: 'megabytes', value: 1 });
  });

  it('reads a miscount (negative, NaN, a fraction) as whole bytes, never below 0', () => {
    expect(sizeParts(-5)).toEqual({ unit: 'bytes', value: 0 });
    expect(sizeParts(Number.NaN)).toEqual({ unit: 'bytes', value: 0 });
    expect(sizeParts(2.6)).toEqual({ unit: 'bytes', value: 3 });
  });

  const bytes = fc.integer({ min: 0, max: 4 * 1024 * GB });

  it('never shows a smaller size for more bytes', () => {
    fc.assert(fc.property(bytes, bytes, (a, b) => {
      const [low, high] = a <= b ? [a, b] : [b, a];
      expect(compare(sizeParts(low), sizeParts(high))).toBeLessThanOrEqual(0);
    }));
  });

  it('shows at most one decimal, whole bytes, and 1 or more of any unit above bytes', () => {
    fc.assert(fc.property(bytes, (count) => {
      const { unit, value } = sizeParts(count);
      expect(decimals(value)).toBeLessThanOrEqual(unit === 'bytes' ? 0 : 1);
      if (unit !== 'bytes') expect(value).toBeGreaterThanOrEqual(1);
      if (unit !== 'gigabytes') expect(value).toBeLessThan(1024);
    }));
  });

  it('is off by at most half a tenth of its unit', () => {
    fc.assert(fc.property(bytes, (count) => {
      const { unit, value } = sizeParts(count);
      expect(Math.abs(value * SCALE[unit] - count)).toBeLessThanOrEqual(0.05 * SCALE[unit] + 1e-6 * count);
    }));
  });
});

describe('formatSize', () => {
  it('reads as people write sizes, with the plural of bytes', () => {
    expect(size(0)).toBe('0 bytes');
    expect(size(1)).toBe('1 byte');
    expect(size(30)).toBe('30 bytes');
    expect(size(1023)).toBe('1,023 bytes');
    expect(size(1024)).toBe('1 KB');
    expect(size(2560)).toBe('2.5 KB');
    expect(size(2048)).toBe('2 KB');
    expect(size(1.2 * MB)).toBe('1.2 MB');
    expect(size(5 * MB)).toBe('5 MB');
    expect(size(3 * GB)).toBe('3 GB');
  });
});
