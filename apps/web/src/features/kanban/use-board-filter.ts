import { isPriority } from '@grove/domain/kanban/task-fields';
import type { TaskFilter } from '@grove/domain/kanban/selectors';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { latestSearchParams } from '@/lib/latest-search-params.ts';
import { useTypedParam } from '@/lib/use-typed-param.ts';

// The filter bar's state lives in the address (?q=, ?priority=, ?tag=), so a reload or a shared link keeps it.
// It only hides cards: the stored order never changes.

export interface BoardFilter extends TaskFilter {
  readonly text: string;
  readonly priority: NonNullable<TaskFilter['priority']>;
  readonly tag: string;
}

export function useBoardFilter(): [BoardFilter, (change: Partial<BoardFilter>) => void] {
  const [params, setParams] = useSearchParams();
  // The text as typed, ahead of the address (use-typed-param.ts).
  const [text, typed] = useTypedParam('q');
  const priorityParam = params.get('priority');
  const tag = params.get('tag') ?? '';
  const filter = useMemo<BoardFilter>(
    () => ({ text, priority: isPriority(priorityParam) ? priorityParam : 'all', tag }),
    [text, priorityParam, tag],
  );
  const update = useCallback((change: Partial<BoardFilter>) => {
    if (change.text !== undefined) typed(change.text);
    setParams(() => {
      const next = latestSearchParams();
      const set = (key: string, value: string | undefined, empty: string) => {
        if (value === undefined) return;
        if (value === empty) next.delete(key);
        else next.set(key, value);
      };
      set('q', change.text, '');
      set('priority', change.priority, 'all');
      set('tag', change.tag, '');
      return next;
    }, { replace: true });
  }, [setParams, typed]);
  return [filter, update];
}
