import { PROJECT_STATUS_FILTERS, type ProjectStatusFilter } from '@grove/domain/projects/project-selectors';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { latestSearchParams } from '@/lib/latest-search-params.ts';
import { useTypedParam } from '@/lib/use-typed-param.ts';

// The search and status filter live in the address (?q=, ?status=), so a reload or a shared link keeps them.

export interface ProjectFilterState {
  readonly text: string;
  readonly status: ProjectStatusFilter;
}

const isStatusFilter = (value: string | null): value is ProjectStatusFilter =>
  PROJECT_STATUS_FILTERS.includes(value as ProjectStatusFilter);

export function useProjectFilter(): [ProjectFilterState, (change: Partial<ProjectFilterState>) => void] {
  const [params, setParams] = useSearchParams();
  // The text as typed, ahead of the address (use-typed-param.ts).
  const [text, typed] = useTypedParam('q');
  const statusParam = params.get('status');
  const filter = useMemo<ProjectFilterState>(() => ({ text, status: isStatusFilter(statusParam) ? statusParam : 'all' }), [text, statusParam]);
  const update = useCallback((change: Partial<ProjectFilterState>) => {
    if (change.text !== undefined) typed(change.text);
    setParams(() => {
      const next = latestSearchParams();
      if (change.text !== undefined) {
        if (change.text === '') next.delete('q');
        else next.set('q', change.text);
      }
      if (change.status !== undefined) {
        if (change.status === 'all') next.delete('status');
        else next.set('status', change.status);
      }
      return next;
    }, { replace: true });
  }, [setParams, typed]);
  return [filter, update];
}
