import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** My Garden. Title only until its issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'garden', path: '/garden' });
  return <ScreenHeader title={title} subtitle={description} />;
}
