import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { discardAllDrafts, discardDraft, hasStringFields, readDraft, useDraft } from './use-draft.ts';

interface Form {
  title: string;
  notes: string;
}

const KEY = STORAGE_KEYS.drafts.task;
const isForm = (value: unknown): value is Form => hasStringFields(value, ['title', 'notes']);
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
const saved = (title = ''): (() => Form) => () => ({ title, notes: '' });

describe('useDraft', () => {
  it('keeps each change under its key with its target, and starts from it when opened again (a reload)', () => {
    const first = renderHook(() => useDraft(KEY, 'new', saved(), isForm));
    expect(first.result.current.value).toEqual({ title: '', notes: '' });
    expect(localStorage.getItem(KEY)).toBeNull();
    act(() => first.result.current.set((form) => ({ ...form, title: 'Buy milk' })));
    act(() => first.result.current.set((form) => ({ ...form, notes: 'Two litres' })));
    expect(first.result.current.value).toEqual({ title: 'Buy milk', notes: 'Two litres' });
    expect(stored()).toEqual({ target: 'new', value: { title: 'Buy milk', notes: 'Two litres' } });
    first.unmount();

    const again = renderHook(() => useDraft(KEY, 'new', saved(), isForm));
    expect(again.result.current.value).toEqual({ title: 'Buy milk', notes: 'Two litres' });
  });

  it('is not used for another object, and a change there takes the key over', () => {
    localStorage.setItem(KEY, JSON.stringify({ target: 'task-1', value: { title: 'Edited', notes: '' } }));
    const other = renderHook(() => useDraft(KEY, 'task-2', saved('Stored title'), isForm));
    expect(other.result.current.value).toEqual({ title: 'Stored title', notes: '' });
    // Opening another object's dialog without typing keeps the first draft.
    expect(stored()).toEqual({ target: 'task-1', value: { title: 'Edited', notes: '' } });
    act(() => other.result.current.set({ title: 'Stored title!', notes: '' }));
    expect(stored()).toEqual({ target: 'task-2', value: { title: 'Stored title!', notes: '' } });
  });

  it('leaves no draft once the value is back to the saved one, or after clear (save or cancel)', () => {
    const { result } = renderHook(() => useDraft(KEY, 'task-1', saved('Plan'), isForm));
    act(() => result.current.set({ title: 'Plan!', notes: '' }));
    expect(stored()).not.toBeNull();
    act(() => result.current.set({ title: 'Plan', notes: '' }));
    expect(localStorage.getItem(KEY)).toBeNull();

    act(() => result.current.set({ title: 'Plan B', notes: '' }));
    act(() => result.current.clear());
    expect(localStorage.getItem(KEY)).toBeNull();
    // What is on screen stays as it is.
    expect(result.current.value).toEqual({ title: 'Plan B', notes: '' });
  });

  it('ignores a kept value of the wrong shape, and logs an unreadable one', () => {
    localStorage.setItem(KEY, JSON.stringify({ target: 'new', value: { title: 3 } }));
    expect(renderHook(() => useDraft(KEY, 'new', saved(), isForm)).result.current.value).toEqual({ title: '', notes: '' });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(KEY, '{broken');
    expect(renderHook(() => useDraft(KEY, 'new', saved(), isForm)).result.current.value).toEqual({ title: '', notes: '' });
    expect(error).toHaveBeenCalled();
  });

  it('still works, in memory, when storage fails', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const full = new MemoryStorage();
    full.quota = 0;
    const { result } = renderHook(() => useDraft(KEY, 'new', saved(), isForm, full));
    act(() => result.current.set({ title: 'Typed', notes: '' }));
    expect(result.current.value).toEqual({ title: 'Typed', notes: '' });
    expect(error).toHaveBeenCalled();
  });
});

describe('readDraft / discardDraft / discardAllDrafts', () => {
  it('discards only the given target’s draft, or any without one; Clear All forgets every kind', () => {
    localStorage.setItem(KEY, JSON.stringify({ target: 'task-1', value: { title: 'a', notes: '' } }));
    discardDraft(localStorage, KEY, 'task-2');
    expect(readDraft(localStorage, KEY, 'task-1', isForm)).toEqual({ title: 'a', notes: '' });
    discardDraft(localStorage, KEY, 'task-1');
    expect(localStorage.getItem(KEY)).toBeNull();

    for (const key of Object.values(STORAGE_KEYS.drafts)) localStorage.setItem(key, JSON.stringify({ target: 'x', value: 'y' }));
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    discardAllDrafts(localStorage);
    expect(Object.values(STORAGE_KEYS.drafts).map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });
});
