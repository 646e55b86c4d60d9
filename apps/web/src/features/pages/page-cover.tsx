import { setPageCover } from '@grove/domain/pages/page-commands';
import type { Page } from '@grove/domain/workspace/model';
import { ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { useUndo } from '@/lib/workspace-store/use-undo.ts';
import { useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import { CoverImageError, prepareCover } from './cover-image.ts';

/**
 * The workspace provider's id for its save toasts: a cover that did not fit is undone and saved again, which
 * raises 'save failed' then 'all changes saved' under this id; the cover's own message takes that toast's place.
 */
const SAVE_TOAST_ID = 'workspace-save';

/** Picking one wrong file after another shows the message once, not a stack of copies. */
const INVALID_TOAST_ID = 'page-cover-invalid';

/** On hover, keyboard focus and wherever there is no hover (touch, small screens). */
const revealOnHover = 'opacity-100 sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100 pointer-coarse:opacity-100';

/** The buttons over the image stay readable on any picture. */
const overImage = 'bg-surface/90 shadow-sm backdrop-blur-sm aria-disabled:opacity-60';

/**
 * The cover at the top of a page: an 'Add cover' button, or the image with Change and Remove. The picked file
 * is made a small raster image first (cover-image.ts); when the workspace cannot hold it, the change is undone
 * so nothing stored before is lost.
 */
export function PageCover({ page }: { page: Pick<Page, 'id' | 'coverImage'> }) {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const { notifyDone } = useUndo();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const cover = page.coverImage;

  const apply = (dataUrl: string) => {
    const hadCover = cover !== undefined;
    const entry = store.dispatch(setPageCover, { id: page.id, cover: dataUrl });
    if (!entry) return;
    if (!store.flush() && store.getSnapshot().saveError === 'quota') {
      store.undo(entry.id);
      store.flush();
      toast.error(t('pageHeader.cover.tooLarge'), { id: SAVE_TOAST_ID, duration: 15_000 });
      return;
    }
    notifyDone(t(hadCover ? 'pageHeader.cover.changed' : 'pageHeader.cover.added'), entry);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again is a change too.
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      apply(await prepareCover(file));
    } catch (error) {
      if (error instanceof CoverImageError) {
        toast.error(t('pageHeader.cover.invalid'), { id: INVALID_TOAST_ID });
      } else {
        console.error('Preparing the cover image failed.', error);
        toast.error(t('pageHeader.cover.failed'));
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = () => notifyDone(t('pageHeader.cover.removed'), store.dispatch(setPageCover, { id: page.id, cover: null }));
  // aria-disabled rather than disabled while busy: a disabled button drops the keyboard focus.
  const choose = () => {
    if (!busy) input.current?.click();
  };

  const parts = (
    <>
      <input ref={input} type="file" accept="image/*" hidden onChange={(event) => void onFile(event)} />
      <span role="status" className="sr-only">{busy ? t('pageHeader.cover.preparing') : ''}</span>
    </>
  );

  if (cover === undefined) {
    return (
      <div className="flex min-h-10 items-center">
        {parts}
        <Button variant="ghost" size="sm" className="-ml-2 text-muted-foreground hover:text-foreground" onClick={choose} aria-disabled={busy}>
          {busy ? <LoaderCircle aria-hidden className="h-4 w-4 animate-spin motion-reduce:animate-none" /> : <ImagePlus aria-hidden className="h-4 w-4" />}
          {busy ? t('pageHeader.cover.preparing') : t('pageHeader.cover.add')}
        </Button>
      </div>
    );
  }

  return (
    <div className="group relative h-52 w-full overflow-hidden rounded-xl bg-muted sm:h-60">
      {parts}
      <img src={cover} alt="" className="h-full w-full object-cover" draggable={false} />
      {busy ? (
        <div aria-hidden className="absolute inset-0 flex items-center justify-center gap-2 bg-backdrop text-sm font-medium text-white">
          <LoaderCircle className="h-5 w-5 animate-spin motion-reduce:animate-none" />
          {t('pageHeader.cover.preparing')}
        </div>
      ) : null}
      <div className={cn('absolute right-3 bottom-3 flex gap-2 transition-opacity', busy ? 'opacity-100' : revealOnHover)}>
        <Button variant="secondary" size="sm" className={overImage} onClick={choose} aria-disabled={busy}>
          <ImagePlus aria-hidden className="h-4 w-4" />
          {t('pageHeader.cover.change')}
        </Button>
        <Button variant="secondary" size="sm" className={overImage} onClick={() => { if (!busy) remove(); }} aria-disabled={busy}>
          <Trash2 aria-hidden className="h-4 w-4" />
          {t('pageHeader.cover.remove')}
        </Button>
      </div>
    </div>
  );
}
