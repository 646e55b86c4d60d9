import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { anyScriptHolds, collectScripts, landingPageScripts } from '../support/scripts.ts';
import { page as seedPage, seed, workspace } from '../support/seed.ts';
import { storedData } from '../support/stored-workspace.ts';

// The page view (docs/product.md, Notes and docs): breadcrumbs, New Subpage, title, and the block editor's rules:
// placeholder, Enter / Shift+Enter / Backspace, todos, Markdown shortcuts, the '/' menu, paste, input methods, undo.

interface SeedBlock { id: string; type: string; content: string; checked?: boolean }

function pagesWorkspace() {
  return workspace({
    columns: [{ id: 'todo', title: 'To-do', itemIds: [] }],
    items: [],
    pages: [
      seedPage({ id: 'page-root', title: 'Handbook', icon: '📘' }),
      seedPage({ id: 'page-team', title: 'Team', parentId: 'page-root' }),
      {
        ...seedPage({ id: 'page-notes', title: 'Meeting notes', parentId: 'page-team' }),
        content: [
          { id: 'b-heading', type: 'heading', content: 'Agenda' },
          { id: 'b-text', type: 'paragraph', content: 'Some <strong>bold</strong> text' },
          { id: 'b-todo', type: 'todo', content: 'Send the minutes', checked: false },
        ] satisfies SeedBlock[] as { id: string; type: string; content: string }[],
      },
    ],
  });
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Page content' });
const blocks = (page: Page) => editor(page).locator(':scope > *');
/**
 * The text the editor itself has selected (Tiptap hangs the editor on its element). A selection made with the
 * keyboard reaches ProseMirror on the browser's selectionchange event, a moment after the key: a loaded machine
 * can deliver the next key first.
 */
const editorSelection = (page: Page) => page.evaluate(() => {
  const { state } = (document.querySelector('.ProseMirror') as unknown as { editor: { state: { selection: { from: number; to: number }; doc: { textBetween: (from: number, to: number) => string } } } }).editor;
  return state.doc.textBetween(state.selection.from, state.selection.to);
});
const waitUntilSaved = (page: Page) => expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
const storedPage = async (page: Page, id: string) => (await storedData(page))?.pages.find((candidate) => candidate.id === id);

/** The stored blocks of a page once the save has landed, as [type, content] pairs (checked todos marked). */
async function savedBlocks(page: Page, id: string): Promise<string[][]> {
  await waitUntilSaved(page);
  const stored = await storedPage(page, id);
  return (stored?.content ?? []).map((block) => [block.type + (block.checked ? ':checked' : ''), block.content]);
}

test.beforeEach(async ({ page }) => {
  await onboard(page);
  await seed(page, pagesWorkspace());
});

test('breadcrumbs show the ancestors and lead back; New Subpage creates a page under this one; the tab shows the title', async ({ page }) => {
  await page.goto('/notes-and-docs/page-notes');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('listitem')).toHaveText(['All Pages', '📘Handbook', '📄Team', 'Meeting notes']);
  await expect(page).toHaveTitle(/^Meeting notes .*Grove$/);

  await page.getByRole('button', { name: 'New Subpage' }).click();
  await expect(page).toHaveURL(/\/notes-and-docs\/page-/);
  await expect(crumbs.getByRole('listitem')).toHaveText(['All Pages', '📘Handbook', '📄Team', '📄Meeting notes', 'Untitled']);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await waitUntilSaved(page);
  expect((await storedPage(page, id))?.parentId).toBe('page-notes');
  // A new page starts with one empty paragraph and shows the placeholder in it.
  await expect(blocks(page)).toHaveCount(1);
  await expect(blocks(page).first()).toHaveAttribute('data-placeholder', 'Start writing your page here...');

  await page.getByRole('textbox', { name: 'Page title' }).fill('Action items');
  await expect(page).toHaveTitle(/^Action items .*Grove$/);
  await crumbs.getByRole('link', { name: /Team/ }).click();
  await expect(page).toHaveURL(/\/notes-and-docs\/page-team$/);
  await crumbs.getByRole('link', { name: 'All Pages' }).click();
  await expect(page).toHaveURL(/\/notes-and-docs$/);
  // The tree opens the new page's ancestors, so it is in view.
  await expect(page.getByRole('treeitem', { name: /Action items/ })).toBeVisible();
  await expect(page.getByRole('treeitem', { name: /Meeting notes/ })).toHaveAttribute('aria-expanded', 'true');
});

