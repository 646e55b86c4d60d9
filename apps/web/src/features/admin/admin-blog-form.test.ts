import { IMAGE_MAX_BYTES } from '@grove/domain/content/admin';
import type { BlogPost } from '@grove/domain/content/blog-post';
import { describe, expect, it } from 'vitest';
import {
  checkImageFile, emptyPostForm, firstInvalidField, formToFields, isPostFormDirty, parseTags, postToForm, validatePostForm,
} from './admin-blog-form.ts';

const post: BlogPost = {
  id: '0b8a8f4e-7a43-4a5e-9d7a-3f4c2b1a0e9d',
  title: 'Hello',
  excerpt: 'Short',
  content: '<p>First &amp; best</p>\n<p>Second</p>',
  image_url: '/storage/blog_images/1_a.png',
  tags: ['one', 'two'],
  author: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('admin blog form', () => {
  it('requires title, excerpt and content after trimming', () => {
    expect(validatePostForm(emptyPostForm)).toEqual({ title: true, excerpt: true, content: true });
    expect(validatePostForm({ ...emptyPostForm, title: '  ', excerpt: 'x', content: '\n \n' })).toEqual({ title: true, content: true });
    expect(validatePostForm({ ...emptyPostForm, title: 'a', excerpt: 'b', content: 'c' })).toEqual({});
    expect(firstInvalidField({ excerpt: true, content: true })).toBe('excerpt');
    expect(firstInvalidField({})).toBeUndefined();
  });

  it('splits tags on commas, trimmed, empties dropped', () => {
    expect(parseTags(' a, b ,, ,c ')).toEqual(['a', 'b', 'c']);
    expect(parseTags('')).toEqual([]);
  });

  it('turns each non-blank line into a paragraph and back', () => {
    const fields = formToFields({ title: ' T ', excerpt: ' E ', content: 'One\n\nTwo <b>\n', tags: 'x,', imageUrl: null });
    expect(fields).toEqual({ title: 'T', excerpt: 'E', content: '<p>One</p>\n<p>Two &lt;b&gt;</p>', tags: ['x'], image_url: null });
    expect(postToForm(post)).toEqual({
      title: 'Hello', excerpt: 'Short', content: 'First & best\n\nSecond', tags: 'one, two', imageUrl: '/storage/blog_images/1_a.png',
    });
  });

  it('is dirty only when what would be saved changes', () => {
    const initial = postToForm(post);
    expect(isPostFormDirty(initial, { ...initial })).toBe(false);
    expect(isPostFormDirty(initial, { ...initial, tags: 'one ,two,', content: 'First & best\nSecond\n' })).toBe(false);
    expect(isPostFormDirty(initial, { ...initial, title: 'Hello!' })).toBe(true);
    expect(isPostFormDirty(initial, { ...initial, imageUrl: null })).toBe(true);
    expect(isPostFormDirty(emptyPostForm, { ...emptyPostForm, tags: 'new' })).toBe(true);
  });

  it('accepts any image under 5 MB', () => {
    expect(checkImageFile({ size: 10, type: 'image/svg+xml' })).toBeNull();
    expect(checkImageFile({ size: IMAGE_MAX_BYTES - 1, type: 'image/png' })).toBeNull();
    expect(checkImageFile({ size: IMAGE_MAX_BYTES, type: 'image/png' })).toBe('tooLarge');
    expect(checkImageFile({ size: 10, type: 'text/plain' })).toBe('notImage');
  });
});
