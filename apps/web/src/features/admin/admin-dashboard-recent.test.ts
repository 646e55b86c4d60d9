import type { BlogPost } from '@grove/domain/content/blog-post';
import { describe, expect, it } from 'vitest';
import { recentPosts } from './admin-dashboard-recent.ts';

const post = (id: string, createdAt: string): BlogPost => ({
  id, title: id, excerpt: '', content: '', image_url: null, tags: [], author: null, created_at: createdAt, updated_at: createdAt,
});

describe('recentPosts', () => {
  it('keeps the five newest, newest first, without changing the list it was given', () => {
    const posts = ['03', '01', '07', '05', '02', '06', '04'].map((day) => post(`p${day}`, `2026-03-${day}T10:00:00.000Z`));
    const before = posts.map((entry) => entry.id);
    expect(recentPosts(posts).map((entry) => entry.id)).toEqual(['p07', 'p06', 'p05', 'p04', 'p03']);
    expect(posts.map((entry) => entry.id)).toEqual(before);
  });

  it('returns fewer when there are fewer, and none for none', () => {
    expect(recentPosts([post('a', '2026-01-01T00:00:00.000Z')])).toHaveLength(1);
    expect(recentPosts([])).toEqual([]);
  });
});
