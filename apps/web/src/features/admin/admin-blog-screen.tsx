import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** Admin blog posts. Title only until the admin issue lands. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'adminBlog', path: '/admin/blog', noIndex: true });
  return <ScreenHeader title={title} subtitle={description} />;
}
