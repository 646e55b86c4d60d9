import { createProject, deleteProject, updateProject } from '@grove/domain/projects/project-commands';
import {
  isProjectFilterActive, PROJECT_STATUS_FILTERS, projectMatchesFilter, selectProject, selectProjectsNewestFirst,
} from '@grove/domain/projects/project-selectors';
import { generateId } from '@grove/domain/workspace/ids';
import type { StudioData } from '@grove/domain/workspace/model';
import { FolderKanban, Plus, SearchX } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { inputStyles } from '@/components/ui/field-styles.ts';
import { SearchField } from '@/components/ui/search-field.tsx';
import { scrollBehavior } from '@/lib/motion.ts';
import { noteRecentItem } from '@/lib/recent-items.ts';
import { useLinkParams } from '@/lib/use-link-params.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { useUndo } from '@/lib/workspace-store/use-undo.ts';
import { useWorkspaceSelector, useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import { ProjectCard } from './project-card.tsx';
import { ProjectDialog, type ProjectDialogState, type ProjectDraft } from './project-dialog.tsx';
import { useProjectFilter, type ProjectFilterState } from './use-project-filter.ts';

/** Links from other screens: ?new=1 opens the create modal, ?edit=<id> that project's edit modal. */
const LINK_PARAMS = ['new', 'edit', 'show'] as const;

function FilterBar({ filter, onChange }: { filter: ProjectFilterState; onChange: (change: Partial<ProjectFilterState>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <search className="mb-6 flex flex-col gap-2 sm:flex-row" aria-label={t('projects.filter.label')}>
      <SearchField
        className="flex-1 sm:max-w-sm"
        label={t('projects.filter.text')}
        placeholder={t('projects.filter.textPlaceholder')}
        value={filter.text}
        onChange={(text) => onChange({ text })}
      />
      <label htmlFor={`${id}-status`} className="sr-only">{t('projects.filter.status')}</label>
      <select
        id={`${id}-status`}
        value={filter.status}
        onChange={(event) => onChange({ status: event.target.value as ProjectFilterState['status'] })}
        className={inputStyles(undefined, 'w-full sm:w-48')}
      >
        {PROJECT_STATUS_FILTERS.map((status) => (
          <option key={status} value={status}>{status === 'all' ? t('projects.filter.all') : t(`projects.status.${status}`)}</option>
        ))}
      </select>
    </search>
  );
}

function EmptyState({ filtered, onCreate, onClear }: { filtered: boolean; onCreate: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  const Icon = filtered ? SearchX : FolderKanban;
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <Icon aria-hidden className="mb-3 h-10 w-10 text-muted-foreground" />
      <p className="text-lg font-semibold">{filtered ? t('projects.empty.noneFound') : t('projects.empty.none')}</p>
      <p className="mt-1 max-w-sm text-muted-foreground">{filtered ? t('projects.empty.adjust') : t('projects.empty.hint')}</p>
      {filtered ? (
        <Button variant="secondary" className="mt-5" onClick={onClear}>{t('projects.filter.clear')}</Button>
      ) : (
        <Button className="mt-5" onClick={onCreate}><Plus aria-hidden className="h-4 w-4" />{t('projects.empty.createFirst')}</Button>
      )}
    </div>
  );
}

/** Projects (docs/product.md, Projects): search, status filter, the card grid, create and edit modals, delete. */
export function Component() {
  const { t } = useTranslation();
  const { title, description } = useScreenMeta({ key: 'projects', path: '/free-project-management' });
  const store = useWorkspaceStore();
  const { notifyDone } = useUndo();
  const [filter, setFilter] = useProjectFilter();
  const [dialog, setDialog] = useState<ProjectDialogState | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const projects = useWorkspaceSelector(selectProjectsNewestFirst);
  const toDelete = useWorkspaceSelector(
    useCallback((data: StudioData) => (deleting === null ? undefined : selectProject(data, deleting)), [deleting]),
  );

  const shown = useMemo(() => projects.filter((project) => projectMatchesFilter(project, filter)), [projects, filter]);
  const filtered = isProjectFilterActive(filter);
  const openEdit = useCallback((id: string) => setDialog({ mode: 'edit', projectId: id }), []);
  const askDelete = useCallback((id: string) => setDeleting(id), []);
  const clearShown = useCallback(() => setShownId(null), []);

  // A card asked for by a link (the command palette, issue 32): shown even if the filter hid it, scrolled to and
  // focused; a project deleted since is said to be gone.
  function show(id: string) {
    const project = selectProject(store.getSnapshot().data, id);
    if (!project) {
      toast.error(t('projects.toast.notFound'));
      return;
    }
    if (!projectMatchesFilter(project, filter)) setFilter({ text: '', status: 'all' });
    setShownId(id);
  }
  useLinkParams(LINK_PARAMS, (link) => {
    if (link.edit) setDialog({ mode: 'edit', projectId: link.edit });
    else if (link.new !== undefined) setDialog({ mode: 'create' });
    else if (link.show) show(link.show);
  });
  useEffect(() => {
    if (shownId === null || !shown.some((project) => project.id === shownId)) return;
    noteRecentItem({ kind: 'project', id: shownId });
    const card = document.querySelector(`[data-project-id="${CSS.escape(shownId)}"]`);
    card?.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
    card?.querySelector<HTMLElement>('h2 button')?.focus({ preventScroll: true });
  }, [shown, shownId]);
  useEffect(() => {
    if (dialog?.mode === 'edit') noteRecentItem({ kind: 'project', id: dialog.projectId });
  }, [dialog]);

  const save = (state: ProjectDialogState, draft: ProjectDraft) => {
    if (state.mode === 'create') {
      const id = generateId('project');
      const { name, description, dueDate, teamSize } = draft;
      store.dispatch(createProject, { id, name, description, dueDate, teamSize });
      toast.success(t('projects.toast.created'));
      noteRecentItem({ kind: 'project', id });
    } else {
      store.dispatch(updateProject, { id: state.projectId, ...draft });
      toast.success(t('projects.toast.updated'));
    }
    setDialog(null);
  };

  return (
    <div className="max-w-6xl">
      <ScreenHeader
        title={title}
        subtitle={description}
        actions={<Button onClick={() => setDialog({ mode: 'create' })}><Plus aria-hidden className="h-4 w-4" />{t('projects.new')}</Button>}
      />
      <FilterBar filter={filter} onChange={setFilter} />
      {shown.length === 0 ? (
        <EmptyState filtered={filtered} onCreate={() => setDialog({ mode: 'create' })} onClear={() => setFilter({ text: '', status: 'all' })} />
      ) : (
        <>
          <p className="sr-only" role="status">{t('projects.count', { count: shown.length })}</p>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                onEdit={openEdit}
                onDelete={askDelete}
                highlighted={project.id === shownId}
                onLeave={clearShown}
              />
            ))}
          </ul>
        </>
      )}
      <ProjectDialog state={dialog} onClose={() => setDialog(null)} onSave={save} onDelete={askDelete} />
      {toDelete ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => { if (!open) setDeleting(null); }}
          title={t('projects.confirm.title')}
          description={t('projects.confirm.delete', { name: toDelete.name })}
          confirmLabel={t('projects.confirm.button')}
          cancelLabel={t('projects.dialog.cancel')}
          destructive
          onConfirm={() => {
            notifyDone(t('projects.toast.deleted'), store.dispatch(deleteProject, { id: toDelete.id }));
            setDialog(null);
          }}
        />
      ) : null}
    </div>
  );
}
