import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useReturnFocus } from './use-return-focus.ts';
import { X } from 'lucide-react';
import { cn } from './cn.ts';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read with the title by screen readers; visually shown under it. */
  description?: string;
  /** The close button's accessible name (translated by the caller). */
  closeLabel: string;
  children: ReactNode;
  className?: string;
}

/**
 * A modal form: focus moves to its first field (do not use autoFocus: it would run before the opener is
 * remembered) and back to the opener on close; Escape and the close button close it.
 * On small screens it fills the width and scrolls within the viewport.
 */
export function Dialog({ open, onOpenChange, title, description, closeLabel, children, className }: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-backdrop" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-xl border border-border bg-surface-raised p-6 shadow-card',
            className,
          )}
        >
          <div className="mb-5 pr-8">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            {description ? <RadixDialog.Description className="mt-1 text-sm text-muted-foreground">{description}</RadixDialog.Description> : null}
          </div>
          {children}
          {/* After the content, so the first field (not Close) takes focus when the dialog opens. */}
          <RadixDialog.Close
            aria-label={closeLabel}
            className="absolute top-5 right-5 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden className="h-5 w-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
