// A pairing link (decision 068: '/#grove-sync=…') opens the join dialog, which is the app's: on a server-rendered
// public page the app is loaded to take the page over (src/main.tsx renders it afresh, then takes the link's key
// out of the address before anything else runs). Also for a link pasted into the address bar of an open page.
import { PAIRING_PARAMETER } from '@grove/domain/sync/sync-wire';

const PREFIX = `#${PAIRING_PARAMETER}=`;

let loading: Promise<unknown> | undefined;

function loadApp(): Promise<unknown> {
  loading ??= import('../../main.tsx');
  return loading;
}

/** True when the page holds a pairing link and the app is taking it over (the other enhancers are not needed). */
export function takePairingLink(window: Window): boolean {
  window.addEventListener('hashchange', () => {
    if (window.location.hash.startsWith(PREFIX)) void loadApp();
  });
  if (!window.location.hash.startsWith(PREFIX)) return false;
  void loadApp();
  return true;
}
