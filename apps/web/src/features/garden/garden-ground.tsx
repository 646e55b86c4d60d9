import type { UnlockedDecorations } from '@grove/domain/garden/garden-selectors';

// The ground under the trees and the decorations the level has unlocked (docs/product.md, Garden; Scoring,
// levels and streaks: flowers at 2, pond at 4, path at 6). Pictures only: the header card says the level.

const FLOWERS = [
  { place: 'left-[6%] bottom-3 h-11', petals: 'fill-rose-400 dark:fill-rose-300' },
  { place: 'left-[30%] bottom-8 h-9', petals: 'fill-amber-300 dark:fill-amber-200' },
  { place: 'left-[52%] bottom-2 h-10', petals: 'fill-violet-400 dark:fill-violet-300' },
] as const;

function Flower({ place, petals }: { place: string; petals: string }) {
  return (
    <svg viewBox="0 0 24 40" className={`absolute w-auto ${place}`} aria-hidden="true" focusable="false">
      <path d="M12 40 V16" strokeWidth="2" className="stroke-emerald-700 dark:stroke-emerald-500" />
      <path d="M12 30 C6 30 4 26 4 23 C9 23 12 26 12 30 Z" className="fill-emerald-600 dark:fill-emerald-500" />
      {[0, 72, 144, 216, 288].map((angle) => (
        <ellipse key={angle} cx="12" cy="7" rx="4" ry="6" transform={`rotate(${angle} 12 12)`} className={petals} />
      ))}
      <circle cx="12" cy="12" r="3.5" className="fill-yellow-400 dark:fill-yellow-300" />
    </svg>
  );
}

function Pond() {
  return (
    <svg viewBox="0 0 120 48" className="absolute right-[4%] bottom-2 h-12 w-auto sm:h-14" aria-hidden="true" focusable="false">
      <ellipse cx="60" cy="26" rx="58" ry="20" className="fill-stone-300 dark:fill-stone-700" />
      <ellipse cx="60" cy="25" rx="53" ry="17" className="fill-sky-300 dark:fill-sky-800" />
      <ellipse cx="48" cy="20" rx="22" ry="4" className="fill-white/40 dark:fill-white/15" />
      <path d="M86 28 a8 5 0 1 0 1 -6 L80 26 Z" className="fill-emerald-600 dark:fill-emerald-500" />
      <circle cx="88" cy="24" r="2" className="fill-pink-300" />
    </svg>
  );
}

function Path() {
  // A winding band with stepping stones; the strokes keep their width however wide the plot is.
  const line = 'M0 70 C60 40 120 78 200 52 S330 30 400 60';
  return (
    <svg viewBox="0 0 400 80" preserveAspectRatio="none" className="absolute inset-0 h-full w-full" aria-hidden="true" focusable="false">
      <path d={line} fill="none" strokeWidth="22" strokeLinecap="round" vectorEffect="non-scaling-stroke" className="stroke-amber-200 dark:stroke-amber-900/70" />
      <path d={line} fill="none" strokeWidth="10" strokeDasharray="12 14" strokeLinecap="round" vectorEffect="non-scaling-stroke" className="stroke-stone-400/70 dark:stroke-stone-500/60" />
    </svg>
  );
}

export function GardenGround({ decorations }: { decorations: UnlockedDecorations }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-0 h-20" data-testid="garden-ground">
      <svg viewBox="0 0 400 80" preserveAspectRatio="none" className="absolute inset-0 h-full w-full" aria-hidden="true" focusable="false">
        <path d="M0 30 C80 14 160 34 240 22 S360 12 400 24 V80 H0 Z" className="fill-emerald-600/15 dark:fill-emerald-400/10" />
      </svg>
      {decorations.path ? <Path /> : null}
      {decorations.pond ? <Pond /> : null}
      {decorations.flowers ? FLOWERS.map((flower) => <Flower key={flower.place} {...flower} />) : null}
    </div>
  );
}
