import { expect, onboard, stored, test } from '../support/fixtures.ts';

const SIDEBAR_ITEMS = ['Dashboard', 'Kanban Board', 'My Garden', 'Projects', 'Pages', 'Calendar', 'Mind Map', 'Settings'];

test.describe('desktop sidebar', () => {
  test.beforeEach(async ({ page }) => {
    await onboard(page);
  });

  test('starts open with all eight entries, the product name and the ad placeholder', async ({ page }) => {
    await page.goto('/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Workspace' });
    await expect(sidebar).toHaveAttribute('data-state', 'open');
    const nav = sidebar.getByRole('navigation', { name: 'Workspace' });
    await expect(nav.getByRole('link')).toHaveText(SIDEBAR_ITEMS);
    await expect(sidebar.getByText('Grove', { exact: true })).toBeVisible();
    const ad = sidebar.getByRole('region', { name: 'Ad placeholder' });
    await expect(ad).toBeVisible();
    expect((await ad.boundingBox())?.height).toBeGreaterThanOrEqual(250);
    expect((await sidebar.boundingBox())?.width).toBe(240);
    expect((await page.locator('header').first().boundingBox())?.height).toBe(64);
  });

  test('every screen\'s heading starts at the same place: one layout rule, no screen centred on its own', async ({ page }) => {
    const lefts: number[] = [];
    for (const path of ['/dashboard', '/kanban-board', '/garden', '/free-project-management', '/notes-and-docs', '/calendar-view', '/mind-map', '/settings']) {
      await page.goto(path);
      const heading = page.locator('main h1').first();
      await expect(heading).toBeVisible();
      lefts.push(Math.round((await heading.boundingBox())?.x ?? -1));
    }
    // The sidebar (240 px) and main's padding (32 px).
    expect(new Set(lefts)).toEqual(new Set([272]));
  });

  test('the sidebar\'s column runs the whole height of a long page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 420 });
    await page.goto('/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Workspace' });
    await expect(sidebar).toBeVisible();
    const { column, page: pageHeight } = await sidebar.evaluate((aside) => ({
      column: aside.parentElement!.getBoundingClientRect().height,
      page: document.documentElement.scrollHeight,
    }));
    expect(pageHeight).toBeGreaterThan(420 * 2);
    // Everything below the 64 px header.
    expect(column).toBe(pageHeight - 64);
  });

  test('highlights Dashboard only on an exact match, other entries by prefix', async ({ page }) => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Workspace' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/notes-and-docs/some-page');
    await expect(nav.getByRole('link', { name: 'Pages' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('collapses to icons with tooltips and remembers the choice', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Workspace' });
    await expect(sidebar).toHaveAttribute('data-state', 'closed');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
    await expect(sidebar.getByRole('region', { name: 'Ad placeholder' })).toHaveCount(0);
    await expect.poll(() => stored(page, 'grove-sidebar-open')).toBe('false');

    // Icons only: the label shows as a tooltip on hover and on keyboard focus.
    const kanban = sidebar.getByRole('link', { name: 'Kanban Board' });
    await expect(kanban).not.toContainText('Kanban Board');
    await kanban.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Kanban Board');
    await page.keyboard.press('Escape');
    await sidebar.getByRole('link', { name: 'Projects' }).focus();
    await expect(page.getByRole('tooltip').filter({ hasText: 'Projects' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('complementary', { name: 'Workspace' })).toHaveAttribute('data-state', 'closed');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByRole('complementary', { name: 'Workspace' })).toHaveAttribute('data-state', 'open');
    await expect.poll(() => stored(page, 'grove-sidebar-open')).toBe('true');
  });

  test('collapsed, it keeps the logo mark and highlights the current screen', async ({ page }) => {
    await page.goto('/kanban-board');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Workspace' });
    await expect(sidebar).toHaveAttribute('data-state', 'closed');
    await expect(sidebar.getByTestId('sidebar-logo').locator('svg')).toBeVisible();
    const current = sidebar.getByRole('link', { name: 'Kanban Board' });
    const other = sidebar.getByRole('link', { name: 'Projects' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    const background = (link: typeof current) => link.evaluate((element) => getComputedStyle(element).backgroundColor);
    // The current entry sits on the accent colour; the others have no background of their own.
    expect(await background(other)).toBe('rgba(0, 0, 0, 0)');
    expect(await background(current)).not.toBe('rgba(0, 0, 0, 0)');
    await other.click();
    await expect(other).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => background(current)).toBe('rgba(0, 0, 0, 0)');
    expect(await background(other)).not.toBe('rgba(0, 0, 0, 0)');
  });
});

test.describe('unreadable sidebar flag', () => {
  test.use({ allowConsoleErrors: [/grove-sidebar-open/] });

  test('falls back to the default and logs the error', async ({ page }) => {
    await onboard(page);
    await page.addInitScript(() => window.localStorage.setItem('grove-sidebar-open', '{not json'));
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('complementary', { name: 'Workspace' })).toHaveAttribute('data-state', 'open');
    expect(logged.some((text) => text.includes('grove-sidebar-open'))).toBe(true);
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ page }) => {
    await onboard(page);
  });

  test('the sidebar is a closed overlay by default that opens over a backdrop and closes on tap', async ({ page }) => {
    await page.goto('/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Workspace', includeHidden: true });
    await expect(sidebar).toHaveAttribute('data-state', 'closed');
    await expect(sidebar).not.toBeInViewport();
    // The header navigation is for medium screens and up.
    await expect(page.getByRole('navigation', { name: 'Site' })).toBeHidden();

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar).toHaveAttribute('data-state', 'open');
    await expect(sidebar).toBeInViewport({ ratio: 1 });
    const backdrop = page.getByTestId('sidebar-backdrop');
    await expect(backdrop).toBeVisible();

    await backdrop.click({ position: { x: 370, y: 400 } });
    await expect(sidebar).toHaveAttribute('data-state', 'closed');
    await expect(backdrop).toHaveCount(0);
    // Once it has slid out nothing of it stays on screen (its shadow drew a strip down the left edge).
    await expect(sidebar).toBeHidden();
  });

  test('choosing an entry closes the overlay; Escape closes it too', async ({ page }) => {
    await page.goto('/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Workspace', includeHidden: true });
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(sidebar).toHaveAttribute('data-state', 'closed');

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar).toHaveAttribute('data-state', 'open');
    await page.keyboard.press('Escape');
    await expect(sidebar).toHaveAttribute('data-state', 'closed');

    // The open sheet covers the header's toggle: it has its own close button, which gives focus back to the toggle.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar.getByRole('button', { name: 'Close sidebar' }).click();
    await expect(sidebar).toHaveAttribute('data-state', 'closed');
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeFocused();
  });

  test('the open overlay is modal for the keyboard and is never remembered', async ({ page }) => {
    await page.goto('/dashboard');
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await toggle.click();
    // Focus moves into the sheet; the page behind it is inert.
    await expect(page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Dashboard' })).toBeFocused();
    await expect(page.locator('main')).toHaveAttribute('inert', '');
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(page.locator('main')).not.toHaveAttribute('inert', '');

    await toggle.click();
    await page.reload();
    await expect(page.getByRole('complementary', { name: 'Workspace', includeHidden: true })).toHaveAttribute('data-state', 'closed');
  });
});

