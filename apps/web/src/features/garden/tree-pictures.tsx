import type { StageKey } from '@grove/domain/garden/garden-selectors';
import type { ReactNode } from 'react';

// The four growth stages (docs/product.md, Garden), drawn on one 64×96 canvas with a shared ground line, so a
// sprout stands as low as a full tree stands tall. Leaves use currentColor (the status colour set by the tree);
// the trunk and soil use Tailwind colours with dark variants.

const TRUNK = 'fill-amber-800 dark:fill-amber-600';
const STEM = 'stroke-emerald-700 dark:stroke-emerald-500';

function Canvas({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 64 96" aria-hidden="true" focusable="false" className="h-full w-full overflow-visible">
      <ellipse cx="32" cy="92" rx="20" ry="4" className="fill-amber-900/25 dark:fill-amber-950/60" />
      {children}
    </svg>
  );
}

function Sprout() {
  return (
    <Canvas>
      <path d="M32 92 V75" strokeWidth="2.5" strokeLinecap="round" className={STEM} fill="none" />
      <path d="M32 82 C24 82 19 77 18 71 C26 70 32 75 32 82 Z" fill="currentColor" fillOpacity="0.8" />
      <path d="M32 77 C40 77 46 71 46 64 C37 64 32 70 32 77 Z" fill="currentColor" />
    </Canvas>
  );
}

function Sapling() {
  // A slim stem with a few leaves: clearly not yet a tree, even far back in the garden.
  return (
    <Canvas>
      <path d="M32 92 C32 80 31 68 32 52" strokeWidth="3" strokeLinecap="round" className="stroke-amber-800 dark:stroke-amber-600" fill="none" />
      <path d="M32 78 C25 77 21 72 20 66 C27 66 31 71 32 78 Z" fill="currentColor" fillOpacity="0.8" />
      <path d="M32 68 C39 67 43 62 44 56 C37 56 33 61 32 68 Z" fill="currentColor" fillOpacity="0.9" />
      <path d="M32 56 C26 54 24 48 25 42 C31 44 33 50 32 56 Z" fill="currentColor" />
      <path d="M32 54 C38 52 41 46 40 40 C34 42 32 48 32 54 Z" fill="currentColor" fillOpacity="0.85" />
    </Canvas>
  );
}

function SmallTree() {
  return (
    <Canvas>
      <path d="M29 92 L30 58 H34 L35 92 Z" className={TRUNK} />
      <circle cx="32" cy="40" r="18" fill="currentColor" />
      <circle cx="20" cy="52" r="11" fill="currentColor" fillOpacity="0.85" />
      <circle cx="44" cy="52" r="11" fill="currentColor" fillOpacity="0.85" />
      <circle cx="26" cy="33" r="6" className="fill-white/20" />
    </Canvas>
  );
}

function FullTree() {
  return (
    <Canvas>
      <path d="M27 92 C29 84 29 70 29 52 H35 C35 70 35 84 37 92 Z" className={TRUNK} />
      <path d="M32 70 L22 58 M32 64 L42 54" strokeWidth="2.5" strokeLinecap="round" className="stroke-amber-800 dark:stroke-amber-600" />
      <circle cx="32" cy="26" r="21" fill="currentColor" />
      <circle cx="14" cy="44" r="14" fill="currentColor" fillOpacity="0.9" />
      <circle cx="50" cy="44" r="14" fill="currentColor" fillOpacity="0.9" />
      <circle cx="32" cy="48" r="15" fill="currentColor" fillOpacity="0.8" />
      <circle cx="24" cy="18" r="7" className="fill-white/20" />
      <circle cx="44" cy="36" r="2.5" className="fill-rose-500 dark:fill-rose-400" />
      <circle cx="18" cy="40" r="2.5" className="fill-rose-500 dark:fill-rose-400" />
      <circle cx="34" cy="52" r="2.5" className="fill-rose-500 dark:fill-rose-400" />
    </Canvas>
  );
}

/** A dead tree's bare shape, by stage: readable at a glance without its leaves (and grayscale, as the product asks). */
function Bare({ stage }: { stage: StageKey }) {
  const big = stage === 'fullTree' || stage === 'smallTree';
  if (!big) {
    // A withered sprout: a bent stem and two drooping, dried leaves.
    return (
      <Canvas>
        <path d="M32 92 C32 82 33 74 38 68" strokeWidth="3" strokeLinecap="round" className="stroke-stone-500" fill="none" />
        <path d="M38 68 C44 70 47 76 46 84 C41 80 38 75 38 68 Z" className="fill-stone-400" />
        <path d="M33 78 C26 79 22 84 22 90 C28 88 32 84 33 78 Z" className="fill-stone-400/80" />
      </Canvas>
    );
  }
  const top = stage === 'fullTree' ? 22 : 34;
  return (
    <Canvas>
      <path d={`M28 92 C30 82 30 ${top + 30} 31 ${top + 14} H33 C34 ${top + 30} 34 82 36 92 Z`} className="fill-stone-500" />
      <path
        d={`M32 ${top + 34} L18 ${top + 18} M32 ${top + 26} L46 ${top + 10} M32 ${top + 16} L24 ${top + 2} M22 ${top + 22} L14 ${top + 20} M42 ${top + 16} L50 ${top + 18}`}
        strokeWidth="2.5"
        strokeLinecap="round"
        className="stroke-stone-500"
        fill="none"
      />
    </Canvas>
  );
}

const PICTURES: Record<StageKey, () => ReactNode> = {
  sprout: Sprout,
  sapling: Sapling,
  smallTree: SmallTree,
  fullTree: FullTree,
  // Imported data outside 0..3 (docs/product.md, Garden: 'Unknown'): the smallest picture.
  unknown: Sprout,
};

export function TreePicture({ stage, dead = false }: { stage: StageKey; dead?: boolean }) {
  if (dead) return <Bare stage={stage} />;
  const Picture = PICTURES[stage];
  return <Picture />;
}