test('an unknown page id falls back to the list, saying why', async ({ page }) => {
  await page.goto('/notes-and-docs/page-does-not-exist');
  await expect(page).toHaveURL(/\/notes-and-docs$/);
  await expect(page.locator('[data-sonner-toast]')).toHaveText('That page does not exist: it was deleted, or the link is wrong.');
});

test('Enter makes a new paragraph after the block, Shift+Enter a line break, Backspace removes an empty block; typing persists', async ({ page }) => {
  await page.goto('/notes-and-docs/page-root');
  await expect(blocks(page).first()).toHaveAttribute('data-placeholder', 'Start writing your page here...');
  // Enter in the title moves into the page.
  await page.getByRole('textbox', { name: 'Page title' }).press('Enter');
  await page.keyboard.type('First line');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('same block');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second block');
  await page.keyboard.press('Enter');
  await expect(blocks(page)).toHaveCount(3);
  await page.keyboard.press('Backspace');
  await expect(blocks(page)).toHaveCount(2);
  expect(await savedBlocks(page, 'page-root')).toEqual([['paragraph', 'First line<br>same block'], ['paragraph', 'Second block']]);

  // Backspace on the only (empty) block keeps it: a page always has one.
  await page.goto('/notes-and-docs/page-team');
  await editor(page).click();
  await page.keyboard.press('Backspace');
  await expect(blocks(page)).toHaveCount(1);

  await page.goto('/notes-and-docs/page-root');
  await expect(blocks(page)).toHaveText(['First linesame block', 'Second block']);
});

test('Markdown shortcuts, the "/" menu and the todo checkbox', async ({ page }) => {
  await page.goto('/notes-and-docs/page-root');
  await editor(page).click();
  await page.keyboard.type('# Goals');
  await page.keyboard.press('Enter');
  await page.keyboard.type('[] Write the plan');
  await page.keyboard.press('Enter');
  await page.keyboard.type('**Bold** and *italic*');
  await page.keyboard.press('Enter');
  // The '/' menu filters as you type and turns the block into the chosen type.
  await page.keyboard.type('/');
  const menu = page.getByRole('listbox', { name: 'Turn into' });
  await expect(menu.getByRole('option')).toHaveText([/Text/, /Heading/, /To-do/]);
  await page.keyboard.type('to');
  await expect(menu.getByRole('option')).toHaveText([/To-do/]);
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await page.keyboard.type('Review it');
  // Escape closes the menu and leaves the text.
  await page.keyboard.press('Enter');
  await page.keyboard.type('a/b');
  await page.keyboard.type(' /');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await editor(page).getByRole('checkbox', { name: 'Done' }).first().click();
  expect(await savedBlocks(page, 'page-root')).toEqual([
    ['heading', 'Goals'],
    ['todo:checked', 'Write the plan'],
    ['paragraph', '<strong>Bold</strong> and <em>italic</em>'],
    ['todo', 'Review it'],
    ['paragraph', 'a/b /'],
  ]);
  await page.reload();
  await expect(editor(page).getByRole('checkbox', { name: 'Done' }).first()).toBeChecked();
});

