import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studioDataArb, studioDataWithUnknownFieldsArb } from '../testing/studio-arbitraries.ts';
import { createDefaultMindMap, createDefaultStudioData } from '../workspace/defaults.ts';
import v0 from '../workspace/fixtures/v0.json' with { type: 'json' };
import v1 from '../workspace/fixtures/v1.json' with { type: 'json' };
import { createIdGenerator } from '../workspace/ids.ts';
import { STUDIO_SECTIONS, type StudioData } from '../workspace/model.ts';
import { CURRENT_SCHEMA_VERSION } from '../workspace/schema-version.ts';
import { applyBackup, backupFileName, parseBackup, serializeBackup, validateBackup, type ParseBackupResult } from './backup.ts';

const NOW = new Date(2024, 2, 10, 9, 30);
const testIds = () => createIdGenerator({ now: () => 2000, random: () => 0 });
const fixtureData = v1.data as StudioData;

function accepted(result: ParseBackupResult) {
  if (!result.ok) throw new Error(`expected a backup, got ${result.reason}: ${'issues' in result ? result.issues.join('; ') : ''}`);
  return result;
}

function issuesOf(result: ParseBackupResult): string[] {
  return !result.ok && result.reason === 'invalid-backup' ? result.issues : [];
}

describe('serializeBackup', () => {
  it('writes 2-space JSON of every section, with the schema version first', () => {
    const text = serializeBackup(fixtureData);
    expect(text.startsWith(`{\n  "schemaVersion": ${CURRENT_SCHEMA_VERSION},\n  "projects": [\n    {`)).toBe(true);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['schemaVersion', ...STUDIO_SECTIONS]);
  });
});

describe('backupFileName', () => {
  it('is backup-YYYY-MM-DD.json with the local calendar date, also just after midnight', () => {
    expect(backupFileName(new Date(2024, 2, 5, 14))).toBe('backup-2024-03-05.json');
    // Built from local parts: in any time zone this is the first minutes of January 1st, where
    // toISOString would still give December 31st east of UTC.
    expect(backupFileName(new Date(2024, 0, 1, 0, 5))).toBe('backup-2024-01-01.json');
    expect(backupFileName(new Date(2024, 11, 31, 23, 55))).toBe('backup-2024-12-31.json');
  });
});

