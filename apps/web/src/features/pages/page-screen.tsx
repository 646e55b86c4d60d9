import { useParams } from 'react-router';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

/** One page of notes. Title only until the pages issue lands. */
export function Component() {
  const { pageId = '' } = useParams();
  const { title, description } = useScreenMeta({ key: 'page', path: `/notes-and-docs/${encodeURIComponent(pageId)}` });
  return <ScreenHeader title={title} subtitle={description} />;
}