test.describe('site menu on small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens the site links, navigates, and closes on navigation, Escape and a tap outside', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Site menu' });
    const menu = page.getByRole('navigation', { name: 'Site' }).filter({ has: page.getByRole('link', { name: 'Pricing' }) });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toHaveCount(0);

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText(['Pricing', 'Blog', 'About', 'Contact', 'Privacy', 'Terms']);
    await menu.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toHaveCount(0);

    // Keyboard: Enter opens, Tab reaches the links, Escape closes and gives focus back to the button.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // A tap on the page below the open panel, in the side margin: the middle of the screen may hold a blog card's
    // link there (the posts are other tests' too), which the tap would follow.
    const tap = { x: 8, y: 780 };
    expect(await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('a, button')), tap), 'a link or button under the tap')
      .toBe(false);
    await page.mouse.click(tap.x, tap.y);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('wide screens show the links inline and no menu button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await expect(page.getByRole('button', { name: 'Site menu' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Blog' })).toBeVisible();
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the sidebar moves without a transition', async ({ page }) => {
    await onboard(page);
    await page.goto('/dashboard');
    const sidebar = page.getByRole('complementary', { name: 'Workspace' });
    const seconds = await sidebar.evaluate((element) => Number.parseFloat(getComputedStyle(element).transitionDuration));
    expect(seconds).toBeLessThan(0.001);
  });
});
