import { MIND_MAP_COLORS, type MindMapColor } from '@grove/domain/mindmap/mind-map-commands';
import { Download, GitBranchPlus, LayoutGrid, Plus, Trash2, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { useMindMapFiles } from './use-mind-map-files.ts';

interface MindMapToolbarProps {
  hasSelection: boolean;
  /** The selected node's colour (undefined: the theme's), or null without a selection. */
  selectedColor: string | null | undefined;
  onAddNode: () => void;
  onAddChild: () => void;
  onDelete: () => void;
  onLayout: () => void;
  onColor: (color: MindMapColor | null) => void;
}

/**
 * On a phone the buttons after Add Node show their icon only (the name stays for screen readers and as a tooltip),
 * so the toolbar takes two rows above the canvas instead of three.
 */
function Label({ children }: { children: string }) {
  return <span className="sr-only sm:not-sr-only">{children}</span>;
}

/** Add Node, Add Child Node, Delete Node, Layout, Export, Import and the six swatches (docs/product.md, Mind map). */
export function MindMapToolbar({ hasSelection, selectedColor, onAddNode, onAddChild, onDelete, onLayout, onColor }: MindMapToolbarProps) {
  const { t } = useTranslation();
  const files = useMindMapFiles();
  const fileInput = useRef<HTMLInputElement>(null);

  return (
    <div role="toolbar" aria-label={t('mindMap.toolbar.label')} className="mb-3 flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={onAddNode}><Plus aria-hidden className="h-4 w-4" />{t('mindMap.toolbar.addNode')}</Button>
      <Button size="sm" variant="secondary" disabled={!hasSelection} onClick={onAddChild} title={t('mindMap.toolbar.addChild')}>
        <GitBranchPlus aria-hidden className="h-4 w-4" /><Label>{t('mindMap.toolbar.addChild')}</Label>
      </Button>
      <Button size="sm" variant="dangerGhost" disabled={!hasSelection} onClick={onDelete} title={t('mindMap.toolbar.delete')}>
        <Trash2 aria-hidden className="h-4 w-4" /><Label>{t('mindMap.toolbar.delete')}</Label>
      </Button>
      <Button size="sm" variant="secondary" onClick={onLayout} title={t('mindMap.toolbar.layout')}>
        <LayoutGrid aria-hidden className="h-4 w-4" /><Label>{t('mindMap.toolbar.layout')}</Label>
      </Button>
      <Menu modal={false}>
        <MenuTrigger className={buttonStyles('secondary', 'sm')} title={t('mindMap.toolbar.export')}>
          <Download aria-hidden className="h-4 w-4" /><Label>{t('mindMap.toolbar.export')}</Label>
        </MenuTrigger>
        <MenuContent align="start">
          <MenuItem onSelect={() => void files.exportPng()}>{t('mindMap.toolbar.exportPng')}</MenuItem>
          <MenuItem onSelect={files.exportJson}>{t('mindMap.toolbar.exportJson')}</MenuItem>
          <MenuItem onSelect={files.exportMarkdown}>{t('mindMap.toolbar.exportMarkdown')}</MenuItem>
        </MenuContent>
      </Menu>
      <Button size="sm" variant="secondary" onClick={() => fileInput.current?.click()} title={t('mindMap.toolbar.import')}>
        <Upload aria-hidden className="h-4 w-4" /><Label>{t('mindMap.toolbar.import')}</Label>
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        aria-label={t('mindMap.toolbar.importFile')}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void files.importFile(file);
        }}
      />
      <div role="group" aria-label={t('mindMap.toolbar.colour')} className="flex items-center gap-1.5 sm:ml-auto">
        {MIND_MAP_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            aria-pressed={hasSelection && selectedColor === color}
            aria-label={t(`mindMap.colours.${color.slice(1)}` as 'mindMap.colours.ffffff')}
            title={t(`mindMap.colours.${color.slice(1)}` as 'mindMap.colours.ffffff')}
            disabled={!hasSelection}
            onClick={() => onColor(color)}
            style={{ backgroundColor: color }}
            className={cn(
              // Disabled (no node selected): faded in the light theme; in the dark one a faded pastel turns muddy, so
              // it stays clean, smaller and dimmed.
              'h-7 w-7 rounded-full border border-black/20 disabled:cursor-not-allowed disabled:opacity-40',
              'dark:border-white/25 dark:disabled:scale-75 dark:disabled:opacity-100 dark:disabled:brightness-60',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              hasSelection && selectedColor === color && 'ring-2 ring-ring ring-offset-2 ring-offset-background',
            )}
          />
        ))}
      </div>
    </div>
  );
}
