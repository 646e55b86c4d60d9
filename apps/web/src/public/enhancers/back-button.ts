// The static pages' Back (features/site-pages/site-page-screen.tsx) on a server-rendered page: to the page this one
// was opened from when that was a page of this site, otherwise home.
import { cameFromThisSite } from '@/lib/came-from-this-site.ts';
import { PUBLIC_PATHS } from '@/lib/paths.ts';

export function enhanceBackButtons(document: Document): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-back-button]')) {
    button.addEventListener('click', () => {
      if (cameFromThisSite()) window.history.back();
      else window.location.assign(PUBLIC_PATHS.home);
    });
  }
}
