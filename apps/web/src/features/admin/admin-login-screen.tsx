import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** Admin login. Title only until the admin issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'adminLogin', path: '/admin/login', noIndex: true });
  return <ScreenHeader title={title} subtitle={description} />;
}
