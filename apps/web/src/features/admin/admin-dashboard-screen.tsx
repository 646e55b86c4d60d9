import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** Admin dashboard. Title only until the admin issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'adminDashboard', path: '/admin/dashboard', noIndex: true });
  return <ScreenHeader title={title} subtitle={description} />;
}
