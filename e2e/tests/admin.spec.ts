import { randomUUID } from 'node:crypto';
import { AdminApi, type ApiPost } from '../support/site.ts';
import { adminFlag, signInAdmin, statValue, unlockAdmin, visitorCount } from '../support/admin.ts';
import { startDeployment } from '../support/deployment.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

// docs/product.md, Admin, Admin security and Visitor presence: the login, the shell and the dashboard.

// A refused call (the wrong key's 401, a routed 429 or 500, an ended session's 401) is logged by the browser.
test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (401|429|500)/] });

test.describe('admin login', () => {
  test('the key is required, then a wrong key is refused', async ({ page }) => {
    // The server limits failed logins per client address (5 a minute), and every other spec signs in from
    // 127.0.0.1: this wrong key comes from an address of its own, one per run of this test (repeats, retries),
    // so it never counts against them, nor does it reach the limit itself.
    const { repeatEachIndex, retry } = test.info();
    const address = `127.1.${repeatEachIndex % 256}.${(retry % 254) + 1}`;
    await page.goto(`http://${address}:${process.env.E2E_PORT ?? ''}/admin/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin access' })).toBeVisible();
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter the secret key.');
    await expect(page.getByLabel('Secret Key')).toBeFocused();

    await page.getByLabel('Secret Key').fill('definitely-not-the-key');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid secret key.');
    // Also the spec's error toast (§8).
    await expect(page.locator('[data-sonner-toast]')).toContainText('Invalid secret key.');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await adminFlag(page)).toBeNull();
  });

  test('limited attempts say how long to wait', async ({ page }) => {
    // The server's limit counts per client across the run (other specs log in from the same address), so the 429 is routed.
    await page.route('**/api/admin/session', (route) => route.request().method() === 'POST'
      ? route.fulfill({ status: 429, headers: { 'retry-after': '42' }, json: { error: 'Too many failed attempts.' } })
      : route.fallback());
    await page.goto('/admin/login');
    await page.getByLabel('Secret Key').fill('any-key');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('alert')).toHaveText('Too many failed attempts. Please wait 42 seconds and try again.');
    expect(await adminFlag(page)).toBeNull();
  });

  test('the right key grants access and opens the dashboard', async ({ page }) => {
    await unlockAdmin(page);
    await expect(page.getByText('Access granted!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    expect(await adminFlag(page)).toBe('true');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe('admin guards and sessions', () => {
  test('guarded routes without the flag go to the login', async ({ page }) => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/blog', '/admin/site-content']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin\/login$/);
    }
  });

  test('any 401 from an admin call goes to the login', async ({ page }) => {
    // The entry check is made to say yes, so the dashboard's own stats call (401, no cookie) is what ends it.
    await page.route('**/api/admin/session', (route) => route.request().method() === 'GET'
      ? route.fulfill({ json: { authenticated: true, expires_at: null } })
      : route.fallback());
    await page.addInitScript(() => window.sessionStorage.setItem('grove-admin', 'true'));
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await adminFlag(page)).toBeNull();
  });

  test('an expired server session sends the admin to the login', async ({ page, context }) => {
    await unlockAdmin(page);
    await expect(statValue(page, 'posts')).toBeVisible();
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await adminFlag(page)).toBeNull();
  });

  test('Logout ends the server session, clears the flag and returns to the login', async ({ page }) => {
    await unlockAdmin(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await adminFlag(page)).toBeNull();
    // The login shows while the logout is on its way (the screens leave first); the session ends with it.
    await expect.poll(async () => ((await (await page.request.get('/api/admin/session')).json()) as { authenticated: boolean }).authenticated)
      .toBe(false);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('Back to App leaves the admin area', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Back to App' }).click();
    await expect(page).not.toHaveURL(/\/admin/);
  });
});

test.describe('admin shell on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens the admin links and Logout', async ({ page }) => {
    await signInAdmin(page);
    await page.goto('/admin/dashboard');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await expect(nav.getByRole('link', { name: 'Blog Posts' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await nav.getByRole('link', { name: 'Site Content' }).click();
    await expect(page).toHaveURL(/\/admin\/site-content$/);
    await expect(nav).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});

test.describe('admin dashboard', () => {
  test('the visitor count rises when a visitor opens a public page and falls when it leaves', async ({ page, browser }) => {
    // The count is the whole server's: on the suite's server the other specs' pages (every page outside admin is a
    // visitor) join and leave it all the time, and one address adds at most 5 visitors. A server of its own.
    const server = await startDeployment();
    try {
      await signInAdmin(page, server);
      await page.goto(`${server.origin}/admin/dashboard`);
      await expect(page.locator('[data-stat="visitors"]')).toContainText('Live');
      await expect.poll(() => visitorCount(page), { message: 'count before the visitor' }).toBe(0);

      const visitor = await browser.newContext();
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`${server.origin}/blog`);
      await expect(visitorPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => visitorCount(page), { message: 'count with the visitor' }).toBe(1);

      await visitor.close();
      await expect.poll(() => visitorCount(page), { message: 'count after the visitor left' }).toBe(0);
    } finally {
      // The page first: its realtime socket would fail to reconnect to the stopped server, in the console.
      await page.close();
      await server.stop();
    }
  });

  test('the 5 most recent posts open in a new tab', async ({ page }) => {
    const api = await AdminApi.login();
    const created: ApiPost[] = [];
    try {
      for (let index = 1; index <= 6; index += 1) {
        created.push(await api.createPost({ title: `Admin recent ${index} ${randomUUID().slice(0, 8)}`, excerpt: 'An excerpt.', content: 'Body text.' }));
      }
      const oldest = created[0];
      if (!oldest) throw new Error('posts were not created');

      await signInAdmin(page);
      await page.goto('/admin/dashboard');
      const list = page.getByRole('list', { name: 'Recent Blog Posts' });
      const links = list.getByRole('link');
      await expect(links).toHaveCount(5);
      // The server's five newest: the last five of these six, unless other specs' posts (added at the same time on
      // the shared server) came after them. The list follows new posts live: compared until both agree.
      const shown = () => links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));
      const newestFive = async () => (await api.posts()).slice(0, 5).map((post) => `/blog/${post.id}`);
      await expect.poll(async () => JSON.stringify(await shown()) === JSON.stringify(await newestFive()), { message: 'the five newest posts' })
        .toBe(true);
      await expect(list.getByRole('link', { name: new RegExp(oldest.title) })).toHaveCount(0);
      expect(Number(await statValue(page, 'posts').textContent())).toBeGreaterThanOrEqual(6);
      await expect(statValue(page, 'site-pages')).toHaveText(/^\d+$/);

      // The newest of this test's posts in the list (another spec's could be deleted while it opens); the list's
      // first when others' five came after them all.
      const hrefs = await shown();
      const target = created.toReversed().find((post) => hrefs.includes(`/blog/${post.id}`))
        ?? (await api.posts()).find((post) => `/blog/${post.id}` === hrefs[0]);
      if (!target) throw new Error(`the first recent post (${hrefs[0]}) is not on the server`);
      const link = list.locator(`a[href="/blog/${target.id}"]`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      const popup = page.waitForEvent('popup');
      await link.click();
      const opened = await popup;
      await expect(opened).toHaveURL(new RegExp(`/blog/${target.id}$`));
      await expect(opened.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
    } finally {
      for (const post of created) await api.deletePost(post.id);
      await api.dispose();
    }
  });

  test('no posts yet', async ({ page }) => {
    // Other specs create posts in the same database at the same time, so the empty list is routed.
    await page.route('**/api/admin/posts', (route) => route.fulfill({ json: [] }));
    await signInAdmin(page);
    await page.goto('/admin/dashboard');
    await expect(page.getByText('No blog posts yet.')).toBeVisible();
  });

  test('a failed load offers a retry', async ({ page }) => {
    let fail = true;
    await page.route('**/api/admin/stats', (route) => (fail ? route.fulfill({ status: 500, json: { error: 'boom' } }) : route.fallback()));
    await signInAdmin(page);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('alert')).toContainText('The figures could not be loaded.');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(statValue(page, 'site-pages')).toHaveText(/^\d+$/);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`admin axe, ${scheme} theme`, () => {
    test('/admin/login with an error', async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/admin/login');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please enter the secret key.');
      await expectNoSeriousA11yViolations(page);
    });

    test('/admin/dashboard', async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signInAdmin(page);
      await page.goto('/admin/dashboard');
      await expect(page.locator('[data-stat="visitors"]')).toContainText('Live');
      await expect(statValue(page, 'posts')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
