import { describe, expect, it, vi } from 'vitest';
import { defaultSidebarOpen, readSidebarOpen } from './sidebar-preference.ts';

describe('sidebar default', () => {
  it('is open from 768 px wide and closed below', () => {
    expect(defaultSidebarOpen(768)).toBe(true);
    expect(defaultSidebarOpen(1440)).toBe(true);
    expect(defaultSidebarOpen(767)).toBe(false);
    expect(defaultSidebarOpen(320)).toBe(false);
  });
});

describe('readSidebarOpen', () => {
  it('uses the persisted JSON flag over the default', () => {
    localStorage.setItem('grove-sidebar-open', 'false');
    expect(readSidebarOpen(localStorage, 1440)).toBe(false);
    localStorage.setItem('grove-sidebar-open', 'true');
    expect(readSidebarOpen(localStorage, 375)).toBe(true);
  });

  it('falls back to the default when nothing is stored', () => {
    expect(readSidebarOpen(localStorage, 1440)).toBe(true);
    expect(readSidebarOpen(localStorage, 375)).toBe(false);
  });

  it('falls back to the default and logs when the value is unreadable', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('grove-sidebar-open', '{broken');
    expect(readSidebarOpen(localStorage, 1440)).toBe(true);
    localStorage.setItem('grove-sidebar-open', '"yes"');
    expect(readSidebarOpen(localStorage, 375)).toBe(false);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('falls back to the default and logs when storage itself throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(readSidebarOpen(failing, 1024)).toBe(true);
    expect(error).toHaveBeenCalledOnce();
  });
});
