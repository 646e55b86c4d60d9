import { defineCommand } from '../workspace/command.ts';
import { blockSchema, DEFAULT_PAGE_ICON, DEFAULT_PAGE_TITLE, type Block, type Page, type StudioData } from '../workspace/model.ts';
import { withOptional } from '../workspace/optional-field.ts';
import { deepEqual } from '../workspace/undo-patch.ts';

// The page commands (docs/product.md, Pages). Ids come in the input (generateId('page'), generateId('block')), made
// when the user acts, so a replay on another tab's newer data makes the same page. No command can leave a page
// whose parent is missing, or a cycle: a page is created under an existing page (or at the root) and never moved,
// and deleting a page deletes all its descendants.

/** The longest icon kept: an emoji, or a short sequence of them (flags, skin tones, joined emoji). */
export const PAGE_ICON_MAX_LENGTH = 16;

/** The page and every page below it, in no particular order. */
export function pageAndDescendantIds(pages: readonly Page[], id: string): Set<string> {
  const children = new Map<string | null, string[]>();
  for (const page of pages) {
    const siblings = children.get(page.parentId);
    if (siblings) siblings.push(page.id);
    else children.set(page.parentId, [page.id]);
  }
  const found = new Set<string>();
  const pending = pages.some((page) => page.id === id) ? [id] : [];
  while (pending.length > 0) {
    const next = pending.pop() as string;
    if (found.has(next)) continue;
    found.add(next);
    pending.push(...(children.get(next) ?? []));
  }
  return found;
}

/** What a page's title shows: the title, or 'Untitled' while it is blank. */
export const pageTitle = (page: Pick<Page, 'title'>): string => (page.title.trim() === '' ? DEFAULT_PAGE_TITLE : page.title);

export interface CreatePageInput {
  readonly id: string;
  /** The id of the page's first (empty paragraph) block. */
  readonly blockId: string;
  /** null: a root page. A parent that does not exist (any more) creates nothing. */
  readonly parentId: string | null;
}

/** A new page, 'Untitled' with the default icon and one empty paragraph, at the root or under its parent. */
export const createPage = defineCommand<CreatePageInput>('createPage', (data, { id, blockId, parentId }, now) => {
  if (id === '' || blockId === '' || data.pages.some((page) => page.id === id)) return data;
  if (parentId !== null && !data.pages.some((page) => page.id === parentId)) return data;
  const page: Page = {
    id,
    title: DEFAULT_PAGE_TITLE,
    icon: DEFAULT_PAGE_ICON,
    parentId,
    createdAt: now.toISOString(),
    content: [{ id: blockId, type: 'paragraph', content: '' }],
  };
  return { ...data, pages: [...data.pages, page] };
});

function updatePage(data: StudioData, id: string, change: (page: Page) => Page): StudioData {
  const page = data.pages.find((candidate) => candidate.id === id);
  if (!page) return data;
  const next = change(page);
  return deepEqual(next, page) ? data : { ...data, pages: data.pages.map((candidate) => (candidate === page ? next : candidate)) };
}

/**
 * The title as typed (kept as it is, so a space typed at the end stays while typing); a blank title shows
 * 'Untitled' (pageTitle).
 */
export const renamePage = defineCommand<{ readonly id: string; readonly title: string }>('renamePage', (data, { id, title }) =>
  updatePage(data, id, (page) => ({ ...page, title })));

/** Trimmed; empty falls back to the default page emoji; longer than PAGE_ICON_MAX_LENGTH: unchanged. */
export const setPageIcon = defineCommand<{ readonly id: string; readonly icon: string }>('setPageIcon', (data, { id, icon }) => {
  const trimmed = icon.trim();
  if (trimmed.length > PAGE_ICON_MAX_LENGTH) return data;
  return updatePage(data, id, (page) => ({ ...page, icon: trimmed === '' ? DEFAULT_PAGE_ICON : trimmed }));
});

/** A raster image as a data URL (the screen downscales it first); SVG, which can carry script, is refused. */
export function isAcceptableCover(dataUrl: string): boolean {
  return /^data:image\/(png|jpeg|webp|gif|avif);base64,[A-Za-z0-9+/]+=*$/.test(dataUrl);
}

/** Sets the cover (an acceptable data URL) or removes it (null); anything else changes nothing. */
export const setPageCover = defineCommand<{ readonly id: string; readonly cover: string | null }>('setPageCover', (data, { id, cover }) => {
  if (cover !== null && !isAcceptableCover(cover)) return data;
  return updatePage(data, id, (page) => withOptional(page, 'coverImage', cover ?? undefined));
}, { destructive: true });

const BLOCK_FIELDS: ReadonlySet<string> = new Set(Object.keys(blockSchema.shape));

/**
 * The edited block with the fields of the stored block of the same id that this version does not know (a newer
 * Grove's, decision 039): the editor rebuilds a block from what it shows, so it cannot carry them. The known fields
 * are the edit's own (a todo turned paragraph loses `checked`). The stored block itself when nothing changed.
 */
function withUnknownFieldsOf(previous: Block | undefined, block: Block): Block {
  if (previous === undefined || previous === block) return block;
  const unknown = Object.entries(previous).filter(([key]) => !BLOCK_FIELDS.has(key));
  if (unknown.length === 0) return block;
  const kept: Block = { ...Object.fromEntries(unknown), ...block };
  return deepEqual(kept, previous) ? previous : kept;
}

/**
 * The editor's blocks for the page; an empty list keeps one empty paragraph (a page always has a block). A block
 * keeps the unknown fields of the stored block with its id.
 */
export const updatePageBlocks = defineCommand<{ readonly id: string; readonly blocks: readonly Block[]; readonly emptyBlockId?: string }>(
  'updatePageBlocks',
  (data, { id, blocks, emptyBlockId }) => {
    if (blocks.length === 0 && !emptyBlockId) return data;
    const edited: readonly Block[] = blocks.length > 0 ? blocks : [{ id: emptyBlockId as string, type: 'paragraph', content: '' }];
    return updatePage(data, id, (page) => {
      const stored = new Map(page.content.map((block) => [block.id, block]));
      return { ...page, content: edited.map((block) => withUnknownFieldsOf(stored.get(block.id), block)) };
    });
  },
);

/** After a confirm: the page and all its subpages, at any depth. */
export const deletePage = defineCommand<{ readonly id: string }>('deletePage', (data, { id }) => {
  const doomed = pageAndDescendantIds(data.pages, id);
  return doomed.size === 0 ? data : { ...data, pages: data.pages.filter((page) => !doomed.has(page.id)) };
}, { destructive: true });
