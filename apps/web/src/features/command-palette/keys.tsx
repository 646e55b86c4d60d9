import { chordLabels, type KeySequence } from '@/lib/app-commands/key-chords.ts';
import { useTranslation } from '@/i18n/use-translation.ts';

/** One key as the keyboard shows it. */
export function Kbd({ children }: { children: string }) {
  return (
    <kbd className="inline-flex min-w-6 items-center justify-center rounded border border-border bg-surface px-1.5 py-0.5 font-sans text-xs font-medium text-muted-foreground shadow-[0_1px_0_var(--color-border)]">
      {children}
    </kbd>
  );
}

/** A shortcut: each chord's keys side by side, a sequence's chords joined by 'then'. */
export function KeySequenceView({ keys }: { keys: KeySequence }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1">
      {keys.map((chord, index) => (
        <span key={`${index}-${chord}`} className="inline-flex items-center gap-1">
          {index > 0 ? <span className="text-xs text-muted-foreground">{t('shortcuts.then')}</span> : null}
          {chordLabels(chord).map((label) => <Kbd key={label}>{label}</Kbd>)}
        </span>
      ))}
    </span>
  );
}
