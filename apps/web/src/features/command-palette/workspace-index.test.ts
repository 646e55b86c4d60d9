import { page, project, studio, task } from '@grove/domain/testing/dashboard-test-data';
import type { StudioData } from '@grove/domain/workspace/model';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_LIMIT, WorkspaceIndex } from './workspace-index.ts';

const paragraph = (id: string, content: string) => ({ id, type: 'paragraph' as const, content });

function workspace(): StudioData {
  return studio({
    tasks: [
      task('t1', { content: 'Water the plants', description: 'Every Monday morning', tags: ['home'] }),
      task('t2', { content: 'Plan the launch', tags: ['marketing', 'q3'] }),
      task('t3', { content: 'Book café for the team lunch' }),
    ],
    projects: [project('p1', { name: 'Garden redesign', description: 'New beds and a pond' })],
    pages: [
      page('g1', { title: 'Meeting notes', content: [paragraph('b1', 'We talked about the <strong>garden</strong> budget and the résumé template.')] }),
      page('g2', { title: 'Gardening guide', content: [paragraph('b2', 'Tomatoes need sun.')] }),
    ],
  });
}

/** An index of a small workspace: built at once, in one slice. */
function built(data: StudioData): WorkspaceIndex {
  const index = new WorkspaceIndex();
  void index.build(data);
  expect(index.ready).toBe(true);
  return index;
}

const ids = (index: WorkspaceIndex, query: string) => index.search(query).map((hit) => hit.id);

