import { signInAdmin } from '../support/admin.ts';
import { expect, onboard, PAGE_NOT_FOUND_LOG, stored, test } from '../support/fixtures.ts';
import { APP_ROUTES, PUBLIC_ROUTES } from '../support/routes.ts';

test.describe('before onboarding', () => {
  for (const route of APP_ROUTES) {
    test(`${route.path} redirects to /`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Unlock Your Productivity' })).toBeVisible();
    });
  }

  test('unknown paths redirect to /', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/$/);
  });

  test('Get Started for Free completes onboarding and opens the dashboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Get Started for Free' }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await stored(page, 'grove-onboarding-completed')).toBe('true');
    // Now the landing page sends the user straight to the dashboard.
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('feature cards say where each tool is in the app, with its path, and are not links', async ({ page }) => {
    await page.goto('/');
    const card = page.getByTestId('feature-kanban');
    await expect(card).toHaveAttribute('data-app-path', '/kanban-board');
    await expect(card).toContainText('In the app\'s sidebar: Kanban Board');
    await expect(card.locator('code')).toHaveText('/kanban-board');
    await expect(page.getByTestId('feature-projects')).toHaveAttribute('data-app-path', '/free-project-management');
    await expect(page.locator('#features-heading ~ ul').getByRole('link')).toHaveCount(0);
    await card.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the landing page offers the three plans', async ({ page }) => {
    await page.goto('/#pricing');
    const pricing = page.locator('#pricing');
    await expect(pricing.getByTestId('plan-free')).toContainText('$0');
    await expect(pricing.getByTestId('plan-free')).toContainText('Up to 3 projects');
    await expect(pricing.getByTestId('plan-monthly')).toContainText('$3');
    await expect(pricing.getByTestId('plan-yearly')).toContainText('$30');
    await expect(pricing.getByTestId('plan-yearly')).toContainText('16%');
  });

  test.describe(() => {
    // The unknown post among them answers 404.
    test.use({ allowConsoleErrors: [PAGE_NOT_FOUND_LOG] });

    test('public pages are reachable', async ({ page }) => {
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route.path);
        await expect(page, route.path).toHaveURL(new RegExp(`${route.path.replace(/\//g, '\\/')}$`));
        await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      }
    });
  });
});

test.describe('after onboarding', () => {
  test.beforeEach(async ({ page }) => {
    await onboard(page);
  });

  test('/ redirects to /dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('unknown paths redirect to /dashboard', async ({ page }) => {
    await page.goto('/no-such-screen');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the header Pricing link opens the pricing section', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator('#pricing')).toBeInViewport();
  });

  test('header links go to the public pages', async ({ page }) => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Site' });
    await nav.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await nav.getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });
});

test.describe('admin routes', () => {
  test('/admin and admin screens without the flag go to /admin/login', async ({ page }) => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/blog', '/admin/site-content']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin\/login$/);
    }
  });

  test('/admin goes to /admin/dashboard with the flag, and Logout clears it', async ({ page }) => {
    // A real server session: with the flag alone, the admin calls' 401 returns to the login.
    await signInAdmin(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.getByRole('link', { name: 'Blog Posts' }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('grove-admin'))).toBeNull();
  });
});
