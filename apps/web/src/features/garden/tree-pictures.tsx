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
  return (
    <Canvas>
      <path d="M32 92 C32 80 31 70 32 58" strokeWidth="3.5" strokeLinecap="round" className="stroke-amber-800 dark:stroke-amber-600" fill="none" />
      <path d="M32 74 C26 73 22 69 21 64 C27 64 31 68 32 74 Z" fill="currentColor" fillOpacity="0.75" />
      <circle cx="32" cy="50" r="13" fill="currentColor" />
      <circle cx="25" cy="54" r="8" fill="currentColor" fillOpacity="0.8" />
      <circle cx="28" cy="45" r="4" className="fill-white/25" />
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

const PICTURES: Record<StageKey, () => ReactNode> = {
  sprout: Sprout,
  sapling: Sapling,
  smallTree: SmallTree,
  fullTree: FullTree,
  // Imported data outside 0..3 (docs/product.md, Garden: 'Unknown'): the smallest picture.
  unknown: Sprout,
};

export function TreePicture({ stage }: { stage: StageKey }) {
  const Picture = PICTURES[stage];
  return <Picture />;
}