describe('workspace search', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('finds tasks by title, description and tag; projects; pages by title and body', () => {
    const index = built(workspace());
    expect(ids(index, 'monday')).toEqual(['task:t1']);
    expect(ids(index, 'marketing')).toEqual(['task:t2']);
    expect(ids(index, 'pond')).toEqual(['project:p1']);
    expect(ids(index, 'budget')).toEqual(['page:g1']);
    expect(ids(index, 'tomatoes sun')).toEqual(['page:g2']);
  });

  it('ignores case and accents both ways', () => {
    const index = built(workspace());
    expect(ids(index, 'CAFE')).toEqual(['task:t3']);
    expect(ids(index, 'resume')).toEqual(['page:g1']);
    expect(ids(index, 'Résumé')).toEqual(['page:g1']);
    expect(ids(index, 'mondáy')).toEqual(['task:t1']);
  });

  it('matches prefixes as you type and forgives a small typo, exact words first', () => {
    const index = built(workspace());
    expect(ids(index, 'lau')).toEqual(['task:t2']);
    expect(ids(index, 'tomatos')).toEqual(['page:g2']);
    expect(ids(index, 'gardne')).toEqual([]);
    expect(ids(index, 'gardan')).toContain('project:p1');
    // 'garden' is a whole word in the project's name and the notes' text, a prefix of 'Gardening'.
    const garden = ids(index, 'garden');
    expect(garden.slice(0, 1)).toEqual(['project:p1']);
    expect(garden).toEqual(expect.arrayContaining(['page:g1', 'page:g2']));
    expect(garden.indexOf('page:g2')).toBeGreaterThan(garden.indexOf('project:p1'));
    // Short words forgive nothing: 'pan' is not 'plan'.
    expect(ids(index, 'pan')).toEqual([]);
    // One or two letters alone look in titles and tags: 'Monday' is in a description only.
    expect(ids(index, 'mo')).toEqual([]);
    expect(ids(index, 'mon')).toEqual(['task:t1']);
    expect(ids(index, 'ma')).toEqual(['task:t2']);
  });

  it('says which words matched, to highlight them', () => {
    const index = built(workspace());
    expect([...index.search('gard')[0]!.matched].sort()).toEqual(['garden']);
    expect(index.search('   ')).toEqual([]);
  });

  it('follows edits, additions and deletions without a rebuild', () => {
    const before = workspace();
    const index = built(before);
    const after: StudioData = {
      ...before,
      kanbanBoard: {
        ...before.kanbanBoard,
        items: { t1: { ...before.kanbanBoard.items.t1!, content: 'Feed the cat' }, t3: before.kanbanBoard.items.t3!, t4: task('t4', { content: 'Renew passport' }) },
      },
      pages: before.pages.filter((entry) => entry.id !== 'g2'),
    };
    index.update(after);
    expect(ids(index, 'water')).toEqual([]);
    expect(ids(index, 'cat')).toEqual(['task:t1']);
    expect(ids(index, 'passport')).toEqual(['task:t4']);
    expect(ids(index, 'marketing')).toEqual([]);
    expect(ids(index, 'tomatoes')).toEqual([]);
    expect(index.size).toBe(3 + 1 + 1 + before.mindMap.nodes.length);
  });

  it('builds a large workspace in slices, ready once the last one is in; edits wait for it', async () => {
    const many = studio({ tasks: Array.from({ length: 600 }, (_, at) => task(`t${at}`, { content: `Errand number${at}` })) });
    const index = new WorkspaceIndex();
    const building = index.build(many);
    expect(index.ready).toBe(false);
    expect(index.build(many)).toBe(building);
    expect(() => index.update(many)).toThrow(/before its build/);
    await building;
    expect(index.ready).toBe(true);
    expect(ids(index, 'number599')[0]).toBe('task:t599');
    expect(ids(index, 'errand')).toHaveLength(SEARCH_LIMIT);
  });

  it('builds in slices, each a background task of its own that stops when its few milliseconds are up', async () => {
    // The page's background tasks (scheduler.postTask), run by hand, with the priority each was posted at.
    const tasks: (() => void)[] = [];
    const priorities = new Set<string>();
    vi.stubGlobal('scheduler', {
      postTask: (task: () => void, options: { priority: string }) => {
        priorities.add(options.priority);
        tasks.push(task);
        return Promise.resolve();
      },
    });
    // A clock that moves 1 ms each time it is read: a 5 ms slice indexes 5 documents.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    const many = studio({ tasks: Array.from({ length: 600 }, (_, at) => task(`t${at}`, { content: `Errand number${at}` })) });
    const index = new WorkspaceIndex();
    const building = index.build(many);
    expect(index.size).toBe(0);
    const sizes: number[] = [];
    for (let slice = 0; tasks.length > 0; slice += 1) {
      expect(slice).toBeLessThan(200);
      (tasks.shift() as () => void)();
      sizes.push(index.size);
    }
    await building;
    expect(index.ready).toBe(true);
    expect([...priorities]).toEqual(['background']);
    expect(sizes.slice(0, 3)).toEqual([5, 10, 15]);
    expect(sizes.at(-1)).toBe(600 + studio({}).mindMap.nodes.length);
    expect(ids(index, 'number599')[0]).toBe('task:t599');
  });

  it('once someone waits for the index (the palette open), its remaining slices are the next tasks, not background work', async () => {
    const background: (() => void)[] = [];
    vi.stubGlobal('scheduler', {
      postTask: (task: () => void) => {
        background.push(task);
        return Promise.resolve();
      },
    });
    const next: (() => void)[] = [];
    class TaskChannel {
      port1 = { onmessage: null as (() => void) | null, close: () => undefined };
      port2 = { postMessage: () => next.push(() => this.port1.onmessage?.()) };
    }
    vi.stubGlobal('MessageChannel', TaskChannel);
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    const many = studio({ tasks: Array.from({ length: 600 }, (_, at) => task(`t${at}`, { content: `Errand number${at}` })) });
    const index = new WorkspaceIndex();
    const building = index.build(many);
    (background.shift() as () => void)();
    expect(index.size).toBe(5);
    expect(background).toHaveLength(1);
    // The palette opens: the slice already posted runs in the background, every one after it at once.
    expect(index.build(many, { soon: true })).toBe(building);
    (background.shift() as () => void)();
    expect(background).toHaveLength(0);
    for (let slice = 0; next.length > 0; slice += 1) {
      expect(slice).toBeLessThan(200);
      (next.shift() as () => void)();
    }
    await building;
    expect(index.ready).toBe(true);
    expect(background).toHaveLength(0);
  });
});
