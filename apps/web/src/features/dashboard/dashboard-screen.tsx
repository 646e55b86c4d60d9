import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** Dashboard (issue: dashboard). Title only until its issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'dashboard', path: '/dashboard' });
  return <ScreenHeader title={title} subtitle={description} />;
}
