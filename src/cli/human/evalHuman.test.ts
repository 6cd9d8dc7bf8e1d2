// `crscore eval` on any human-scored dataset (issue 36), through the real launcher: GradedReviews' workbook by its
// header, a binary-labelled CSV by --map/--human and by --mapping, and the error without a mapping.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smoothBleu } from '../../core/refmetrics/bleu';
import { spearman } from '../../core/stats';
import { gradedReviewsRows, workbook } from '../../testing/workbook';
import { evalLayout } from '../eval/evalRead';
import type { HumanEvalOutput } from './evalHumanReport';
import { crscore, FIXTURES } from '../shared/testing';

let dir: string;
beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), 'crscore-human-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const json = (r: { code: number | null; stdout: string; stderr: string }): HumanEvalOutput => {
  expect(r.stderr).not.toMatch(/Error:/);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as HumanEvalOutput;
};
type Groupings = NonNullable<HumanEvalOutput['metaeval']>['groupings'];
const rowsOf = (g: Groupings[keyof Groupings]) => {
  if (!g) throw new Error('grouping not computed');
  if ('undefined' in g) throw new Error(`grouping undefined: ${g.undefined}`);
  return g.rows;
};

describe('GradedReviews\' workbook, recognised by its header', () => {
  const rows = gradedReviewsRows(30);
  let file: string;
  beforeAll(async () => {
    file = path.join(dir, 'dataset.xlsx');
    writeFileSync(file, Buffer.from(await workbook(rows)));
  });

  it('scores every review with bleu, rouge-l and meteor; judges them against "grade" pooled, per change and per system', () => {
    const out = json(crscore(['eval', '--dataset', file, '--metrics', 'bleu,rouge-l,meteor', '--metaeval', '--json', '--bootstrap', '50']));
    expect(out.dataset).toMatchObject({ layout: 'graded-reviews', changes: 30, reviews: 120 });
    expect(out.dimension).toMatchObject({ name: 'grade', scale: 'Likert 1–5' });
    expect(out.metrics.map((m) => [m.id, m.n, m.leftOut])).toEqual([['bleu', 120, {}], ['rouge-l', 120, {}], ['meteor', 120, {}]]);
    const g = out.metaeval!.groupings;
    for (const key of ['pooled', 'item', 'system'] as const) {
      const r = rowsOf(g[key]);
      expect(r.map((x) => x.id)).toEqual(expect.arrayContaining(['bleu', 'rouge-l', 'meteor', 'baseline.length', 'baseline.random', 'baseline.constant']));
      for (const x of r) expect(x.dim).toBe('grade');
    }
    // System level ranks the four systems: pairwise accuracy is there.
    expect(rowsOf(g.system).find((x) => x.id === 'bleu')!.pairwise).toBeDefined();
    expect(JSON.stringify(out)).not.toMatch(/"rel"/);

    // BLEU's pooled Spearman is spearman() of smoothBleu(reference, review) against the grades, computed here. An
    // empty review (every 7th LLaMA-Reviewer's) scores 0, as every reference metric scores an absent review
    // (refMetricScorer): smoothBleu itself would give it 0.0003, above a review that shares no word.
    const bleu: number[] = [];
    const grade: number[] = [];
    for (const row of rows.slice(1)) for (const k of [3, 5, 7, 9]) {
      bleu.push(String(row[k] ?? '').trim() === '' ? 0 : smoothBleu(String(row[1]), String(row[k])));
      grade.push(Number(row[k + 1]));
    }
    expect(rowsOf(g.pooled).find((x) => x.id === 'bleu')!.stats.spearman.value).toBeCloseTo(spearman(bleu, grade).r, 12);
  });

  it('CRScore with --pseudo-refs reference: τ is the lexical preset\'s, said with its source', () => {
    const out = json(crscore(['eval', '--dataset', file, '--metrics', 'crscore,bleu', '--pseudo-refs', 'reference', '--json']));
    expect(out.crscore).toMatchObject({ tau: 0.149, pseudoRefs: 'reference', similarity: 'lexical', scoring: 'hard' });
    expect(out.crscore!.tauSource).toMatch(/gpt3\.5_pred/);
    expect(out.metrics.map((m) => [m.id, m.n])).toEqual([['crscore.con', 120], ['crscore.comp', 120], ['crscore.rel', 120], ['bleu', 120]]);
    const r = crscore(['eval', '--dataset', file, '--metrics', 'crscore']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--pseudo-refs reference/);
  });
});