test('the shortcuts format the selection; Ctrl+K adds a link, refusing what cannot be one; the toolbar turns the block', async ({ page }) => {
  await page.goto('/notes-and-docs/page-root');
  await editor(page).click();
  await page.keyboard.type('alpha beta gamma');
  await page.keyboard.press('Shift+Home');
  await expect.poll(() => editorSelection(page)).toBe('alpha beta gamma');
  await page.keyboard.press('ControlOrMeta+b');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar.getByRole('button', { name: /^Bold/ })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('see docs');
  // The whole word, once the editor holds it.
  await expect(blocks(page).nth(1)).toHaveText('see docs');
  await page.keyboard.press('Control+Shift+ArrowLeft');
  await expect.poll(() => editorSelection(page)).toBe('docs');
  await page.keyboard.press('ControlOrMeta+k');
  const dialog = page.getByRole('dialog', { name: 'Link' });
  await dialog.getByLabel('Link address').fill('javascript:alert(1)');
  await dialog.getByLabel('Link address').press('Enter');
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Link address').fill('example.com/docs');
  await dialog.getByLabel('Link address').press('Enter');
  await expect(dialog).toBeHidden();
  // The Heading button turns the block the caret is in, and shows it pressed.
  await toolbar.getByRole('button', { name: /^Heading/ }).click();
  await expect(toolbar.getByRole('button', { name: /^Heading/ })).toHaveAttribute('aria-pressed', 'true');
  expect(await savedBlocks(page, 'page-root')).toEqual([
    ['paragraph', '<strong>alpha beta gamma</strong>'],
    ['heading', 'see <a href="https://example.com/docs">docs</a>'],
  ]);
});

test('a page with content opens for reading: nothing takes focus, the toolbar shows no block or mark until the editor has focus', async ({ page }) => {
  await page.goto('/notes-and-docs/page-notes');
  await expect(blocks(page).first()).toHaveText('Agenda');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await expect(page.getByRole('textbox', { name: 'Page title' })).not.toBeFocused();
  await expect(editor(page)).not.toBeFocused();
  // The first block is a heading, but no one has put the caret there.
  await expect(toolbar.getByRole('button', { pressed: true })).toHaveCount(0);
  await blocks(page).first().click();
  await expect(toolbar.getByRole('button', { name: /^Heading/ })).toHaveAttribute('aria-pressed', 'true');
  // Tabbing into the bar keeps it showing the block it would change.
  await page.keyboard.press('Shift+Tab');
  await expect(toolbar.getByRole('button').first()).toBeFocused();
  await expect(toolbar.getByRole('button', { name: /^Heading/ })).toHaveAttribute('aria-pressed', 'true');
});

test('a page just made opens ready to be named: its title focused, Untitled selected, Enter moves into the page', async ({ page }) => {
  await page.goto('/notes-and-docs/page-root');
  await expect(page.getByRole('textbox', { name: 'Page title' })).not.toBeFocused();
  await page.getByRole('button', { name: 'New Subpage' }).click();
  const title = page.getByRole('textbox', { name: 'Page title' });
  await expect(title).toHaveValue('Untitled');
  await expect(title).toBeFocused();
  await page.keyboard.type('Action items');
  await expect(title).toHaveValue('Action items');
  await page.keyboard.press('Enter');
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type('First line');
  await expect(blocks(page).first()).toHaveText('First line');
});

