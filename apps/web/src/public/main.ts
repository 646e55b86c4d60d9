// The public pages' one script (decision 075): the server rendered the page with React; this enhances the parts that
// react to the visitor, each only when the page has its element. No React, router, query layer, i18n or zod here.
import '../styles.css';

// The page is already there to see: the browser paints it first, then the enhancers load and run. Loaded before the
// first paint, their chunks would compete with the stylesheet and the font (and Lighthouse counts every script asked
// for at high priority before the first paint as render-blocking).
requestAnimationFrame(() => setTimeout(() => {
  import('./enhance.ts').then(({ enhancePage }) => enhancePage(document), (error: unknown) => {
    // The page stays as the server sent it: readable, its links working.
    console.error('This page\'s scripts could not be loaded.', error);
  });
}, 0));
