import { PAGE_ICON_MAX_LENGTH, setPageIcon } from '@grove/domain/pages/page-commands';
import { DEFAULT_PAGE_ICON, type Page } from '@grove/domain/workspace/model';
import { RotateCcw } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { PageIcon } from '@/components/page-icon.tsx';
import { SUGGESTED_PAGE_ICONS as SUGGESTED } from '@/components/suggested-page-icons.ts';
import { Button } from '@/components/ui/button.tsx';
import { inputStyles } from '@/components/ui/field-styles.ts';
import { useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';

const COLUMNS = 8;

/** The index an arrow key (or Home/End) moves to in a grid of `count` cells, `columns` wide; null for other keys. */
export function gridMove(key: string, index: number, count: number, columns: number): number | null {
  switch (key) {
    case 'ArrowRight': return Math.min(count - 1, index + 1);
    case 'ArrowLeft': return Math.max(0, index - 1);
    case 'ArrowDown': return index + columns < count ? index + columns : index;
    case 'ArrowUp': return index - columns >= 0 ? index - columns : index;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}

function IconPanel({ page, titleId, onDone }: { page: Pick<Page, 'id' | 'icon'>; titleId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const id = useId();
  const [text, setText] = useState('');
  const [tooLong, setTooLong] = useState(false);
  const current = Math.max(0, SUGGESTED.findIndex(([emoji]) => emoji === page.icon));
  const [focusIndex, setFocusIndex] = useState(current);
  const cells = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (icon: string) => {
    store.dispatch(setPageIcon, { id: page.id, icon });
    onDone();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The command refuses a longer icon too; here the user is told why nothing changed.
    if (text.trim().length > PAGE_ICON_MAX_LENGTH) {
      setTooLong(true);
      return;
    }
    choose(text);
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = gridMove(event.key, focusIndex, SUGGESTED.length, COLUMNS);
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    cells.current[next]?.focus();
  };

  return (
    <>
      <h2 id={titleId} className="mb-2 text-sm font-semibold">{t('pageHeader.icon.title')}</h2>
      <div role="group" aria-label={t('pageHeader.icon.suggestions')} className="grid grid-cols-8 gap-1" onKeyDown={onGridKey}>
        {SUGGESTED.map(([emoji, name], index) => (
          <button
            key={name}
            ref={(element) => { cells.current[index] = element; }}
            type="button"
            tabIndex={index === focusIndex ? 0 : -1}
            aria-label={t(`pageHeader.icon.emoji.${name}`)}
            aria-pressed={emoji === page.icon}
            onFocus={() => setFocusIndex(index)}
            onClick={() => choose(emoji)}
            className={
              'flex h-9 w-9 items-center justify-center rounded-md text-2xl leading-none hover:bg-muted '
              + 'focus-visible:outline-2 focus-visible:outline-ring aria-pressed:bg-muted aria-pressed:ring-1 aria-pressed:ring-border'
            }
          >
            <PageIcon icon={emoji} />
          </button>
        ))}
      </div>
      <form onSubmit={submit} className="mt-4" noValidate>
        <label htmlFor={`${id}-custom`} className="mb-1.5 block text-sm font-medium">{t('pageHeader.icon.custom')}</label>
        <div className="flex gap-2">
          <input
            id={`${id}-custom`}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setTooLong(false);
            }}
            placeholder={t('pageHeader.icon.customPlaceholder')}
            autoComplete="off"
            aria-invalid={tooLong}
            aria-describedby={`${id}-hint`}
            className={inputStyles('min-w-0', 'flex-1')}
          />
          <Button type="submit" variant="secondary">{t('pageHeader.icon.apply')}</Button>
        </div>
        <p id={`${id}-hint`} className={tooLong ? 'mt-1.5 text-sm text-danger' : 'mt-1.5 text-xs text-muted-foreground'} aria-live="polite">
          {tooLong ? t('pageHeader.icon.tooLong', { max: PAGE_ICON_MAX_LENGTH }) : t('pageHeader.icon.customHint')}
        </p>
      </form>
      <Button variant="ghost" size="sm" className="mt-2 -ml-2" onClick={() => choose(DEFAULT_PAGE_ICON)} disabled={page.icon === DEFAULT_PAGE_ICON}>
        <RotateCcw aria-hidden className="h-4 w-4" />
        {t('pageHeader.icon.reset')}
      </Button>
    </>
  );
}

/**
 * The page's icon as a large button; it opens a panel of suggested icons (arrow keys move between them), a
 * field for any emoji (Enter uses it; empty means the default) and Reset. Escape closes it, focus returns here.
 */
export function PageIconPicker({ page }: { page: Pick<Page, 'id' | 'icon'> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={t('pageHeader.icon.change')}
        className={
          'flex h-16 w-16 items-center justify-center rounded-xl text-5xl leading-none transition-colors hover:bg-muted '
          + 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=open]:bg-muted'
        }
      >
        <PageIcon icon={page.icon} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby={titleId}
          className="z-50 w-[22rem] max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-surface-raised p-3 shadow-card"
        >
          <IconPanel page={page} titleId={titleId} onDone={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
