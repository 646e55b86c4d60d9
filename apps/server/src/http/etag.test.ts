import { describe, expect, it } from 'vitest';
import { ifNoneMatch } from './etag.ts';

describe('ifNoneMatch', () => {
  it('matches the same tag, weak or strong, in a list, and *', () => {
    expect(ifNoneMatch('"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatch('W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatch('"x", W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatch('*', '"abc"')).toBe(true);
  });

  it('does not match other tags or a missing header', () => {
    expect(ifNoneMatch(undefined, '"abc"')).toBe(false);
    expect(ifNoneMatch('"abcd"', '"abc"')).toBe(false);
    expect(ifNoneMatch('W/"x", "y"', '"abc"')).toBe(false);
    expect(ifNoneMatch('abc', '"abc"')).toBe(false);
  });
});
