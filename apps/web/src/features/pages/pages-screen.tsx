import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** The page tree. Title only until its issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'pages', path: '/notes-and-docs' });
  return <ScreenHeader title={title} subtitle={description} />;
}
