import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDefaultStudioData } from '../workspace/defaults.ts';
import { createIdGenerator } from '../workspace/ids.ts';
import { unknownFieldsArb } from '../testing/studio-arbitraries.ts';
import { BLOCK_TYPES, type Block, type Page, type StudioData } from '../workspace/model.ts';
import { withOptional } from '../workspace/optional-field.ts';
import { diffWorkspace, revertPatch } from '../workspace/undo-patch.ts';
import {
  createPage, deletePage, isAcceptableCover, pageAndDescendantIds, pageTitle, renamePage, setPageCover, setPageIcon, updatePageBlocks,
} from './page-commands.ts';

const NOW = new Date('2026-03-05T10:00:00.000Z');
const empty = (): StudioData => ({ ...createDefaultStudioData(NOW, createIdGenerator({ now: () => 1, random: () => 0.5 })), pages: [] });
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const BLOCK_FIELD_NAMES = ['id', 'type', 'content', 'checked'];
const pick = (value: object, keys: readonly string[]) => Object.fromEntries(Object.entries(value).filter(([key]) => keys.includes(key)));

function tree(): StudioData {
  let data = empty();
  for (const [id, parentId] of [['root', null], ['child', 'root'], ['grandchild', 'child'], ['other', null]] as const) {
    data = createPage.run(data, { id, blockId: `b-${id}`, parentId }, NOW);
  }
  return data;
}

const ids = (data: StudioData) => data.pages.map((page) => page.id);

describe('createPage', () => {
  it('makes an Untitled page with the default icon and one empty paragraph, at the root or under its parent', () => {
    const data = tree();
    expect(data.pages[0]).toEqual({
      id: 'root', title: 'Untitled', icon: '📄', parentId: null, createdAt: NOW.toISOString(),
      content: [{ id: 'b-root', type: 'paragraph', content: '' }],
    });
    expect(data.pages.find((page) => page.id === 'grandchild')?.parentId).toBe('child');
  });

  it('creates nothing under a missing parent or with an id already used', () => {
    const data = tree();
    expect(createPage.run(data, { id: 'x', blockId: 'b', parentId: 'gone' }, NOW)).toBe(data);
    expect(createPage.run(data, { id: 'root', blockId: 'b', parentId: null }, NOW)).toBe(data);
  });
});

describe('deletePage', () => {
  it('deletes the page with all its descendants, offers Undo, and its patch brings them back', () => {
    const before = tree();
    const after = deletePage.run(before, { id: 'root' }, NOW);
    expect(ids(after)).toEqual(['other']);
    expect(deletePage.destructive).toBe(true);
    expect(revertPatch(after, diffWorkspace(before, after))).toEqual({ ok: true, data: before });
    expect(deletePage.run(before, { id: 'nope' }, NOW)).toBe(before);
  });

  it('finds descendants at any depth, even in a stored cycle, without looping', () => {
    const cyclic: Page[] = [
      { id: 'a', title: 'A', icon: '📄', parentId: 'b', createdAt: NOW.toISOString(), content: [] },
      { id: 'b', title: 'B', icon: '📄', parentId: 'a', createdAt: NOW.toISOString(), content: [] },
    ];
    expect(pageAndDescendantIds(cyclic, 'a')).toEqual(new Set(['a', 'b']));
  });
});

