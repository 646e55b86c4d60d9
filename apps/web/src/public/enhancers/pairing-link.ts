// A pairing link (decision 068: '/#grove-sync=…') opens the join dialog, which is the app's. A server-rendered public
// page hands such a link to the app shell (the build's index.html, served as it is): the app takes the link's key out
// of the address before anything else runs, then shows the landing page with the dialog. Also for a link pasted into
// the address bar of an open page.
import { PAIRING_PARAMETER } from '@grove/domain/sync/sync-wire';

const PREFIX = `#${PAIRING_PARAMETER}=`;
/** The app shell: the app routes it as an unknown path, i.e. to the landing page or the dashboard. */
export const APP_SHELL_PATH = '/index.html';

/** True when the page held a pairing link and is being handed to the app (nothing else needs enhancing). */
export function takePairingLink(window: Window): boolean {
  const handOver = () => {
    if (!window.location.hash.startsWith(PREFIX)) return false;
    window.location.replace(`${APP_SHELL_PATH}${window.location.hash}`);
    return true;
  };
  window.addEventListener('hashchange', handOver);
  return handOver();
}
