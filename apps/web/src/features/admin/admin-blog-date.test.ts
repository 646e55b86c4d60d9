import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { listDate } from './admin-blog-date.ts';

describe('listDate', () => {
  it('reads as MMM d, yyyy, like the rest of the lists', () => {
    for (const iso of ['2026-01-05T12:00:00.000Z', '2025-12-31T08:30:00.000Z']) expect(listDate(iso)).toBe(format(new Date(iso), 'MMM d, yyyy'));
  });
});
