import { adminHeaders } from '../../tooling/grove-server.ts';
import { landscape, PALETTES, type PaletteName } from '../../tooling/cover-images.ts';

// The public site's content for the screenshots, written through the real admin API as the editor would
// (POST /api/storage/blog_images, POST /api/posts, PATCH /api/site-content/:slug), so what the pages show has
// passed the server's own validation and sanitising. Posts are created oldest first: the blog lists newest first.

interface PostSeed {
  title: string;
  excerpt: string;
  /** Paragraphs of the body; the first goes before the heading, the rest after the list. */
  paragraphs: string[];
  heading: string;
  list: string[];
  tags: string[];
  /** Cover: palette, size and a seed that moves its hills; none for a post without an image. */
  cover?: { palette: PaletteName; width: number; height: number; seed: number };
}

/** A word with no break opportunity, to show how titles and cards handle overflow. */
const UNBROKEN = 'Pneumonoultramicroscopicsilicovolcanoconiosis-and-other-very-long-filenames.md';

const POSTS: PostSeed[] = [
  {
    title: 'Getting started with Grove in five minutes',
    excerpt: 'A quick tour: the board, your first page, and where your data lives. Everything stays in your browser until you decide otherwise.',
    paragraphs: ['Grove opens on a dashboard that shows what is due, what you touched last and how your garden is doing.', 'That is the whole setup. There is no account to create and nothing to install.'],
    heading: 'Three things to try first',
    list: ['Add a task to the board and drag it to Finished.', 'Create a page and nest a subpage under it.', 'Export a backup from Settings.'],
    tags: ['getting started', 'guide'],
    cover: { palette: 'morning', width: 1600, height: 900, seed: 0 },
  },
  {
    title: 'A weekly review that fits in fifteen minutes',
    excerpt: 'Walk the board from right to left, write one page about the week, and leave the rest to the mind map.',
    paragraphs: ['Most of what we plan never needs a plan. The work that does has to be looked at every week, or it grows over.', 'A review that takes an hour is skipped the week you need it most.'],
    heading: 'Start from the board, not from memory',
    list: ['Move stalled cards back to To-do with a note.', 'Split any card that has been "almost done" twice.', 'Give three cards a due date, and only three.'],
    tags: ['planning', 'habits', 'weekly review'],
    cover: { palette: 'dusk', width: 1600, height: 900, seed: 1 },
  },
  {
    title: 'Why your data never leaves the browser',
    excerpt: 'Local-first is not a slogan here: the workspace lives in this browser\'s storage, and the server never sees it.',
    paragraphs: ['Every task, page and node you create is saved in your browser as you type.', 'The flip side is that clearing your browser data clears Grove too, which is why backups matter.'],
    heading: 'What the server does see',
    list: ['The public blog and the static pages.', 'An anonymous visitor count, kept in memory.', 'Nothing from your workspace.'],
    tags: ['privacy', 'local-first'],
    cover: { palette: 'night', width: 1200, height: 1200, seed: 2 },
  },
  {
    title: 'Growing a garden out of finished tasks',
    excerpt: 'Each task plants a tree. Finish it and the tree grows; let it slip past its due date and it wilts.',
    paragraphs: ['We wanted progress to be something you can see at a glance, without charts.', 'Trees are kept after you clear finished tasks, so the garden is a record of what you got done.'],
    heading: 'How trees grow',
    list: ['Sprout when the task is created.', 'One stage more each time it is finished.', 'Wilting when overdue, dead after two days.'],
    tags: ['garden', 'motivation'],
    cover: { palette: 'forest', width: 1600, height: 700, seed: 3 },
  },
  {
    title: 'Keyboard shortcuts for the board',
    excerpt: 'Move cards without a mouse: Space to pick up, arrows to move, Space to drop. Here is the full list.',
    paragraphs: ['Every move on the board can be made from the keyboard, and screen readers announce each step.', 'Shortcuts work in every column, including ones you add yourself.'],
    heading: 'The moves',
    list: ['Space or Enter picks a card up and drops it.', 'Arrow keys move it between places and columns.', 'Escape puts it back where it was.'],
    tags: ['accessibility', 'kanban'],
    cover: { palette: 'glacier', width: 1400, height: 900, seed: 4 },
  },
  {
    title: `Notes on ${UNBROKEN}`,
    excerpt: `Some words do not break: ${UNBROKEN} is one of them, and layouts have to cope.`,
    paragraphs: [`A file called ${UNBROKEN} turned up in a bug report, and it broke three layouts at once.`, 'Titles, cards and the page tree now wrap anywhere when a word is longer than the line.'],
    heading: 'What we changed',
    list: ['Card titles wrap mid-word when they must.', 'Tags truncate with an ellipsis.', 'Breadcrumbs shorten from the middle.'],
    tags: ['design', 'typography'],
    cover: { palette: 'autumn', width: 1600, height: 900, seed: 5 },
  },
  {
    title: 'Plain text first: exporting your pages as Markdown',
    excerpt: 'Your notes should outlive any app, including this one. Pages export to Markdown that any editor can open.',
    paragraphs: ['Headings, lists, checkboxes and links survive the round trip.', 'Images are embedded, so one file holds the whole page.'],
    heading: 'What is exported',
    list: ['The page and its subpages.', 'To-dos as checkboxes, checked or not.', 'Links, bold and italic text.'],
    tags: ['pages', 'export'],
  },
  {
    title: 'Mind maps for the messy middle of a project',
    excerpt: 'When a project stops fitting on a list, put it on a canvas. Auto-layout tidies it up when you are done.',
    paragraphs: ['Lists are good at order and bad at relationships. A mind map is the opposite.', 'Export the map as a PNG for slides or as Markdown to turn branches into tasks.'],
    heading: 'A map in four steps',
    list: ['Write the goal in the centre.', 'Add a child node per open question.', 'Colour what is blocked.', 'Press Layout.'],
    tags: ['mind map', 'planning'],
    cover: { palette: 'lavender', width: 1600, height: 900, seed: 6 },
  },
  {
    title: 'Calendar view: deadlines from every corner of your workspace',
    excerpt: 'Task due dates and project deadlines on one month grid, with an ICS export for the calendar you already use.',
    paragraphs: ['The calendar reads due dates from the board and the projects list; there is nothing extra to keep in sync.', 'Overdue items stay red until you move or finish them.'],
    heading: 'Good to know',
    list: ['Weeks start on Monday.', 'Click a day to see everything due.', 'Export the month as an .ics file.'],
    tags: ['calendar', 'projects'],
    cover: { palette: 'desert', width: 1000, height: 1400, seed: 7 },
  },
  {
    title: 'How we think about streaks (and why missing a day is fine)',
    excerpt: 'Streaks reward finishing something every day, but a broken streak costs nothing you already earned.',
    paragraphs: ['A streak counts the days in a row on which you finished at least one task.', 'Each full week adds ten percent to the points of a completion.'],
    heading: 'The rules',
    list: ['Finishing two tasks in a day counts once.', 'Missing a day restarts the count at one.', 'Points and levels are never taken away.'],
    tags: ['garden', 'habits'],
    cover: { palette: 'morning', width: 1600, height: 900, seed: 8 },
  },
  {
    title: 'The small print of a free productivity app: what we will never do with your time, your attention, your notes or your data, and the few things we do to keep the lights on',
    excerpt: 'A long answer to a short question we get every week: how is this free? No tracking, no selling, and ads only on the public site.',
    paragraphs: ['Grove is free because running it costs very little: the workspace runs in your browser, not on our servers.', 'The public site carries a single, clearly labelled ad slot.'],
    heading: 'What we promise',
    list: ['No third-party trackers.', 'No account, so no profile to sell.', 'Your workspace is never uploaded.'],
    tags: ['privacy', 'company', 'faq', 'pricing'],
    cover: { palette: 'dusk', width: 1600, height: 900, seed: 9 },
  },
  {
    title: 'Release notes: nested pages, cover images and a faster board',
    excerpt: 'Pages can now nest three levels deep and carry a cover image; the board opens twice as fast with thousands of cards.',
    paragraphs: ['This release is mostly about pages, which many of you use as a wiki.', 'Thank you to everyone who sent a backup of a slow board: they made the fix easy to find.'],
    heading: 'What is new',
    list: ['Subpages at any depth, expanded state remembered.', 'Cover images, resized in the browser.', 'A board with 5,000 cards opens in under a second.'],
    tags: ['release notes'],
    cover: { palette: 'forest', width: 1600, height: 900, seed: 10 },
  },
];

