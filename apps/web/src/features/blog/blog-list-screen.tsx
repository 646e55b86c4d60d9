import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** Blog list. Title only until the public-site issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'blog', path: '/blog', kind: 'blog' });
  return <ScreenHeader title={title} subtitle={description} />;
}
