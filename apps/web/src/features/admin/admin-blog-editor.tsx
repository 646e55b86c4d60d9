import type { BlogPost } from '@grove/domain/content/blog-post';
import { postTextToHtml } from '@grove/domain/content/post-text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Loader2, RefreshCw, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { cn } from '@/components/ui/cn.ts';
import { Dialog } from '@/components/ui/dialog.tsx';
import { inputStyles, labelStyles, textareaStyles } from '@/components/ui/field-styles.ts';
import { apiErrorKey, ApiError } from '@/lib/api-error.ts';
import { adminKeys, postKeys } from '@/lib/queries/query-keys.ts';
import { postQuery } from '@/lib/queries/query-options.ts';
import { RichHtml } from '@/lib/rich-html.tsx';
import { adminApi } from './admin-blog-api.ts';
import {
  checkImageFile, emptyPostForm, firstInvalidField, formToFields, isPostFormDirty, postToForm, validatePostForm,
  type PostForm, type PostFormErrors, type RequiredField,
} from './admin-blog-form.ts';
import { editorActions } from './admin-card.ts';
import { DiscardChangesDialog } from './admin-table.tsx';

/** Which post the editor holds: a new one, or an existing one. */
export type EditorTarget = { readonly mode: 'new' } | { readonly mode: 'edit'; readonly id: string };

interface AdminBlogEditorProps {
  target: EditorTarget | null;
  onClose: () => void;
}

/** The New Post / Edit Post modal (docs/product.md, Admin). Mounted afresh for each target, so its form starts clean. */
export function AdminBlogEditor({ target, onClose }: AdminBlogEditorProps) {
  const { t } = useTranslation();
  const [confirmingClose, setConfirmingClose] = useState(false);
  const state = useRef<FormState>({ dirty: false, saving: false });
  const onState = useCallback((next: FormState) => {
    state.current = next;
  }, []);

  const requestClose = () => {
    if (state.current.saving) return;
    if (state.current.dirty) setConfirmingClose(true);
    else onClose();
  };

  return (
    <>
      <Dialog
        open={target !== null}
        onOpenChange={(open) => { if (!open) requestClose(); }}
        title={target?.mode === 'edit' ? t('admin.postEditor.editTitle') : t('admin.postEditor.newTitle')}
        closeLabel={t('admin.postEditor.close')}
        className="max-w-2xl p-5 sm:p-6"
      >
        {target?.mode === 'new' ? (
          <PostEditorForm key="new" post={null} onState={onState} onCancel={requestClose} onSaved={onClose} />
        ) : target?.mode === 'edit' ? (
          <EditedPost key={target.id} id={target.id} onState={onState} onCancel={requestClose} onSaved={onClose} />
        ) : null}
      </Dialog>
      <DiscardChangesDialog open={confirmingClose} onOpenChange={setConfirmingClose} onDiscard={onClose} />
    </>
  );
}

interface FormState {
  dirty: boolean;
  saving: boolean;
}

type PostEditorProps = Omit<PostEditorFormProps, 'post'>;

/**
 * The post to edit, read whole and fresh when the editor opens: the admin's list holds summaries only (decision
 * 066), and a form must not start from a copy another admin has since changed.
 */