function postHtml(post: PostSeed): string {
  const [first = '', ...rest] = post.paragraphs;
  return [
    `<p>${first} Read more in <a href="https://example.com/grove-guide">the Grove guide</a>.</p>`,
    `<h2>${post.heading}</h2>`,
    `<ul>${post.list.map((item) => `<li>${item}</li>`).join('')}</ul>`,
    ...rest.map((paragraph) => `<p>${paragraph} <strong>That is all there is to it.</strong></p>`),
  ].join('\n');
}

const ABOUT_HTML = `
<p>Grove is a small, independent team building a calm place to plan your work. We started it because every
productivity tool we tried wanted an account, a subscription and our data before it would show us a to-do list.</p>
<h2>What we believe</h2>
<ul>
  <li><strong>Your data is yours.</strong> The workspace lives in your browser; we never see it.</li>
  <li><strong>Progress should feel good.</strong> The garden grows as you finish things.</li>
  <li><strong>Simple beats clever.</strong> A board, pages, a calendar and a mind map cover most of what people plan.</li>
</ul>
<h2>Who we are</h2>
<p>Four people in three time zones, with backgrounds in design, teaching and infrastructure. We work in the open
and read every message sent through the <a href="/contact">contact page</a>.</p>
<p>Grove is free to use. The public site shows one clearly labelled ad slot, which pays for hosting; the workspace
itself has no ads and no trackers.</p>
<h2>What is next</h2>
<p>Shared workspaces without a server in the middle, better import from other tools, and translations. If you want
to help with a translation, write to us: we will credit you on this page.</p>`;

