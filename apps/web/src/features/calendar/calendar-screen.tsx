import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** Calendar. Title only until its issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'calendar', path: '/calendar-view' });
  return <ScreenHeader title={title} subtitle={description} />;
}
