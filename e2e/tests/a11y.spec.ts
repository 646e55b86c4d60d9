import { signInAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, PAGE_NOT_FOUND_LOG, test } from '../support/fixtures.ts';
import { ADMIN_ROUTES, APP_ROUTES, PUBLIC_ROUTES } from '../support/routes.ts';

// Every route, in both themes: no serious or critical axe violations.
const ALL_ROUTES = [
  ...PUBLIC_ROUTES.map((route) => ({ ...route, access: 'public' as const })),
  ...APP_ROUTES.map((route) => ({ ...route, access: 'app' as const })),
  ...ADMIN_ROUTES.map((route) => ({ ...route, access: 'admin' as const })),
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${scheme} theme`, () => {
    for (const route of ALL_ROUTES) {
      test.describe(() => {
        test.use({ allowConsoleErrors: 'notFound' in route ? [PAGE_NOT_FOUND_LOG] : [] });
        test(route.path, async ({ page }) => {
          await page.emulateMedia({ colorScheme: scheme });
          // Admin screens need a real server session: with the flag alone, the admin calls' 401 returns to the login.
          if (route.access === 'admin') await signInAdmin(page);
          await page.addInitScript((access) => {
            if (access === 'app') window.localStorage.setItem('grove-onboarding-completed', 'true');
          }, route.access);
          await page.goto(route.path);
          // Each route shows its own screen (and where a route sends elsewhere, it lands there).
          await expect(page, route.path).toHaveURL(new RegExp(`${'landsOn' in route ? route.landsOn : route.path}$`));
          await expect(page.getByRole('heading', { level: 1, name: route.heading, exact: true })).toBeVisible();
          // A route that says something in a toast is scanned with the toast shown: its toast mounts once the toaster's
          // code has loaded, which could fall in the middle of the scan (color-contrast failed on it half faded in).
          if ('toast' in route) await expect(page.getByText(route.toast)).toBeVisible();
          await expectNoSeriousA11yViolations(page);
        });
      });
    }
  });
}

test.describe('axe, other states', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('grove-onboarding-completed', 'true'));
  });

  test('collapsed sidebar with a tooltip', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('link', { name: 'Calendar' }).focus();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('Clear All confirm dialog, in both themes', async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Clear All Data' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe('axe, small screen with the sidebar open', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('/dashboard', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('grove-onboarding-completed', 'true'));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByTestId('sidebar-backdrop')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('axe, small screen with the site menu open', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('/, in both themes', async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await page.getByRole('button', { name: 'Site menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Blog' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});
