import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { localDay, seed, task, workspace } from '../support/seed.ts';
import { storedData } from '../support/stored-workspace.ts';

// The Garden screen (docs/product.md, Garden): empty state, the re-check on opening, and axe in both themes.

const createdAt = '2026-03-01T09:00:00.000Z';

/** A workspace with one task overdue by 3 days (its tree still healthy at stage 2) and a few other trees. */
function gardenWorkspace() {
  const tree = (id: string, growthStage: number, minute: number) => ({
    id, sourceId: id, sourceType: 'task', growthStage, status: 'healthy', createdAt: createdAt.replace('09:00', `09:${String(minute).padStart(2, '0')}`),
  });
  return workspace({
    columns: [
      { id: 'todo', title: 'To-do', itemIds: ['late', 'fresh'] },
      { id: 'in-progress', title: 'In progress', itemIds: [] },
      { id: 'under-review', title: 'Under review', itemIds: [] },
      { id: 'finished', title: 'Finished', itemIds: ['done'] },
    ],
    items: [
      task({ id: 'late', content: 'Late task', dueDate: localDay(-3) }),
      task({ id: 'fresh', content: 'Fresh task', dueDate: localDay(2) }),
      task({ id: 'done', content: 'Done task' }),
    ],
    garden: [tree('late', 2, 0), tree('fresh', 1, 1), tree('done', 3, 2)],
    gamification: { score: 300, level: 3, streak: 2, lastCompletedDate: localDay(-1), unlockedDecorations: ['flowers'] },
  });
}

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('a fresh workspace shows the empty garden and the way to plant a tree', async ({ page }) => {
  await page.goto('/garden');
  await expect(page.getByRole('heading', { level: 1, name: 'My Garden' })).toBeVisible();
  await expect(page.getByText('Your garden is empty.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Kanban Board' })).toHaveAttribute('href', '/kanban-board');
  await expect(page.getByRole('progressbar', { name: 'Progress to level 2' })).toHaveAttribute('aria-valuenow', '0');
});

test('a task overdue by 3 days shows a dead sprout when the Garden opens', async ({ page }) => {
  await seed(page, gardenWorkspace());
  await page.goto('/garden');
  const dead = page.getByRole('img', { name: 'Late task: Sprout - dead' });
  await expect(dead).toBeVisible();
  await expect(page.getByRole('img', { name: 'Fresh task: Sapling - healthy' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Done task: Full Tree - healthy' })).toBeVisible();

  // The tooltip opens on keyboard focus too.
  await dead.focus();
  await expect(page.getByRole('tooltip')).toContainText('Sprout - dead');

  // The re-check is saved like any change.
  await expect.poll(async () => (await storedData(page))?.garden.find((entry) => entry.id === 'late')?.status).toBe('dead');
});

test('on a phone the three stats stand in one row; trees stand on the ground across the scene, nothing wider than the screen', async ({ page }) => {
  await seed(page, gardenWorkspace());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/garden');
  await expect(page.getByRole('img', { name: 'Late task: Sprout - dead' })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Level, score and streak' });
  const tops = await Promise.all(['Level', 'Score', 'Day Streak'].map(async (label) => (await stats.getByText(label, { exact: true }).boundingBox())?.y));
  expect(new Set(tops).size).toBe(1);
  const ground = await page.getByTestId('garden-ground').boundingBox();
  const plot = await page.getByRole('region', { name: 'Your garden' }).boundingBox();
  const trees = await page.getByRole('region', { name: 'Your garden' }).getByRole('img').evaluateAll((elements) => elements.map((element) => {
    const box = element.getBoundingClientRect();
    return { foot: box.bottom, centre: box.left + box.width / 2 };
  }));
  expect(trees).toHaveLength(3);
  // Rooted: every foot is on the ground, none floats in the sky; spread: not bunched at the left.
  for (const tree of trees) expect(tree.foot).toBeGreaterThan(ground!.y);
  const centres = trees.map((tree) => tree.centre).sort((a, b) => a - b);
  expect(centres[0]! - plot!.x).toBeLessThan(plot!.width * 0.3);
  expect(centres[2]! - plot!.x).toBeGreaterThan(plot!.width * 0.7);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('vacation mode keeps an overdue task\'s tree as it is and says so; turned off, the garden counts days again from today', async ({ page }) => {
  const onVacation = gardenWorkspace();
  onVacation.data.gamification = { ...onVacation.data.gamification, vacation: { since: localDay(-5) } };
  await seed(page, onVacation);
  await page.goto('/garden');
  const toggle = page.getByRole('button', { name: 'Vacation mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Vacation mode is on since' })).toBeVisible();
  // Overdue by 3 days, yet the re-check on opening left it healthy at its stage.
  await expect(page.getByRole('img', { name: 'Late task: Small Tree - healthy' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await toggle.click();
  await expect(page.getByText('Welcome back: vacation mode is off')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('status').filter({ hasText: 'Vacation mode is on since' })).toHaveCount(0);
  await expect.poll(async () => (await storedData(page))?.gamification.vacation).toEqual({ since: localDay(-5), until: localDay(0) });
  // Due during the vacation, the task falls due again today: not overdue yet, its tree still healthy.
  await expect(page.getByRole('img', { name: 'Late task: Small Tree - healthy' })).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await storedData(page))?.gamification.vacation).toEqual({ since: localDay(0) });
});

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`trees sway gently, and stand still when the system asks for reduced motion (${motion})`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion });
    await seed(page, gardenWorkspace());
    await page.goto('/garden');
    const tree = page.getByRole('img', { name: 'Fresh task: Sapling - healthy' });
    await expect(tree).toBeVisible();
    const animation = await tree.evaluate((element) => getComputedStyle(element.firstElementChild!).animationName);
    expect(animation).toBe(motion === 'reduce' ? 'none' : 'garden-sway');
  });
}

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test('a tap on a tree shows its task and state, a tap elsewhere hides them', async ({ page }) => {
    await seed(page, gardenWorkspace());
    await page.goto('/garden');
    await page.getByRole('img', { name: 'Fresh task: Sapling - healthy' }).tap();
    await expect(page.getByRole('tooltip')).toContainText('Sapling - healthy');
    // A scroll's event arriving after the tap (the page settling; it closed the tooltip in two clean runs) leaves it open.
    await page.evaluate(() => document.dispatchEvent(new Event('scroll')));
    await expect(page.getByRole('tooltip')).toContainText('Sapling - healthy');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.getByRole('img', { name: 'Fresh task: Sapling - healthy' }).tap();
    await expect(page.getByRole('tooltip')).toContainText('Sapling - healthy');
    await page.getByRole('heading', { level: 1, name: 'My Garden' }).tap();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the garden with trees passes axe in the ${theme} theme`, async ({ page }) => {
    await seed(page, gardenWorkspace(), theme);
    await page.goto('/garden');
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expect(page.getByRole('img', { name: 'Late task: Sprout - dead' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