describe('parseBackup', () => {
  it('reports invalid JSON', () => {
    for (const text of ['', '{', 'undefined', '{"projects": [}', '{\'a\': 1}']) expect(parseBackup(text)).toEqual({ ok: false, reason: 'invalid-json' });
  });

  it('rejects JSON that is not an object of backup sections, saying why', () => {
    expect(issuesOf(parseBackup('[]'))).toEqual([expect.stringContaining('The file holds a list, not a Grove backup')]);
    expect(issuesOf(parseBackup('null'))).toEqual([expect.stringContaining('The file holds null')]);
    expect(issuesOf(parseBackup('{"name": "notes"}'))).toEqual([expect.stringContaining('none of the backup sections')]);
  });

  it('lists what is wrong, by path, and changes nothing', () => {
    const backup = { projects: [{ id: 'p', name: 7, createdAt: '2024-01-01' }], kanbanBoard: { columns: [], items: { a: { id: 'a' } } } };
    expect(issuesOf(parseBackup(JSON.stringify(backup)))).toEqual([
      'projects[0].name: Invalid input: expected string, received number',
      'kanbanBoard.items.a.content: Invalid input: expected string, received undefined',
    ]);
  });

  it('refuses a "__proto__" task id rather than losing the task silently', () => {
    const text = '{"kanbanBoard":{"columns":[{"id":"c","title":"T","itemIds":["__proto__"]}],"items":{"__proto__":{"id":"__proto__","content":"x"}}}}';
    expect(issuesOf(parseBackup(text))).toEqual(['kanbanBoard.items["__proto__"]: "__proto__" cannot be a task id.']);
  });

  it('refuses a field named "__proto__" anywhere, which could not be kept, naming where', () => {
    const text = '{"projects": [{"id": "p", "name": "P", "createdAt": "2024-01-01", "__proto__": {"x": 1}}]}';
    expect(issuesOf(parseBackup(text))).toEqual(['projects[0]["__proto__"]: a field of this name cannot be imported.']);
  });

  it('caps a long list of issues', () => {
    const pages = Array.from({ length: 30 }, () => ({ id: 1 }));
    const issues = issuesOf(parseBackup(JSON.stringify({ pages })));
    expect(issues).toHaveLength(21);
    expect(issues.at(-1)).toMatch(/^…and \d+ more\.$/);
  });

  it('refuses a backup from a newer version of Grove', () => {
    const text = JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION + 1, projects: [] });
    expect(issuesOf(parseBackup(text))).toEqual([expect.stringContaining('made by a newer version of Grove')]);
  });

  it('rejects a schemaVersion that is not a whole number', () => {
    expect(issuesOf(parseBackup('{"schemaVersion": "2", "projects": []}'))).toEqual(['schemaVersion: expected a whole number of 0 or more.']);
  });

  it('accepts its own export and summarises it per section', () => {
    const result = accepted(parseBackup(serializeBackup(fixtureData)));
    expect(result.summary).toEqual({
      projects: 3, pages: 4, tasks: 6, columns: 5, mindMapNodes: 4, gardenTrees: 5, gamification: true, sections: [...STUDIO_SECTIONS],
    });
  });

  it('accepts a partial backup and counts only what it holds, with nothing to repair', () => {
    const result = accepted(parseBackup(JSON.stringify({ pages: [] })));
    expect(result.summary).toEqual({ projects: null, pages: 0, tasks: null, columns: null, mindMapNodes: null, gardenTrees: null, gamification: false, sections: ['pages'] });
    expect(result.repairs).toEqual([]);
  });

  it('counts what will be imported after repair, and lists the repairs', () => {
    const createdAt = '2024-01-01';
    const node = { id: 'n', position: { x: 0, y: 0 }, data: { label: 'N' } };
    const result = accepted(parseBackup(JSON.stringify({
      garden: [{ id: 't', sourceId: 't', growthStage: 1, createdAt }, { id: 't', sourceId: 't', growthStage: 2, createdAt }],
      mindMap: { nodes: [node, node], edges: [{ id: 'e', source: 'n', target: 'gone' }] },
      pages: [{ id: 'a', parentId: 'b', createdAt }, { id: 'b', parentId: 'a', createdAt }],
      kanbanBoard: { columns: [{ id: 'c', title: 'To-do', itemIds: ['ghost'] }], items: { t: { id: 't', content: 'Task' } } },
    })));
    expect(result.summary).toMatchObject({ gardenTrees: 1, mindMapNodes: 2, pages: 2, tasks: 1, columns: 1 });
    expect(result.repairs.map((repair) => [repair.section, repair.kind, repair.message])).toEqual([
      ['pages', 'relinked', 'page "a": it was its own ancestor; it is now a root page.'],
      ['kanbanBoard', 'relinked', 'column "To-do": removed 1 reference(s) to missing or already listed tasks.'],
      ['kanbanBoard', 'relinked', '1 task(s) in no column were put at the end of "To-do".'],
      ['mindMap', 'renamed', 'node id "n" was used twice; the second got a new id.'],
      ['mindMap', 'relinked', 'edges[0]: dropped: its source or target is not a node.'],
      ['garden', 'dropped', 'garden entry "t" appeared twice; the second was dropped.'],
    ]);
  });

  it('says which unknown sections of the file it leaves out', () => {
    const result = accepted(parseBackup(JSON.stringify({ projects: [], habits: [{ id: 'h' }], theme: 'dark' })));
    expect(result.repairs).toEqual([{ section: 'workspace', kind: 'left-out', message: 'unknown sections of the file are not imported: habits, theme.', lossy: true }]);
  });

  it('migrates an older backup: the original product\'s, with no version', () => {
    const result = accepted(parseBackup(JSON.stringify(v0)));
    expect(result.backup.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(result.backup.kanbanBoard?.items['item-1709283164201-y4u5i6']?.priority).toBe('medium');
    expect(applyBackup(createDefaultStudioData(NOW, testIds()), result.backup, NOW, testIds())).toEqual(fixtureData);
  });

  it('never throws, on any text or any JSON', () => {
    const check = (text: string) => {
      const result = parseBackup(text);
      expect(['invalid-json', 'invalid-backup', undefined]).toContain(result.ok ? undefined : result.reason);
    };
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), check));
    fc.assert(fc.property(fc.json(), check));
    fc.assert(fc.property(fc.anything(), (value) => {
      const text = JSON.stringify(value) as string | undefined;
      if (text !== undefined) check(text);
      expect(() => validateBackup(value)).not.toThrow();
    }));
  });

  it('never throws on backup-shaped junk', () => {
    const junk = fc.record(Object.fromEntries(STUDIO_SECTIONS.map((section) => [section, fc.anything()])), { requiredKeys: [] });
    fc.assert(fc.property(junk, (value) => {
      expect(() => parseBackup(JSON.stringify(value))).not.toThrow();
    }));
  });
});

/** A valid backup holding some of the sections of some data. */
const partialBackupArb = fc.record({ data: studioDataArb, sections: fc.subarray([...STUDIO_SECTIONS], { minLength: 1 }) })
  .map(({ data, sections }) => {
    const text = JSON.stringify(Object.fromEntries(sections.map((section) => [section, data[section]])));
    return accepted(parseBackup(text)).backup;
  });

