import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from './clean-pasted-html.ts';

describe('cleanPastedHtml', () => {
  it('removes scripting elements, images, handlers, styles and unsafe links, keeping the structure', () => {
    const html = '<h1 onclick="x()" style="color:red">T</h1><p>a<img src=x onerror="x()"><script>x()</script>'
      + '<a href="javascript:x()">b</a><a href="https://ok.org">c</a></p><ul><li><input type="checkbox" checked> d</li></ul>'
      + '<div data-type="todo" data-checked="true">e</div><svg><script>x()</script></svg>';
    expect(cleanPastedHtml(html)).toBe(
      '<h1>T</h1><p>a<a>b</a><a href="https://ok.org">c</a></p><ul><li><input type="checkbox" checked=""> d</li></ul>'
      + '<div data-type="todo" data-checked="true">e</div>',
    );
  });
});