function EditedPost({ id, ...props }: PostEditorProps & { id: string }) {
  const { t } = useTranslation();
  const post = useQuery({ ...postQuery(id), staleTime: 0, refetchOnMount: 'always' });
  // The form starts from the first fresh copy and keeps it: a later refetch (a change elsewhere, the window's focus)
  // must never unmount it and lose what is typed.
  const [loaded, setLoaded] = useState<BlogPost | null>(null);
  if (loaded === null && post.isSuccess && !post.isFetching) setLoaded(post.data);
  if (loaded) return <PostEditorForm post={loaded} {...props} />;
  if (post.isError) {
    return (
      <div role="alert" className="py-8 text-center">
        <p className="font-medium text-danger">{t('admin.postEditor.loadError')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t(apiErrorKey(post.error))}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void post.refetch()} disabled={post.isFetching}>
          <RefreshCw className={cn('h-4 w-4', post.isFetching && 'animate-spin')} aria-hidden="true" />
          {t('admin.postEditor.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="py-2">
      <span className="sr-only">{t('admin.postEditor.loading')}</span>
      <div aria-hidden="true" className="space-y-4">
        {['h-10', 'h-20', 'h-40'].map((height) => <div key={height} className={cn('animate-pulse rounded-md bg-muted', height)} />)}
      </div>
    </div>
  );
}

interface PostEditorFormProps {
  /** The post to edit, or null for a new one. */
  post: BlogPost | null;
  /** Told after each render whether closing would lose changes, and whether a save is under way. */
  onState: (state: FormState) => void;
  onCancel: () => void;
  onSaved: () => void;
}

const REQUIRED_KEYS = {
  title: 'admin.postEditor.titleRequired',
  excerpt: 'admin.postEditor.excerptRequired',
  content: 'admin.postEditor.contentRequired',
} as const;

function PostEditorForm({ post: edited, onState, onCancel, onSaved }: PostEditorFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const initial = useMemo(() => (edited ? postToForm(edited) : emptyPostForm), [edited]);
  const [form, setForm] = useState<PostForm>(initial);
  const [errors, setErrors] = useState<PostFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const excerptRef = useRef<HTMLTextAreaElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // Image problems show as a toast and inside the dialog (a modal hides the toast region from screen readers).
  const [imageError, setImageError] = useState<string | null>(null);
  const imageProblem = (message: string) => {
    setImageError(message);
    toast.error(message);
  };

  const upload = useMutation({
    mutationFn: (file: File) => adminApi.uploadImage(file, file.name),
    onSuccess: (result) => setForm((current) => ({ ...current, imageUrl: result.url })),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'imageTooLarge') imageProblem(t('admin.postEditor.imageTooLarge'));
      else imageProblem(t('admin.postEditor.uploadFailed', { message: t(apiErrorKey(error)) }));
    },
  });

  const save = useMutation({
    mutationFn: (values: PostForm) => (edited
      ? adminApi.updatePost(edited.id, formToFields(values))
      : adminApi.createPost(formToFields(values))),
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
      toast.success(edited ? t('admin.blogPosts.updated') : t('admin.blogPosts.created'));
      onSaved();
    },
    onError: (error) => {
      toast.error(edited ? t('admin.blogPosts.updateError') : t('admin.blogPosts.createError'), {
        description: t(apiErrorKey(error)),
      });
    },
  });

  // A post read after the dialog opened finds the focus on Close (or nowhere, after Try again): the form takes it.
  useEffect(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) titleRef.current?.focus();
  }, []);

  const busy = save.isPending || upload.isPending;
  const dirty = isPostFormDirty(initial, form);
  useEffect(() => onState({ dirty, saving: save.isPending }), [onState, dirty, save.isPending]);

  const set = (key: keyof PostForm) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...form, [key]: event.target.value };
    setForm(next);
    if (submitted) setErrors(validatePostForm(next));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validatePostForm(form);
    setSubmitted(true);
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) {
      ({ title: titleRef, excerpt: excerptRef, content: contentRef })[first].current?.focus();
      return;
    }
    save.mutate(form);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    setImageError(null);
    if (problem === 'tooLarge') imageProblem(t('admin.postEditor.imageTooLarge'));
    else if (problem === 'notImage') imageProblem(t('admin.postEditor.notImage'));
    else upload.mutate(file);
  };

  const previewHtml = postTextToHtml(form.content);
  const fieldProps = (key: RequiredField) => ({
    id: `${id}-${key}`,
    value: form[key],
    onChange: set(key),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
    'aria-required': true,
  });
  const errorText = (key: RequiredField) => (errors[key]
    ? <p id={`${id}-${key}-error`} className="mt-1.5 text-sm font-medium text-danger">{t(REQUIRED_KEYS[key])}</p>
    : null);

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
      <fieldset disabled={save.isPending} className="space-y-4">
        <div>
          <label htmlFor={`${id}-title`} className={labelStyles}>{t('admin.postEditor.title')}</label>
          <input {...fieldProps('title')} ref={titleRef} className={inputStyles()} />
          {errorText('title')}
        </div>
        <div>
          <label htmlFor={`${id}-excerpt`} className={labelStyles}>{t('admin.postEditor.excerpt')}</label>
          <textarea {...fieldProps('excerpt')} ref={excerptRef} rows={2} className={textareaStyles('min-h-16')} />
          {errorText('excerpt')}
        </div>
        <div>
          <label htmlFor={`${id}-content`} className={labelStyles}>{t('admin.postEditor.content')}</label>
          <p id={`${id}-content-hint`} className="mb-1.5 text-sm text-muted-foreground">{t('admin.postEditor.contentHint')}</p>
          <textarea
            {...fieldProps('content')}
            ref={contentRef}
            aria-describedby={[`${id}-content-hint`, errors.content ? `${id}-content-error` : ''].join(' ').trim()}
            rows={8}
            className={textareaStyles('min-h-40')}
          />
          {errorText('content')}
        </div>
        <section aria-labelledby={`${id}-preview`} className="rounded-lg border border-dashed border-border bg-surface p-4">
          <h3 id={`${id}-preview`} className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t('admin.postEditor.preview')}
          </h3>
          {previewHtml === ''
            ? <p className="text-sm text-muted-foreground">{t('admin.postEditor.previewEmpty')}</p>
            : <RichHtml html={previewHtml} className="text-sm sm:text-base sm:leading-7" />}
        </section>
        <div>
          <label htmlFor={`${id}-tags`} className={labelStyles}>{t('admin.postEditor.tags')}</label>
          <input
            id={`${id}-tags`}
            value={form.tags}
            onChange={set('tags')}
            aria-describedby={`${id}-tags-hint`}
            className={inputStyles()}
          />
          <p id={`${id}-tags-hint`} className="mt-1.5 text-sm text-muted-foreground">{t('admin.postEditor.tagsHint')}</p>
        </div>
        <div>
          <span id={`${id}-image`} className={labelStyles}>{t('admin.postEditor.image')}</span>
          {form.imageUrl ? (
            <img
              src={form.imageUrl}
              alt={t('admin.postEditor.imageAlt')}
              className="mb-3 aspect-video max-h-56 w-full rounded-lg border border-border bg-muted object-cover"
              data-testid="post-image-preview"
            />
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              accept="image/*"
              className="peer sr-only"
              onChange={onFile}
              disabled={busy}
              aria-describedby={`${id}-image-hint`}
            />
            <label
              htmlFor={`${id}-file`}
              className={buttonStyles('secondary', 'sm', cn(
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                busy && 'pointer-events-none opacity-50',
              ))}
            >
              {upload.isPending
                ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                : <ImagePlus className="h-4 w-4" aria-hidden="true" />}
              {form.imageUrl ? t('admin.postEditor.replaceImage') : t('admin.postEditor.chooseImage')}
            </label>
            {form.imageUrl ? (
              <Button variant="dangerGhost" size="sm" onClick={() => setForm((current) => ({ ...current, imageUrl: null }))}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('admin.postEditor.removeImage')}
              </Button>
            ) : null}
          </div>
          <p id={`${id}-image-hint`} className="mt-1.5 text-sm text-muted-foreground" aria-live="polite">
            {upload.isPending ? t('admin.postEditor.uploading') : t('admin.postEditor.imageHint')}
          </p>
          <div role="alert">
            {imageError ? <p className="mt-1.5 text-sm font-medium text-danger">{imageError}</p> : null}
          </div>
        </div>
      </fieldset>
      <div className={editorActions}>
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>{t('admin.postEditor.cancel')}</Button>
        <Button type="submit" disabled={busy}>
          {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? t('admin.postEditor.saving') : t('admin.postEditor.save')}
        </Button>
      </div>
    </form>
  );
}
