import { useLocation } from 'react-router';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

const SLUGS = ['privacy', 'terms', 'contact', 'about'] as const;
type Slug = (typeof SLUGS)[number];

const isSlug = (value: string): value is Slug => (SLUGS as readonly string[]).includes(value);

/** A static content page, chosen by the path's slug. Title only until the public-site issue loads its content. */
export function Component() {
  const { pathname } = useLocation();
  const candidate = pathname.replace(/^\/+|\/+$/g, '');
  const slug: Slug = isSlug(candidate) ? candidate : 'about';
  const { title, description } = useScreenMeta({ key: slug, path: `/${slug}`, kind: 'webpage' });
  return <ScreenHeader title={title} subtitle={description} />;
}