describe('applyBackup', () => {
  it('round-trips exactly: export → parse → apply gives back the exported data', () => {
    fc.assert(fc.property(studioDataArb, studioDataArb, (exported, current) => {
      const { backup } = accepted(parseBackup(serializeBackup(exported)));
      expect(applyBackup(current, backup, NOW, testIds())).toEqual(exported);
    }));
  });

  it('keeps fields it does not know inside every object: export → parse → apply, with nothing repaired', () => {
    fc.assert(fc.property(studioDataWithUnknownFieldsArb, studioDataArb, (exported, current) => {
      const result = accepted(parseBackup(serializeBackup(exported)));
      expect(result.repairs).toEqual([]);
      expect(applyBackup(current, result.backup, NOW, testIds())).toEqual(exported);
    }));
  });

  it('its summary counts exactly what the import puts in place', () => {
    const damagedArb = fc.record({ data: studioDataArb, duplicate: fc.boolean(), dangling: fc.boolean() })
      .map(({ data, duplicate, dangling }) => ({
        ...data,
        garden: duplicate ? [...data.garden, ...data.garden] : data.garden,
        mindMap: dangling ? { ...data.mindMap, edges: [...data.mindMap.edges, { id: 'dangling', source: 'nowhere', target: 'nowhere' }] } : data.mindMap,
      }));
    fc.assert(fc.property(damagedArb, studioDataArb, (file, current) => {
      const { backup, summary } = accepted(parseBackup(JSON.stringify(file)));
      const imported = applyBackup(current, backup, NOW, testIds());
      expect(summary).toMatchObject({
        projects: imported.projects.length, pages: imported.pages.length, tasks: Object.keys(imported.kanbanBoard.items).length,
        columns: imported.kanbanBoard.columns.length, mindMapNodes: imported.mindMap.nodes.length, gardenTrees: imported.garden.length,
      });
    }));
  });

  it('replaces each section present and keeps the missing ones, untouched', () => {
    fc.assert(fc.property(studioDataArb, partialBackupArb, (current, backup) => {
      const result = applyBackup(current, backup, NOW, testIds());
      for (const section of STUDIO_SECTIONS) {
        if (backup[section] === undefined) expect(result[section]).toBe(current[section]);
        else expect(result[section]).toEqual(backup[section]);
      }
    }));
  });

  it('never half-applies: an invalid backup returns the current data itself', () => {
    const corrupt = fc.record({
      backup: partialBackupArb,
      section: fc.constantFrom(...STUDIO_SECTIONS),
      junk: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    })
      .map(({ backup, section, junk }) => ({ ...backup, [section]: junk }));
    fc.assert(fc.property(studioDataArb, corrupt, (current, backup) => {
      const before = structuredClone(current);
      expect(applyBackup(current, backup, NOW, testIds())).toBe(current);
      expect(current).toEqual(before);
    }));
  });

  it('sanitises the imported mind map like a load: dangling edges go, an empty map becomes the default', () => {
    const current = createDefaultStudioData(NOW, testIds());
    const node = { id: 'a', type: 'customText' as const, position: { x: 0, y: 0 }, data: { label: 'A' } };
    const dangling = applyBackup(current, { mindMap: { nodes: [node], edges: [{ id: 'e', source: 'a', target: 'gone' }] } }, NOW, testIds());
    expect(dangling.mindMap).toEqual({ nodes: [node], edges: [] });
    expect(applyBackup(current, { mindMap: { nodes: [], edges: [] } }, NOW, testIds()).mindMap).toEqual(createDefaultMindMap());
  });

  it('sanitises block rich text like a load, and lists it among the repairs before the import', () => {
    const current = createDefaultStudioData(NOW, testIds());
    const page = { id: 'pg', title: 'T', createdAt: '2024-03-01T10:00:00.000Z', content: [{ id: 'b', type: 'todo', content: '<a href="javascript:alert(1)">x</a><svg><script>alert(1)</script></svg>', checked: false }] };
    const parsed = accepted(validateBackup({ pages: [page] }, NOW, testIds()));
    expect(parsed.repairs).toEqual([expect.objectContaining({ section: 'pages', kind: 'reset', lossy: false })]);
    expect(applyBackup(current, parsed.backup, NOW, testIds()).pages[0]?.content).toEqual([{ id: 'b', type: 'todo', content: 'x', checked: false }]);
  });

  it('does not change the current data it is given', () => {
    fc.assert(fc.property(studioDataArb, partialBackupArb, (current, backup) => {
      const before = structuredClone(current);
      applyBackup(current, backup, NOW, testIds());
      expect(current).toEqual(before);
    }));
  });
});
