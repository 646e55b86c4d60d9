import { describe, expect, it } from 'vitest';
import { createDefaultStudioData } from './defaults.ts';
import { createIdGenerator } from './ids.ts';
import { CURRENT_SCHEMA_VERSION, createEnvelope } from './schema-version.ts';

describe('createEnvelope', () => {
  it('wraps data with the current schema version and the given revision', () => {
    const data = createDefaultStudioData(new Date(2024, 0, 1), createIdGenerator({ now: () => 0, random: () => 0 }));
    expect(createEnvelope(data, 8)).toEqual({ schemaVersion: CURRENT_SCHEMA_VERSION, revision: 8, data });
  });
});
