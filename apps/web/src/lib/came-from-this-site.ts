/**
 * This document was loaded from a page of this site (a link followed on a server-rendered page is a whole page
 * load): the browser's own Back returns to it.
 */
export function cameFromThisSite(): boolean {
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}
