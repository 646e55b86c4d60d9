import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expandPages, readExpandedPages, useExpandedPages, withExpanded, writeExpandedPages } from './expanded-pages.ts';

const KEY = 'grove-expanded-pages';
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;

describe('readExpandedPages / writeExpandedPages', () => {
  it('round-trips the set as a JSON array of ids under grove-expanded-pages', () => {
    expect(writeExpandedPages(localStorage, new Set(['a', 'b']))).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('["a","b"]');
    expect([...readExpandedPages(localStorage)]).toEqual(['a', 'b']);
  });

  it('is empty when nothing is stored', () => {
    localStorage.removeItem(KEY);
    expect(readExpandedPages(localStorage).size).toBe(0);
    expect(readExpandedPages(undefined).size).toBe(0);
  });

  it('is empty, and logs, when the stored value is not a list of ids or storage throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const bad of ['{broken', '{"a":true}', '[1,2]', '"a"']) {
      localStorage.setItem(KEY, bad);
      expect(readExpandedPages(localStorage).size).toBe(0);
    }
    const failing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(readExpandedPages(failing).size).toBe(0);
    expect(error).toHaveBeenCalledTimes(5);
  });

  it('reports a failed write instead of throwing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(writeExpandedPages(full, new Set(['a']))).toBe(false);
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('expandPages', () => {
  it('adds the ids to the stored set, keeping the others', () => {
    localStorage.setItem(KEY, '["a"]');
    expandPages(localStorage, ['b', 'a', 'c']);
    expect(stored()).toEqual(['a', 'b', 'c']);
  });
});

describe('withExpanded', () => {
  it('adds or removes the id, and keeps the same set when nothing changes', () => {
    const set = new Set(['a']);
    expect(withExpanded(set, 'a', true)).toBe(set);
    expect(withExpanded(set, 'b', false)).toBe(set);
    expect([...withExpanded(set, 'b', true)]).toEqual(['a', 'b']);
    expect([...withExpanded(set, 'a', false)]).toEqual([]);
  });
});

describe('useExpandedPages', () => {
  it('starts from storage, toggles and sets ids, and saves each change', () => {
    localStorage.setItem(KEY, '["a"]');
    const { result } = renderHook(() => useExpandedPages());
    expect([...result.current[0]]).toEqual(['a']);
    act(() => result.current[1]('b'));
    expect(stored()).toEqual(['a', 'b']);
    act(() => result.current[1]('a'));
    expect([...result.current[0]]).toEqual(['b']);
    act(() => result.current[2]('c', true));
    act(() => result.current[2]('b', false));
    expect(stored()).toEqual(['c']);
    act(() => result.current[3](new Set()));
    expect(stored()).toEqual([]);
  });

  it('follows a change saved by another tab', () => {
    localStorage.setItem(KEY, '[]');
    const { result } = renderHook(() => useExpandedPages());
    act(() => {
      localStorage.setItem(KEY, '["x"]');
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    expect([...result.current[0]]).toEqual(['x']);
  });
});
