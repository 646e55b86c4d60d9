import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, PAGE_NOT_FOUND_LOG, test } from '../support/fixtures.ts';
import { AdminApi, loadMoreUntil, openBlogAt, openInApp, structuredData, trackSubscriptions, type ApiPost } from '../support/site.ts';

// The blog and its posts (docs/product.md, Public site), against the real server: posts are written through the
// admin API, and live changes travel through the database's change feed and the realtime socket.

// One after the other in one worker: the empty state needs a blog without posts, the others add and remove them.
test.describe.configure({ mode: 'default' });

let admin: AdminApi;
test.beforeAll(async () => {
  admin = await AdminApi.login();
});
test.afterAll(async () => {
  await admin.dispose();
});

const ARTICLE = '<h2>Why a garden</h2><p>Small steps, <strong>every day</strong>, with <a href="https://example.com">a link</a>.</p>'
  + '<ul><li>Water</li><li>Weed</li></ul><pre><code>grow(tree);</code></pre>';

async function newPost(overrides: Partial<ApiPost> = {}): Promise<ApiPost> {
  return admin.createPost({
    title: `Planting habits ${Math.random().toString(36).slice(2, 8)}`,
    excerpt: 'How small daily steps grow into lasting habits, one task at a time.',
    content: ARTICLE,
    tags: ['habits', 'focus'],
    ...overrides,
  });
}

