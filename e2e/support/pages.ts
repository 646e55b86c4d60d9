import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The /notes-and-docs page tree: its rows (treeitems) and their mouse shortcuts. */
export class PageTreePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/notes-and-docs');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  }

  get tree(): Locator {
    return this.page.getByRole('tree', { name: 'Pages' });
  }

  row(title: string): Locator {
    return this.tree.getByRole('treeitem', { name: title, exact: true });
  }

  /** The visible rows' titles, top to bottom, each indented two spaces per level. */
  async outline(): Promise<string[]> {
    return this.tree.getByRole('treeitem').evaluateAll((items) =>
      items.map((item) => `${'  '.repeat(Number(item.getAttribute('aria-level')) - 1)}${item.lastElementChild?.textContent ?? ''}`));
  }

  /** The chevron and delete buttons are hidden from assistive technology (the keys do the same), so by test id. */
  toggle(title: string): Locator {
    return this.row(title).locator('..').getByTestId('page-tree-toggle');
  }

  deleteButton(title: string): Locator {
    return this.row(title).locator('..').getByTestId('page-tree-delete');
  }

  /** The stored expanded ids. */
  async expandedIds(): Promise<unknown> {
    return this.page.evaluate(() => JSON.parse(window.localStorage.getItem('grove-expanded-pages') ?? 'null') as unknown);
  }
}
