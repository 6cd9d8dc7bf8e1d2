import { describe, expect, it } from 'vitest';
import { readAnnotationCsv } from './annotation.ts';
import { compareWithMetric, metricJobs } from './annotationMetric.ts';
import { lexicalSimilarityMatrix } from './lexical.ts';
import { scoreAt } from './score.ts';
import { spearman } from './stats.ts';

import fixtureA from '../../e2e/fixtures/annotator-a.csv?raw';

const items = readAnnotationCsv({ name: 'annotator-a.csv', text: fixtureA }).items;

describe('metric against an annotator', () => {
  it('scores every rated review and lines it up with the normalised ratings', () => {
    const jobs = metricJobs(items, 'all');
    expect(jobs).toHaveLength(7);
    const ms = jobs.map((j) => lexicalSimilarityMatrix(j.p, j.r));
    const tau = 0.149;
    const c = compareWithMetric(items, jobs, ms, tau);
    const first = c.rows[0];
    expect(first.scores).toEqual(scoreAt(ms[0], tau, { sentences: jobs[0].r }));
    expect(first.human).toEqual({ con: 1, comp: 0.75, rel: 0.75 }); // 5, 4, 4
    expect(c.correlations.rel).toEqual(spearman(c.rows.map((r) => r.scores.rel), c.rows.map((r) => r.human.rel)));
    // Links: A linked P1, P2 and P5 on the first review.
    expect(first.links.filter((l) => l.linked).map((l) => l.no)).toEqual([1, 2, 5]);
    expect(c.coverage.n).toBe(c.rows.reduce((s, r) => s + r.links.length, 0));
  });

  it("'kept' leaves out pseudo-references coded incorrect or not necessary", () => {
    const all = metricJobs(items, 'all')[0];
    const kept = metricJobs(items, 'kept')[0];
    expect(all.p).toHaveLength(5);
    expect(kept.refs.map((p) => p.no)).toEqual([1, 2, 5]); // P3 incorrect, P4 not necessary
  });
});
