import type { UnlockedDecorations } from '@grove/domain/garden/garden-selectors';

// The garden's scene behind the trees (issue 34): sky by day (sun, drifting clouds) and by night in the dark theme
// (moon, stars), hills on the horizon, the ground the trees stand on, and the decorations the level unlocked
// (docs/product.md, Garden; flowers at 2, pond at 4, path at 6) where they belong: the path winds from the front
// to the horizon, the pond lies on the ground, the three flowers grow along the front edge. Pictures only.

/** The sky's height in px above the ground (a phone, a wider screen): the ground below grows with the rows. */
export const SKY = { narrow: 92, wide: 124 } as const;

function Sky() {
  return (
    <div aria-hidden className="absolute inset-x-0 top-0 bottom-0 bg-linear-to-b from-sky-200 via-sky-100 to-amber-50 dark:from-slate-950 dark:via-indigo-950 dark:to-slate-800">
      {/* Day: the sun and two clouds. */}
      <svg viewBox="0 0 40 40" className="absolute top-[6%] right-[8%] h-12 w-12 dark:hidden sm:h-16 sm:w-16" focusable="false">
        <circle cx="20" cy="20" r="16" className="fill-amber-200/70" />
        <circle cx="20" cy="20" r="11" className="fill-amber-300" />
      </svg>
      {[{ top: 'top-[8%]', delay: '-20s', size: 'h-8 sm:h-10' }, { top: 'top-[18%]', delay: '-75s', size: 'h-6 sm:h-8' }].map((cloud) => (
        <svg
          key={cloud.delay}
          viewBox="0 0 100 40"
          className={`absolute left-0 w-auto ${cloud.top} ${cloud.size} motion-safe:animate-garden-drift dark:hidden`}
          style={{ animationDelay: cloud.delay }}
          focusable="false"
        >
          <path d="M14 34 C2 34 2 20 14 20 C16 8 34 6 40 16 C46 4 70 6 70 20 C84 18 90 34 76 34 Z" className="fill-white/90" />
        </svg>
      ))}
      {/* Night: the moon and a few stars. */}
      <svg viewBox="0 0 40 40" className="absolute top-[7%] right-[9%] hidden h-10 w-10 dark:block sm:h-12 sm:w-12" focusable="false">
        <path d="M26 4 A16 16 0 1 0 36 28 A13 13 0 1 1 26 4 Z" className="fill-amber-100" />
      </svg>
      <svg viewBox="0 0 400 100" preserveAspectRatio="none" className="absolute inset-x-0 top-0 hidden h-[30%] w-full dark:block" focusable="false">
        {[[20, 20], [64, 52], [110, 14], [150, 40], [205, 22], [250, 58], [300, 12], [342, 44], [380, 70], [180, 72]].map(([x, y]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r="1.1" className="fill-white/80" />
        ))}
      </svg>
    </div>
  );
}

function Hills({ horizon }: { horizon: number }) {
  return (
    <svg viewBox="0 0 400 40" preserveAspectRatio="none" aria-hidden focusable="false" className="absolute inset-x-0 h-10 w-full -translate-y-full sm:h-12" style={{ top: `calc(${horizon * 100}% + 2px)` }}>
      <path d="M0 30 C50 6 110 10 160 24 S260 2 320 18 S380 14 400 20 V40 H0 Z" className="fill-emerald-300/70 dark:fill-emerald-950" />
      <path d="M0 36 C70 20 130 30 210 26 S330 18 400 30 V40 H0 Z" className="fill-emerald-400/70 dark:fill-emerald-900/80" />
    </svg>
  );
}

function Ground({ horizon }: { horizon: number }) {
  return (
    <div
      aria-hidden
      data-testid="garden-ground"
      className="absolute inset-x-0 bottom-0 bg-linear-to-b from-lime-200 via-emerald-200 to-emerald-300 dark:from-emerald-950 dark:via-emerald-950 dark:to-green-950"
      style={{ top: `${horizon * 100}%` }}
    />
  );
}

