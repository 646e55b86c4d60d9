import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { migrate, migrateData, MIGRATIONS } from './migrate.ts';
import { CURRENT_SCHEMA_VERSION } from './schema-version.ts';

describe('schema version', () => {
  it('has one migration per version step, in order, up to the current version', () => {
    expect(MIGRATIONS.map((step) => step.from)).toEqual(Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, version) => version));
  });
});

describe('migrate', () => {
  it('wraps the original product\'s bare data (version 0) in a current envelope at revision 0', () => {
    const result = migrate({ projects: [] });
    const envelope = { schemaVersion: CURRENT_SCHEMA_VERSION, revision: 0, data: { projects: [] } };
    expect(result).toEqual({ ok: true, envelope, fromVersion: 0 });
  });

  it('keeps the revision of a current envelope', () => {
    const result = migrate({ schemaVersion: CURRENT_SCHEMA_VERSION, revision: 17, data: { garden: [] } });
    const envelope = { schemaVersion: CURRENT_SCHEMA_VERSION, revision: 17, data: { garden: [] } };
    expect(result).toEqual({ ok: true, envelope, fromVersion: 1 });
  });

  it('restarts a damaged revision at 0', () => {
    const result = migrate({ schemaVersion: CURRENT_SCHEMA_VERSION, revision: -3, data: {} });
    expect(result.ok && result.envelope.revision).toBe(0);
  });

  it('refuses every newer version, whatever its data, and returns a typed error', () => {
    fc.assert(fc.property(fc.integer({ min: CURRENT_SCHEMA_VERSION + 1, max: 1_000_000 }), fc.anything(), (schemaVersion, data) => {
      expect(migrate({ schemaVersion, revision: 1, data })).toEqual({
        ok: false, reason: 'newer-version', foundVersion: schemaVersion, supportedVersion: CURRENT_SCHEMA_VERSION,
      });
    }));
  });

  it.each([['null', null], ['a list', []], ['text', '{}'], ['a fractional version', { schemaVersion: 1.5, data: {} }],
    ['a negative version', { schemaVersion: -1, data: {} }], ['data that is not an object', { schemaVersion: 1, revision: 0, data: [] }]])(
    'calls %s unreadable', (_, raw) => {
      expect(migrate(raw)).toMatchObject({ ok: false, reason: 'unreadable' });
    });

  it('never throws and never mutates its input', () => {
    fc.assert(fc.property(fc.anything(), (raw) => {
      const before = structuredClone(raw);
      migrate(raw);
      expect(raw).toEqual(before);
    }));
  });
});

describe('migrateData', () => {
  it('runs from a given version, and refuses a newer one', () => {
    expect(migrateData({ kanbanBoard: { columns: [], items: { a: { id: 'a', content: 'A' } } } }, 0)).toEqual({
      ok: true, data: { kanbanBoard: { columns: [], items: { a: { id: 'a', content: 'A', priority: 'medium' } } } },
    });
    expect(migrateData({}, CURRENT_SCHEMA_VERSION + 1)).toMatchObject({ ok: false, reason: 'newer-version' });
  });
});
