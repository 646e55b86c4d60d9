import type { Editor } from '@tiptap/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { inputStyles, labelStyles } from '@/components/ui/field-styles.ts';
import { normaliseLinkInput } from './link-href.ts';

/** Ctrl/Cmd+K: add, change or remove the link on the selected text (or the link the caret is in). */
export function LinkDialog({ editor, onClose }: { editor: Editor | null; onClose: () => void }) {
  const { t } = useTranslation();
  const open = editor !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => { if (!next) onClose(); }} title={t('pageEditor.link.title')} closeLabel={t('pageEditor.link.close')}>
      {editor ? <LinkForm key={String(open)} editor={editor} onClose={onClose} /> : null}
    </Dialog>
  );
}

function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const current = editor.getAttributes('link').href as string | undefined;
  const [text, setText] = useState(current ?? '');
  const [error, setError] = useState(false);

  const unlink = () => {
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
