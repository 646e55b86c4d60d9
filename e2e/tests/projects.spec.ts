import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, holdToast, onboard, test } from '../support/fixtures.ts';
import { localDay, project, seed, workspace } from '../support/seed.ts';
import { storedData } from '../support/stored-workspace.ts';

// Projects (docs/product.md, Projects): create, edit, delete, search and status filter in the address, empty states.

const columns = [{ id: 'todo', title: 'To-do', itemIds: [] }];

function projectsWorkspace() {
  return workspace({
    columns,
    items: [],
    projects: [
      project({ id: 'site', name: 'Website relaunch', description: 'New landing page and blog', status: 'active', priority: 'high', progress: 40, teamSize: 3, createdAt: '2026-03-01T09:00:00.000Z' }),
      project({ id: 'app', name: 'Mobile app', description: 'iOS first', status: 'on-hold', priority: 'low', progress: 10, createdAt: '2026-03-02T09:00:00.000Z' }),
      project({ id: 'audit', name: 'Security audit', description: '', status: 'completed', progress: 100, createdAt: '2026-03-03T09:00:00.000Z' }),
    ],
  });
}

const cardNames = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents();
const dialog = (page: Page) => page.getByRole('dialog');
const stored = async (page: Page) => (await storedData(page))?.projects ?? [];
const waitUntilSaved = (page: Page) => expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('a fresh workspace shows "no projects yet"; a blank name creates nothing; a project is created with the defaults', async ({ page }) => {
  await page.goto('/free-project-management');
  await expect(page.getByText('No projects yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create first project' }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel('Name').fill('   ');
  await expect(dialog(page).getByRole('button', { name: 'Create Project' })).toBeDisabled();
  await dialog(page).getByLabel('Name').press('Enter');
  await expect(dialog(page)).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

  await dialog(page).getByLabel('Name').fill('  Garden shed  ');
  await dialog(page).getByLabel('Description').fill('Build it before spring');
  await dialog(page).getByLabel('Due date').fill(localDay(10));
  // Team size in the create dialog too: 1 by default, and emptied it falls back to 1.
  await expect(dialog(page).getByLabel('Team size')).toHaveValue('1');
  await dialog(page).getByLabel('Team size').fill('');
  await dialog(page).getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Project created successfully!')).toBeVisible();
  await expect.poll(() => cardNames(page)).toEqual(['Garden shed']);
  const card = page.getByRole('listitem').filter({ hasText: 'Garden shed' });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Medium priority');
  await expect(card).toContainText('1 member');
  await expect(card.getByRole('progressbar', { name: 'Progress of Garden shed' })).toHaveAttribute('aria-valuenow', '0');
  await waitUntilSaved(page);
  const [saved] = await stored(page);
  expect(saved).toMatchObject({ name: 'Garden shed', status: 'active', priority: 'medium', progress: 0, teamSize: 1 });
  expect(String(saved?.dueDate)).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  await page.getByRole('button', { name: 'New Project' }).click();
  await dialog(page).getByLabel('Name').fill('Team offsite');
  await dialog(page).getByLabel('Team size').fill('4');
  await dialog(page).getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Team offsite' })).toContainText('4 members');
});

test('edit clamps progress and team size, converts the due date and clears it', async ({ page }) => {
  await seed(page, projectsWorkspace());
  await page.goto('/free-project-management');
  await page.getByRole('button', { name: 'Website relaunch', exact: true }).click();
  await expect(dialog(page).getByLabel('Progress (%)')).toHaveValue('40');
  await dialog(page).getByLabel('Status').selectOption('on-hold');
  await dialog(page).getByLabel('Priority').selectOption('low');
  await dialog(page).getByLabel('Progress (%)').fill('250');
  await dialog(page).getByLabel('Team size').fill('');
  await dialog(page).getByLabel('Due date').fill('2026-12-24');
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Project updated successfully!')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Website relaunch' });
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(card).toContainText('On Hold');
  await expect(card).toContainText('Dec 24, 2026');
  await waitUntilSaved(page);
  expect((await stored(page)).find((entry) => entry.id === 'site')).toMatchObject({ progress: 100, teamSize: 1, status: 'on-hold', priority: 'low' });

  // Through the keyboard: the card's menu, Edit, clear the date.
  await page.getByRole('button', { name: 'Actions for Website relaunch' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await dialog(page).getByLabel('Due date').fill('');
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(card).not.toContainText('Dec 24, 2026');
  await waitUntilSaved(page);
  expect((await stored(page)).find((entry) => entry.id === 'site')).not.toHaveProperty('dueDate');
});

test('delete asks with the project name, then removes it and offers Undo', async ({ page }) => {
  await seed(page, projectsWorkspace());
  await page.goto('/free-project-management');
  await page.getByRole('listitem').filter({ hasText: 'Mobile app' }).hover();
  await page.getByRole('button', { name: 'Actions for Mobile app' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to permanently delete "Mobile app"? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const deleted = page.getByRole('listitem').filter({ hasText: 'Project deleted successfully!' });
  await holdToast(deleted);
  await expect.poll(() => cardNames(page)).toEqual(['Security audit', 'Website relaunch']);
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => cardNames(page)).toEqual(['Security audit', 'Mobile app', 'Website relaunch']);
});

test('search and status filter narrow the grid, live in the address, and show "no projects found"', async ({ page }) => {
  await seed(page, projectsWorkspace());
  await page.goto('/free-project-management');
  await expect.poll(() => cardNames(page)).toEqual(['Security audit', 'Mobile app', 'Website relaunch']);
  await page.getByRole('searchbox', { name: 'Search projects' }).fill('  BLOG ');
  await expect.poll(() => cardNames(page)).toEqual(['Website relaunch']);
  await expect(page).toHaveURL(/q=/);

  await page.getByRole('searchbox', { name: 'Search projects' }).fill('');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('completed');
  await expect.poll(() => cardNames(page)).toEqual(['Security audit']);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('completed');
  await expect.poll(() => cardNames(page)).toEqual(['Security audit']);

  await page.goto('/free-project-management?q=nothing&status=active');
  await expect(page.getByText('No projects found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filter' }).click();
  await expect.poll(() => cardNames(page)).toHaveLength(3);
});

test('links from other screens open a project\'s edit modal and the create modal', async ({ page }) => {
  await seed(page, projectsWorkspace());
  await page.goto('/free-project-management?edit=app');
  await expect(dialog(page).getByLabel('Name')).toHaveValue('Mobile app');
  await expect(page).toHaveURL(/\/free-project-management$/);
  await page.keyboard.press('Escape');
  await page.goto('/free-project-management?new=1');
  await expect(dialog(page).getByRole('heading', { name: 'New Project' })).toBeVisible();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a long unbroken name and description wrap in the card and the edit modal; the name is clamped, whole in its tooltip', async ({ page }) => {
    const long = 'Supercalifragilisticexpialidocious_with_an_unbroken_identifier_1234567890'.repeat(3);
    await seed(page, workspace({ columns, items: [], projects: [project({ id: 'long', name: long, description: long, dueDate: localDay(5) })] }));
    await page.goto('/free-project-management');
    const name = page.getByRole('button', { name: long, exact: true });
    await expect(name).toHaveAttribute('title', long);
    // Three lines at most: the rest of the name is cut, not a card eight lines taller than its neighbours.
    expect(await name.locator('span').evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await name.click();
    await expect(dialog(page).getByLabel('Name')).toHaveValue(long);
    await expect(dialog(page).getByRole('button', { name: 'Save Changes' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`projects and the edit modal pass axe in the ${theme} theme`, async ({ page }) => {
    await seed(page, projectsWorkspace(), theme);
    await page.goto('/free-project-management');
    await expect(page.getByRole('button', { name: 'Website relaunch', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Website relaunch', exact: true }).click();
    await expect(dialog(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
