// A human-scored dataset's dimension (GradedReviews' grade, a mapped "useful") names the table and its exports; the
// human study's Con, Comp and Rel keep "human relevance".
import { describe, expect, it } from 'vitest';
import { metaEvaluate, type MetaRecord } from './report.ts';
import { formatMetaEval, metaEvalTable } from './tables.ts';

function report() {
  const records: MetaRecord[] = [];
  const values: number[] = [];
  for (let c = 0; c < 8; c++)
    for (let s = 0; s < 3; s++) {
      const h = ((c + s * 2) % 5) / 4;
      records.push({ changeId: `c${c}`, system: `s${s}`, human: { con: h, comp: h, rel: h } });
      values.push(h + ((c * 7 + s) % 3) * 0.1);
    }
  return metaEvaluate(records, [{ id: 'm', label: 'M', values }], { resamples: 50, seed: 1 });
}

describe('the meta-evaluation table names the dimension it was judged against', () => {
  it('the human study: human relevance', () => {
    expect(metaEvalTable(report(), null).title).toMatch(/^Meta-evaluation against human relevance, pooled/);
  });

  it("a dataset's own dimension: its name in the title and in every export (before: \"human relevance\" in the CSV)", () => {
    const r = report();
    expect(metaEvalTable(r, null, 'grade').title).toMatch(/^Meta-evaluation against grade, pooled/);
    for (const f of ['csv', 'markdown', 'latex', 'text'] as const) {
      const out = formatMetaEval(r, f, 'sig', null, 'grade');
      expect(out, f).toContain('against grade');
      expect(out, f).not.toContain('human relevance');
    }
  });
});
