import { importBackup } from '@grove/domain/commands/workspace-commands';
import { newIdSeed } from '@grove/domain/workspace/ids';
import { applyBackup, backupFileName, parseBackup, serializeBackup, type BackupSummary, type Backup } from '@grove/domain/backup/backup';
import { REPAIR_KINDS, type Repair } from '@grove/domain/workspace/repair';
import { Download, Upload } from 'lucide-react';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { downloadText } from '@/lib/download.ts';
import { formatSize } from '@/lib/format-size.ts';
import { LOCAL_STORAGE_QUOTA, localStorageUsage, replaceWorkspace } from '@/lib/workspace-store/workspace-actions.ts';
import { WORKSPACE_KEY } from '@/lib/workspace-store/workspace-store.ts';
import { useWorkspace } from '@/lib/workspace-store/workspace-provider.tsx';
import { importRoom } from './import-room.ts';
import { SettingsCard } from './settings-card.tsx';
import { useWholeWorkspaceMessage } from './use-sync-note.ts';
import { useWholeWorkspaceChange } from './use-whole-workspace-change.ts';
import { useLinkParams } from '@/lib/use-link-params.ts';

const EXPORT_LINK = ['export'] as const;

interface PendingImport {
  backup: Backup;
  /** What the import puts in place, after repair. */
  summary: BackupSummary;
  repairs: Repair[];
}

/** Repairs listed one by one under the confirm dialog's details; the rest are counted. */
const SHOWN_REPAIRS = 20;

