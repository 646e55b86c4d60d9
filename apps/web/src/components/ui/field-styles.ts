import { cn } from './cn.ts';

const control =
  'rounded-lg border border-border bg-surface px-3 text-sm text-foreground placeholder:text-muted-foreground '
  + 'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-50';

/** Text inputs, date inputs and selects share one look; full width unless `width` says otherwise. */
export const inputStyles = (extra?: string, width = 'w-full'): string => cn(control, 'h-10', width, extra);

export const textareaStyles = (extra?: string): string => cn(control, 'w-full min-h-24 py-2 leading-relaxed', extra);

export const labelStyles = 'mb-1.5 block text-sm font-medium';
