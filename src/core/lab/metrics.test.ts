import { describe, expect, it } from 'vitest';
import { importFiles } from '../importers/index';
import { prepare } from '../research/prepare';
// The CLI's own small fixture, read by Vite as text (core tests use no Node APIs).
import miniText from '../../cli/shared/fixtures/mini.jsonl?raw';
import { meteor } from '../refmetrics/meteor';
import { rougeLStemmed } from '../refmetrics/rouge';
import { parseWordNet, packWordNet } from '../refmetrics/wordnet';
import { gradeMetric, judgeMetrics, labRecords, labReviews, referenceColumns, type GradeOutcome } from './metrics';

const prepared = () => prepare(importFiles([{ name: 'mini.jsonl', text: miniText }]).rows, 'reference');

describe('lab columns', () => {
  it('one review per eval item, same order; reference metrics are not applicable (never 0) without a reference', () => {
    const p = prepared();
    const reviews = labReviews(p);
    expect(reviews.map((r) => `${r.changeId}::${r.system}`)).toEqual(p.items.map((it) => `${it.rowId}::${it.system}`));
    expect(labRecords(reviews).map((r) => r.human)).toEqual(p.items.map((it) => it.human));
    const [bleu, chrf, embed] = referenceColumns(p, ['bleu', 'chrf', 'embed-ref']);
    reviews.forEach((r, k) => {
      expect(bleu.values[k] === null).toBe(r.reference === null);
      expect(bleu.gaps![k]).toBe(r.reference === null ? 'not-applicable' : null);
      expect(chrf.values[k] === null).toBe(r.reference === null);
      // No encoder: embed-ref is not applicable anywhere.
      expect(embed.values[k]).toBeNull();
    });
    expect(reviews.some((r) => r.reference === null)).toBe(true);
    const [withEnc] = referenceColumns(p, ['embed-ref'], { embedCos: (a, b) => (a === b ? 1 : 0.5), encoder: 'fake' });
    expect(withEnc.config).toMatchObject({ encoder: 'fake' });
    reviews.forEach((r, k) => expect(withEnc.values[k]).toBe(r.reference === null ? null : r.review === r.reference ? 1 : r.review.trim() ? 0.5 : 0));
  });

  it('ROUGE-L (stemmed) and METEOR against the reference; METEOR without WordNet says it ran two stages', () => {
    const p = prepared();
    const reviews = labReviews(p);
    // A one-synset WordNet: 'total' and 'sum' are synonyms.
    const n = '00000001 03 n 02 total 0 sum 0 000 | a quantity\n';
    const wordnet = parseWordNet(packWordNet({ 'data.noun': n, 'data.verb': '', 'data.adj': '', 'data.adv': '', 'index.noun': 'total n 1 0 1 0 00000001\nsum n 1 0 1 0 00000001\n', 'index.verb': '', 'index.adj': '', 'index.adv': '' }, 'test'));
    const [rouge, met, bare] = [...referenceColumns(p, ['rouge-l', 'meteor'], { wordnet }), ...referenceColumns(p, ['meteor'])];
    reviews.forEach((r, k) => {
      expect(rouge.values[k]).toBe(r.reference === null ? null : rougeLStemmed(r.reference, r.review));
      expect(met.values[k]).toBe(r.reference === null ? null : meteor(r.reference, r.review, { wordnet }));
      expect(bare.values[k]).toBe(r.reference === null ? null : meteor(r.reference, r.review));
      expect(met.gaps![k]).toBe(r.reference === null ? 'not-applicable' : null);
    });
    expect([met.label, met.config.stages]).toEqual(['METEOR', 'exact+stem+synonym']);
    expect([bare.label, bare.config.stages]).toEqual(['METEOR (exact + stem; no WordNet)', 'exact+stem']);
    expect(rouge.label).toBe('ROUGE-L (stemmed)');
  });

  it('LLM outcomes become columns with the reason of every gap; a review never asked counts as not asked', () => {
    const reviews = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
    const o = (id: string, grade: number | null, status: GradeOutcome['status']): GradeOutcome => ({ id, grade, status, samples: [], answers: [], cached: false });
    const g = gradeMetric(reviews, [o('a', 4, 'graded'), o('b', null, 'no-grade'), o('c', null, 'failed')], {});
    expect(g.values).toEqual([4, null, null, null]);
    expect(g.gaps).toEqual([null, 'no-grade', 'failed', 'cancelled']);
    const j = judgeMetrics(reviews.slice(0, 1), [{ id: 'a', grades: { rel: 3, con: null, comp: 2 }, status: 'graded', samples: [], answers: [], cached: false }], {});
    expect(j.map((m) => [m.id, m.values[0], m.gaps![0]])).toEqual([['llm-judge.rel', 3, null], ['llm-judge.con', null, 'no-grade'], ['llm-judge.comp', 2, null]]);
  });
});
