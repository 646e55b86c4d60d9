import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { StudioData } from '../workspace/model.ts';
import { boardData } from '../testing/kanban-board.ts';
import { createEnvelope } from '../workspace/schema-version.ts';
import { loadWorkspace } from '../workspace/load.ts';
import { createWorkspaceDoc } from './workspace-doc.ts';
import { readReplicaHeader, readStoredWorkspace, REPLICA_FORMAT_VERSION, storedReplicaText, storedWorkspaceData } from './stored-workspace.ts';

const NOW = new Date('2026-03-05T10:00:00.000Z');

/** The header check of the Grove before decision 061 (apps/web's stored-header.ts as it was): it must refuse the new format. */
const LEGACY_HEADER = /^\{"schemaVersion":(\d{1,9}),"revision":(\d{1,15}),(?:"writer":"([a-z0-9]{1,32})",)?/;

describe('the stored workspace document', () => {
  it('reads back the data it stored, with its header', () => {
    const data = boardData();
    const text = storedReplicaText(createWorkspaceDoc(data), 7, 'tab1');
    expect(readReplicaHeader(text)).toMatchObject({ revision: 7, writer: 'tab1' });
    expect(storedWorkspaceData(text, NOW)).toEqual(data);
    const stored = readStoredWorkspace(text, NOW);
    expect(stored.kind).toBe('replica');
  });

  it('is one JSON value whose text stays in latin-1 (one byte per character in Chromium)', () => {
    const data = { ...boardData(), pages: [{ id: 'p', title: 'Café ☕ 日本', icon: '📄', parentId: null, createdAt: NOW.toISOString(), content: [] }] };
    const text = storedReplicaText(createWorkspaceDoc(data), 1, 'tab1');
    expect(() => JSON.parse(text) as unknown).not.toThrow();
    expect([...text].every((char) => char.charCodeAt(0) <= 0xff)).toBe(true);
    expect(storedWorkspaceData(text, NOW)?.pages[0]?.title).toBe('Café ☕ 日本');
  });

  it('reads the earlier format (the spec JSON in its envelope) through loading', () => {
    const data = boardData();
    const stored = readStoredWorkspace(JSON.stringify(createEnvelope(data, 3)), NOW);
    expect(stored).toMatchObject({ kind: 'earlier', load: { ok: true, source: 'stored', revision: 3 } });
    expect(storedWorkspaceData(JSON.stringify(createEnvelope(data, 3)), NOW)).toEqual(data);
    expect(readStoredWorkspace(null, NOW)).toMatchObject({ kind: 'earlier', load: { ok: true, source: 'empty' } });
  });

  it('refuses data of a newer format, and reads a damaged document as unreadable', () => {
    const newer = REPLICA_FORMAT_VERSION + 1;
    expect(readStoredWorkspace(`{"schemaVersion":${newer},"revision":1,"data":{}}`, NOW))
      .toMatchObject({ kind: 'earlier', load: { ok: false, reason: 'newer-version', foundVersion: newer } });
    const text = storedReplicaText(createWorkspaceDoc(boardData()), 1, 'tab1');
    const cut = `${text.slice(0, text.length - 40)}"}`;
    expect(readStoredWorkspace(cut, NOW)).toMatchObject({ kind: 'earlier', load: { ok: true, source: 'unreadable', lossy: true } });
  });

  it('is refused by the Grove before it, which reads it as newer data and writes nothing', () => {
    const text = storedReplicaText(createWorkspaceDoc(boardData()), 1, 'tab1');
    expect(loadWorkspace(JSON.parse(text) as unknown, NOW)).toMatchObject({ ok: false, reason: 'newer-version', foundVersion: REPLICA_FORMAT_VERSION });
    expect(LEGACY_HEADER.exec(text.slice(0, 96))?.slice(1, 3)).toEqual([String(REPLICA_FORMAT_VERSION), '1']);
  });

  it('reads a format 2 document (a page\'s blocks as a list of maps, their HTML as Y.Text) as data to upgrade', () => {
    const data = boardData();
    const doc = createWorkspaceDoc({ ...data, pages: [] });
    doc.transact(() => {
      const blocks = new Y.Map<unknown>();
      const order = new Y.Array<string>();
      order.push(['b1', 'b2']);
      const items = new Y.Map<unknown>();
      const block = (fields: Record<string, unknown>) => {
        const map = new Y.Map<unknown>();
        for (const [key, value] of Object.entries(fields)) map.set(key, key === 'content' ? new Y.Text(value as string) : value);
        return map;
      };
      items.set('b1', block({ id: 'b1', type: 'paragraph', content: 'one <em><strong>two</strong></em>' }));
      items.set('b2', block({ id: 'b2', type: 'todo', content: 'milk', checked: true, color: 'red' }));
      blocks.set('order', order);
      blocks.set('items', items);
      const page = new Y.Map<unknown>();
      for (const [key, value] of Object.entries({ id: 'p', title: 'Notes', icon: '📄', parentId: null, createdAt: NOW.toISOString() })) page.set(key, value);
      page.set('content', blocks);
      doc.getArray<string>('pages.order').push(['p']);
      doc.getMap('pages.items').set('p', page);
    });
    const text = storedReplicaText(doc, 4, 'tab1').replace(`{"schemaVersion":${REPLICA_FORMAT_VERSION},`, '{"schemaVersion":2,');
    const stored = readStoredWorkspace(text, NOW);
    expect(stored).toMatchObject({ kind: 'earlier', load: { ok: true, source: 'stored', revision: 4, fromVersion: 2, lossy: false } });
    const upgraded = stored.kind === 'earlier' && stored.load.ok ? stored.load.data : null;
    expect(upgraded?.pages[0]?.content).toEqual([
      { id: 'b1', type: 'paragraph', content: 'one <em><strong>two</strong></em>' },
      { id: 'b2', type: 'todo', content: 'milk', checked: true, color: 'red' },
    ]);
    // Written in format 3, the HTML takes the editor's form; every field stays.
    const again = storedWorkspaceData(storedReplicaText(createWorkspaceDoc(upgraded as StudioData), 5, 'tab1'), NOW);
    expect(again?.pages[0]?.content).toEqual([
      { id: 'b1', type: 'paragraph', content: 'one <strong><em>two</em></strong>' },
      { id: 'b2', type: 'todo', content: 'milk', checked: true, color: 'red' },
    ]);
  });
});
