import type { Editor } from '@tiptap/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { inputStyles, labelStyles } from '@/components/ui/field-styles.ts';
import { browserStorage } from '@/lib/safe-storage.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { discardDraft, useDraft } from '@/lib/use-draft.ts';
import { normaliseLinkInput } from './link-href.ts';

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * Whose unsaved address a draft is: the link being made or changed, named by its page, its block and its address
 * (a reload keeps no selection to name it better).
 */
function draftTarget(editor: Editor, pageId: string): string {
  const { $from } = editor.state.selection;
  const blockId: unknown = $from.depth >= 1 ? $from.node(1).attrs.blockId : null;
  const href = editor.getAttributes('link').href as string | undefined;
  return JSON.stringify([pageId, typeof blockId === 'string' ? blockId : '', href ?? '']);
}

/** Ctrl/Cmd+K: add, change or remove the link on the selected text (or the link the caret is in). */
export function LinkDialog({ editor, pageId, onClose }: { editor: Editor | null; pageId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const open = editor !== null;
  // Escape, the close button or a click outside: the unsaved address is given up.
  const cancel = () => {
    if (editor) discardDraft(browserStorage('local'), STORAGE_KEYS.drafts.link, draftTarget(editor, pageId));
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => { if (!next) cancel(); }} title={t('pageEditor.link.title')} closeLabel={t('pageEditor.link.close')}>
      {editor ? <LinkForm key={String(open)} editor={editor} pageId={pageId} onClose={onClose} /> : null}
    </Dialog>
  );
}

/** The address as typed is kept as a draft until it is applied, removed or cancelled, so a reload does not lose it. */
function LinkForm({ editor, pageId, onClose }: { editor: Editor; pageId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const current = editor.getAttributes('link').href as string | undefined;
  const kept = useDraft(STORAGE_KEYS.drafts.link, draftTarget(editor, pageId), () => current ?? '', isText);
  const { value: text, set: setText } = kept;
  const [error, setError] = useState(false);

  const unlink = () => {
    kept.clear();
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      unlink();
      return;
    }
    const href = normaliseLinkInput(text);
    if (href === null) {
      setError(true);
      return;
    }
    kept.clear();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !current) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={`${id}-href`} className={labelStyles}>{t('pageEditor.link.address')}</label>
      <input
        id={`${id}-href`}
        className={inputStyles()}
        value={text}
        inputMode="url"
        placeholder="https://"
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(false);
        }}
      />
      {error ? <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-danger">{t('pageEditor.link.invalid')}</p> : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {current ? (
          <Button variant="ghost" onClick={unlink}>
            {t('pageEditor.link.remove')}
          </Button>
        ) : null}
        <Button type="submit">{t('pageEditor.link.apply')}</Button>
      </div>
    </form>
  );
}