describe('title, icon, cover and blocks', () => {
  it('keeps the title as typed and shows Untitled while it is blank', () => {
    const data = renamePage.run(tree(), { id: 'root', title: 'Plans ' }, NOW);
    expect(data.pages[0]?.title).toBe('Plans ');
    const blank = renamePage.run(data, { id: 'root', title: '  ' }, NOW);
    expect(pageTitle(blank.pages[0] as Page)).toBe('Untitled');
  });

  it('trims the icon, falls back to the default when empty, and refuses a long text', () => {
    expect(setPageIcon.run(tree(), { id: 'root', icon: ' 🌱 ' }, NOW).pages[0]?.icon).toBe('🌱');
    expect(setPageIcon.run(tree(), { id: 'root', icon: '' }, NOW).pages[0]?.icon).toBe('📄');
    const data = tree();
    expect(setPageIcon.run(data, { id: 'root', icon: 'x'.repeat(17) }, NOW)).toBe(data);
  });

  it('sets and removes a raster cover, and refuses SVG or anything that is not an image data URL', () => {
    const covered = setPageCover.run(tree(), { id: 'root', cover: PNG }, NOW);
    expect(covered.pages[0]?.coverImage).toBe(PNG);
    expect(setPageCover.run(covered, { id: 'root', cover: null }, NOW).pages[0]).not.toHaveProperty('coverImage');
    expect(isAcceptableCover('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isAcceptableCover('https://example.com/a.png')).toBe(false);
    const data = tree();
    expect(setPageCover.run(data, { id: 'root', cover: 'data:text/html;base64,PGI+' }, NOW)).toBe(data);
  });

  it('replaces the blocks, and an empty list leaves one empty paragraph', () => {
    const blocks = [{ id: 'h', type: 'heading' as const, content: 'Goals' }, { id: 't', type: 'todo' as const, content: 'Ship', checked: true }];
    expect(updatePageBlocks.run(tree(), { id: 'root', blocks }, NOW).pages[0]?.content).toEqual(blocks);
    expect(updatePageBlocks.run(tree(), { id: 'root', blocks: [], emptyBlockId: 'e' }, NOW).pages[0]?.content)
      .toEqual([{ id: 'e', type: 'paragraph', content: '' }]);
    const data = tree();
    expect(updatePageBlocks.run(data, { id: 'root', blocks: [] }, NOW)).toBe(data);
  });

  it('keeps the fields a block has from a newer Grove when the editor sends it back without them (decision 039)', () => {
    const later = { from: 'a newer Grove', list: [1, { deep: true }] };
    const stored = updatePageBlocks.run(tree(), {
      id: 'root',
      blocks: [
        { id: 'a', type: 'todo', content: 'Ship', checked: true, later } as Block,
        { id: 'b', type: 'paragraph', content: 'Plain', later } as Block,
        { id: 'c', type: 'paragraph', content: 'Untouched' },
      ],
    }, NOW);
    // The editor rebuilds every block from its document: only the fields it knows.
    const edited = updatePageBlocks.run(stored, {
      id: 'root',
      blocks: [
        { id: 'a', type: 'paragraph', content: 'Ship it' },
        { id: 'b', type: 'paragraph', content: 'Plain' },
        { id: 'new', type: 'heading', content: 'New' },
      ],
    }, NOW);
    const content = edited.pages[0]?.content;
    // The edit's own known fields win: a todo made a paragraph has no `checked` any more.
    expect(content).toEqual([
      { id: 'a', type: 'paragraph', content: 'Ship it', later },
      { id: 'b', type: 'paragraph', content: 'Plain', later },
      { id: 'new', type: 'heading', content: 'New' },
    ]);
    // A block the edit did not change is the stored object itself.
    expect(content?.[1]).toBe(stored.pages[0]?.content[1]);
  });

  it('property: every block keeps the unknown fields of the stored block with its id, and its edited known fields', () => {
    const blockId = fc.constantFrom('a', 'b', 'c', 'd');
    const known = fc.record({
      id: blockId,
      type: fc.constantFrom(...BLOCK_TYPES),
      content: fc.string({ maxLength: 5 }),
      checked: fc.option(fc.boolean(), { nil: undefined }),
    }).map((block) => withOptional(block as Block, 'checked', block.type === 'todo' ? block.checked : undefined));
    const blocks = fc.uniqueArray(known, { selector: (block) => block.id, maxLength: 4 });
    const storedBlocks = fc.uniqueArray(fc.tuple(known, unknownFieldsArb), { selector: ([block]) => block.id, minLength: 1, maxLength: 4 })
      .map((pairs) => pairs.map(([block, extra]) => ({ ...extra, ...block })));
    fc.assert(fc.property(storedBlocks, blocks, (before, edit) => {
      const page: Page = { id: 'p', title: 'T', icon: '📄', parentId: null, createdAt: NOW.toISOString(), content: before };
      const data = { ...empty(), pages: [page] };
      const after = updatePageBlocks.run(data, { id: 'p', blocks: edit, emptyBlockId: 'e' }, NOW).pages[0]?.content ?? [];
      const expected = edit.length === 0 ? [{ id: 'e', type: 'paragraph', content: '' }] : edit;
      expect(after.map((block) => pick(block, BLOCK_FIELD_NAMES))).toEqual(expected.map((block) => pick(block, BLOCK_FIELD_NAMES)));
      for (const block of after) {
        const previous = before.find((candidate) => candidate.id === block.id);
        const unknownOf = (value: object | undefined) =>
          Object.fromEntries(Object.entries(value ?? {}).filter(([key]) => !BLOCK_FIELD_NAMES.includes(key)));
        expect(unknownOf(block)).toEqual(unknownOf(previous));
      }
    }));
  });
});

describe('page commands (properties)', () => {
  it('never leave an orphan, a cycle or a repeated id, and delete exactly a page and its descendants', () => {
    const pageId = fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6');
    const step = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), id: pageId, parentId: fc.option(pageId, { nil: null }) }),
      fc.record({ kind: fc.constant('delete' as const), id: pageId }),
      fc.record({ kind: fc.constant('rename' as const), id: pageId, title: fc.string({ maxLength: 5 }) }),
    );
    fc.assert(fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
      let data = empty();
      for (const entry of steps) {
        const before = data;
        if (entry.kind === 'create') data = createPage.run(data, { id: entry.id, blockId: `b-${entry.id}`, parentId: entry.parentId }, NOW);
        else if (entry.kind === 'rename') data = renamePage.run(data, { id: entry.id, title: entry.title }, NOW);
        else {
          data = deletePage.run(data, { id: entry.id }, NOW);
          const expected = before.pages.filter((page) => !pageAndDescendantIds(before.pages, entry.id).has(page.id));
          expect(data.pages).toEqual(expected);
        }
        const known = new Set(ids(data));
        expect(known.size).toBe(data.pages.length);
        for (const page of data.pages) {
          if (page.parentId !== null) expect(known.has(page.parentId)).toBe(true);
          // Walking up ends at the root within as many steps as there are pages: no cycle.
          let current: Page | undefined = page;
          let stepsUp = 0;
          while (current && current.parentId !== null && stepsUp <= data.pages.length) {
            const parentId: string = current.parentId;
            current = data.pages.find((candidate) => candidate.id === parentId);
            stepsUp += 1;
          }
          expect(stepsUp).toBeLessThanOrEqual(data.pages.length);
          expect(page.content.length).toBeGreaterThan(0);
        }
      }
    }), { seed: 20261125, numRuns: 300 });
  });
});
