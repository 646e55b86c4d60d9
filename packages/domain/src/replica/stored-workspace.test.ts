import { describe, expect, it } from 'vitest';
import { boardData } from '../testing/kanban-board.ts';
import { createEnvelope } from '../workspace/schema-version.ts';
import { loadWorkspace } from '../workspace/load.ts';
import { createWorkspaceDoc } from './workspace-doc.ts';
import { readReplicaHeader, readStoredWorkspace, storedReplicaText, storedWorkspaceData } from './stored-workspace.ts';

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
    expect(readStoredWorkspace('{"schemaVersion":3,"revision":1,"data":{}}', NOW))
      .toMatchObject({ kind: 'earlier', load: { ok: false, reason: 'newer-version', foundVersion: 3 } });
    const text = storedReplicaText(createWorkspaceDoc(boardData()), 1, 'tab1');
    const cut = `${text.slice(0, text.length - 40)}"}`;
    expect(readStoredWorkspace(cut, NOW)).toMatchObject({ kind: 'earlier', load: { ok: true, source: 'unreadable', lossy: true } });
  });

  it('is refused by the Grove before it, which reads it as newer data and writes nothing', () => {
    const text = storedReplicaText(createWorkspaceDoc(boardData()), 1, 'tab1');
    expect(loadWorkspace(JSON.parse(text) as unknown, NOW)).toMatchObject({ ok: false, reason: 'newer-version', foundVersion: 2 });
    expect(LEGACY_HEADER.exec(text.slice(0, 96))?.slice(1, 3)).toEqual(['2', '1']);
  });
});
