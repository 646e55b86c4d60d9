import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { usePageMeta } from '@/lib/page-meta.ts';
import { blogPostingData } from '@/lib/structured-data.ts';

/** One blog post. Title only until the public-site issue loads the post from the API. */
export function Component() {
  const { t } = useTranslation();
  const { postId = '' } = useParams();
  const title = t('screens.blogPost.title');
  const description = t('screens.blogPost.description');
  const path = `/blog/${encodeURIComponent(postId)}`;
  usePageMeta({
    title,
    description,
    path,
    structuredData: blogPostingData({ headline: title, url: new URL(path, window.location.origin).toString(), description, authorName: t('app.teamName') }),
  });
  return <ScreenHeader title={title} subtitle={description} />;
}
