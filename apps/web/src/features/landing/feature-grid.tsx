import { CalendarDays, FileText, FolderKanban, KanbanSquare, LayoutDashboard, Network } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { APP_PATHS } from '@/lib/paths.ts';

const FEATURES = [
  { key: 'dashboard', path: APP_PATHS.dashboard, icon: LayoutDashboard },
  { key: 'kanban', path: APP_PATHS.kanban, icon: KanbanSquare },
  { key: 'projects', path: APP_PATHS.projects, icon: FolderKanban },
  { key: 'notes', path: APP_PATHS.pages, icon: FileText },
  { key: 'mindMap', path: APP_PATHS.mindMap, icon: Network },
  { key: 'calendar', path: APP_PATHS.calendar, icon: CalendarDays },
] as const;

// docs/product.md, Public site: the cards list the tools "with their app paths" and are deliberately not
// navigable: plain cards (no link, no hover lift) that say where each tool lives in the app and show its path.

export function FeatureGrid() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
      <div className="text-center">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight">{t('landing.features.title')}</h2>
        <p className="mt-3 text-muted-foreground">{t('landing.features.subtitle')}</p>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ key, path, icon: Icon }) => (
          <li key={key}>
            <article
              data-app-path={path}
              data-testid={`feature-${key}`}
              className="flex h-full flex-col rounded-xl border border-border bg-surface p-6 shadow-card"
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`landing.features.${key}.title`)}</h3>
              <p className="mt-2 flex-1 text-sm text-muted-foreground">{t(`landing.features.${key}.description`)}</p>
              <p className="mt-4 flex flex-col items-start gap-1.5 text-xs font-medium text-muted-foreground">
                <span>{t('landing.features.where', { place: t(`landing.features.${key}.place`) })}</span>
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.7rem] text-foreground">{path}</code>
              </p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
