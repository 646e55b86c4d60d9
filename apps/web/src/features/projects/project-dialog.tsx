import { isPriority } from '@grove/domain/kanban/task-fields';
import { dueDateInputValue, isBlankName, isProjectStatus } from '@grove/domain/projects/project-fields';
import { selectProject } from '@grove/domain/projects/project-selectors';
import { PROJECT_STATUSES, type Priority, type Project, type ProjectStatus, type StudioData } from '@grove/domain/workspace/model';
import { useCallback, useId, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { inputStyles, labelStyles, textareaStyles } from '@/components/ui/field-styles.ts';
import { browserStorage } from '@/lib/safe-storage.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { discardDraft, hasStringFields, useDraft } from '@/lib/use-draft.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';

export type ProjectDialogState = { readonly mode: 'create' } | { readonly mode: 'edit'; readonly projectId: string };

export interface ProjectDraft {
  name: string;
  description: string;
  status: ProjectStatus;
  priority: Priority;
  progress: string;
  teamSize: string;
  dueDate: string;
}

const PRIORITIES: readonly Priority[] = ['high', 'medium', 'low'];

const draftOf = (project: Project | undefined): ProjectDraft => ({
  name: project?.name ?? '',
  description: project?.description ?? '',
  status: project?.status ?? 'active',
  priority: project?.priority ?? 'medium',
  progress: String(project?.progress ?? 0),
  teamSize: String(project?.teamSize ?? 1),
  dueDate: dueDateInputValue(project?.dueDate),
});

const isDraft = (value: unknown): value is ProjectDraft =>
  hasStringFields(value, ['name', 'description', 'status', 'priority', 'progress', 'teamSize', 'dueDate'])
  && isProjectStatus(value.status) && isPriority(value.priority);

/** Whose unsaved text a draft is: the project's, or 'new' for the create dialog. */
const draftTarget = (state: ProjectDialogState): string => (state.mode === 'edit' ? state.projectId : 'new');

interface ProjectFormProps {
  state: ProjectDialogState;
  project: Project | undefined;
  onSave: (draft: ProjectDraft) => void;
  onCancel: () => void;
  onDelete: (id: string) => void;
}

/**
 * Create: name, description, due date (a new project is active, medium, progress 0, team of 1). Edit: every
 * field. A blank name does nothing, as docs/product.md asks (Projects): the Save button stays disabled. The fields
 * as typed are kept as a draft until Save or Cancel, so a reload or a closed tab does not lose them.
 */
function ProjectForm({ state, project, onSave, onCancel, onDelete }: ProjectFormProps) {
  const { t } = useTranslation();
  const kept = useDraft(STORAGE_KEYS.drafts.project, draftTarget(state), () => draftOf(project), isDraft);
  const { value: draft, set: setDraft } = kept;
  const id = useId();
  const field = (name: keyof ProjectDraft) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  const editing = state.mode === 'edit';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlankName(draft.name)) return;
    kept.clear();
    onSave(draft);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={`${id}-name`} className={labelStyles}>{t('projects.dialog.name')}</label>
        <input {...field('name')} maxLength={200} placeholder={t('projects.dialog.namePlaceholder')} className={inputStyles()} />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={labelStyles}>{t('projects.dialog.description')}</label>
        <textarea {...field('description')} rows={3} placeholder={t('projects.dialog.descriptionPlaceholder')} className={textareaStyles()} />
      </div>
      {/* Team size in both dialogs (spec: min 1, empty → 1); status, priority and progress once the project exists. */}
      <div className="grid gap-4 sm:grid-cols-2">
        {editing ? (
          <>
            <div>
              <label htmlFor={`${id}-status`} className={labelStyles}>{t('projects.dialog.status')}</label>
              <select {...field('status')} className={inputStyles()}>
                {PROJECT_STATUSES.map((status) => <option key={status} value={status}>{t(`projects.status.${status}`)}</option>)}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-priority`} className={labelStyles}>{t('projects.dialog.priority')}</label>
              <select {...field('priority')} className={inputStyles()}>
                {PRIORITIES.map((priority) => <option key={priority} value={priority}>{t(`projects.priority.${priority}`)}</option>)}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-progress`} className={labelStyles}>{t('projects.dialog.progress')}</label>
              <input {...field('progress')} type="number" inputMode="numeric" min={0} max={100} step={1} className={inputStyles()} />
            </div>
          </>
        ) : null}
        <div>
          <label htmlFor={`${id}-teamSize`} className={labelStyles}>{t('projects.dialog.teamSize')}</label>
          <input {...field('teamSize')} type="number" inputMode="numeric" min={1} step={1} className={inputStyles()} />
        </div>
        <div className={editing ? 'sm:col-span-2' : undefined}>
          <label htmlFor={`${id}-dueDate`} className={labelStyles}>{t('projects.dialog.dueDate')}</label>
          <input {...field('dueDate')} type="date" className={inputStyles()} />
        </div>
      </div>
      <div className="flex flex-wrap-reverse items-center justify-between gap-2 pt-2">
        {state.mode === 'edit' ? (
          <Button variant="dangerGhost" onClick={() => onDelete(state.projectId)}>{t('projects.dialog.delete')}</Button>
        ) : <span />}
        {/* ml-auto: on a phone, where Delete wraps below, Cancel and Save stay on the right. */}
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" onClick={onCancel}>{t('projects.dialog.cancel')}</Button>
          <Button type="submit" disabled={isBlankName(draft.name)}>{editing ? t('projects.dialog.save') : t('projects.dialog.create')}</Button>
        </div>
      </div>
    </form>
  );
}

interface ProjectDialogProps {
  state: ProjectDialogState | null;
  onClose: () => void;
  onSave: (state: ProjectDialogState, draft: ProjectDraft) => void;
  onDelete: (id: string) => void;
}

export function ProjectDialog({ state, onClose, onSave, onDelete }: ProjectDialogProps) {
  const { t } = useTranslation();
  const projectId = state?.mode === 'edit' ? state.projectId : null;
  const project = useWorkspaceSelector(
    useCallback((data: StudioData) => (projectId === null ? undefined : selectProject(data, projectId)), [projectId]),
  );
  // A project deleted while its dialog is open (another tab, or Delete) closes the dialog.
  const open = state !== null && (state.mode === 'create' || project !== undefined);
  // Cancel, Escape, the close button or a click outside: the unsaved text is given up.
  const cancel = () => {
    if (state) discardDraft(browserStorage('local'), STORAGE_KEYS.drafts.project, draftTarget(state));
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => { if (!next) cancel(); }}
      title={state?.mode === 'edit' ? t('projects.dialog.editTitle') : t('projects.dialog.createTitle')}
      closeLabel={t('toast.close')}
    >
      {state && open ? (
        <ProjectForm key={projectId ?? 'new'} state={state} project={project} onSave={(draft) => onSave(state, draft)} onCancel={cancel} onDelete={onDelete} />
      ) : null}
    </Dialog>
  );
}
