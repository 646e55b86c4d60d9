import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Block } from '../workspace/model.ts';
import { buildPageFragment, readBlockElement, writePageBlocks } from './page-blocks.ts';
import { fromStoredValue, toStoredValue } from './plain-values.ts';
import { WorkspaceReader } from './read.ts';
import { reconcile } from './write.ts';

/** A page fragment in a document of its own, holding the blocks. */
function pageFragment(blocks: readonly Block[]) {
  const doc = new Y.Doc();
  const page = doc.getMap('page');
  doc.transact(() => page.set('content', buildPageFragment(blocks)));
  const fragment = page.get('content') as Y.XmlFragment;
  const read = () => fragment.toArray().map((child) => readBlockElement(child as Y.XmlElement));
  return { doc, fragment, read };
}

describe('a page\'s blocks in the editor\'s shared document', () => {
  it('reads back every kind of block, mark and line break in the editor\'s HTML, unknown fields too', () => {
    const blocks: Block[] = [
      { id: 'a', type: 'paragraph', content: 'plain <strong>bold <em>both</em></strong> <code>x &lt; y</code>' },
      { id: 'b', type: 'heading', content: '<a href="https://example.com/?a=1&amp;b=2"><strong>link</strong> text</a>' },
      { id: 'c', type: 'todo', content: 'line<br><br>two&nbsp;', checked: true, color: 'red' } as Block,
      { id: 'd', type: 'paragraph', content: '' },
    ];
    const { fragment, read } = pageFragment(blocks);
    expect(read()).toEqual(blocks);
    const todo = fragment.get(2) as Y.XmlElement;
    expect(todo.nodeName).toBe('todo');
    expect(todo.toArray().map((child) => (child instanceof Y.XmlText ? 'text' : (child as Y.XmlElement).nodeName))).toEqual(['text', 'hardBreak', 'hardBreak', 'text']);
    expect((fragment.get(1) as Y.XmlElement).toArray().length).toBe(1);
  });

  it('reads what the editor writes: a link with all its attributes, a hashed mark name, no id, an unsafe address', () => {
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment('page');
    const element = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    element.insert(0, [text]);
    fragment.insert(0, [element]);
    text.insert(0, 'go', { link: { href: '/pages/1', target: null, rel: null, class: null } });
    text.insert(2, ' bold', { 'bold--abcd1234': {} });
    text.insert(7, ' bad', { link: { href: 'javascript:alert(1)' } });
    const block = readBlockElement(element);
    expect(block.content).toBe('<a href="/pages/1">go</a><strong> bold</strong> bad');
    expect(block.id).toMatch(/^block-\d+-\d+$/);
    expect(readBlockElement(element).id).toBe(block.id);
  });

  it('writes a keystroke as one inserted character, so another editor\'s typing in the block stays', () => {
    const start: Block[] = [{ id: 'a', type: 'paragraph', content: 'hello <em>world</em>' }];
    const one = pageFragment(start);
    const two = new Y.Doc();
    Y.applyUpdate(two, Y.encodeStateAsUpdate(one.doc));
    const twoFragment = two.getMap('page').get('content') as Y.XmlFragment;
    const twoRead = () => twoFragment.toArray().map((child) => readBlockElement(child as Y.XmlElement));
    one.doc.transact(() => writePageBlocks(one.fragment, start, [{ id: 'a', type: 'paragraph', content: 'Ahello <em>world</em>' }], reconcile));
    two.transact(() => writePageBlocks(twoFragment, start, [{ id: 'a', type: 'paragraph', content: 'hello <em>worldB</em>' }], reconcile));
    Y.applyUpdate(two, Y.encodeStateAsUpdate(one.doc));
    Y.applyUpdate(one.doc, Y.encodeStateAsUpdate(two));
    expect(one.read()).toEqual([{ id: 'a', type: 'paragraph', content: 'Ahello <em>worldB</em>' }]);
    expect(twoRead()).toEqual(one.read());
  });

  it('keeps the elements of unchanged blocks, replaces one whose type changed, and orders with few moves', () => {
    const start: Block[] = [
      { id: 'a', type: 'paragraph', content: 'a' }, { id: 'b', type: 'paragraph', content: 'b' }, { id: 'c', type: 'paragraph', content: 'c' },
    ];
    const { doc, fragment, read } = pageFragment(start);
    const [a, b] = [fragment.get(0), fragment.get(1)];
    const next: Block[] = [
      { id: 'b', type: 'paragraph', content: 'b' }, { id: 'a', type: 'paragraph', content: 'a' }, { id: 'c', type: 'todo', content: 'c', checked: false },
      { id: 'd', type: 'heading', content: 'new' },
    ];
    doc.transact(() => writePageBlocks(fragment, start, next, reconcile));
    expect(read()).toEqual(next);
    expect([fragment.get(0), fragment.get(1)].filter((element) => element === a || element === b)).toHaveLength(1);
  });

  it('reads a repeated id (two editors splitting at once) apart, the first keeping it', () => {
    const doc = new Y.Doc();
    doc.transact(() => doc.getMap('pages.items').set('p', new Y.Map(Object.entries({ id: 'p', content: buildPageFragment([
      { id: 'x', type: 'paragraph', content: 'one' }, { id: 'x', type: 'paragraph', content: 'two' },
    ]) }))));
    doc.getArray('pages.order').push(['p']);
    const content = new WorkspaceReader(doc).read().pages[0]?.content ?? [];
    expect(content.map((block) => block.content)).toEqual(['one', 'two']);
    expect(content[0]?.id).toBe('x');
    expect(content[1]?.id).toMatch(/^x-\d+-\d+$/);
  });
});

describe('plain values in the document', () => {
  it('keeps a "__proto__" key through storage, and leaves values with nothing to escape as they are', () => {
    const doc = new Y.Doc();
    const exact = JSON.parse('[{"__proto__":"x","\\u0000a":1,"ok":[{"__proto__":{"deep":true}}]}]') as unknown;
    doc.getMap('m').set('v', toStoredValue(exact));
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    expect(fromStoredValue(copy.getMap('m').get('v'))).toEqual(exact);
    expect(JSON.stringify(fromStoredValue(copy.getMap('m').get('v')))).toBe(JSON.stringify(exact));
    const tags = ['a', 'b'];
    expect(toStoredValue(tags)).toBe(tags);
    expect(fromStoredValue(tags)).toBe(tags);
  });
});
