import { ScreenHeader } from '@/components/screen-header.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { DeadlinesPanel } from './deadlines-panel.tsx';
import { GardenCard } from './garden-card.tsx';
import { RecentPagesPanel, RecentProjectsPanel } from './recent-panels.tsx';
import { StatCards } from './stat-cards.tsx';
import { ToDoPanel } from './todo-panel.tsx';
import { useNow } from './use-now.ts';

/**
 * Dashboard (docs/product.md, Dashboard): four stat cards, the to-do column's first tasks, upcoming deadlines, the
 * newest projects and pages, and the garden's level, score and streak. The workspace is read from this browser
 * at once, so there is no loading state to show; every list has its empty state.
 */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'dashboard', path: '/dashboard' });
  const now = useNow();
  return (
    <div className="max-w-6xl">
      {/* The garden card sits beside the title, or on a phone below it at full width (one of the two is displayed). */}
      <ScreenHeader title={title} subtitle={description} actions={<GardenCard className="max-sm:hidden" />} />
      <GardenCard className="-mt-4 mb-3 sm:hidden" />
      <StatCards />
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <ToDoPanel now={now} />
        <DeadlinesPanel now={now} />
        <RecentProjectsPanel />
        <RecentPagesPanel />
      </div>
    </div>
  );
}
