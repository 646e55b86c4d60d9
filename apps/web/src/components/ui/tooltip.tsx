import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';

export const TooltipProvider = RadixTooltip.Provider;

interface TooltipProps {
  label: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** When false the trigger is rendered alone (e.g. the label is already visible). */
  enabled?: boolean;
  children: ReactNode;
}

/** A label shown on hover and keyboard focus; the child must be a focusable element. */
export function Tooltip({ label, side = 'right', enabled = true, children }: TooltipProps) {
  if (!enabled) return children;
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={8}
          className="z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-card"
        >
          {label}
          <RadixTooltip.Arrow className="fill-foreground" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