/** Export, import (validated in full before anything changes) and storage use. */
export function DataSection({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { data, status, blocked } = useWorkspace();
  const changeWorkspace = useWholeWorkspaceChange(onChanged);
  const wholeWorkspaceMessage = useWholeWorkspaceMessage();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [problems, setProblems] = useState<string[] | null>(null);
  // Reads every stored value (megabytes): once per change of the save status (a save done or failed), not on
  // every render while the user edits. `status` is the trigger, not an input.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- status is the trigger (see above)
  const used = useMemo(() => localStorageUsage(window.localStorage), [status]);
  // Also the bar's spoken value: a percentage alone says 0 for anything under about 26 KB.
  const usedText = t('settings.data.storageOf', { used: formatSize(t, used), total: formatSize(t, LOCAL_STORAGE_QUOTA) });

  const exportData = () => {
    const fileName = backupFileName(new Date());
    try {
      // A tab that cannot read the stored workspace (newer version) exports what is stored, not its defaults.
      const stored = blocked?.reason === 'newer-version' ? window.localStorage.getItem(WORKSPACE_KEY) : null;
      downloadText(fileName, stored ?? serializeBackup(data));
    } catch (error) {
      console.error('The backup file could not be made.', error);
      toast.error(t('settings.data.exportFailed'));
      return;
    }
    toast.success(t('settings.data.exported', { fileName }));
  };
  // `?export=1`: Export data from the command palette (issue 32).
  useLinkParams(EXPORT_LINK, () => exportData());

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblems(null);
    if (!file.name.toLowerCase().endsWith('.json')) {
      toast.error(t('settings.data.notJson'));
      return;
    }
    const now = new Date();
    const result = parseBackup(await file.text(), now);
    if (!result.ok) {
      if (result.reason === 'invalid-json') {
        console.error('Failed to parse the backup file.', file.name);
        toast.error(t('settings.data.parseFailed'));
      } else {
        toast.error(t('settings.data.invalidBackup'));
        setProblems(result.issues);
      }
      return;
    }
    // Refused up front: once imported, a workspace larger than the storage could never be saved.
    const { size, room, fits } = importRoom(window.localStorage, applyBackup(data, result.backup, now));
    if (!fits) {
      toast.error(t('settings.data.tooLarge', { size: formatSize(t, size), room: formatSize(t, room) }));
      return;
    }
    setPending({ backup: result.backup, summary: result.summary, repairs: result.repairs });
  };

  const confirmImport = async () => {
    if (!pending) return;
    const { backup } = pending;
    setPending(null);
    await changeWorkspace(
      (target) => replaceWorkspace(target, 'import', importBackup, { backup, idSeed: newIdSeed() }),
      t('settings.data.imported'),
    );
  };

  return (
    <SettingsCard id="data" title={t('settings.data.title')} description={t('settings.data.description')}>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={exportData}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('settings.data.export')}
        </Button>
        <Button variant="secondary" disabled={blocked !== null} onClick={() => fileInput.current?.click()}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {t('settings.data.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('settings.data.import')}
          data-testid="import-file"
          onChange={(event) => void chooseFile(event)}
        />
      </div>
      <p className="mt-2 text-xs text-muted-foreground">{t('settings.data.importHint')}</p>
      {blocked?.reason === 'newer-version' ? <p role="alert" className="mt-3 text-sm text-danger">{t('settings.data.blocked')}</p> : null}

      {problems ? (
        <div role="alert" className="mt-4 rounded-lg border border-danger/40 bg-danger/5 p-4 text-sm">
          <p className="font-medium text-danger">{t('settings.data.invalidBackup')}</p>
          <p className="mt-2 text-muted-foreground">{t('settings.data.invalidDetails')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {problems.map((problem) => <li key={problem}>{problem}</li>)}
          </ul>
        </div>
      ) : null}

      <div className="mt-6">
        <div className="flex items-baseline justify-between text-sm">
          <span className="font-medium">{t('settings.data.storageUsed')}</span>
          <span className="text-muted-foreground" data-testid="storage-used" data-status={status}>
            {usedText}
          </span>
        </div>
        <ProgressBar value={(used / LOCAL_STORAGE_QUOTA) * 100} label={t('settings.data.storageUsed')} valueText={usedText} className="mt-2" />
      </div>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={t('settings.data.confirmTitle')}
        description={wholeWorkspaceMessage(t('settings.data.confirmMessage'))}
        confirmLabel={t('settings.data.confirmAction')}
        cancelLabel={t('settings.data.cancel')}
        destructive
        onConfirm={() => void confirmImport()}
      >
        {pending ? <ImportSummary summary={pending.summary} repairs={pending.repairs} /> : null}
      </ConfirmDialog>
    </SettingsCard>
  );
}

function ImportSummary({ summary, repairs }: { summary: BackupSummary; repairs: Repair[] }) {
  const { t } = useTranslation();
  const lines = [
    summary.projects !== null && t('settings.data.summary.projects', { count: summary.projects }),
    summary.pages !== null && t('settings.data.summary.pages', { count: summary.pages }),
    summary.tasks !== null && t('settings.data.summary.tasks', { count: summary.tasks }),
    summary.columns !== null && t('settings.data.summary.columns', { count: summary.columns }),
    summary.mindMapNodes !== null && t('settings.data.summary.nodes', { count: summary.mindMapNodes }),
    summary.gardenTrees !== null && t('settings.data.summary.trees', { count: summary.gardenTrees }),
    summary.gamification && t('settings.data.summary.gamification'),
  ].filter((line): line is string => typeof line === 'string');
  return (
    <div className="mt-4 text-sm">
      <p className="font-medium">{t('settings.data.confirmContents')}</p>
      <ul className="mt-1 list-disc pl-5" data-testid="import-summary">
        {lines.map((line) => <li key={line}>{line}</li>)}
      </ul>
      <p className="mt-2 text-muted-foreground">{t('settings.data.summary.notIncluded')}</p>
      {repairs.length > 0 ? <ImportRepairs repairs={repairs} /> : null}
    </div>
  );
}

/** What the import will repair: counted by kind, then (on request) each repair as the domain words it. */
function ImportRepairs({ repairs }: { repairs: Repair[] }) {
  const { t } = useTranslation();
  const kinds = REPAIR_KINDS.map((kind) => ({ kind, count: repairs.filter((repair) => repair.kind === kind).length }))
    .filter(({ count }) => count > 0);
  return (
    <div className="mt-3" data-testid="import-repairs">
      <p className="font-medium">{t('settings.data.repairs.title', { count: repairs.length })}</p>
      <ul className="mt-1 list-disc pl-5" data-testid="import-repair-kinds">
        {kinds.map(({ kind, count }) => <li key={kind}>{t(`settings.data.repairs.kind.${kind}`, { count })}</li>)}
      </ul>
      <details className="mt-2 text-muted-foreground">
        <summary className="cursor-pointer">{t('settings.data.repairs.details')}</summary>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-xs" data-testid="import-repair-details">
          {repairs.slice(0, SHOWN_REPAIRS).map((repair, index) => <li key={index}>{repair.message}</li>)}
          {repairs.length > SHOWN_REPAIRS ? <li>{t('settings.data.repairs.more', { count: repairs.length - SHOWN_REPAIRS })}</li> : null}
        </ul>
      </details>
    </div>
  );
}
