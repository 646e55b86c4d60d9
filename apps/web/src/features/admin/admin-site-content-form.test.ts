import { describe, expect, it } from 'vitest';
import { isPageContentBlank, isPageContentDirty } from './admin-site-content-form.ts';

describe('admin site content form', () => {
  it('requires content after trimming', () => {
    expect(isPageContentBlank('  \n ')).toBe(true);
    expect(isPageContentBlank('<p>Hi</p>')).toBe(false);
  });

  it('counts only real edits as unsaved', () => {
    expect(isPageContentDirty('<p>Hi</p>', '<p>Hi</p>\n')).toBe(false);
    expect(isPageContentDirty('<p>Hi</p>', '<p>Hi!</p>')).toBe(true);
  });
});
