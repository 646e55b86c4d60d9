import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** Admin site content. Title only until the admin issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'adminSiteContent', path: '/admin/site-content', noIndex: true });
  return <ScreenHeader title={title} subtitle={description} />;
}
