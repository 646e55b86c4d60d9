import fc from 'fast-check';
import { studioDataArb } from '@grove/domain/testing/studio-arbitraries';
import { describe, expect, it } from 'vitest';
import { envelopeJson, toJson } from './envelope-json.ts';

describe('envelopeJson', () => {
  it('writes exactly what JSON.stringify writes, header first', () => {
    fc.assert(fc.property(studioDataArb, fc.nat(), (data, revision) => {
      const text = envelopeJson(data, revision, 'tab1');
      expect(text).toBe(JSON.stringify({ schemaVersion: 1, revision, writer: 'tab1', data }));
    }), { numRuns: 60 });
  });

  it('matches JSON.stringify on arbitrary JSON-like values, including undefined fields and sparse arrays', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.string({ unit: 'binary' }), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined),
        fc.array(tie('node'), { maxLength: 80 }),
        fc.sparseArray(tie('node'), { maxLength: 10 }),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 80 }),
        fc.date({ noInvalidDate: true }),
      ),
    })).node;
    fc.assert(fc.property(value, (input) => {
      expect(toJson(input, 0)).toBe(JSON.stringify(input));
    }), { numRuns: 300 });
  });

  it('reuses the JSON of unchanged objects and writes new ones afresh after an immutable edit', () => {
    const items = Array.from({ length: 200 }, (_, index) => ({ id: `item-${index}`, content: `Task ${index}` }));
    const first = { items };
    expect(toJson(first, 0)).toBe(JSON.stringify(first));
    const edited = { items: items.map((item, index) => (index === 7 ? { ...item, content: 'Renamed' } : item)) };
    expect(toJson(edited, 0)).toBe(JSON.stringify(edited));
  });
});
