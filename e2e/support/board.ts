import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The Kanban board screen: its columns, cards, dialog and drags. */
export class BoardPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/kanban-board${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Kanban Board' })).toBeVisible();
  }

  /** A column by its title (found by attribute, so also while a dialog hides the board from the accessibility tree). */
  column(title: string): Locator {
    return this.page.locator(`section[data-column-id][aria-label="${title.replaceAll('"', '\\"')}"]`);
  }

  card(title: string): Locator {
    return this.page.locator('li[data-task-id]').filter({ has: this.page.getByText(title, { exact: true }) });
  }

  /** The draggable, focusable part of a card. */
  cardHandle(title: string): Locator {
    return this.card(title).locator('[aria-roledescription="draggable task"]');
  }

  /** Card titles of a column, top to bottom. */
  async titles(column: string): Promise<string[]> {
    return this.column(column).locator('li[data-task-id] [aria-roledescription="draggable task"] p.font-medium').allTextContents();
  }

  async columnTitles(): Promise<string[]> {
    return this.page.locator('section[data-column-id] h2').allTextContents();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** Drags with the mouse in small steps, as a person would, from one element's centre into another. */
  async drag(from: Locator, to: Locator, offset: { x?: number; y?: number } = {}): Promise<void> {
    const start = await from.boundingBox();
    const end = await to.boundingBox();
    if (!start || !end) throw new Error('drag: an element is not visible');
    const startX = start.x + start.width / 2;
    const startY = start.y + start.height / 2;
    await this.page.mouse.move(startX, startY);
    await this.page.mouse.down();
    await this.page.mouse.move(startX + 15, startY + 5, { steps: 3 });
    // A third of the way into the target, not its centre: a column near the board's right edge would otherwise be
    // inside dnd-kit's auto-scroll band, and the board would scroll on under the pointer before the drop.
    await this.page.mouse.move(end.x + end.width / 3 + (offset.x ?? 0), end.y + end.height / 2 + (offset.y ?? 0), { steps: 12 });
    // Let the board draw the last move (a busy machine lags): the drop reads where the card was last drawn over.
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))));
    await this.page.mouse.up();
  }

  /**
   * Keyboard drag steps: one arrow press per frame. dnd-kit's keyboard sensor steps from the position it last
   * drew, so presses faster than frames (a busy CI machine) would be lost; a person is far slower.
   */
  async press(key: string, times: number): Promise<void> {
    for (let step = 0; step < times; step += 1) {
      await this.page.keyboard.press(key);
      await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    }
  }

  async waitUntilSaved(): Promise<void> {
    await expect(this.page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  }
}
