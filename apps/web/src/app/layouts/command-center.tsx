import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import type { CommandContext } from '@/lib/app-commands/app-commands.ts';
import { chordLabels } from '@/lib/app-commands/key-chords.ts';
import { useAppShortcuts } from '@/lib/app-commands/use-app-shortcuts.ts';
import { useTheme } from '@/lib/theme-provider.tsx';
import { useUndo } from '@/lib/workspace-store/use-undo.ts';
import { useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import { INPUT_QUIET_MS, whenInputQuiet } from '@/lib/when-idle.ts';

// Both load on first use, or once the person pauses after the workspace opened (issue 32): not in the first load.
// Then the search index is built too, in slices, so the first Ctrl+K finds it ready.
const loadPalette = () => import('@/features/command-palette/command-palette.tsx');
const loadSheet = () => import('@/features/command-palette/shortcut-sheet.tsx');
/** The palette is made ready this long after the layout mounts at the latest, however busy the person is. */
const PREPARE_LATEST_MS = 30_000;
const CommandPalette = lazy(async () => ({ default: (await loadPalette()).CommandPalette }));
const ShortcutSheet = lazy(async () => ({ default: (await loadSheet()).ShortcutSheet }));

type Open = 'palette' | 'shortcuts' | null;

/**
 * The workspace's key bindings, command palette and shortcut sheet (issue 32), with the header's search button that
 * opens the palette where there is no keyboard.
 */
export function CommandCenter() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { undo, redo } = useUndo();
  const store = useWorkspaceStore();
  const { resolved, setPreference } = useTheme();
  const [open, setOpen] = useState<Open>(null);
  // Mounted from the first opening on, so closing returns focus and the next opening is instant.
  const [used, setUsed] = useState<{ palette: boolean; shortcuts: boolean }>({ palette: false, shortcuts: false });
  const show = (which: Exclude<Open, null>) => {
    setUsed((current) => (current[which] ? current : { ...current, [which]: true }));
    setOpen((current) => (current === which && which === 'palette' ? null : which));
  };

  const context = useMemo<CommandContext>(() => ({
    path: pathname,
    navigate: (to) => void navigate(to),
    openPalette: () => show('palette'),
    openShortcuts: () => show('shortcuts'),
    undo: () => undo(),
    redo,
    toggleTheme: () => setPreference(resolved === 'dark' ? 'light' : 'dark'),
  }), [navigate, pathname, redo, resolved, setPreference, undo]);
  useAppShortcuts(context);

  // The palette's code and its search index are made ready before the first Ctrl+K, once nobody has typed, pressed
  // or scrolled for a moment: loading the chunk and indexing a 5,000-task workspace held back the frame of a drop
  // made in the first seconds (bench:board, 2026-11-29 (r)). Ctrl+K before then loads and indexes at once.
  useEffect(() => whenInputQuiet(() => {
    void loadPalette().then((palette) => palette.prepareSearch(store));
    void loadSheet();
  }, INPUT_QUIET_MS, PREPARE_LATEST_MS), [store]);

  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => show('palette')} aria-keyshortcuts="Control+K Meta+K" className="gap-2 text-muted-foreground">
        <Search aria-hidden className="h-4 w-4" />
        <span className="sr-only sm:not-sr-only">{t('commandCenter.search')}</span>
        <kbd aria-hidden className="hidden rounded border border-border px-1.5 font-sans text-xs lg:inline">{chordLabels('mod+k').join(' ')}</kbd>
      </Button>
      {used.palette ? (
        <Suspense fallback={null}>
          <CommandPalette open={open === 'palette'} onOpenChange={close} context={context} />
        </Suspense>
      ) : null}
      {used.shortcuts ? (
        <Suspense fallback={null}>
          <ShortcutSheet open={open === 'shortcuts'} onOpenChange={close} path={pathname} />
        </Suspense>
      ) : null}
    </>
  );
}
