import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** Kanban board. Title only until its issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'kanban', path: '/kanban-board' });
  return <ScreenHeader title={title} subtitle={description} />;
}