test('an empty blog says so', async ({ page }) => {
  // Other spec files add posts on the same server in parallel: the empty answer is the server's own shape, routed.
  await page.route('**/api/posts?limit=*', (route) => route.fulfill({ json: { posts: [], nextCursor: null } }));
  await openInApp(page, '/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page.getByText('No posts yet')).toBeVisible();
  await expect(page.getByText('Check back soon for new articles!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
});

test('the blog shows 12 posts at a time, newest first, and Load more brings the rest in order', async ({ page }) => {
  // Other spec files may add posts meanwhile: the check is on this test's own posts, by their unique prefix.
  const prefix = `Paged ${Math.random().toString(36).slice(2, 8)}`;
  const created: ApiPost[] = [];
  try {
    for (let index = 1; index <= 14; index += 1) created.push(await newPost({ title: `${prefix} ${String(index).padStart(2, '0')}` }));
    // The server's order: newest first by the millisecond it shows, then by id (two posts can share a millisecond).
    const newestFirst = (a: ApiPost, b: ApiPost) =>
      (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : (a.created_at < b.created_at ? 1 : -1));
    const titles = created.toSorted(newestFirst).map((entry) => entry.title);
    const cards = page.getByRole('list', { name: 'Blog' }).getByRole('heading', { level: 2 });
    const mine = cards.filter({ hasText: prefix });
    await page.goto('/blog');
    await expect(cards).toHaveCount(12);
    await loadMoreUntil(page, mine.nth(titles.length - 1));
    await expect(mine).toHaveText(titles);
  } finally {
    for (const entry of created) await admin.deletePost(entry.id);
  }
});

test('a post written through the API is listed and opens as an article, with its own title, meta and JSON-LD', async ({ page }) => {
  const post = await newPost();
  await openBlogAt(page, post.title);
  const card = page.getByRole('list', { name: 'Blog' }).getByRole('listitem').filter({ hasText: post.title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Grove Team');
  await expect(card).toContainText('How small daily steps grow');
  const listDate = new Date(post.created_at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  await expect(card.locator('time')).toHaveText(listDate);
  await expect(card.getByTestId('blog-card-placeholder')).toBeVisible();

  await card.getByRole('link', { name: `Read More: ${post.title}` }).click();
  await expect(page).toHaveURL(`/blog/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByText('By Grove Team')).toBeVisible();
  const postDate = new Date(post.created_at).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
  await expect(page.locator('article time')).toHaveText(postDate);
  await expect(page.getByRole('heading', { level: 2, name: 'Why a garden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'a link' })).toHaveAttribute('href', 'https://example.com');
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['habits', 'focus']);
  await expect(page).toHaveTitle(`${post.title} | Grove`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', post.excerpt);
  expect(await structuredData(page)).toMatchObject({
    '@type': 'BlogPosting', headline: post.title, author: { name: 'Grove Team' }, datePublished: post.created_at,
  });

  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL('/blog');
});

test('an UPDATE reaches a reader who has the post open: new text and the info toast', async ({ page, browser }) => {
  const post = await newPost();
  const subscriptions = trackSubscriptions(page);
  await page.goto(`/blog/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await subscriptions.ready(`blog_posts:${post.id}`);

  // A second reader in another browser context, on the list.
  const other = await browser.newContext();
  const listPage = await other.newPage();
  const listSubscriptions = trackSubscriptions(listPage);
  await openBlogAt(listPage, post.title);
  await listSubscriptions.ready('blog_posts');

  await admin.updatePost(post.id, { title: `${post.title} (revised)`, content: '<p>Freshly revised words.</p>' });
  // Once, and checked while it is up: it leaves after 5 s, which a busy machine can take over the checks below.
  await expect(page.getByText('This post has been updated.')).toBeVisible();
  await expect(page.getByText('This post has been updated.')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: `${post.title} (revised)` })).toBeVisible();
  await expect(page.getByText('Freshly revised words.')).toBeVisible();
  await expect(page).toHaveTitle(`${post.title} (revised) | Grove`);
  await expect(listPage.getByRole('link', { name: `${post.title} (revised)`, exact: true })).toBeVisible();
  await other.close();
});

test('an open list follows inserts and deletes live, and an open post says it was deleted', async ({ page, browser }) => {
  const first = await newPost();
  const second = await newPost();
  const subscriptions = trackSubscriptions(page);
  await openBlogAt(page, second.title);
  await subscriptions.ready('blog_posts');

  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const readerSubscriptions = trackSubscriptions(reader);
  await reader.goto(`/blog/${first.id}`);
  await expect(reader.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await readerSubscriptions.ready('blog_posts');

  await admin.deletePost(first.id);
  await expect(page.getByRole('link', { name: first.title, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: second.title, exact: true })).toBeVisible();
  await expect(reader.getByRole('alert')).toContainText('This post has been deleted');
  await expect(reader.getByRole('heading', { level: 1, name: first.title })).toHaveCount(0);
  // Its tab no longer names it: the server's 'not found' page's title, as the app's screen shows.
  await expect(reader).toHaveTitle('Post not found | Grove');

  // Newest first: above the second post (other tests' posts, added meanwhile, may come before both).
  const third = await newPost();
  const titles = () => page.getByRole('list', { name: 'Blog' }).getByRole('heading', { level: 2 }).allTextContents();
  await expect.poll(async () => (await titles()).filter((title) => title === third.title || title === second.title))
    .toEqual([third.title, second.title]);
  await readerContext.close();
});

test.describe('an unknown post', () => {
  // The page answers 404, and the browser logs it.
  test.use({ allowConsoleErrors: [PAGE_NOT_FOUND_LOG] });

  test('shows Post not found with a way back', async ({ page }) => {
    for (const id of ['3f0c2b1a-9d8e-4c7b-8a6f-5e4d3c2b1a09', 'not-a-post']) {
      await page.goto(`/blog/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
      await expect(page.getByText('The blog post you\'re looking for doesn\'t exist.')).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    }
    await page.getByRole('link', { name: 'Back to Blog' }).last().click();
    await expect(page).toHaveURL('/blog');
  });
});

test.describe('script in post content never runs', () => {
  const PAYLOAD = '<p>Harmless words.</p><img src="x" onerror="window.__xss = \'img\'">'
    + '<script>window.__xss = \'script\'</script><a href="javascript:window.__xss = \'link\'">click me</a>'
    + '<svg onload="window.__xss = \'svg\'"></svg><iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>';

  test('written through the API (the server cleans it)', async ({ page }) => {
    const post = await newPost({ content: PAYLOAD });
    await page.goto(`/blog/${post.id}`);
    await expect(page.getByText('Harmless words.')).toBeVisible();
    await page.getByText('click me').click();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    await expect(page.locator('[data-rich-html] :is(script, iframe, svg, [onerror])')).toHaveCount(0);
  });

  test.describe('arriving unclean', () => {
    // Parsing the unclean HTML into the sanitiser's inert document makes Chromium report each inline handler
    // against the page's Content Security Policy; nothing runs (asserted below).
    test.use({ allowConsoleErrors: [/^Executing inline event handler violates the following Content Security Policy/] });

    test('a row written around the API, or a proxy: the browser cleans it again', async ({ page }) => {
      const post = await newPost();
      await page.route(`**/api/posts/${post.id}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as ApiPost;
        await route.fulfill({ response, json: { ...body, content: PAYLOAD } });
      });
      await openInApp(page, `/blog/${post.id}`);
      await expect(page.getByText('Harmless words.')).toBeVisible();
      await page.getByText('click me').click();
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      await expect(page.locator('[data-rich-html] :is(script, iframe, svg, [onerror], a[href^="javascript"])')).toHaveCount(0);
    });
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the blog and a post pass axe in the ${scheme} theme`, async ({ page }) => {
    const post = await newPost({ tags: ['design'] });
    await page.emulateMedia({ colorScheme: scheme });
    await openBlogAt(page, post.title);
    await expectNoSeriousA11yViolations(page);
    await page.goto(`/blog/${post.id}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('a title, excerpt, tag and paragraph with a 78-letter word wrap inside the card and the page, at 390 and 1280 px', async ({ page }) => {
  const word = `Pneumonoultramicroscopicsilicovolcanoconiosis-and-other-very-long-${Math.random().toString(36).slice(2, 8)}.md`;
  const post = await newPost({
    title: `Notes on ${word}`,
    excerpt: `Some words do not break: ${word} is one of them.`,
    content: `<p>A file called ${word} turned up.</p><h2>${word}</h2><ul><li>${word}</li></ul>`,
    tags: ['Supercalifragilisticexpialidocious-tag-of-fifty-chars'.slice(0, 50)],
  });
  const noOverflow = async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  };
  /** No text runs out of these elements (an overflowing word widens scrollWidth, overflow visible or not). */
  const fits = async (selector: string) => {
    const spill = await page.locator(selector)
      .evaluateAll((elements) => elements.map((element) => element.scrollWidth - element.clientWidth));
    expect(spill.length).toBeGreaterThan(0);
    expect(Math.max(...spill)).toBeLessThanOrEqual(0);
  };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await openBlogAt(page, post.title);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: post.title, exact: true }) });
    await expect(card).toBeVisible();
    await noOverflow();
    await fits(`li:has(a[href="/blog/${post.id}"]) article :is(h2, p)`);
    await page.goto(`/blog/${post.id}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await noOverflow();
    await fits('article :is(h1, [data-rich-html] > *, li)');
  }
  await admin.deletePost(post.id);
});
