import { FRONT_ROW, gardenLayout } from '@grove/domain/garden/garden-layout';
import { selectGardenTrees, selectUnlockedDecorations, type GardenTree as GardenTreeData, type UnlockedDecorations } from '@grove/domain/garden/garden-selectors';
import { useMemo } from 'react';
import { Trans } from 'react-i18next';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { APP_PATHS } from '@/lib/paths.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import { GardenBackdrop, GardenForeground, SKY } from './garden-ground.tsx';
import { GardenStatsCard } from './garden-stats-card.tsx';
import { GardenTree } from './garden-tree.tsx';
import { TreePicture } from './tree-pictures.tsx';
import { useGardenRecheck } from './use-garden-recheck.ts';
import { VacationNotice, VacationToggle } from './vacation-mode.tsx';

function EmptyGarden() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center rounded-xl bg-surface/90 px-6 pt-6 pb-5 text-center shadow-card">
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

/** A front-row tree's height in px (a phone, a wider screen), and the ground added for each row behind it. */
const FRONT_TREE = { narrow: 92, wide: 116 } as const;
const ROW_STEP = { narrow: 30, wide: 34 } as const;

/** The trees on their ground, in rows with depth (garden-layout.ts), over the scene. */
function GardenPlot({ trees, decorations }: { trees: readonly GardenTreeData[]; decorations: UnlockedDecorations }) {
  const narrow = useMediaQuery('(max-width: 639px)');
  const size = narrow ? 'narrow' : 'wide';
  const ids = useMemo(() => trees.map((tree) => tree.entry.id), [trees]);
  const layout = useMemo(() => gardenLayout(ids, FRONT_ROW[size]), [ids, size]);
  // The ground grows with the rows (their feet spread over 71 % of it); the sky above keeps its height.
  const ground = Math.round(FRONT_TREE[size] * 0.9 + ((layout.rows - 1) * ROW_STEP[size]) / 0.71 + 60);
  const height = SKY[size] + ground;
  const horizon = SKY[size] / height;
  // Clipped, not overflow-hidden: a hidden box is still a scroll container, and focusing a tree that swayed past its
  // edge scrolled the whole scene a few px (and so closed the tree's tooltip, an e2e run).
  return (
    <div className="relative overflow-clip" style={{ height }} data-rows={layout.rows}>
      <GardenBackdrop decorations={decorations} horizon={horizon} />
      <ul className="absolute inset-0">
        {trees.map((tree, index) => {
          const place = layout.places[index]!;
          const y = horizon + place.depth * (1 - horizon);
          const stand = { x: place.x, y, height: FRONT_TREE[size] * place.scale, layer: 100 - place.row };
          return <GardenTree key={tree.entry.id} tree={tree} index={index} stand={stand} />;
        })}
      </ul>
      <GardenForeground decorations={decorations} />
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
      <ScreenHeader title={title} subtitle={description} actions={<VacationToggle />} />
      <VacationNotice />
      <GardenStatsCard />
      <section aria-label={t('garden.plot')} className="relative overflow-clip rounded-xl border border-border shadow-card">
        {trees.length === 0 ? (
          <div className="relative">
            <GardenBackdrop decorations={decorations} horizon={0.45} />
            <div className="relative px-4 pt-10 pb-24"><EmptyGarden /></div>
            <GardenForeground decorations={decorations} />
          </div>
        ) : <GardenPlot trees={trees} decorations={decorations} />}
      </section>
    </div>
  );
}
