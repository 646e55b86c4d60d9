// Runs every enhancer on a server-rendered public page (decision 075) and marks the page as enhanced.
import { enhanceBackButtons } from './enhancers/back-button.ts';
import { startLive } from './enhancers/live.ts';
import { enhanceLocalDates } from './enhancers/local-dates.ts';
import { enhanceReturningVisitor } from './enhancers/returning-visitor.ts';
import { enhanceSiteMenu } from './enhancers/site-menu.ts';
import { followTheme } from './enhancers/theme.ts';
import { startServiceWorker } from './enhancers/service-worker.ts';
import { takePairingLink } from './enhancers/pairing-link.ts';

/** `#root[data-ssr]` as the server writes it for a page these scripts enhance, and once they have. */
export const ENHANCE = 'enhance';
export const ENHANCED = 'enhanced';

/** Each enhancer finds its own elements in `document` and does nothing on a page without them. */
const ENHANCERS: ReadonlyArray<(document: Document) => void> = [
  enhanceSiteMenu,
  enhanceReturningVisitor,
  enhanceLocalDates,
  enhanceBackButtons,
  followTheme,
  (document) => startLive(document),
];

export function enhancePage(document: Document): void {
  const root = document.getElementById('root');
  // A pairing link (decision 068) opens the join dialog, which is the app's: the app takes the page over.
  if (takePairingLink(document.defaultView ?? window)) return;
  for (const enhance of ENHANCERS) {
    try {
      enhance(document);
    } catch (error) {
      // One enhancer's failure leaves the others working; the page itself is all there already.
      console.error('A part of this page could not be made interactive:', error);
    }
  }
  if (root?.dataset.ssr === ENHANCE) root.dataset.ssr = ENHANCED;
  startServiceWorker();
}
