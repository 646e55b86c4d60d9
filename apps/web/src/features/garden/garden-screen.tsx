import { selectGardenTrees, selectUnlockedDecorations } from '@grove/domain/garden/garden-selectors';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { APP_PATHS } from '@/lib/paths.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import { GardenGround } from './garden-ground.tsx';
import { GardenStatsCard } from './garden-stats-card.tsx';
import { GardenTree } from './garden-tree.tsx';
import { TreePicture } from './tree-pictures.tsx';
import { useGardenRecheck } from './use-garden-recheck.ts';

function EmptyGarden() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center px-6 pt-10 pb-4 text-center">
      {/* The sprout stands in the lowest third of the tree canvas: show that third, at a size that reads. */}
      <span aria-hidden className="relative mb-3 block h-16 w-24 overflow-hidden text-emerald-600/70 dark:text-emerald-400/70">
        <span className="absolute inset-x-0 bottom-0 block h-36"><TreePicture stage="sprout" /></span>
      </span>
      <p className="text-lg font-semibold">{t('garden.empty.title')}</p>
      <p className="mt-1 max-w-md text-muted-foreground">
        <Trans
          i18nKey="garden.empty.hint"
          components={{ kanban: <Link to={APP_PATHS.kanban} className="font-medium text-primary underline underline-offset-2 hover:text-primary-hover" /> }}
        />
      </p>
    </div>
  );
}

/** My Garden (docs/product.md, Garden): the header card and one tree per garden entry, oldest first. */
export function Component() {
  const { t } = useTranslation();
  const { title, description } = useScreenMeta({ key: 'garden', path: '/garden' });
  const trees = useWorkspaceSelector(selectGardenTrees);
  const decorations = useWorkspaceSelector(selectUnlockedDecorations);
  useGardenRecheck();
  return (
    <div className="max-w-6xl">
      <ScreenHeader title={title} subtitle={description} />
      <GardenStatsCard />
      <section
        aria-label={t('garden.plot')}
        className="relative overflow-hidden rounded-xl border border-border bg-linear-to-b from-sky-50 via-surface to-accent dark:from-surface pb-20 shadow-card"
      >
        {trees.length === 0 ? <EmptyGarden /> : (
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(4.25rem,1fr))] gap-x-1 gap-y-2 px-3 pt-5 pb-2 sm:grid-cols-[repeat(auto-fill,minmax(5.25rem,1fr))] sm:gap-x-2 sm:gap-y-3 sm:px-6 sm:pt-6">
            {trees.map((tree, index) => <GardenTree key={tree.entry.id} tree={tree} index={index} />)}
          </ul>
        )}
        <GardenGround decorations={decorations} />
      </section>
    </div>
  );
}
