import { GARDEN_RECHECK_MS, reevaluateGardenCommand } from '@grove/domain/garden/reevaluate-garden';
import { useEffect } from 'react';
import { useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';

/**
 * Re-checks the trees when the Garden opens and every 5 minutes while it is open (docs/product.md, Garden).
 * Upkeep the user did not ask for, so it stays out of the undo history (decision 040).
 */
export function useGardenRecheck(): void {
  const store = useWorkspaceStore();
  useEffect(() => {
    const recheck = () => {
      store.dispatch(reevaluateGardenCommand, {}, { undoable: false });
    };
    recheck();
    const timer = window.setInterval(recheck, GARDEN_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [store]);
}
