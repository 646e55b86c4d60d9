import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { BoardPage } from '../support/board.ts';
import { DashboardPage, dashboardWorkspace, emptyWorkspace, inDays } from '../support/dashboard.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { localDay, project, seed, task, workspace } from '../support/seed.ts';

// The Dashboard (docs/product.md, Dashboard): stat cards and their links, the four lists and their links, what a
// new task, project or page changes, the empty states with their create links, the keyboard, and axe in both themes.

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('the dashboard lists the workspace: counts, the to-do column, deadlines of both kinds, newest projects and pages', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await seed(page, dashboardWorkspace());
  await dashboard.open();

  await expect(dashboard.stat('Active Projects')).toHaveAccessibleName('Active Projects 2');
  await expect(dashboard.stat('Kanban Tasks')).toHaveAccessibleName('Kanban Tasks 8');
  await expect(dashboard.stat('Total Pages')).toHaveAccessibleName('Total Pages 2');
  await expect(dashboard.stat('Completed Projects')).toHaveAccessibleName('Completed Projects 1');

  expect(await dashboard.rows('Kanban To-Do')).toEqual([
    expect.stringMatching(/^Write the launch post Due \w{3} \d{1,2} High$/),
    'Plan the sprint Low',
    'Call the printer Medium',
    expect.stringMatching(/^Review pull requests Due \w{3} \d{1,2} High$/),
    'Book the venue Low',
  ]);
  await expect(dashboard.region('Kanban To-Do')).toContainText('1 more task in To-do');
  await expect(dashboard.region('Kanban To-Do').getByRole('link', { name: /Plan the sprint/ })).toHaveAttribute('href', '/kanban-board?task=plan');

  // Soonest first, projects and tasks marked by kind; the completed project, the finished task and the late project are left out.
  const deadlines = await dashboard.rows('Upcoming Deadlines');
  expect(deadlines.map((row) => row.replace(/ · \w{3} \d{1,2}, \d{4}/, ''))).toEqual([
    'Write the launch post Task tomorrow',
    'Fix the login bug Task in 2 days',
    'Website relaunch Project in 4 days',
    'Review pull requests Task in 6 days',
    'Mobile app Project in 12 days',
  ]);
  const upcoming = dashboard.region('Upcoming Deadlines');
  await expect(upcoming.getByRole('link', { name: /Website relaunch/ })).toHaveAttribute('href', '/free-project-management?edit=site');
  await expect(upcoming.getByRole('link', { name: /Fix the login bug/ })).toHaveAttribute('href', '/kanban-board?task=fix');

  expect(await dashboard.rows('Recent Projects')).toEqual([
    'Late project Mar 4, 2026 Active',
    'Annual report Mar 3, 2026 Completed',
    'Mobile app Mar 2, 2026 On Hold',
    'Website relaunch Mar 1, 2026 Active',
  ]);
  expect(await dashboard.rows('Recent Pages')).toEqual(['🚀 Product vision Mar 6, 2026', '📝 Meeting notes Mar 5, 2026']);
  await expect(dashboard.region('Recent Pages').getByRole('link', { name: /Product vision/ })).toHaveAttribute('href', '/notes-and-docs/vision');

  await expect(dashboard.gardenCard).toContainText('Level 2');
  await expect(dashboard.gardenCard).toContainText('175 GP');
  await expect(dashboard.gardenCard).toContainText('4-day streak');
});

