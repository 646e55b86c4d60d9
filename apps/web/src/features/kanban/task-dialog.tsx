import { formatTags, isBlankTitle, isPriority, parseTags, priorityOf } from '@grove/domain/kanban/task-fields';
import { selectTask } from '@grove/domain/workspace/selectors';
import type { KanbanItem, Priority, StudioData } from '@grove/domain/workspace/model';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { inputStyles, labelStyles, textareaStyles } from '@/components/ui/field-styles.ts';
import { browserStorage } from '@/lib/safe-storage.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { discardDraft, hasStringFields, useDraft } from '@/lib/use-draft.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import { useBoardActions } from './board-context.ts';
import { dueDateInputValue } from './due-date.ts';

export type TaskDialogState = { readonly mode: 'create'; readonly columnId?: string } | { readonly mode: 'edit'; readonly taskId: string };

const PRIORITIES: readonly Priority[] = ['high', 'medium', 'low'];

interface Draft {
  content: string;
  description: string;
  priority: Priority;
  tags: string;
  dueDate: string;
}

const draftOf = (task: KanbanItem | undefined): Draft => ({
  content: task?.content ?? '',
  description: task?.description ?? '',
  priority: task ? priorityOf(task) : 'medium',
  tags: task ? formatTags(task.tags) : '',
  dueDate: dueDateInputValue(task?.dueDate),
});

const isDraft = (value: unknown): value is Draft =>
  hasStringFields(value, ['content', 'description', 'priority', 'tags', 'dueDate']) && isPriority(value.priority);

/** Whose unsaved text a draft is: the task's, or 'new' for the create dialog (from any column). */
const draftTarget = (state: TaskDialogState): string => (state.mode === 'edit' ? state.taskId : 'new');

interface TaskFormProps {
  state: TaskDialogState;
  task: KanbanItem | undefined;
  /** Closes after a save. */
  onClose: () => void;
  /** Closes and forgets the unsaved text. */
  onCancel: () => void;
}

/** The fields as typed are kept as a draft until Save or Cancel, so a reload or a closed tab does not lose them. */
function TaskForm({ state, task, onClose, onCancel }: TaskFormProps) {
  const { t } = useTranslation();
  const { commands, askDeleteTask } = useBoardActions();
  const kept = useDraft(STORAGE_KEYS.drafts.task, draftTarget(state), () => draftOf(task), isDraft);
  const { value: draft, set: setDraft } = kept;
  const [titleError, setTitleError] = useState(false);
  const id = useId();
  const field = (name: keyof Draft) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlankTitle(draft.content)) {
      setTitleError(true);
      toast.error(t('kanban.toast.titleRequired'));
      return;
    }
    const fields = {
      content: draft.content,
      description: draft.description,
      priority: draft.priority,
      tags: parseTags(draft.tags),
      dueDate: draft.dueDate === '' ? null : draft.dueDate,
    };
    if (state.mode === 'edit') commands.updateTask({ id: state.taskId, ...fields });
    else commands.createTask({ ...fields, ...(state.columnId === undefined ? {} : { columnId: state.columnId }) });
    kept.clear();
    onClose();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={`${id}-content`} className={labelStyles}>{t('kanban.dialog.title')}</label>
        <input
          {...field('content')}
          maxLength={500}
          aria-invalid={titleError || undefined}
          aria-describedby={titleError ? `${id}-content-error` : undefined}
          placeholder={t('kanban.dialog.titlePlaceholder')}
          className={inputStyles(titleError ? 'border-danger' : undefined)}
        />
        {titleError ? <p id={`${id}-content-error`} className="mt-1 text-sm text-danger">{t('kanban.toast.titleRequired')}</p> : null}
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={labelStyles}>{t('kanban.dialog.description')}</label>
        <textarea {...field('description')} rows={3} placeholder={t('kanban.dialog.descriptionPlaceholder')} className={textareaStyles()} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-priority`} className={labelStyles}>{t('kanban.dialog.priority')}</label>
          <select {...field('priority')} className={inputStyles()}>
            {PRIORITIES.map((priority) => <option key={priority} value={priority}>{t(`kanban.priority.${priority}`)}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-dueDate`} className={labelStyles}>{t('kanban.dialog.dueDate')}</label>
          <input {...field('dueDate')} type="date" className={inputStyles()} />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-tags`} className={labelStyles}>{t('kanban.dialog.tags')}</label>
        <input {...field('tags')} placeholder={t('kanban.dialog.tagsPlaceholder')} aria-describedby={`${id}-tags-hint`} className={inputStyles()} />
        <p id={`${id}-tags-hint`} className="mt-1 text-xs text-muted-foreground">{t('kanban.dialog.tagsHint')}</p>
      </div>
      <div className="flex flex-wrap-reverse items-center justify-between gap-2 pt-2">
        {state.mode === 'edit' ? (
          <Button variant="dangerGhost" onClick={() => askDeleteTask(state.taskId)}>{t('kanban.dialog.delete')}</Button>
        ) : <span />}
        {/* ml-auto: on a phone, where Delete wraps below, Cancel and Save stay on the right. */}
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" onClick={onCancel}>{t('kanban.dialog.cancel')}</Button>
          <Button type="submit">{state.mode === 'edit' ? t('kanban.dialog.save') : t('kanban.dialog.create')}</Button>
        </div>
      </div>
    </form>
  );
}

/** The task modal, to create a task (in a column, or the to-do column) or edit one. */
export function TaskDialog({ state, onClose }: { state: TaskDialogState | null; onClose: () => void }) {
  const { t } = useTranslation();
  const taskId = state?.mode === 'edit' ? state.taskId : null;
  const task = useWorkspaceSelector(useCallback((data: StudioData) => (taskId === null ? undefined : selectTask(data, taskId)), [taskId]));
  // A task deleted while its dialog is open (in another tab, or by Delete) closes the dialog.
  const open = state !== null && (state.mode === 'create' || task !== undefined);
  // Cancel, Escape, the close button or a click outside: the unsaved text is given up.
  const cancel = () => {
    if (state) discardDraft(browserStorage('local'), STORAGE_KEYS.drafts.task, draftTarget(state));
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => { if (!next) cancel(); }}
      title={state?.mode === 'edit' ? t('kanban.dialog.editTitle') : t('kanban.dialog.createTitle')}
      closeLabel={t('toast.close')}
    >
      {state && open ? <TaskForm key={taskId ?? 'new'} state={state} task={task} onClose={onClose} onCancel={cancel} /> : null}
    </Dialog>
  );
}
