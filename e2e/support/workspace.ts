import type { Download, Page } from '@playwright/test';
import { expect, markShownToasts, newToast } from './fixtures.ts';

/** A small but complete backup, as Grove exports it (schemaVersion 1). */
export function sampleBackup(tag: string) {
  const createdAt = '2026-03-01T09:00:00.000Z';
  return {
    schemaVersion: 1,
    projects: [
      { id: `project-${tag}-1`, name: `Website ${tag}`, description: 'Relaunch the site', status: 'active', priority: 'high', progress: 40, teamSize: 3, createdAt },
      { id: `project-${tag}-2`, name: `Archive ${tag}`, description: '', status: 'completed', priority: 'low', progress: 100, teamSize: 1, createdAt },
    ],
    pages: [
      { id: `page-${tag}-1`, title: `Notes ${tag}`, icon: '📝', parentId: null, createdAt, content: [{ id: `block-${tag}-1`, type: 'paragraph', content: 'Hello' }] },
    ],
    kanbanBoard: {
      columns: [
        { id: 'column-todo', title: 'To-do', itemIds: [`item-${tag}-1`] },
        { id: 'column-done', title: 'Finished', itemIds: [] },
      ],
      items: { [`item-${tag}-1`]: { id: `item-${tag}-1`, content: `Task ${tag}`, description: '', priority: 'high', tags: ['a'], dueDate: '2026-03-10' } },
    },
    mindMap: { nodes: [{ id: 'node-1', type: 'customText', position: { x: 0, y: 0 }, data: { label: `Idea ${tag}` } }], edges: [] },
    garden: [{ id: `item-${tag}-1`, sourceId: `item-${tag}-1`, sourceType: 'task', growthStage: 1, status: 'healthy', createdAt }],
    gamification: { score: 30, level: 1, streak: 2, lastCompletedDate: '2026-03-01', unlockedDecorations: [] },
  };
}

/** The Settings screen's data controls. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/settings');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  }

  async chooseImportFile(name: string, content: string): Promise<void> {
    await this.page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
  }

  /** Imports a file through the confirm dialog and waits for its success toast (shown once the import is stored). */
  async importBackup(content: string, name = 'backup.json'): Promise<void> {
    await this.chooseImportFile(name, content);
    const dialog = this.page.getByRole('alertdialog');
    await expect(dialog).toContainText('This will overwrite all current data. Are you sure?');
    await this.confirmImport();
  }

  /** Confirms the import dialog and waits for this import's own success toast (an earlier import's may still be up). */
  async confirmImport(): Promise<void> {
    await markShownToasts(this.page);
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
    await expect(newToast(this.page, 'Data imported successfully!')).toBeVisible();
  }

  async exportBackup(): Promise<{ download: Download; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: 'Export Data' }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { download, text: Buffer.concat(chunks).toString('utf8') };
  }

  async clearAll(): Promise<void> {
    await this.page.getByRole('button', { name: 'Clear All Data' }).click();
    const dialog = this.page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure you want to permanently delete all your data? This action cannot be undone.');
    await markShownToasts(this.page);
    await dialog.getByRole('button', { name: 'Clear Data' }).click();
    await expect(newToast(this.page, 'All data has been cleared.')).toBeVisible();
  }

  async waitUntilSaved(): Promise<void> {
    await expect(this.page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  }
}