export interface SeededBlog {
  /** A post with a cover image (the newest one). */
  postWithImage: string;
  /** The post with the very long title. */
  longTitlePost: string;
  count: number;
}

async function ok(response: Response, what: string, status: number): Promise<Response> {
  if (response.status !== status) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response;
}

/** Uploads the covers, publishes the posts and lengthens the About page; returns the ids the shots need. */
export async function seedBlog(baseUrl: string): Promise<SeededBlog> {
  const { 'content-type': _json, ...headers } = await adminHeaders(baseUrl);
  const ids: string[] = [];
  for (const [index, post] of POSTS.entries()) {
    let imageUrl: string | null = null;
    if (post.cover) {
      const { palette, width, height, seed } = post.cover;
      const form = new FormData();
      form.append('file', new Blob([landscape(width, height, PALETTES[palette], seed)], { type: 'image/png' }), `cover-${index}.png`);
      const upload = await ok(await fetch(`${baseUrl}/api/storage/blog_images`, { method: 'POST', headers, body: form }), 'image upload', 201);
      imageUrl = (await upload.json() as { url: string }).url;
    }
    const created = await ok(await fetch(`${baseUrl}/api/posts`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: post.title, excerpt: post.excerpt, content: postHtml(post), image_url: imageUrl, tags: post.tags }),
    }), `post "${post.title.slice(0, 40)}"`, 201);
    ids.push((await created.json() as { id: string }).id);
  }
  await ok(await fetch(`${baseUrl}/api/site-content/about`, {
    method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ content: ABOUT_HTML }),
  }), 'site content update', 200);
  const withImage = POSTS.findLastIndex((post) => post.cover !== undefined);
  const longTitle = POSTS.findIndex((post) => post.title.length > 150);
  return { postWithImage: ids[withImage] ?? '', longTitlePost: ids[longTitle] ?? '', count: ids.length };
}
