import { useTranslation } from '@/i18n/use-translation.ts';
import { canonicalUrl, PRODUCT_NAME, usePageMeta, useSiteOrigin, type PreloadImage } from './page-meta.ts';
import { blogData, webPageData, websiteData } from './structured-data.ts';

export type ScreenKey =
  | 'dashboard' | 'kanban' | 'garden' | 'projects' | 'pages' | 'page' | 'calendar' | 'mindMap' | 'settings'
  | 'blog' | 'blogPost' | 'privacy' | 'terms' | 'contact' | 'about'
  | 'adminLogin' | 'adminDashboard' | 'adminBlog' | 'adminSiteContent';

type Kind = 'website' | 'blog' | 'webpage';

/** The workspace lives in each visitor's browser: nothing there is for search engines. */
const WORKSPACE_SCREENS = new Set<ScreenKey>(['dashboard', 'kanban', 'garden', 'projects', 'pages', 'page', 'calendar', 'mindMap', 'settings']);

interface ScreenMetaOptions {
  key: ScreenKey;
  path: string;
  kind?: Kind;
  /** Overrides the translated title (a page's or a post's own title). */
  title?: string;
  /** HTML or text content for a web page's description (first 150 characters). */
  content?: string;
  noIndex?: boolean;
  /** The image its largest paint most likely is (PageMeta.preloadImage). */
  preloadImage?: PreloadImage | null;
}

/** Title, description, canonical link and JSON-LD of a screen, from its translated texts. */
export function useScreenMeta({ key, path, kind = 'website', title, content, noIndex, preloadImage }: ScreenMetaOptions): { title: string; description: string } {
  const { t } = useTranslation();
  const screenTitle = title ?? t(`screens.${key}.title`);
  const description = t(`screens.${key}.description`);
  const url = canonicalUrl(path, useSiteOrigin());
  const structuredData = kind === 'blog'
    ? blogData({ name: `${PRODUCT_NAME} ${screenTitle}`, url, description })
    : kind === 'webpage'
      ? webPageData({ name: screenTitle, url, content: content ?? description })
      : websiteData({ name: PRODUCT_NAME, url, description });
  usePageMeta({
    title: screenTitle, description, path, structuredData, noIndex: noIndex ?? WORKSPACE_SCREENS.has(key), feed: kind === 'blog', preloadImage,
  });
  return { title: screenTitle, description };
}
