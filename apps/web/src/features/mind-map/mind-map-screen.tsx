import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** Mind map. Title only until its issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'mindMap', path: '/mind-map' });
  return <ScreenHeader title={title} subtitle={description} />;
}
