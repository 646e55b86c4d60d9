import { useMemo } from 'react';
import { cn } from '@/components/ui/cn.ts';
import { sanitizeHtml } from './sanitize-html.ts';

// Readable article typography for the blog and static pages (docs/product.md, Public site), in both themes,
// without a typography plugin: each element the allowlist keeps has its own rule.
const ARTICLE = [
  'max-w-none break-words text-base leading-7 text-foreground sm:text-[1.0625rem] sm:leading-8',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
  '[&_p]:my-5',
  '[&_h1]:mt-10 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight',
  '[&_h2]:mt-10 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold [&_h5]:mt-6 [&_h5]:font-semibold [&_h6]:mt-6 [&_h6]:font-semibold',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:decoration-primary/40 [&_a]:underline-offset-4 [&_a:hover]:decoration-primary',
  '[&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li]:pl-1',
  '[&_li::marker]:text-muted-foreground',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/50 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_blockquote]:text-muted-foreground',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em]',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:border-border [&_pre]:bg-muted',
  '[&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_figure]:my-6 [&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-muted-foreground',
  '[&_hr]:my-10 [&_hr]:border-border',
  '[&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border [&_th]:border-border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold',
  '[&_td]:border [&_td]:border-border [&_td]:px-3 [&_td]:py-2',
  '[&_mark]:rounded [&_mark]:bg-accent [&_mark]:px-1 [&_mark]:text-accent-foreground',
].join(' ');

/**
 * Server HTML as an article, sanitised again here (lib/sanitize-html.ts). While the server renders a page there
 * is no DOM to clean with: the HTML is the API's own answer, which the server cleans on every read.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => (typeof DOMParser === 'undefined' ? html : sanitizeHtml(html)), [html]);
  // Safe to inject: sanitised just above by the allowlist.
  return <div data-rich-html="" className={cn(ARTICLE, className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
