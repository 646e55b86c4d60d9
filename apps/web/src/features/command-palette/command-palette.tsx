import type { SearchKind } from '@grove/domain/search/search-documents';
import { snippet } from '@grove/domain/search/search-text';
import type { StudioData } from '@grove/domain/workspace/model';
import { Command } from 'cmdk';
import { Clock, FileText, FolderKanban, Network, Search, SquareCheckBig, Zap, type LucideIcon } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useReturnFocus } from '@/components/ui/use-return-focus.ts';
import { addTexts } from '@/i18n/i18n.ts';
import paletteTexts from '@/i18n/locales/en/command-palette.json';
import { commandsAt, type AppCommand, type CommandContext, type CommandGroup } from '@/lib/app-commands/app-commands.ts';
import { commandUses, noteCommandUsed, noteRecentItem, recentItems } from '@/lib/recent-items.ts';
import { useWorkspaceSelector, useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import type { WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { Highlighted } from './highlighted.tsx';
import { KeySequenceView } from './keys.tsx';
import { firstMatchedWord, labelMatches, resultHref } from './result-links.ts';
import { WorkspaceIndex, type SearchHit } from './workspace-index.ts';

addTexts(paletteTexts);

const KIND_ICONS: Record<SearchKind, LucideIcon> = { page: FileText, task: SquareCheckBig, project: FolderKanban, node: Network };
/** Commands shown with an empty query (the most used first) and at most beside results. */
const COMMANDS_SHOWN = 6;
const RECENT_SHOWN = 6;
const DEFAULT_GROUP_RANK: readonly CommandGroup[] = ['create', 'navigate', 'general'];

// One index per store, kept while the tab lives: later opens bring it up to date by what changed.
const indexes = new WeakMap<WorkspaceStore, WorkspaceIndex>();
function indexOf(store: WorkspaceStore): WorkspaceIndex {
  let index = indexes.get(store);
  if (!index) {
    index = new WorkspaceIndex();
    indexes.set(store, index);
  }
  return index;
}

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  context: CommandContext;
}

/**
 * Ctrl/⌘+K (issue 32): search across the workspace and run the commands that make sense here.
 */
export function CommandPalette({ open, onOpenChange, context }: CommandPaletteProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  const [query, setQuery] = useState('');
  const change = (next: boolean) => {
    if (!next) setQuery('');
    onOpenChange(next);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={change}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-backdrop" />
        <RadixDialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed left-1/2 top-[8vh] z-50 flex max-h-[80dvh] w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-border bg-surface-raised shadow-card sm:top-[12vh]"
        >
          <RadixDialog.Title className="sr-only">{t('palette.title')}</RadixDialog.Title>
          {open ? <PaletteBody query={query} onQuery={setQuery} context={context} close={() => change(false)} /> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Starts the search's background build for the workspace of `store` (on idle, before the first Ctrl+K). */
export function prepareSearch(store: WorkspaceStore): void {
  void indexOf(store).build(store.getSnapshot().data);
}

/** Whether `index` is built; builds it (at once when small, else in slices) and renders again when it is. */
function useBuiltIndex(index: WorkspaceIndex, data: StudioData): boolean {
  const [, setBuilt] = useState(false);
  const building = index.ready ? null : index.build(data, { soon: true });
  useEffect(() => {
    if (!building) return;
    let live = true;
    void building.then(() => {
      if (live) setBuilt(true);
    });
    return () => {
      live = false;
    };
  }, [building]);
  return index.ready;
}

interface BodyProps {
  query: string;
  onQuery: (query: string) => void;
  context: CommandContext;
  close: () => void;
}

const everything = (data: StudioData) => data;

function PaletteBody({ query, onQuery, context, close }: BodyProps) {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const data = useWorkspaceSelector(everything);
  const index = indexOf(store);
  const ready = useBuiltIndex(index, data);
  // Searched as typed, not deferred: Enter must open what the list shows for the query in the field.
  const trimmed = query.trim();

  const hits = useMemo(() => {
    if (!ready) return [];
    index.update(data);
    return index.search(trimmed);
  }, [data, index, ready, trimmed]);

  const recent = useMemo(() => {
    if (!ready || trimmed !== '') return [];
    index.update(data);
    return recentItems().map((item) => index.document(`${item.kind}:${item.id}`)).filter((document) => document !== undefined).slice(0, RECENT_SHOWN);
  }, [data, index, ready, trimmed]);

  const label = useCallback((command: AppCommand) => t(`palette.commands.${command.id}` as 'palette.commands.undo'), [t]);
  const commands = useMemo(() => {
    const offered = commandsAt(context.path).filter((command) => command.inPalette && command.run);
    if (trimmed !== '') return offered.filter((command) => labelMatches(label(command), trimmed)).slice(0, COMMANDS_SHOWN);
    const uses = commandUses();
    // The most used first; among equals, creating before going somewhere before the rest, then the registry's order.
    const rank = (command: AppCommand) => DEFAULT_GROUP_RANK.indexOf(command.group);
    return offered.map((command, order) => ({ command, order, uses: uses[command.id] ?? 0 }))
      .sort((a, b) => b.uses - a.uses || rank(a.command) - rank(b.command) || a.order - b.order)
      .slice(0, COMMANDS_SHOWN).map(({ command }) => command);
  }, [context.path, label, trimmed]);

  const run = (command: AppCommand) => {
    noteCommandUsed(command.id);
    close();
    command.run?.(context);
  };
  const openItem = useLatest((kind: SearchKind, itemId: string, find?: string) => {
    noteRecentItem({ kind, id: itemId });
    close();
    context.navigate(resultHref(kind, itemId, find));
  });

  // The first item is chosen for each new query (Enter opens it); arrows choose another until the query changes.
  const [choice, setChoice] = useState<{ query: string; value: string } | null>(null);
  const first = recent[0] ? `recent:${recent[0].id}` : commands[0] ? `command:${commands[0].id}` : hits[0] ? `hit:${hits[0].id}` : '';
  const chosen = choice?.query === trimmed ? choice.value : first;

  const nothing = ready && trimmed !== '' && hits.length === 0 && commands.length === 0;
  return (
    <Command
      label={t('palette.title')}
      shouldFilter={false}
      loop
      value={chosen}
      // cmdk chooses the first item of each new list itself: the same choice, so no second render for it.
      onValueChange={(value) => {
        if (value !== chosen) setChoice({ query: trimmed, value });
      }}
      className="flex min-h-0 flex-col"
    >
      <div className="flex items-center gap-2 border-b border-border px-4">
        <Search aria-hidden className="h-4 w-4 shrink-0 text-muted-foreground" />
        <Command.Input
          value={query}
          onValueChange={onQuery}
          placeholder={t('palette.placeholder')}
          className="h-13 min-w-0 flex-1 bg-transparent py-4 text-base outline-none placeholder:text-muted-foreground"
        />
      </div>
      {/* data-searched: the query the shown results are for (bench:search waits for it). */}
      <Command.List data-searched={ready ? trimmed : undefined} className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground">
        {ready ? null : (
          <Command.Loading label={t('palette.indexing')} className="px-3 py-2 text-sm text-muted-foreground">{t('palette.indexing')}</Command.Loading>
        )}
        {nothing ? (
          <div className="px-3 py-8 text-center">
            <p className="font-medium wrap-anywhere">{t('palette.empty', { query: trimmed })}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t('palette.emptyHint')}</p>
          </div>
        ) : null}
        {recent.length > 0 ? (
          <Command.Group heading={t('palette.recent')}>
            {recent.map((document) => (
              <ResultItem key={`recent:${document.id}`} value={`recent:${document.id}`} hit={{ ...document, score: 0, matched: NOTHING_MATCHED }} recent onOpen={openItem} />
            ))}
          </Command.Group>
        ) : null}
        {commands.length > 0 ? (
          <Command.Group heading={t('palette.actions')}>
            {commands.map((command) => (
              <Command.Item key={command.id} value={`command:${command.id}`} onSelect={() => run(command)} className={itemStyles}>
                <Zap aria-hidden className="h-4 w-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1 truncate">{label(command)}</span>
                {command.keys?.[0] ? <span className="hidden sm:inline-flex"><KeySequenceView keys={command.keys[0]} /></span> : null}
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        {hits.length > 0 ? (
          <Command.Group heading={t('palette.results')}>
            {hits.map((hit) => (
              <ResultItem key={hit.id} value={`hit:${hit.id}`} hit={hit} onOpen={openItem} />
            ))}
          </Command.Group>
        ) : null}
      </Command.List>
      <div className="hidden items-center gap-4 border-t border-border px-4 py-2 text-xs text-muted-foreground sm:flex">
        <span><KeySequenceView keys={['ArrowUp']} /> <KeySequenceView keys={['ArrowDown']} /> {t('palette.footer.navigate')}</span>
        <span><KeySequenceView keys={['Enter']} /> {t('palette.footer.open')}</span>
        <span><KeySequenceView keys={['Escape']} /> {t('palette.footer.close')}</span>
      </div>
    </Command>
  );
}

const itemStyles = 'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm aria-selected:bg-muted data-[selected=true]:bg-muted';

const NOTHING_MATCHED: ReadonlySet<string> = new Set();

/** A function whose identity never changes and which always runs the latest `run` (for memoised rows). */
function useLatest<Args extends unknown[]>(run: (...args: Args) => void): (...args: Args) => void {
  const latest = useRef(run);
  useLayoutEffect(() => {
    latest.current = run;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

interface ResultItemProps {
  hit: SearchHit;
  value: string;
  recent?: boolean;
  onOpen: (kind: SearchKind, itemId: string, find?: string) => void;
}

const sameWords = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((word) => b.has(word));

/**
 * A row is drawn again only when what it shows changes: typing on within a word mostly keeps the same results with
 * the same matched words, and those rows are skipped (issue 32: results within 30 ms of a keystroke).
 */
const ResultItem = memo(ResultRow, (before, after) => before.value === after.value && before.recent === after.recent
  && before.onOpen === after.onOpen && before.hit.title === after.hit.title && before.hit.text === after.hit.text
  && before.hit.tags === after.hit.tags && sameWords(before.hit.matched, after.hit.matched));

function ResultRow({ hit, value, recent = false, onOpen }: ResultItemProps) {
  const onSelect = () => onOpen(hit.kind, hit.itemId, recent ? undefined : firstMatchedWord(hit.text, hit.matched));
  const { t } = useTranslation();
  const Icon = recent ? Clock : KIND_ICONS[hit.kind];
  const title = hit.title.trim() || t('palette.untitled');
  // A match in the text (not the title) shows where it is; tags show when one matched.
  const matches = (text: string) => hit.matched.size > 0 && firstMatchedWord(text, hit.matched) !== undefined;
  const textMatch = matches(hit.text) && !matches(title);
  const tagMatch = matches(hit.tags);
  return (
    <Command.Item value={value} onSelect={onSelect} className={itemStyles}>
      <Icon aria-hidden className="h-4 w-4 shrink-0 self-start mt-0.5 text-muted-foreground" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium"><Highlighted text={title} matched={hit.matched} /></span>
        {textMatch ? <span className="mt-0.5 line-clamp-2 text-xs text-muted-foreground wrap-anywhere"><Highlighted text={snippet(hit.text, hit.matched)} matched={hit.matched} /></span> : null}
        {tagMatch ? (
          <span className="mt-0.5 block truncate text-xs text-muted-foreground">
            {hit.tags.split('\n').map((tag) => <span key={tag} className="mr-2">#<Highlighted text={tag} matched={hit.matched} /></span>)}
          </span>
        ) : null}
      </span>
      <span className="shrink-0 text-xs text-muted-foreground">{t(`palette.kind.${hit.kind}`)}</span>
    </Command.Item>
  );
}
