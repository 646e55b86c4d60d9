import { createContext, use, useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { WorkspaceStore, type StoreEvent, type WorkspaceSnapshot } from './workspace-store.ts';

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
      case 'repaired':
        toast.error(event.unreadable ? t('workspace.unreadable') : t('workspace.repaired'), { id: 'workspace-repaired', duration: 15_000 });
        break;
      case 'blocked':
        toast.error(event.blocked.reason === 'newer-version' ? t('workspace.newerVersion') : t('workspace.recoveryNotKept'), { id: 'workspace-blocked' });
        break;
    }
  }, [t]);
}

let browserStore: WorkspaceStore | null = null;

/**
 * The page's one store, created on first use and kept for the page's life: loading has effects (keeping
 * unreadable data aside), so it must not run again when React re-renders or remounts the provider.
 */
function pageStore(): WorkspaceStore {
  browserStore ??= new WorkspaceStore({ storage: window.localStorage });
  return browserStore;
}

/** Holds the workspace for the app screens: loaded once, saved on change, flushed when the tab hides or closes. */
export function WorkspaceProvider({ children, store: given }: { children: ReactNode; store?: WorkspaceStore }) {
  const onEvent = useStoreEvents();
  const [store] = useState(() => given ?? pageStore());

  useEffect(() => store.addEventListener(onEvent), [store, onEvent]);

  useEffect(() => {
    const flush = () => {
      store.flush();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage) store.handleStorageChange(event.key, event.newValue);
    };
    // With a failed save the data lives only in this tab: ask before it is closed.
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
      store.flush();
    };
  }, [store]);

  // Ask the browser not to evict this origin's storage under pressure; a refusal changes nothing.
  useEffect(() => {
    void navigator.storage?.persist?.().catch(() => false);
  }, []);

  return <StoreContext value={store}>{children}</StoreContext>;
}

/** The store itself (commands, flush); throws outside the provider, as the spec requires. */
export function useWorkspaceStore(): WorkspaceStore {
  const store = use(StoreContext);
  if (!store) throw new Error('useWorkspace must be used inside <WorkspaceProvider>.');
  return store;
}

/** The workspace data and save state; re-renders on every change. */
export function useWorkspace(): WorkspaceSnapshot & { store: WorkspaceStore } {
  const store = useWorkspaceStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, store };
}
