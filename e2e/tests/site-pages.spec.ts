import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForHydration } from '../support/hydration.ts';
import { AdminApi, openInApp, structuredData, trackSubscriptions } from '../support/site.ts';

// The static pages and visitor presence (docs/product.md, Public site; Visitor presence), against the real server.

const PAGES = [
  { slug: 'privacy', title: 'Privacy Policy' },
  { slug: 'terms', title: 'Terms of Service' },
  { slug: 'contact', title: 'Contact Us' },
  { slug: 'about', title: 'About Us' },
] as const;

for (const { slug, title } of PAGES) {
  test(`/${slug} shows its record's title and content, with web page meta`, async ({ page }) => {
    await page.goto(`/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    await expect(page.locator('[data-rich-html] h2').first()).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Grove`);
    const data = await structuredData(page);
    expect(data).toMatchObject({ '@type': 'WebPage', name: title });
    expect(String(data.description).length).toBeGreaterThan(20);
  });
}

test('Back returns to the previous page, or home when the page was opened first', async ({ page }) => {
  await page.goto('/blog');
  // The app follows the link (before it has taken /blog over, the browser would, and /about's Back button would
  // then do nothing until the app had taken that page over in turn).
  await waitForHydration(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/blog');

  await page.goto('/terms');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/');
});

test.describe('a link followed before the app took the page over', () => {
  // The app's code is held back on the first page, as on a slow connection; the browser logs the refused request.
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('Back still returns to the page it came from', async ({ page }) => {
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) =>
      (route.request().frame().url().endsWith('/blog') ? route.abort() : route.continue()));
    await page.goto('/blog');
    // A whole page load: nothing handles the click but the browser.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    // /about itself runs the app: Back is a plain button until the app has taken this page over too, which the site
    // menu's link turning into its button marks (a click before that did nothing: the test failed 3 runs in 4).
    await expect(page.getByRole('button', { name: 'Site menu', includeHidden: true })).toBeAttached();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test('an edit of /about through the API reaches an open page live, with the toast', async ({ page }) => {
  const admin = await AdminApi.login();
  const before = await admin.siteContent('about');
  const subscriptions = trackSubscriptions(page);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await subscriptions.ready('site_content:about');
  try {
    await admin.updateSiteContent('about', '<h2>About Grove</h2><p>Rewritten while you read.</p>');
    await expect(page.getByText('The About Us page has been updated.')).toBeVisible();
    await expect(page.getByText('Rewritten while you read.')).toBeVisible();
  } finally {
    await admin.updateSiteContent('about', before.content);
    await admin.dispose();
  }
});

test.describe('a page whose content cannot be read', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 503/] });

  test('says its content has not been set up, under the fallback title', async ({ page }) => {
    await page.route('**/api/site-content/contact', (route) => route.fulfill({ status: 503, json: { error: 'Down.' } }));
    await openInApp(page, '/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(page.getByText('Content for this page has not been set up yet.')).toBeVisible({ timeout: 15_000 });
  });
});

test('a visitor joins presence with an online time outside admin, and leaves on entering admin', async ({ page }) => {
  const joins: { visitorId?: string; onlineAt?: string }[] = [];
  let left = false;
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => {
      if (typeof frame.payload !== 'string') return;
      const message = JSON.parse(frame.payload) as { type?: string; visitorId?: string; onlineAt?: string };
      if (message.type === 'presence.join') joins.push(message);
      if (message.type === 'presence.leave') left = true;
    });
  });
  await page.goto('/blog');
  await expect.poll(() => joins.length).toBe(1);
  expect(joins[0]?.visitorId).toMatch(/\S{8,}/);
  expect(Date.now() - Date.parse(joins[0]?.onlineAt ?? '')).toBeLessThan(60_000);

  // The next page of the site (a page load, decision 075) joins as the same visitor with the same online time: the
  // server counts visitors, so the visit counts once.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect.poll(() => joins.length).toBe(2);
  expect(joins[1]).toEqual(joins[0]);

  // Entering admin leaves (client-side navigation, as a link would).
  await page.evaluate(() => {
    const state: unknown = window.history.state;
    window.history.pushState(state, '', '/admin/login');
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  });
  await expect(page.getByRole('button', { name: 'Unlock' }).or(page.getByRole('heading', { level: 1 })).first()).toBeVisible();
  await expect.poll(() => left).toBe(true);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`/about passes axe in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/about');
    await expect(page.locator('[data-rich-html] h2').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
