import { useTranslation } from '@/i18n/use-translation.ts';
import { Dialog } from '@/components/ui/dialog.tsx';
import { addTexts } from '@/i18n/i18n.ts';
import paletteTexts from '@/i18n/locales/en/command-palette.json';
import { commandsAt, type AppCommand, type CommandGroup } from '@/lib/app-commands/app-commands.ts';
import { KeySequenceView } from './keys.tsx';

addTexts(paletteTexts);

// The screen's own keys first: they are what this screen adds to the global ones.
const GROUP_ORDER: readonly CommandGroup[] = ['board', 'mindMap', 'pages', 'calendar', 'general', 'navigate', 'create'];

export interface ShortcutSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  path: string;
}

/** `?` (issue 32): every shortcut of this screen and the global ones, grouped, read from the command registry. */
export function ShortcutSheet({ open, onOpenChange, path }: ShortcutSheetProps) {
  const { t } = useTranslation();
  const withKeys = commandsAt(path).filter((command) => command.keys && command.keys.length > 0);
  const groups = GROUP_ORDER.map((group) => ({ group, commands: withKeys.filter((command) => command.group === group) }))
    .filter(({ commands }) => commands.length > 0);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('shortcuts.title')} description={t('shortcuts.description')} closeLabel={t('toast.close')} className="max-w-2xl">
      <div className="grid gap-6 sm:grid-cols-2">
        {groups.map(({ group, commands }) => (
          <section key={group} aria-labelledby={`shortcuts-${group}`}>
            <h3 id={`shortcuts-${group}`} className="mb-2 text-sm font-semibold">{t(`shortcuts.groups.${group}`)}</h3>
            <dl className="divide-y divide-border text-sm">
              {commands.map((command) => <ShortcutRow key={command.id} command={command} />)}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}

function ShortcutRow({ command }: { command: AppCommand }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5">
      <dt className="min-w-28 flex-1 text-foreground">{t(`palette.commands.${command.id}` as 'palette.commands.undo')}</dt>
      <dd className="ml-auto flex flex-wrap items-center justify-end gap-1">
        {(command.keys ?? []).map((keys, index) => (
          <span key={keys.join(' ')} className="inline-flex items-center gap-1">
            {index > 0 ? <span className="text-xs text-muted-foreground">{t('shortcuts.or')}</span> : null}
            <KeySequenceView keys={keys} />
          </span>
        ))}
      </dd>
    </div>
  );
}
