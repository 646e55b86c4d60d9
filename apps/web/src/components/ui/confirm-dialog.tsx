import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonStyles } from './button-styles.ts';
import { useReturnFocus } from './use-return-focus.ts';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Extra content below the description (e.g. what an import holds). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
}

/** A modal question with Cancel focused first; Escape and Cancel close it, changing nothing. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, description, children, confirmLabel, cancelLabel, destructive, onConfirm } = props;
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-backdrop" />
        <AlertDialog.Content {...returnFocus} className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-surface-raised p-6 shadow-card">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm break-words text-muted-foreground">{description}</AlertDialog.Description>
          {children}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonStyles('secondary')}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonStyles(destructive ? 'danger' : 'primary')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
