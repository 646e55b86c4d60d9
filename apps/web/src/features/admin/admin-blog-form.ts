import { IMAGE_MAX_BYTES } from '@grove/domain/content/admin';
import type { BlogPost } from '@grove/domain/content/blog-post';
import { postHtmlToText, postTextToHtml } from '@grove/domain/content/post-text';

// The blog editor's form (docs/product.md, Admin): what the admin types, its checks, and what is sent. Pure, so the
// rules are tested without a browser.

export interface PostForm {
  title: string;
  excerpt: string;
  /** Plain text: each non-blank line becomes a paragraph (post-text.ts). */
  content: string;
  /** Comma-separated. */
  tags: string;
  imageUrl: string | null;
}

export type RequiredField = 'title' | 'excerpt' | 'content';
export type PostFormErrors = Partial<Record<RequiredField, true>>;

export const emptyPostForm: PostForm = { title: '', excerpt: '', content: '', tags: '', imageUrl: null };

/** An existing post as the form shows it: paragraphs back to blank-line-separated text, tags joined. */
export function postToForm(post: BlogPost): PostForm {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: postHtmlToText(post.content),
    tags: post.tags.join(', '),
    imageUrl: post.image_url,
  };
}

/** Tags as saved: split on commas, trimmed, empties dropped. */
export const parseTags = (text: string): string[] => text.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');

/** The required fields left blank (after trimming), in form order. */
export function validatePostForm(form: PostForm): PostFormErrors {
  const errors: PostFormErrors = {};
  if (form.title.trim() === '') errors.title = true;
  if (form.excerpt.trim() === '') errors.excerpt = true;
  if (postTextToHtml(form.content) === '') errors.content = true;
  return errors;
}

export const firstInvalidField = (errors: PostFormErrors): RequiredField | undefined =>
  (['title', 'excerpt', 'content'] as const).find((field) => errors[field]);

/** What the API receives. */
export function formToFields(form: PostForm) {
  return {
    title: form.title.trim(),
    excerpt: form.excerpt.trim(),
    content: postTextToHtml(form.content),
    tags: parseTags(form.tags),
    image_url: form.imageUrl,
  };
}

/** Whether closing would lose something: compares what would be saved, so spacing-only edits do not count. */
export function isPostFormDirty(initial: PostForm, current: PostForm): boolean {
  const a = formToFields(initial);
  const b = formToFields(current);
  return a.title !== b.title || a.excerpt !== b.excerpt || a.content !== b.content || a.image_url !== b.image_url
    || a.tags.join('\n') !== b.tags.join('\n');
}

export type ImageProblem = 'tooLarge' | 'notImage';

/** Any image type under 5 MB (docs/product.md, Admin); the server checks the bytes again. */
export function checkImageFile(file: { size: number; type: string }): ImageProblem | null {
  if (file.type !== '' && !file.type.startsWith('image/')) return 'notImage';
  if (file.size >= IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}
