import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spearman } from '../../core/stats.ts';
import type { EvalLinks } from './evalLinkAgreement.ts';
import { crscore, FIXTURES } from '../shared/testing.ts';

const mini = path.join(FIXTURES, 'mini.jsonl');
const run = (dataset: string, args: string[]) => {
  const r = crscore(['eval', '--dataset', dataset, '--json', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as EvalLinks & { correlations: { rel: { spearman: number } } };
};

describe('crscore eval: links and the oracle', () => {
  // mini.jsonl, lexical Jaccard, τ = 0.6 (see eval.test.ts for the similarities). Review-level links against
  // claims_addressed: py-1 gpt [1,1] vs 1,2 → tp 2; knn [0,0] vs '-' → nothing; lstm [1,0] vs 1 → tp 1;
  // java-3 gpt [1] vs 1 → tp 1; lstm "Unused import." (Jaccard 0.5) [0] vs 1 → fn 1; knn (null review, null
  // links) and stable_code (null links) are left out. So P 1, R 4/5, F1 8/9.
  it('gives the link agreement by hand', () => {
    const out = run(mini, ['--tau', '0.6', '--bootstrap', '200', '--seed', '3']);
    if (!out.links.available) throw new Error(out.links.reason);
    const L = out.links;
    expect(L.rule).toEqual({ rule: 'hard', tau: 0.6 });
    expect(L.overall).toMatchObject({ tp: 4, fp: 0, fn: 1, reviews: 5, pairs: 8, precision: 1, recall: 0.8 });
    expect(L.overall.f1).toBeCloseTo(8 / 9, 12);
    expect(L.unrecorded).toBe(2);
    expect(L.byType.map((x) => [x.key, x.tp, x.fn])).toEqual([['claim', 3, 1], ['issue', 1, 0]]);
    expect(L.bySystem.map((x) => x.key)).toEqual(['gpt3.5_pred', 'knn_pred', 'lstm_pred']);
    expect(L.bootstrap).toMatchObject({ resamples: 200, seed: 3, changes: 2 });
    expect(L.overall.f1Ci![0]).toBeLessThanOrEqual(8 / 9);
    expect(L.worst[0]).toMatchObject({ changeId: 'java-3', system: 'lstm_pred', f1: 0 });
    expect(L.worst[0].annotatorOnly.map((d) => d.text)).toEqual(['Remove unused import os']);
    // The oracle: Rel [1, 0, 2/3, 1, 1] from the links against human Rel Likert [5, 1, 3, 4, 2].
    expect(out.oracle!.reviews).toBe(5);
    expect(out.oracle!.correlations.rel.spearman).toBeCloseTo(spearman([1, 0, 2 / 3, 1, 1], [5, 1, 3, 4, 2]).r, 12);
    expect(out.oracle!.correlations.rel.spearmanCi).toHaveLength(2);
  });

  it('prints the link table, the worst reviews and the oracle row as text', () => {
    const r = crscore(['eval', '--dataset', mini, '--tau', '0.6']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Link agreement with the annotators/);
    expect(r.stdout).toMatch(/^all\s+5\s+8\s+1\.000 .*0\.800 .*0\.889/m);
    expect(r.stdout).toMatch(/annotators only: Remove unused import os/);
    expect(r.stdout).toMatch(/Oracle \(Con, Comp, Rel from the annotators' links; 5 reviews/);
  });

  it('--links-out writes every review\'s sentence-level links as JSONL', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'crscore-links-')), 'links.jsonl');
    expect(crscore(['eval', '--dataset', mini, '--tau', '0.6', '--json', '--links-out', file]).code).toBe(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(7);
    // py-1 lstm: "Rename variable count to total." links the first pseudo-reference (Jaccard 1); "Why?" links none.
    const lstm = lines.find((l) => l.changeId === 'py-1' && l.system === 'lstm_pred');
    expect(lstm.sentences).toEqual([
      { text: 'Rename variable count to total', links: [{ ref: 0, strength: 1 }] },
      { text: 'Why?', links: [] },
    ]);
    expect(lstm).toMatchObject({ review: [1, 0], annotators: [0], rule: { rule: 'hard', tau: 0.6 } });
    expect(lines.find((l) => l.changeId === 'java-3' && l.system === 'stable_code_pred').annotators).toBeNull();
    expect(lines.find((l) => l.changeId === 'py-1' && l.system === 'knn_pred').annotators).toEqual([]);
  });

  it('links under graded credit, for --scoring graded and --preset plus', () => {
    for (const args of [['--scoring', 'graded'], ['--preset', 'plus']]) {
      const out = run(mini, ['--calibrate-on', 'gpt3.5_pred', ...args]);
      if (!out.links.available) throw new Error(out.links.reason);
      expect(out.links.rule.rule).toBe('graded');
      expect(out.links.overall.reviews).toBe(5);
      expect(out.oracle!.reviews).toBe(5);
    }
  });

  it('says so, and gives no table, when the dataset records no links', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'crscore-links-'));
    const file = path.join(dir, 'nolinks.jsonl');
    writeFileSync(file, readFileSync(mini, 'utf8').replace(/"claims_addressed": *("[^"]*"|null)/g, '"claims_addressed": null'));
    const out = run(file, ['--tau', '0.6']);
    expect(out.links).toEqual({ available: false, reason: expect.stringMatching(/no annotator links/) });
    expect(out.oracle).toBeNull();
    expect(crscore(['eval', '--dataset', file, '--tau', '0.6']).stdout).toMatch(/Links: This dataset records no annotator links/);
  });
});

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const haveDev = existsSync(DEV);
if (!haveDev) console.warn(`skipping dev-data link test: ${DEV} not found`);

describe.skipIf(!haveDev)('links on the dev half', () => {
  it('the oracle sits far above the lexical metric, whose links agree only in part', () => {
    const out = run(DEV, ['--similarity', 'lexical', '--bootstrap', '100']);
    if (!out.links.available) throw new Error(out.links.reason);
    // claims_addressed is recorded for all but one scored review.
    expect(out.links.overall.reviews).toBeGreaterThan(1290);
    expect(out.oracle!.correlations.rel.spearman).toBeGreaterThan(0.9);
    expect(out.links.overall.f1!).toBeGreaterThan(0.3);
    expect(out.links.overall.f1!).toBeLessThan(0.7);
    expect(out.oracle!.correlations.rel.spearman).toBeGreaterThan(out.correlations.rel.spearman + 0.3);
  });
});
