import type { TFunction } from 'i18next';
import type { SyncView } from '@/lib/sync/sync-controller.ts';

export type SyncState = 'synced' | 'syncing' | 'offline' | 'error';

/** 'Nov 28, 2026, 14:05', the sync times (local); through Intl, so the workspace's frame loads no date library. */
export const syncTime = (iso: string) => new Date(iso).toLocaleString('en-US', {
  month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

/** What the screens say of sync that is on: a one-word state and a sentence with what it means and what to do. */
export function describeSync(view: Extract<SyncView, { on: true }>, t: TFunction): { state: SyncState; label: string; hint: string } {
  const status = view.status ?? { state: 'syncing' as const };
  switch (status.state) {
    case 'synced': {
      const at = view.syncedAt ? ` (${syncTime(view.syncedAt)})` : '';
      return { state: 'synced', label: t('workspace.sync.synced'), hint: t('workspace.sync.syncedHint', { at }) };
    }
    case 'syncing':
      return { state: 'syncing', label: t('workspace.sync.syncing'), hint: t('workspace.sync.syncingHint') };
    case 'offline':
      return { state: 'offline', label: t('workspace.sync.offline'), hint: t('workspace.sync.offlineHint') };
    case 'error': {
      const label = t('workspace.sync.error');
      if (status.reason === 'integrity') return { state: 'error', label, hint: t('workspace.sync.integrityHint') };
      if (status.status === 401 || status.status === 403) return { state: 'error', label, hint: t('workspace.sync.goneHint') };
      if (status.code === 'syncSpaceFull') return { state: 'error', label, hint: t('workspace.sync.fullHint') };
      if (status.status === 429) return { state: 'error', label, hint: t('workspace.sync.busyHint') };
      return { state: 'error', label, hint: t('workspace.sync.refusedHint', { code: status.code ?? status.status }) };
    }
  }
}
