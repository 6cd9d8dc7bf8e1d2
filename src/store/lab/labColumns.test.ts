// The lab's columns from a Research run: reference metrics are not applicable (null with its reason, never 0) on
// changes without a reference review, CRScore gives three columns, LLM outcomes line up by review id, and a
// ticked metric that cannot be computed says why.
import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../../core/dataset';
import { prepare, refMetricValues } from '../../core/research/index';
import type { GradeOutcome } from '../../core/lab/index';
import { labColumns, labRowsOf, missingReason } from './labColumns';
import type { Results } from '../research/researchRun';

const row = (id: string, withRef: boolean) => ({
  id,
  lang: 'py',
  diff: `@@ -1 +1 @@\n-x = 1\n+x = 2 # ${id}`,
  pseudo_refs: [{ no: 1, type: 'claim', text: `x now starts at 2 in ${id}.`, necessary: 1 }],
  reviews: [
    ...(withRef ? [{ system: 'msg', review: `Why does x start at 2 in ${id}?`, con: null, comp: null, rel: null }] : []),
    { system: 'a', review: `x starts at 2 in ${id} now.`, con: 4, comp: 3, rel: 4 },
    { system: 'b', review: 'Looks good.', con: 1, comp: 1, rel: 1 },
  ],
});

function results(withRefs: boolean[]): Results {
  const text = withRefs.map((w, k) => JSON.stringify(row(`c${k}`, w))).join('\n');
  const prepared = prepare(parseDatasetJsonl(text).rows, 'reference');
  return {
    config: { similarity: 'lexical', scoring: 'hard', calibrationSystem: 'a' },
    label: 'lexical',
    prepared,
    embedRef: null,
    calibration: { system: 'a', tau: 0.2, sd: 0.1, values: [] },
    engine: null,
  } as unknown as Results;
}

describe('labColumns', () => {
  it('marks reference metrics not applicable on changes without a reference, never 0', () => {
    const r = results([true, false, true]);
    const scores = r.prepared.items.map(() => ({ con: 0.5, comp: 0.5, rel: 0.5 }));
    const cols = labColumns({ results: r, scores, tau: 0.2, metrics: ['crscore', 'bleu', 'chrf'], grades: null, judges: null, gradeConfig: null, judgeConfig: null, refValues: refMetricValues(r.prepared) });
    expect(cols.map((c) => c.id)).toEqual(['crscore.con', 'crscore.comp', 'crscore.rel', 'bleu', 'chrf']);
    const bleu = cols.find((c) => c.id === 'bleu')!;
    const { reviews } = labRowsOf(r);
    reviews.forEach((rv, k) => {
      if (rv.changeId === 'c1') {
        expect(bleu.values[k]).toBeNull();
        expect(bleu.gaps?.[k]).toBe('not-applicable');
      } else {
        expect(bleu.values[k]).not.toBeNull();
        expect(bleu.gaps?.[k]).toBeNull();
      }
    });
    expect(cols[0].config).toMatchObject({ similarity: 'lexical', tau: 0.2, calibratedOn: 'a' });
  });

  it('lines LLM grades up by review id and records the configuration without a key', () => {
    const r = results([true, true]);
    const { reviews } = labRowsOf(r);
    // Outcomes in another order than the reviews, one missing (asked in no run yet: cancelled, not 0).
    const grades: GradeOutcome[] = reviews
      .slice(1)
      .reverse()
      .map((rv, k) => ({ id: rv.id, grade: k + 2, status: 'graded', samples: [], answers: [], cached: false }));
    const cfg = { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:1/v1', model: 'm', temperature: 0, prompt: 'P {{review}} {{reference}}' };
    const [g] = labColumns({ results: r, scores: [], tau: 0, metrics: ['llm-grade'], grades, judges: null, gradeConfig: cfg, judgeConfig: null, refValues: {} });
    expect(g.id).toBe('llm-grade');
    expect(g.values[0]).toBeNull();
    expect(g.gaps?.[0]).toBe('cancelled');
    for (let k = 1; k < reviews.length; k++) expect(g.values[k]).toBe(grades.find((x) => x.id === reviews[k].id)!.grade);
    expect(g.config).toEqual(cfg);
    expect(JSON.stringify(g.config)).not.toMatch(/key/i);
  });

  it('says why a ticked metric has no column', () => {
    const r = results([false, false]);
    expect(missingReason('embed-ref', r, true)).toMatch(/encoder/);
    expect(missingReason('bleu', r, true)).toMatch(/no reference reviews/);
    expect(missingReason('llm-judge', r, false)).toMatch(/Run LLM metrics/);
    expect(missingReason('crscore', r, true)).toBeNull();
  });
});
