import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** Projects. Title only until its issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'projects', path: '/free-project-management' });
  return <ScreenHeader title={title} subtitle={description} />;
}
