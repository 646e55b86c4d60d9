import type { StudioData } from '@grove/domain/workspace/model';
import { createContext, use, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { REPLICA_FORMAT_VERSION } from '@grove/domain/replica/stored-workspace';
import { toLocalIsoDate } from '@grove/domain/workspace/iso-date';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { createRestorePoint, keepDailySnapshotIfDue } from './restore-points.ts';
import { WorkspaceStore, type StoreEvent, type TabChannel, type TabMessage, type WorkspaceSnapshot } from './workspace-store.ts';
import { foldInWorker } from './fold-in-worker.ts';
import { clearPageTimer, setPageTimer } from './page-timers.ts';
import { whenIdle } from '@/lib/when-idle.ts';

const StoreContext = createContext<WorkspaceStore | null>(null);

function useStoreEvents(): (event: StoreEvent) => void {
  const { t } = useTranslation();
  return useCallback((event: StoreEvent) => {
    switch (event.type) {
      case 'save-failed':
        toast.error(event.quota ? t('workspace.saveFailedQuota') : t('workspace.saveFailed'), { id: 'workspace-save' });
        break;
      case 'save-recovered':
        toast.success(t('workspace.saveRecovered'), { id: 'workspace-save' });
        break;
      case 'updated-from-other-tab':
        break;
      case 'repaired': {
        // With no room to keep the original, saying it was kept would be false: saving is held until the user
        // downloads it (the same toast as the 'blocked' event, so the two do not stack).
        if (event.keptUnder === null) {
          toast.error(t('workspace.recoveryNotKept'), { id: 'workspace-blocked', duration: 15_000 });
          break;
        }
        toast.error(event.unreadable ? t('workspace.unreadable') : t('workspace.repaired'), { id: 'workspace-repaired', duration: 15_000 });
        break;
      }
      case 'blocked':
        toast.error(event.blocked.reason === 'newer-version' ? t('workspace.newerVersion') : t('workspace.recoveryNotKept'), { id: 'workspace-blocked' });
        break;
    }
  }, [t]);
}

let browserStore: WorkspaceStore | null = null;

/** Web Locks keep two tabs' timed saves from interleaving; without them (old browsers) saves run at once. */
function withSaveLock(save: () => void): void {
  if (typeof navigator.locks?.request !== 'function') {
    save();
    return;
  }
  navigator.locks.request('grove-data-save', () => save()).catch((error: unknown) => {
    console.error('The save lock failed; saving without it.', error);
    save();
  });
}

/**
 * Wires a store to the page: flush when the tab is hidden or closed, follow other tabs, and ask before closing
 * a tab whose changes could not be saved (then the data lives only in this tab). Returns the disconnect.
 */
export function connectToWindow(store: WorkspaceStore): () => void {
  const flush = () => {
    store.flush();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === window.localStorage) store.handleStorageChange(event.key, event.newValue);
  };
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!store.flush()) event.preventDefault();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('storage', onStorage);
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('beforeunload', onBeforeUnload);
  };
}

