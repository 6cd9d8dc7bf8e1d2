// The import-error table both imports share: the first `limit` rows, each with its file, line and reason as text,
// and a button for the rest only when rows are hidden.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImportErrorTable, type ImportErrorRow } from './ImportErrorTable';

const rows = (n: number): ImportErrorRow[] => Array.from({ length: n }, (_, i) => ({ file: `f${i % 3}.jsonl`, line: i + 1, reason: `bad <b>row</b> ${i}` }));
const html = (n: number, limit: number) => renderToStaticMarkup(createElement(ImportErrorTable, { errors: rows(n), limit, reasonLabel: 'Problem', testid: 't' }));

describe('ImportErrorTable', () => {
  it('shows the first rows and offers the rest', () => {
    const h = html(120, 50);
    expect(h.match(/<tr>/g)).toHaveLength(51);
    expect(h).toContain('>Show all 120</button>');
    expect(h).toContain('<td class="num">50</td>');
    expect(h).not.toContain('<td class="num">51</td>');
  });

  it('has no button when every row is shown, and renders reasons as text', () => {
    const h = html(100, 100);
    expect(h.match(/<tr>/g)).toHaveLength(101);
    expect(h).not.toContain('Show all');
    expect(h).toContain('bad &lt;b&gt;row&lt;/b&gt; 0');
    expect(h).toContain('<th>Problem</th>');
  });
});