function Path({ horizon }: { horizon: number }) {
  // From the front edge, a little right of centre, to a point on the horizon: wide near, narrow far.
  return (
    <svg viewBox="0 0 400 100" preserveAspectRatio="none" aria-hidden focusable="false" className="absolute inset-x-0 bottom-0 w-full" style={{ top: `${horizon * 100}%`, height: `${(1 - horizon) * 100}%` }}>
      <path d="M236 100 C226 74 176 64 186 44 S222 16 206 0 L202 0 C214 16 172 42 170 46 C160 66 204 78 200 100 Z" className="fill-amber-200 dark:fill-amber-900/60" />
      {[[216, 90, 5], [196, 74, 4], [185, 58, 3.2], [196, 40, 2.6], [205, 24, 2], [204, 10, 1.5]].map(([x, y, r]) => (
        <ellipse key={`${x}-${y}`} cx={x} cy={y} rx={r! * 1.6} ry={r} className="fill-stone-300 dark:fill-stone-600/70" />
      ))}
    </svg>
  );
}

function Pond({ horizon }: { horizon: number }) {
  // Just below the horizon on the right, behind every row: the trees stand in front of it, never in it.
  return (
    <svg viewBox="0 0 120 48" aria-hidden focusable="false" className="absolute right-[4%] h-8 w-auto sm:h-11" style={{ top: `calc(${horizon * 100}% + 4px)` }}>
      <ellipse cx="60" cy="26" rx="58" ry="20" className="fill-stone-300 dark:fill-stone-700" />
      <ellipse cx="60" cy="25" rx="53" ry="17" className="fill-sky-300 dark:fill-sky-900" />
      <ellipse cx="46" cy="20" rx="22" ry="4" className="fill-white/40 dark:fill-white/15" />
      <path d="M86 28 a8 5 0 1 0 1 -6 L80 26 Z" className="fill-emerald-600 dark:fill-emerald-500" />
      <circle cx="88" cy="24" r="2" className="fill-pink-300" />
    </svg>
  );
}

const FLOWERS = [
  { place: 'left-[3%]', petals: 'fill-rose-400 dark:fill-rose-300' },
  { place: 'left-[46%]', petals: 'fill-amber-300 dark:fill-amber-200' },
  { place: 'right-[3%]', petals: 'fill-violet-400 dark:fill-violet-300' },
] as const;

function Flower({ place, petals }: { place: string; petals: string }) {
  return (
    <svg viewBox="0 0 24 40" aria-hidden focusable="false" className={`absolute bottom-1 h-9 w-auto sm:h-11 ${place}`}>
      <path d="M12 40 V16" strokeWidth="2" className="stroke-emerald-700 dark:stroke-emerald-500" />
      <path d="M12 30 C6 30 4 26 4 23 C9 23 12 26 12 30 Z" className="fill-emerald-600 dark:fill-emerald-500" />
      {[0, 72, 144, 216, 288].map((angle) => (
        <ellipse key={angle} cx="12" cy="7" rx="4" ry="6" transform={`rotate(${angle} 12 12)`} className={petals} />
      ))}
      <circle cx="12" cy="12" r="3.5" className="fill-yellow-400 dark:fill-yellow-300" />
    </svg>
  );
}

/** The scene behind the trees: fills its (relative) parent; the ground starts at `horizon` (0..1 of its height). */
export function GardenBackdrop({ decorations, horizon }: { decorations: UnlockedDecorations; horizon: number }) {
  return (
    <div className="pointer-events-none absolute inset-0" data-decorations={Object.entries(decorations).filter(([, on]) => on).map(([name]) => name).join(' ')}>
      <Sky />
      <Hills horizon={horizon} />
      <Ground horizon={horizon} />
      {decorations.path ? <Path horizon={horizon} /> : null}
      {decorations.pond ? <Pond horizon={horizon} /> : null}
    </div>
  );
}

/** The flowers stand in front of the trees, along the scene's front edge. */
export function GardenForeground({ decorations }: { decorations: UnlockedDecorations }) {
  if (!decorations.flowers) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-0 h-12" data-testid="garden-flowers">
      {FLOWERS.map((flower) => <Flower key={flower.place} {...flower} />)}
    </div>
  );
}