describe('a binary-labelled CSV without a system column', () => {
  // Two reviews per change (so per-change figures exist); one system, "human".
  const lines = ['diff_hunk,comment,gold,relevant'];
  for (let i = 1; i <= 12; i++) {
    const ref = `Rename value${i} to total${i}.`;
    lines.push(`"@@ -${i} +${i} @@\n-a${i}\n+b${i}",Rename value${i} to total${i} please.,${ref},1`);
    lines.push(`"@@ -${i} +${i} @@\n-a${i}\n+b${i}",${i % 3 ? 'Looks fine to me.' : `Maybe total${i}.`},${ref},${i % 3 ? 0 : 1}`);
  }
  let csv: string;
  let mappingFile: string;
  const flags = ['--map', 'diff=diff_hunk,review=comment,reference=gold', '--human', 'relevant:binary'];
  beforeAll(() => {
    csv = path.join(dir, 'labels.csv');
    writeFileSync(csv, `${lines.join('\n')}\n`);
    mappingFile = path.join(dir, 'mapping.json');
    writeFileSync(mappingFile, JSON.stringify({ fields: { diff: 'diff_hunk', review: 'comment', reference: 'gold' }, human: [{ column: 'relevant', dimension: 'relevant', scale: 'binary' }] }));
  });

  it('adds ROC AUC beside Spearman; system-level figures are undefined with one system', () => {
    const out = json(crscore(['eval', '--dataset', csv, ...flags, '--metrics', 'bleu,rouge-l', '--metaeval', '--json', '--bootstrap', '50']));
    expect(out.dataset).toMatchObject({ layout: 'mapped', changes: 12, reviews: 24, systems: ['human'] });
    expect(out.dimension.name).toBe('relevant');
    const pooled = rowsOf(out.metaeval!.groupings.pooled);
    const bleu = pooled.find((x) => x.id === 'bleu')!;
    expect(bleu.n).toBe(24);
    expect(bleu.stats.auc).toMatchObject({ positives: 16, negatives: 8 });
    // The review that repeats the reference scores above every "Looks fine" one: the AUC is well above chance.
    expect(bleu.stats.auc!.auc).toBeGreaterThan(0.8);
    expect(bleu.stats.auc!.lo).not.toBeNull();
    expect(out.metaeval!.groupings.system).toEqual({ undefined: expect.stringMatching(/one system \(human\)/) });
    expect(rowsOf(out.metaeval!.groupings.item).length).toBeGreaterThan(0);
  });

  it('with one review per change, the per-change figures are undefined, with the reason', () => {
    const one = path.join(dir, 'one.csv');
    writeFileSync(one, `${['id,comment,gold,relevant', ...lines.slice(1).map((l, k) => `${k + 1},${l.split(',').slice(-3).join(',')}`)].join('\n')}\n`);
    const out = json(crscore(['eval', '--dataset', one, '--map', 'id=id,review=comment,reference=gold', '--human', 'relevant:binary', '--metrics', 'bleu', '--metaeval', '--json', '--bootstrap', '20']));
    expect(out.dataset.changes).toBe(24);
    expect(out.metaeval!.groupings.item).toEqual({ undefined: expect.stringMatching(/every change has one review/) });
    expect(Object.keys(out.metaeval!.groupings)).toEqual(['pooled', 'item', 'system']);
    expect(rowsOf(out.metaeval!.groupings.pooled).find((x) => x.id === 'bleu')!.n).toBe(24);
  });

  it('--mapping FILE.json gives exactly what --map and --human give', () => {
    const a = crscore(['eval', '--dataset', csv, ...flags, '--metrics', 'bleu', '--json']);
    const b = crscore(['eval', '--dataset', csv, '--mapping', mappingFile, '--metrics', 'bleu', '--json']);
    expect(json(b).correlations![0].auc).toBeDefined();
    expect(b.stdout).toBe(a.stdout);
  });

  it('without a mapping: a clear error naming the header and a guessed --map line', () => {
    const r = crscore(['eval', '--dataset', path.join(dir, 'labels.csv'), '--map', '']);
    expect(r.code).not.toBe(0);
    const xlsx = path.join(dir, 'labels.xlsx');
    return workbook(lines.map((l) => l.split(','))).then((wb) => {
      writeFileSync(xlsx, Buffer.from(wb));
      const e = crscore(['eval', '--dataset', xlsx, '--metrics', 'bleu']);
      expect(e.code).not.toBe(0);
      expect(e.stderr).toMatch(/not GradedReviews' layout/);
      expect(e.stderr).toMatch(/its header: diff_hunk, comment, gold, relevant/);
      expect(e.stderr).toMatch(/a guess to check: --map diff=diff_hunk,review=comment,reference=gold --human relevant:binary/);
    });
  });
});

it("the file says its layout: the human study's formats are the study's, a workbook or a mapped file a table", () => {
  const plain = { mapping: false, humanData: false, predictions: false };
  expect(evalLayout(path.join(FIXTURES, 'mini.jsonl'), plain)).toBe('human-study');
  expect(evalLayout('x.xlsx', plain)).toBe('table');
  expect(evalLayout('x.jsonl', { ...plain, mapping: true })).toBe('table');
  // A CSV export of GradedReviews' sheet is known by its header, without a mapping.
  const csv = path.join(dir, 'graded.csv');
  writeFileSync(csv, gradedReviewsRows(5).map((r) => r.map((v) => `"${String(v ?? '').replace(/"/g, '""')}"`).join(',')).join('\n'));
  const out = json(crscore(['eval', '--dataset', csv, '--metrics', 'bleu', '--json']));
  expect(out.dataset).toMatchObject({ layout: 'graded-reviews', reviews: 20 });
  expect(out.correlations![0]).toMatchObject({ id: 'bleu', n: 20 });
});
