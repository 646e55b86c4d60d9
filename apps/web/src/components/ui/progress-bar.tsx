import { cn } from './cn.ts';

/** The accessible name: a label of its own, or the id of the visible text that names the bar. */
type ProgressBarName = { label: string; labelledBy?: never } | { labelledBy: string; label?: never };

export type ProgressBarProps = ProgressBarName & {
  /** Percent done, clamped to 0-100: the fill takes it exactly, aria-valuenow rounded. */
  value: number;
  /** What a screen reader reads instead of the bare percent ("1.2 MB of about 5 MB"). */
  valueText?: string;
  /** Track height: sm h-2, md h-3. */
  size?: 'sm' | 'md';
  /** How the fill moves to a new value: at once, over Tailwind's default 150 ms, or over 500 ms. */
  transition?: 'none' | 'quick' | 'slow';
  /** Placement and additions to the track (a margin, a dark-mode track colour). */
  className?: string;
};

const heights = { sm: 'h-2', md: 'h-3' } as const;
const transitions = { none: undefined, quick: 'transition-[width]', slow: 'transition-[width] duration-500' } as const;

/** A horizontal bar of how far something has got, out of 100. */
export function ProgressBar({ value, label, labelledBy, valueText, size = 'sm', transition = 'none', className }: ProgressBarProps) {
  const percent = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-valuetext={valueText}
      className={cn(heights[size], 'overflow-hidden rounded-full bg-muted', className)}
    >
      <div className={cn('h-full rounded-full bg-primary', transitions[transition])} style={{ width: `${percent}%` }} />
    </div>
  );
}
