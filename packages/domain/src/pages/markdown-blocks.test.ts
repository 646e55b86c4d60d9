import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeBlockHtml } from '../workspace/block-html.ts';
import { looksLikeMarkdown, markdownToBlocks } from './markdown-blocks.ts';

function counter() {
  let next = 0;
  return () => `block-${(next += 1)}`;
}
const convert = (text: string) => markdownToBlocks(text, counter());
const contents = (text: string) => convert(text).map((block) => block.content);

describe('looksLikeMarkdown', () => {
  it('sees line markers: headings, todos, lists, fences', () => {
    for (const text of ['# Title', 'intro\n## Part', '- [ ] task', '[x] done', '[] open', '- item', '* item', '+ item', '1. first', '```\ncode\n```', '  - nested']) {
      expect(looksLikeMarkdown(text), text).toBe(true);
    }
  });

  it('sees inline marks: bold, em, code, links', () => {
    for (const text of ['a **bold** word', 'a __bold__ word', 'an *em* word', 'an _em_ word', 'run `npm test`', 'see [docs](https://a.test)']) {
      expect(looksLikeMarkdown(text), text).toBe(true);
    }
  });

  it('leaves plain text alone', () => {
    for (const text of ['', 'Just a sentence.', '#hashtag and C#', '2 * 3 * 4', 'snake_case_name', 'price: $5 - $6', 'a [note] (aside)', 'x*', '**']) {
      expect(looksLikeMarkdown(text), text).toBe(false);
    }
  });
});

describe('markdownToBlocks: lines', () => {
  it('makes one block per non-blank line, each with a new id', () => {
    const blocks = convert('one\n\n  \ntwo\r\nthree\rfour');
    expect(blocks).toEqual([
      { id: 'block-1', type: 'paragraph', content: 'one' },
      { id: 'block-2', type: 'paragraph', content: 'two' },
      { id: 'block-3', type: 'paragraph', content: 'three' },
      { id: 'block-4', type: 'paragraph', content: 'four' },
    ]);
  });

  it('reads # to ###### followed by a space as headings', () => {
    expect(convert('# One\n###### Six ##\n####### Seven\n#NoSpace')).toEqual([
      { id: 'block-1', type: 'heading', content: 'One' },
      { id: 'block-2', type: 'heading', content: 'Six' },
      { id: 'block-3', type: 'paragraph', content: '####### Seven' },
      { id: 'block-4', type: 'paragraph', content: '#NoSpace' },
    ]);
  });

  it('reads todo markers, checked for x or X', () => {
    const blocks = convert('- [ ] open\n- [x] done\n* [ ] star\n[] bare\n[ ] spaced\n[x] ticked\n- [X] upper');
    expect(blocks.map(({ type, content, checked }) => [type, content, checked])).toEqual([
      ['todo', 'open', false], ['todo', 'done', true], ['todo', 'star', false], ['todo', 'bare', false],
      ['todo', 'spaced', false], ['todo', 'ticked', true], ['todo', 'upper', true],
    ]);
  });

  it('writes bullets as paragraphs starting with •, keeps numbers, drops the quote marker', () => {
    expect(contents('- dash\n* star\n+ plus\n  - indented\n1. first\n2) second\n> quoted\n>\n-not a bullet')).toEqual([
      '• dash', '• star', '• plus', '• indented', '1. first', '2) second', 'quoted', '-not a bullet',
    ]);
  });

  it('writes the lines inside a fence as <code> paragraphs, as typed, and drops the fence lines', () => {
    expect(contents('before\n```ts\n  const a = 1 < 2 && **b**;\n\n# not a heading\n```\nafter')).toEqual([
      'before', '<code>  const a = 1 &lt; 2 &amp;&amp; **b**;</code>', '<code># not a heading</code>', 'after',
    ]);
  });

  it('reads the rest of the text as code when a fence is not closed', () => {
    expect(contents('```\n- x')).toEqual(['<code>- x</code>']);
  });
});

describe('markdownToBlocks: inline', () => {
  it('reads bold, em and code', () => {
    expect(contents('**a** __b__ *c* _d_ `e`')).toEqual(['<strong>a</strong> <strong>b</strong> <em>c</em> <em>d</em> <code>e</code>']);
  });

  it('nests marks', () => {
    expect(contents('**bold *and em***\n*em **and bold** here*')).toEqual([
      '<strong>bold <em>and em</em></strong>', '<em>em </em><strong><em>and bold</em></strong><em> here</em>',
    ]);
  });

  it('reads no _ emphasis inside words, but * emphasis anywhere', () => {
    expect(contents('snake_case_name and 2*3*4')).toEqual(['snake_case_name and 2<em>3</em>4']);
  });

  it('reads no marks inside code', () => {
    expect(contents('`**not bold** [x](https://a.test)`')).toEqual(['<code>**not bold** [x](https://a.test)</code>']);
  });

  it('needs text right inside the delimiters', () => {
    expect(contents('a * b * c and ** d **')).toEqual(['a * b * c and ** d **']);
  });

  it('reads links, with the address through the same allow-list', () => {
    expect(contents('[docs](https://a.test/?a=1&b=2) [**home**](/) [bad](javascript:void) [worse](data:text/html,x) [also](JaVaScRiPt:x)')).toEqual([
      '<a href="https://a.test/?a=1&amp;b=2">docs</a> <a href="/"><strong>home</strong></a> bad worse also',
    ]);
  });

  it('keeps backslash-escaped markers as text', () => {
    expect(contents('\\*not em\\* and \\# no')).toEqual(['*not em* and # no']);
  });

  it('keeps HTML typed in the Markdown as text', () => {
    expect(contents('<img src=x onerror=alert(1)> & <b>b</b>\n# <script>alert(1)</script>')).toEqual([
      '&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;b&lt;/b&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;',
    ]);
  });
});

describe('markdownToBlocks properties', () => {
  const markdownArb = fc.array(fc.oneof(
    fc.constantFrom('# ', '- ', '- [ ] ', '[x] ', '> ', '```', '\n', '\r\n', '**', '__', '*', '_', '`', '[', '](', ')', '<', '&', 'https://a.test', 'javascript:'),
    fc.string({ maxLength: 5 }),
  ), { maxLength: 30 }).map((parts) => parts.join(''));

  it('gives every block a new id and content already in the editor\'s form', () => {
    fc.assert(fc.property(markdownArb, (text) => {
      const blocks = convert(text);
      expect(new Set(blocks.map((block) => block.id)).size).toBe(blocks.length);
      for (const block of blocks) {
        expect(sanitizeBlockHtml(block.content)).toBe(block.content);
        expect(typeof block.checked === 'boolean').toBe(block.type === 'todo');
      }
      expect(blocks.length).toBeLessThanOrEqual(text.split(/\r\n?|\n/).filter((line) => line.trim() !== '').length);
    }));
  });
});

describe('markdownToBlocks on large input', () => {
  // Well under a second on a quiet machine; a quadratic scan would take many minutes, which the test's time limit catches
  // (no wall-clock assertion: a busy machine is not a failure).
  it('stays linear on a long line of unmatched delimiters and brackets', () => {
    for (const line of ['*a '.repeat(30_000), '_a '.repeat(30_000), '**a '.repeat(30_000), '[a '.repeat(30_000), '`a '.repeat(30_000)]) {
      expect(convert(line)).toHaveLength(1);
      looksLikeMarkdown(line);
    }
  }, 120_000);
});