/** The other tabs of this browser, over a BroadcastChannel; none where the browser lacks it (storage events then). */
function tabChannel(): TabChannel | undefined {
  if (typeof BroadcastChannel !== 'function') return undefined;
  // Named by the stored format: a tab of another Grove version (its document laid out otherwise) is not heard.
  const channel = new BroadcastChannel(`grove-data-v${REPLICA_FORMAT_VERSION}`);
  return {
    post: (message) => channel.postMessage(message),
    listen: (handler) => {
      const onMessage = (event: MessageEvent<TabMessage>) => handler(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}

let dailyCheckedFor: string | null = null;

/**
 * The day's first change keeps the workspace as it was in a daily restore point (the last seven days are kept).
 * Checked once per day per tab before anything is serialised. The serialising (35 ms for a 5,000-task board, a
 * third of a board move's drop-to-repaint in bench:board) waits until the browser is idle, after the change has
 * painted: the data is never changed in place (a command returns new data), so it is still the workspace as it
 * was before the change.
 */
function keepDailyCopy(data: StudioData): void {
  const today = toLocalIsoDate(new Date());
  if (dailyCheckedFor === today) return;
  dailyCheckedFor = today;
  const keep = () => {
    keepDailySnapshotIfDue(JSON.stringify(createEnvelope(data, 0))).catch((error: unknown) => {
      dailyCheckedFor = null;
      console.error('Could not keep the daily restore point.', error);
    });
  };
  whenIdle(keep);
}

/**
 * The page's one store, created on first use and kept, with its window listeners, for the page's life:
 * loading has effects (keeping unreadable data aside), and another tab's changes or a closing tab must be
 * handled even while a public page (blog, privacy) is shown.
 */
export function pageStore(): WorkspaceStore {
  if (browserStore) return browserStore;
  const store = new WorkspaceStore({
    storage: window.localStorage,
    setTimer: setPageTimer,
    clearTimer: clearPageTimer,
    withSaveLock,
    channel: tabChannel(),
    keepUpgradeCopy: (text) => createRestorePoint(text, 'upgrade'),
    beforeChange: keepDailyCopy,
    foldInBackground: foldInWorker,
  });
  connectToWindow(store);
  // Ask the browser not to evict this origin's storage under pressure; a refusal changes nothing.
  void navigator.storage?.persist?.().catch(() => false);
  browserStore = store;
  return store;
}

/** Saves the page's workspace now, if it was opened (an update about to reload the page). True when nothing is left
 * unsaved, also when there is no workspace on this page. */
export function flushPageStore(): boolean {
  return browserStore?.flush() ?? true;
}

/** Holds the workspace for the app screens; the store itself lives as long as the page (see pageStore). */
export function WorkspaceProvider({ children, store: given }: { children: ReactNode; store?: WorkspaceStore }) {
  const onEvent = useStoreEvents();
  const [store] = useState(() => given ?? pageStore());

  useEffect(() => store.addEventListener(onEvent), [store, onEvent]);

  // A store given by a test gets the same window wiring for as long as it is provided.
  useEffect(() => (given ? connectToWindow(given) : undefined), [given]);

  return <StoreContext value={store}>{children}</StoreContext>;
}

/** The store itself (commands, flush); throws outside the provider, as docs/product.md asks (Local-first storage). */
export function useWorkspaceStore(): WorkspaceStore {
  const store = use(StoreContext);
  if (!store) throw new Error('useWorkspace must be used inside <WorkspaceProvider>.');
  return store;
}

/** The workspace data and save state; re-renders on every change (screens use useWorkspaceSelector). */
export function useWorkspace(): WorkspaceSnapshot & { store: WorkspaceStore } {
  const store = useWorkspaceStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, store };
}

/** A getSnapshot for useSyncExternalStore that returns the previous result while it is still equal. */
function rememberingSelection<T>(store: WorkspaceStore, selector: (snapshot: WorkspaceSnapshot) => T, isEqual: (a: T, b: T) => boolean) {
  let last: { snapshot: WorkspaceSnapshot; selected: T } | null = null;
  return (): T => {
    const snapshot = store.getSnapshot();
    if (last?.snapshot === snapshot) return last.selected;
    const selected = selector(snapshot);
    last = { snapshot, selected: last && isEqual(last.selected, selected) ? last.selected : selected };
    return last.selected;
  };
}

/**
 * A part of the store's snapshot; the component re-renders only when `isEqual` says the part changed. The last
 * result is kept while the snapshot is the same, so React sees a stable value; pass a stable `selector` (module
 * level or useCallback) to skip even the comparison on unrelated renders.
 */
export function useWorkspaceSnapshotSelector<T>(
  selector: (snapshot: WorkspaceSnapshot) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const store = useWorkspaceStore();
  const getSelection = useMemo(() => rememberingSelection(store, selector, isEqual), [store, selector, isEqual]);
  return useSyncExternalStore(store.subscribe, getSelection);
}

/** A part of the workspace data (usually a domain selector, packages/domain/src/workspace/selectors.ts). */
export function useWorkspaceSelector<T>(selector: (data: StudioData) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const fromSnapshot = useCallback((snapshot: WorkspaceSnapshot) => selector(snapshot.data), [selector]);
  return useWorkspaceSnapshotSelector(fromSnapshot, isEqual);
}
