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

  /** A column's scrollable list of cards. */
  cardList(title: string): Locator {
    return this.column(title).locator('[data-card-list]');
  }

  /**
   * Presses the mouse on the middle of what shows of an element and moves it 15 px, past the 10 px that start a
   * drag. What shows, not the middle of its box: a card cut off by its column's end has that middle hidden, and a
   * press there lands on the column's footer (issue 34: the 4th card of To-do 'did not drag').
   */
  async pickUp(from: Locator): Promise<void> {
    const { x, y } = await visibleMiddle(from);
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + 15, y + 5, { steps: 3 });
  }

  /** Moves the held mouse to a point in small steps, as a person would. */
  async moveTo(x: number, y: number): Promise<void> {
    await this.page.mouse.move(x, y, { steps: 12 });
  }

  /** Lets go of the mouse once the board has drawn the last move (a busy machine lags): a drop reads where the card was last drawn over. */
  async drop(): Promise<void> {
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))));
    await this.page.mouse.up();
  }

  /** Drags with the mouse in small steps, as a person would, from an element into another. */
  async drag(from: Locator, to: Locator, offset: { x?: number; y?: number } = {}): Promise<void> {
    const end = await to.boundingBox();
    if (!end) throw new Error('drag: the target is not visible');
    await this.pickUp(from);
    // A third of the way into the target, not its centre: a column near the board's right edge would otherwise be
    // inside dnd-kit's auto-scroll band, and the board would scroll on under the pointer before the drop.
    await this.moveTo(end.x + end.width / 3 + (offset.x ?? 0), end.y + end.height / 2 + (offset.y ?? 0));
    await this.drop();
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

/** The middle of the part of an element inside the viewport and every box that clips it (a scrolling list, the board). */
async function visibleMiddle(element: Locator): Promise<{ x: number; y: number }> {
  const middle = await element.evaluate((node) => {
    let { left, top, right, bottom } = node.getBoundingClientRect();
    right = Math.min(right, window.innerWidth);
    bottom = Math.min(bottom, window.innerHeight);
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
    }
    return right > left && bottom > top ? { x: (left + right) / 2, y: (top + bottom) / 2 } : null;
  });
  if (!middle) throw new Error('drag: nothing of the element shows; scroll it into view first');
  return middle;
}
