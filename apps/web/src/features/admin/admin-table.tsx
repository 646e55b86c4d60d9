import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { adminCard } from './admin-card.ts';

// What the admin tables share: the table shell, the icon buttons of a row, and the question
// before closing an editor with unsaved changes.

export interface AdminColumn {
  readonly label: string;
  /** Width and visibility classes (e.g. 'hidden w-40 md:table-cell'). */
  readonly className?: string;
}

/** A table in an admin card: a hidden caption, the head row from `columns`, the rows as children. */
export function AdminTable({ caption, columns, children }: { caption: string; columns: readonly AdminColumn[]; children: ReactNode }) {
  return (
    <div className={cn(adminCard, 'overflow-hidden')}>
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-4 py-3 font-semibold', column.className)}>{column.label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

interface RowActionProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** A row's icon button, named for the row it acts on ('Edit "{title}"'). */
export function RowAction({ label, icon, onClick, danger = false, disabled }: RowActionProps) {
  return (
    <Button variant={danger ? 'dangerGhost' : 'ghost'} size="sm" className="w-10 px-0" aria-label={label} onClick={onClick} disabled={disabled}>
      {icon}
    </Button>
  );
}

/** 'Discard changes?' before an editor with unsaved changes closes. */
interface DiscardChangesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDiscard: () => void;
}

export function DiscardChangesDialog({ open, onOpenChange, onDiscard }: DiscardChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin.postEditor.discardTitle')}
      description={t('admin.postEditor.discardMessage')}
      confirmLabel={t('admin.postEditor.discardConfirm')}
      cancelLabel={t('admin.postEditor.keepEditing')}
      destructive
      onConfirm={onDiscard}
    />
  );
}
