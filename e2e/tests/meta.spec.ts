import type { Page } from '@playwright/test';
import { expect, onboard, PAGE_NOT_FOUND_LOG, test } from '../support/fixtures.ts';

async function pageMeta(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((element) => JSON.parse(element.textContent ?? 'null') as Record<string, unknown>),
  }));
}

test('the landing page describes the software application (free, Productivity, Web)', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Grove: a free, local-first productivity workspace');
  const meta = await pageMeta(page);
  expect(meta.description).toContain('kanban board');
  expect(meta.canonical).toBe(`${baseURL}/`);
  expect(meta.jsonLd).toHaveLength(1);
  expect(meta.jsonLd[0]).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: 'Grove',
    applicationCategory: 'Productivity',
    operatingSystem: 'Web',
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  });
});

test('the blog is a Blog', async ({ page, baseURL }) => {
  await page.goto('/blog');
  await expect(page).toHaveTitle('Blog | Grove');
  const meta = await pageMeta(page);
  expect(meta.description).toBe('News, ideas and guides from the Grove team.');
  expect(meta.canonical).toBe(`${baseURL}/blog`);
  expect(meta.jsonLd).toEqual([expect.objectContaining({ '@type': 'Blog', url: `${baseURL}/blog` })]);
});

// A post's own title, description and BlogPosting JSON-LD are checked with a real post in blog.spec.ts.
test.describe(() => {
  test.use({ allowConsoleErrors: [PAGE_NOT_FOUND_LOG] });

  // A plain web page with no address of its own (decision 066): the same page whatever id was asked for.
  test('an unknown blog post says so in its title, a WebPage with no canonical link', async ({ page }) => {
    await page.goto('/blog/post-1');
    await expect(page).toHaveTitle('Post not found | Grove');
    const meta = await pageMeta(page);
    expect(meta.canonical).toBeNull();
    expect(meta.jsonLd.map((data) => data['@type'])).toEqual(['WebPage']);
    expect(JSON.stringify(meta)).not.toContain('post-1');
  });
});

test('a static page is a WebPage whose description is at most 150 characters of content', async ({ page, baseURL }) => {
  await page.goto('/privacy');
  await expect(page).toHaveTitle('Privacy Policy | Grove');
  const meta = await pageMeta(page);
  expect(meta.canonical).toBe(`${baseURL}/privacy`);
  expect(meta.jsonLd).toEqual([expect.objectContaining({ '@type': 'WebPage', name: 'Privacy Policy' })]);
  // The first 150 characters of the page's own content (the migration's starter text).
  await expect.poll(async () => String((await pageMeta(page)).jsonLd[0]?.description)).not.toBe('How Grove treats your data: your workspace stays in your browser.');
  const description = String((await pageMeta(page)).jsonLd[0]?.description);
  expect(description.length).toBeGreaterThan(20);
  expect(description.length).toBeLessThanOrEqual(150);
});

test('app screens are part of the WebSite and update meta on client-side navigation', async ({ page, baseURL }) => {
  await onboard(page);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Dashboard | Grove');
  let meta = await pageMeta(page);
  expect(meta.canonical).toBe(`${baseURL}/dashboard`);
  expect(meta.jsonLd).toEqual([expect.objectContaining({ '@type': 'WebSite', name: 'Grove' })]);

  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveTitle('Calendar | Grove');
  meta = await pageMeta(page);
  expect(meta.canonical).toBe(`${baseURL}/calendar-view`);
  expect(meta.description).toBe('Project and task due dates on a month grid.');
  expect(meta.jsonLd).toHaveLength(1);
});
