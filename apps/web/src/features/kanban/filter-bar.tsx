import { isFilterActive, selectAllTags, taskMatchesFilter } from '@grove/domain/kanban/selectors';
import type { StudioData } from '@grove/domain/workspace/model';
import type { Priority } from '@grove/domain/workspace/model';
import { X } from 'lucide-react';
import { useCallback, useId } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { inputStyles } from '@/components/ui/field-styles.ts';
import { SearchField } from '@/components/ui/search-field.tsx';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import type { BoardFilter } from './use-board-filter.ts';

const PRIORITIES: readonly (Priority | 'all')[] = ['all', 'high', 'medium', 'low'];

/** Text, priority and tag: cards that do not match are hidden, the stored order is untouched. */
export function FilterBar({ filter, onChange }: { filter: BoardFilter; onChange: (change: Partial<BoardFilter>) => void }) {
  const { t } = useTranslation();
  const tags = useWorkspaceSelector(selectAllTags);
  const id = useId();
  const active = isFilterActive(filter);
  const anyMatch = useWorkspaceSelector(useCallback(
    (data: StudioData) => !active || Object.values(data.kanbanBoard.items).some((task) => taskMatchesFilter(task, filter)),
    [active, filter],
  ));
  return (
    <search className="mb-4 grid grid-cols-2 items-center gap-2 sm:flex sm:flex-wrap" aria-label={t('kanban.filter.label')}>
      <SearchField
        className="col-span-2 min-w-48 flex-1 sm:max-w-xs"
        label={t('kanban.filter.text')}
        placeholder={t('kanban.filter.textPlaceholder')}
        value={filter.text}
        onChange={(text) => onChange({ text })}
      />
      <label htmlFor={`${id}-priority`} className="sr-only">{t('kanban.filter.priority')}</label>
      <select
        id={`${id}-priority`}
        value={filter.priority}
        onChange={(event) => onChange({ priority: event.target.value as Priority | 'all' })}
        className={inputStyles(undefined, 'w-full sm:w-auto')}
      >
        {PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>{priority === 'all' ? t('kanban.filter.allPriorities') : t(`kanban.priority.${priority}`)}</option>
        ))}
      </select>
      {tags.length === 0 && filter.tag === '' ? null : (
        <>
          <label htmlFor={`${id}-tag`} className="sr-only">{t('kanban.filter.tag')}</label>
          <select id={`${id}-tag`} value={filter.tag} onChange={(event) => onChange({ tag: event.target.value })} className={inputStyles('sm:max-w-48', 'w-full sm:w-auto')}>
            <option value="">{t('kanban.filter.allTags')}</option>
            {filter.tag !== '' && !tags.includes(filter.tag) ? <option value={filter.tag}>{filter.tag}</option> : null}
            {tags.map((tag) => <option key={tag} value={tag}>{tag}</option>)}
          </select>
        </>
      )}
      {active ? (
        <button
          type="button"
          onClick={() => onChange({ text: '', priority: 'all', tag: '' })}
          className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden className="h-4 w-4" />
          {t('kanban.filter.clear')}
        </button>
      ) : null}
      {anyMatch ? null : <p role="status" className="col-span-2 text-sm text-muted-foreground">{t('kanban.filter.noMatches')}</p>}
    </search>
  );
}
