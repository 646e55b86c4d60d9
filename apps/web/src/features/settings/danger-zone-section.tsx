import { clearWorkspace } from '@grove/domain/commands/workspace-commands';
import { newIdSeed } from '@grove/domain/workspace/ids';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { discardAllDrafts } from '@/lib/use-draft.ts';
import { replaceWorkspace } from '@/lib/workspace-store/workspace-actions.ts';
import { useWorkspace } from '@/lib/workspace-store/workspace-provider.tsx';
import { SettingsCard } from './settings-card.tsx';
import { useWholeWorkspaceMessage } from './use-sync-note.ts';
import { useWholeWorkspaceChange } from './use-whole-workspace-change.ts';

/** Clear All Data: after its confirm, the defaults (a restore point is taken first). */
export function DangerZoneSection({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { blocked } = useWorkspace();
  const changeWorkspace = useWholeWorkspaceChange(onChanged);
  const [confirming, setConfirming] = useState(false);
  const wholeWorkspaceMessage = useWholeWorkspaceMessage();

  const clear = async () => {
    setConfirming(false);
    await changeWorkspace(async (store) => {
      const entry = await replaceWorkspace(store, 'clear', clearWorkspace, { idSeed: newIdSeed() });
      // Unsaved text in dialogs is the user's data too: cleared with the rest.
      discardAllDrafts();
      return entry;
    }, t('settings.danger.cleared'));
  };

  return (
    <SettingsCard id="danger" tone="danger" title={t('settings.danger.title')} description={t('settings.danger.description')}>
      <Button variant="danger" disabled={blocked !== null} onClick={() => setConfirming(true)}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        {t('settings.danger.clear')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings.danger.confirmTitle')}
        description={wholeWorkspaceMessage(t('settings.danger.confirmMessage'))}
        confirmLabel={t('settings.danger.confirmAction')}
        cancelLabel={t('settings.data.cancel')}
        destructive
        onConfirm={() => void clear()}
      />
    </SettingsCard>
  );
}
