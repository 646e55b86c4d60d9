import fc from 'fast-check';
import { studioDataArb } from '@grove/domain/testing/studio-arbitraries';
import { describe, expect, it } from 'vitest';
import { envelopeJson, latin1Json, toJson } from './envelope-json.ts';

/** The same meaning: parsed and written again, the two texts are JSON.stringify's own. */
const sameJson = (text: string | undefined, value: unknown) =>
  expect(text === undefined ? undefined : JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(value));

const ONE_BYTE = /^[^\u0100-\uffff]*$/;

describe('envelopeJson', () => {
  it('writes the envelope, header first, meaning exactly the data', () => {
    fc.assert(fc.property(studioDataArb, fc.nat(), (data, revision) => {
      const text = envelopeJson(data, revision, 'tab1');
      expect(text.startsWith(`{"schemaVersion":1,"revision":${revision},"writer":"tab1","data":`)).toBe(true);
      sameJson(text, { schemaVersion: 1, revision, writer: 'tab1', data });
    }), { numRuns: 60 });
  });

  it('means what JSON.stringify writes for arbitrary JSON-like values, undefined fields and sparse arrays included', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.string({ unit: 'binary' }), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined),
        fc.array(tie('node'), { maxLength: 80 }),
        fc.sparseArray(tie('node'), { maxLength: 10 }),
        fc.dictionary(fc.string({ unit: 'binary' }), tie('node'), { maxKeys: 80 }),
        fc.date({ noInvalidDate: true }),
      ),
    })).node;
    fc.assert(fc.property(value, (input) => {
      sameJson(toJson(input, 0), input);
    }), { numRuns: 300 });
  });

  it('writes the occasional character above U+00FF as an escape, so the text stays one byte per character', () => {
    const page = { title: 'Weekly notes', icon: '📄', body: 'Plain English text, a café and a naïve résumé. '.repeat(20) };
    const text = toJson({ pages: [page] }, 0) ?? '';
    expect(text).toMatch(ONE_BYTE);
    expect(text).toContain('\\ud83d\\udcc4');
    expect(JSON.parse(text)).toEqual({ pages: [page] });
  });

  it('leaves text where such characters are common as it is (escaping would multiply its length)', () => {
    const chinese = JSON.stringify('这是一个很长的中文段落，用来记录项目的进展。');
    expect(latin1Json(chinese)).toBe(chinese);
  });

  it('reuses the JSON of unchanged objects and writes new ones afresh after an immutable edit', () => {
    const items = Array.from({ length: 200 }, (_, index) => ({ id: `item-${index}`, content: `Task ${index} ✓` }));
    const first = { items };
    sameJson(toJson(first, 0), first);
    const edited = { items: items.map((item, index) => (index === 7 ? { ...item, content: 'Renamed' } : item)) };
    sameJson(toJson(edited, 0), edited);
  });
});