test('a key the editor handles acts on the selection the browser shows, also before ProseMirror has read it', async ({ page }) => {
  await page.goto('/notes-and-docs/page-root');
  await editor(page).click();
  await page.keyboard.type('alpha beta gamma');
  await page.keyboard.press('Shift+Home');
  await expect.poll(() => editorSelection(page)).toBe('alpha beta gamma');
  // End, then Enter in the same task: the browser's selectionchange for the caret's move is still queued, as when a
  // busy page handles the next key first (Enter used to delete the line it no longer saw selected).
  await page.evaluate(() => {
    const content = document.querySelector('.ProseMirror') as HTMLElement;
    window.getSelection()?.modify('move', 'forward', 'lineboundary');
    content.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  await expect(blocks(page)).toHaveText(['alpha beta gamma', '']);
  expect(await savedBlocks(page, 'page-root')).toEqual([['paragraph', 'alpha beta gamma'], ['paragraph', '']]);
});

test('undo and redo inside the editor; Backspace after a shortcut undoes it', async ({ page }) => {
  await page.goto('/notes-and-docs/page-root');
  await editor(page).click();
  await page.keyboard.type('# ');
  await expect(editor(page).locator('h2')).toHaveCount(1);
  await page.keyboard.press('Backspace');
  await expect(editor(page).locator('h2')).toHaveCount(0);
  await expect(blocks(page).first()).toHaveText('# ');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Draft');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(blocks(page).first()).not.toHaveText('Draft');
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(blocks(page).first()).toHaveText('Draft');
});

test.describe('paste', () => {
  // Reading the pasted markup makes Chromium check its onerror against the page's Content Security Policy, which
  // blocks it and says so in the console; nothing runs (asserted below).
  test.use({ allowConsoleErrors: [/^Executing inline event handler violates the following Content Security Policy/] });

  test('pasted HTML keeps its structure and runs nothing', async ({ page }) => {
    await page.goto('/notes-and-docs/page-root');
    await editor(page).click();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/html', [
        '<h1 onclick="window.pwned = 1">Title</h1>',
        '<p>Para with <b>bold</b>, <i>italic</i> and <a href="javascript:window.pwned=1">bad link</a><script>window.pwned = 1</script></p>',
        '<img src="x" onerror="window.pwned = 1">',
        '<ul><li><input type="checkbox" checked> Done item</li></ul>',
        '<p><a href="https://example.com">good link</a></p>',
      ].join(''));
      data.setData('text/plain', 'Title');
      document.querySelector('[aria-label="Page content"]')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(editor(page).locator('h2')).toHaveText('Title');
    const saved = await savedBlocks(page, 'page-root');
    expect(saved).toEqual([
      ['heading', 'Title'],
      ['paragraph', 'Para with <strong>bold</strong>, <em>italic</em> and bad link'],
      ['todo:checked', 'Done item'],
      ['paragraph', '<a href="https://example.com">good link</a>'],
    ]);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  });
});

test('pasted Markdown becomes blocks: headings, todos, marks and links', async ({ page }) => {
  await page.goto('/notes-and-docs/page-root');
  await editor(page).click();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', '# Plan\n\n- [ ] Draft **the** outline\n- [x] Book a room\nRead [the guide](https://example.com/guide) and <b>this</b>');
    document.querySelector('[aria-label="Page content"]')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(editor(page).locator('h2')).toHaveText('Plan');
  expect(await savedBlocks(page, 'page-root')).toEqual([
    ['heading', 'Plan'],
    ['todo', 'Draft <strong>the</strong> outline'],
    ['todo:checked', 'Book a room'],
    ['paragraph', 'Read <a href="https://example.com/guide">the guide</a> and &lt;b&gt;this&lt;/b&gt;'],
  ]);
});

test('Enter while an input method composes commits the text and does not split the block', async ({ page }) => {
  await page.goto('/notes-and-docs/page-root');
  await editor(page).click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'にほん', selectionStart: 3, selectionEnd: 3 });
  await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 });
  await cdp.send('Input.insertText', { text: '日本' });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
  await expect(blocks(page)).toHaveText(['日本']);
  expect(await savedBlocks(page, 'page-root')).toEqual([['paragraph', '日本']]);
});

test('the editor library loads with the page view only, never with the landing page or the other screens', async ({ page, browser }) => {
  const marker = 'ProseMirror-hideselection';
  expect(await anyScriptHolds(page, await landingPageScripts(browser), marker)).toBe(false);

  const scripts = collectScripts(page);
  for (const path of ['/dashboard', '/notes-and-docs', '/kanban-board', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(await anyScriptHolds(page, scripts, marker)).toBe(false);
  await page.goto('/notes-and-docs/page-root');
  await expect(editor(page)).toBeVisible();
  expect(await anyScriptHolds(page, scripts, marker)).toBe(true);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the page view and the "/" menu pass axe in the ${theme} theme`, async ({ page }) => {
    await seed(page, pagesWorkspace(), theme);
    await page.goto('/notes-and-docs/page-notes');
    await expect(blocks(page)).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
    await blocks(page).nth(1).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' /');
    await expect(page.getByRole('listbox', { name: 'Turn into' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