test('each stat card, view all link and the garden card opens its screen', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await seed(page, dashboardWorkspace());
  const visits = [
    [dashboard.stat('Active Projects'), '/free-project-management', 'Projects'],
    [dashboard.stat('Kanban Tasks'), '/kanban-board', 'Kanban Board'],
    [dashboard.stat('Total Pages'), '/notes-and-docs', 'Pages'],
    [dashboard.stat('Completed Projects'), '/free-project-management', 'Projects'],
    [page.getByRole('link', { name: 'View all Kanban To-Do' }), '/kanban-board', 'Kanban Board'],
    [page.getByRole('link', { name: 'View all Upcoming Deadlines' }), '/calendar-view', 'Calendar'],
    [page.getByRole('link', { name: 'View all Recent Projects' }), '/free-project-management', 'Projects'],
    [page.getByRole('link', { name: 'View all Recent Pages' }), '/notes-and-docs', 'Pages'],
    [dashboard.gardenCard, '/garden', 'My Garden'],
  ] as const;
  for (const [link, path, heading] of visits) {
    await dashboard.open();
    await link.click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('a task created on the board shows on the dashboard: in To-do, in the deadlines and in the count', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  const board = new BoardPage(page);
  await seed(page, dashboardWorkspace());
  await dashboard.open();
  await expect(dashboard.stat('Kanban Tasks')).toHaveAccessibleName('Kanban Tasks 8');

  await board.open();
  await page.getByRole('button', { name: 'Create Task' }).click();
  await board.dialog.getByLabel('Title').fill('Send the invoices');
  await board.dialog.getByLabel('Priority').selectOption('high');
  await board.dialog.getByLabel('Due date').fill(localDay(0));
  await board.dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(dashboard.stat('Kanban Tasks')).toHaveAccessibleName('Kanban Tasks 9');
  await expect.poll(async () => (await dashboard.rows('Kanban To-Do'))[0]).toMatch(/^Send the invoices Due \w{3} \d{1,2} High$/);
  await expect(dashboard.region('Kanban To-Do')).toContainText('2 more tasks in To-do');
  // Due today: a calendar day is upcoming until it ends, so it leads the deadlines.
  await expect.poll(async () => (await dashboard.rows('Upcoming Deadlines'))[0]).toMatch(/^Send the invoices Task · \w{3} \d{1,2}, \d{4} today$/);

  // The new task opens on the board.
  const link = dashboard.region('Kanban To-Do').getByRole('link', { name: /Send the invoices/ });
  await expect(link).toHaveAttribute('href', /^\/kanban-board\?task=item-/);
});

test('a project and a page added to the stored workspace show as the newest, and another tab\'s change arrives live', async ({ page, context }) => {
  const dashboard = new DashboardPage(page);
  await seed(page, dashboardWorkspace());
  await dashboard.open();
  await expect(dashboard.stat('Total Pages')).toHaveAccessibleName('Total Pages 2');

  // A second tab adds a project and a page through their screens; this tab follows, live.
  const other = await context.newPage();
  await other.goto('/free-project-management?new=1');
  const projectDialog = other.getByRole('dialog');
  await projectDialog.getByLabel('Name').fill('Fresh project');
  await projectDialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(other.getByText('Project created successfully!')).toBeVisible();
  await other.goto('/notes-and-docs');
  await other.getByRole('button', { name: 'New page' }).click();
  await expect(other).toHaveURL(/\/notes-and-docs\/page-[^/]+$/);
  await other.getByRole('textbox', { name: 'Page title' }).fill('Fresh page');
  await other.close();

  // No reload: the other tab's changes came over the tabs' channel.
  await expect(dashboard.stat('Total Pages')).toHaveAccessibleName('Total Pages 3');
  await expect.poll(async () => (await dashboard.rows('Recent Projects'))[0]).toMatch(/^Fresh project \w{3} \d{1,2}, \d{4} Active$/);
  await expect.poll(async () => (await dashboard.rows('Recent Pages'))[0]).toMatch(/^📄 Fresh page \w{3} \d{1,2}, \d{4}$/);
  await expect(dashboard.stat('Active Projects')).toHaveAccessibleName('Active Projects 3');
  await expect(dashboard.region('Recent Projects').getByRole('link', { name: /Fresh project/ }))
    .toHaveAttribute('href', /^\/free-project-management\?edit=project-/);
});

test('an empty workspace shows each list\'s empty message and its create link', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await seed(page, emptyWorkspace());
  await dashboard.open();
  for (const label of ['Active Projects', 'Kanban Tasks', 'Total Pages', 'Completed Projects'] as const) {
    await expect(dashboard.stat(label)).toHaveAccessibleName(`${label} 0`);
  }
  const empty = [
    ['Kanban To-Do', 'Nothing to do.', 'Add task', '/kanban-board?new=1'],
    ['Upcoming Deadlines', 'No upcoming deadlines.', 'Create project', '/free-project-management?new=1'],
    ['Recent Projects', 'No projects yet.', 'Create project', '/free-project-management?new=1'],
    ['Recent Pages', 'No pages yet.', 'Create page', '/notes-and-docs'],
  ] as const;
  for (const [list, message, link, href] of empty) {
    const region = dashboard.region(list);
    await expect(region.getByText(message)).toBeVisible();
    await expect(region.getByRole('listitem')).toHaveCount(0);
    await expect(region.getByRole('link', { name: link })).toHaveAttribute('href', href);
  }
  await expect(dashboard.gardenCard).toContainText('No streak yet');

  // The links open the create modals there (the one-shot parameter then leaves the address).
  await dashboard.region('Kanban To-Do').getByRole('link', { name: 'Add task' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Create Task' })).toBeVisible();
  await expect(page).toHaveURL('/kanban-board');
  await dashboard.open();
  await dashboard.region('Recent Projects').getByRole('link', { name: 'Create project' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'New Project' })).toBeVisible();
  await expect(page).toHaveURL('/free-project-management');
});

test('the keyboard reaches every card and row in order, with a visible focus ring, and Enter opens it', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await seed(page, dashboardWorkspace());
  await dashboard.open();
  await page.getByRole('main').focus();
  const reached: string[] = [];
  for (let step = 0; step < 40 && !reached.includes('View all Recent Pages'); step += 1) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveCSS('outline-style', 'solid');
    reached.push(await focused.evaluate((element) => element.getAttribute('aria-label') ?? (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  }
  expect(reached.slice(0, 6)).toEqual([
    'My Garden Level 2 50 % of the way to level 3 175 GP 4-day streak',
    'Active Projects 2',
    'Kanban Tasks 8',
    'Total Pages 2',
    'Completed Projects 1',
    'View all Kanban To-Do',
  ]);
  expect(reached).toContain('View all Upcoming Deadlines');
  expect(reached).toContain('View all Recent Projects');
  // 1 garden card + 4 stat cards, then each list's 'view all' and rows: 5 to-do, 5 deadlines, 4 projects; pages last.
  expect(reached).toHaveLength(23);

  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByLabel('Name')).toHaveValue('Website relaunch');
  await expect(page).toHaveURL('/free-project-management');
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a task past its date reads as overdue, as on the board; a long name is cut with the whole of it as a tooltip', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    const long = 'Supercalifragilisticexpialidocious_with_an_unbroken_identifier_1234567890';
    await seed(page, workspace({
      columns: [{ id: 'todo', title: 'To-do', itemIds: ['late', 'long'] }],
      items: [task({ id: 'late', content: 'Renew the domain', dueDate: localDay(-2) }), task({ id: 'long', content: long, dueDate: localDay(3) })],
      projects: [project({ id: 'long-project', name: long, dueDate: inDays(2) })],
    }));
    await dashboard.open();
    await expect.poll(() => dashboard.rows('Kanban To-Do')).toEqual([
      expect.stringMatching(/^Renew the domain Overdue · \w{3} \d{1,2} Medium$/),
      expect.stringMatching(new RegExp(`^${long} Due \\w{3} \\d{1,2} Medium$`)),
    ]);
    await expect(dashboard.region('Kanban To-Do').getByText(long, { exact: true })).toHaveAttribute('title', long);
    await expect(dashboard.region('Recent Projects').getByText(long, { exact: true })).toHaveAttribute('title', long);
    await expect(dashboard.region('Upcoming Deadlines').getByText(long, { exact: true }).first()).toHaveAttribute('title', long);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the dashboard with data passes axe in the ${theme} theme`, async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await seed(page, dashboardWorkspace(), theme);
    await dashboard.open();
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expect(dashboard.region('Upcoming Deadlines').getByRole('listitem')).toHaveCount(5);
    await expectNoSeriousA11yViolations(page);
  });
}
