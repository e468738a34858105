import { describe, expect, it } from 'vitest';
import { safeHtml } from './safe-html.ts';

describe('safeHtml', () => {
  it('keeps formatting and links, opening links in a new tab', () => {
    expect(safeHtml('<p>Hello <strong>team</strong> <a href="https://x.test/a">more</a></p>'))
      .toBe('<p>Hello <strong>team</strong> <a href="https://x.test/a" target="_blank" rel="noopener noreferrer">more</a></p>');
  });

  it('drops scripts, frames, handlers, styles and javascript: URLs', () => {
    const out = safeHtml('<p onclick="x()" style="color:red">a<script>alert(1)</script></p>'
      + '<iframe src="https://evil.test"></iframe><a href="javascript:alert(1)">b</a><img src="x" onerror="y()">'
      + '<img src="//evil.test/p.png"><a href="java\nscript:alert(1)">c</a><a href=" data:text/html,x">d</a>');
    expect(out).toBe('<p>a</p><a>b</a><img src="x"><img><a>c</a><a>d</a>');
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(safeHtml('<font color="red"><em>ok</em></font>')).toBe('<em>ok</em>');
  });
});
