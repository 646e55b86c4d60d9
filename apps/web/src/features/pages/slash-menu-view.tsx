import type { BlockType } from '@grove/domain/workspace/model';
import { CheckSquare, Heading, Pilcrow, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/components/ui/cn.ts';
import type { SlashMenu } from './slash-menu.ts';

const ICONS: Record<BlockType, LucideIcon> = { paragraph: Pilcrow, heading: Heading, todo: CheckSquare };

/**
 * The '/' menu's list. The caret stays in the editor while it is open (keys reach the menu through the suggestion
 * plugin), so the list is announced as a listbox with the active option; a click chooses too.
 */
export function SlashMenuView({ menu }: { menu: SlashMenu }) {
  const { t } = useTranslation();
  const id = useId();
  const state = useSyncExternalStore(menu.subscribe, menu.getState);
  const list = useRef<HTMLDivElement>(null);

  const { open, mount } = state;
  useEffect(() => {
    const element = list.current;
    if (!open || !element || !mount) return undefined;
    return mount(element);
  }, [open, mount]);

  if (!state.open) return null;
  return createPortal(
    <div
      ref={list}
      role="listbox"
      id={`${id}-list`}
      aria-label={t('pageEditor.slash.label')}
      style={{ position: 'absolute', left: 0, top: 0, visibility: 'hidden' }}
      className="z-50 w-64 rounded-lg border border-border bg-surface-raised p-1 shadow-card"
      onMouseDown={(event) => event.preventDefault()}
    >
      {state.items.length === 0 ? (
        <p className="px-3 py-2 text-sm text-muted-foreground">{t('pageEditor.slash.none')}</p>
      ) : state.items.map((type, index) => {
        const Icon = ICONS[type];
        const active = index === state.active;
        return (
          <div
            key={type}
            role="option"
            aria-selected={active}
            className={cn('flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm', active && 'bg-muted')}
            onMouseEnter={() => menu.setActive(index)}
            onClick={() => menu.choose(type)}
          >
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md border border-border bg-surface">
              <Icon aria-hidden className="h-4 w-4" />
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="font-medium">{t(`pageEditor.blockTypes.${type}`)}</span>
              <span className="truncate text-xs text-muted-foreground">{t(`pageEditor.blockHints.${type}`)}</span>
            </span>
          </div>
        );
      })}
    </div>,
    document.body,
  );
}
