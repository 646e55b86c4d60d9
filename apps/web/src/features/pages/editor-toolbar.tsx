import type { BlockType } from '@grove/domain/workspace/model';
import { useEditorState, type Editor } from '@tiptap/react';
import { Bold, CheckSquare, Code, Heading, Italic, Link2, Pilcrow, type LucideIcon } from 'lucide-react';
import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/components/ui/cn.ts';

// The formatting bar above the page: block type and marks for pointer and touch users (the shortcuts do the same
// from the keyboard). A WAI-ARIA toolbar: one stop in the tab order, arrows move between its buttons. Buttons keep
// the editor's selection (mousedown does not take focus). Until the editor or the bar has focus it stays quiet: no
// frame, nothing shown as pressed (the selection it would describe is not one the user made), and it scrolls away.

interface Tool {
  readonly key: 'bold' | 'italic' | 'code';
  readonly icon: LucideIcon;
  readonly shortcut: string;
  readonly run: (editor: Editor) => void;
}

const BLOCKS: readonly { type: BlockType; icon: LucideIcon; shortcut: string }[] = [
  { type: 'paragraph', icon: Pilcrow, shortcut: 'Mod+Alt+0' },
  { type: 'heading', icon: Heading, shortcut: 'Mod+Alt+1' },
  { type: 'todo', icon: CheckSquare, shortcut: 'Mod+Alt+2' },
];

const MARKS: readonly Tool[] = [
  { key: 'bold', icon: Bold, shortcut: 'Mod+B', run: (editor) => editor.chain().focus().toggleBold().run() },
  { key: 'italic', icon: Italic, shortcut: 'Mod+I', run: (editor) => editor.chain().focus().toggleItalic().run() },
  { key: 'code', icon: Code, shortcut: 'Mod+E', run: (editor) => editor.chain().focus().toggleCode().run() },
];

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const shortcutText = (shortcut: string) => shortcut.replace('Mod', isMac ? '⌘' : 'Ctrl').replace('Alt', isMac ? '⌥' : 'Alt');

export function EditorToolbar({ editor, onLink }: { editor: Editor; onLink: () => void }) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const [barFocused, setBarFocused] = useState(false);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      block: current.isActive('heading') ? 'heading' : current.isActive('todo') ? 'todo' : 'paragraph',
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      code: current.isActive('code'),
      link: current.isActive('link'),
      focused: current.isFocused,
    }),
  });
  const engaged = active.focused || barFocused;
  const leaveBar = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setBarFocused(false);
  };

  // Roving focus: arrows, Home and End move between the buttons.
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = buttons[(next + buttons.length) % buttons.length];
    for (const button of buttons) button.tabIndex = button === target ? 0 : -1;
    target?.focus();
  };

  const button = (key: string, label: string, Icon: LucideIcon, pressed: boolean, run: () => void, first = false) => (
    <button
      key={key}
      type="button"
      tabIndex={first ? 0 : -1}
      aria-pressed={engaged && pressed}
      aria-label={label}
      title={label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      className={cn(
        'flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground',
        'focus-visible:outline-2 focus-visible:outline-ring',
        engaged && pressed && 'bg-accent text-accent-foreground',
      )}
    >
      <Icon aria-hidden className="h-4 w-4" />
    </button>
  );

  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label={t('pageEditor.toolbar.label')}
      aria-controls="page-editor-content"
      onKeyDown={keyDown}
      onFocus={() => setBarFocused(true)}
      onBlur={leaveBar}
      data-engaged={engaged}
      className={cn(
        'z-10 mb-3 flex w-fit items-center gap-0.5 rounded-lg border p-1 transition-[background-color,border-color,box-shadow]',
        engaged
          ? 'sticky top-[calc(var(--spacing-header)+0.5rem)] border-border bg-surface-raised shadow-card'
          : 'border-transparent',
      )}
    >
      {BLOCKS.map(({ type, icon, shortcut }, index) => button(
        type,
        `${t(`pageEditor.blockTypes.${type}`)} (${shortcutText(shortcut)})`,
        icon,
        active.block === type,
        () => editor.chain().focus().setNode(type, { blockId: editor.state.selection.$from.parent.attrs.blockId as unknown }).run(),
        index === 0,
      ))}
      <span aria-hidden className="mx-1 h-5 w-px bg-border" />
      {MARKS.map(({ key, icon, shortcut, run }) => button(
        key,
        `${t(`pageEditor.toolbar.${key}`)} (${shortcutText(shortcut)})`,
        icon,
        active[key],
        () => run(editor),
      ))}
      {button('link', `${t('pageEditor.toolbar.link')} (${shortcutText('Mod+K')})`, Link2, active.link, onLink)}
    </div>
  );
}
