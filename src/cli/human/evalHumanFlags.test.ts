// `crscore eval` on any human-scored dataset, through the real launcher: CRScore's presets (lexical, plus,
// learned), the meta-evaluation's --grouping and --statistic, --signature, --scores-out read back by
// --metric-scores, and the human ceiling on a dimension two annotators scored.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { krippendorffAlpha } from '../../core/agreement';
import { LEXICAL_TAU } from '../../core/lexical';
import { PLUS_DEFAULT_CALIBRATION } from '../../core/plus/preset';
import { shippedWeights } from '../../core/learned/index';
import { parseMetricScores } from '../../core/metaeval/scoresParse';
import { spearman } from '../../core/stats';
import { gradedReviewsRows, workbook } from '../../testing/workbook';
import type { HumanEvalOutput } from './evalHumanReport';
import { crscore } from '../shared/testing';

let dir: string;
let xlsx: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-human-flags-'));
  xlsx = path.join(dir, 'dataset.xlsx');
  writeFileSync(xlsx, Buffer.from(await workbook(gradedReviewsRows(30))));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => crscore(['eval', ...args]);
const json = (args: string[]): HumanEvalOutput => {
  const r = run([...args, '--json']);
  expect(r.stderr).not.toMatch(/Error:/);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as HumanEvalOutput;
};
type Groupings = NonNullable<HumanEvalOutput['metaeval']>['groupings'];
const rowsOf = (g: Groupings[keyof Groupings]) => {
  if (!g || 'undefined' in g) throw new Error(`grouping not computed: ${JSON.stringify(g)}`);
  return g;
};
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const CR = ['--metrics', 'crscore,bleu', '--pseudo-refs', 'reference'];

/** A mapped CSV: 12 changes, two systems, two annotators (a1, a2) of one Likert dimension, `rel`. */
const scores: [number, number][] = [];
function twoAnnotators(): string {
  const lines = ['id,diff,review,gold,model,a1,a2'];
  scores.length = 0;
  for (let i = 1; i <= 12; i++) {
    const diff = `"@@ -${i} +${i} @@\n-a${i}\n+b${i}"`;
    const a = 1 + (i % 5);
    const pair: [number, number][] = [[a, i % 4 ? a : 1 + ((a + 2) % 5)], [1 + ((i * 3) % 5), 1 + ((i * 3 + (i % 2)) % 5)]];
    scores.push(...pair);
    lines.push(`c${i},${diff},Rename value${i} to total${i} please.,Rename value${i} to total${i}.,alpha,${pair[0].join(',')}`);
    lines.push(`c${i},${diff},${i % 3 ? 'Looks fine to me.' : 'Rename it.'},Rename value${i} to total${i}.,beta,${pair[1].join(',')}`);
  }
  const file = path.join(dir, 'two.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
const TWO = ['--map', 'id=id,diff=diff,review=review,reference=gold,system=model', '--human', 'a1:likert-5@rel,a2:likert-5@rel'];

describe('CRScore presets on a human-scored dataset', () => {
  it('--preset plus: TF-IDF with graded credit at the shipped calibration; --tau moves τ, nothing else', () => {
    const out = json(['--dataset', xlsx, ...CR, '--preset', 'plus']);
    expect(out.crscore).toMatchObject({ preset: 'plus', similarity: 'tfidf', scoring: 'graded', pseudoRefs: 'reference', tau: PLUS_DEFAULT_CALIBRATION.tau });
    expect(out.crscore!.tauSource).toMatch(/not calibrated on this dataset/);
    expect(out.metrics.map((m) => [m.id, m.n])).toEqual([['crscore.con', 120], ['crscore.comp', 120], ['crscore.rel', 120], ['bleu', 120]]);
    const lexical = json(['--dataset', xlsx, ...CR]);
    expect(lexical.crscore).toMatchObject({ preset: 'lexical', similarity: 'lexical', tau: LEXICAL_TAU });
    // On a mapped file the two presets score differently: lexical's hard rule gives a one-sentence review 0 or 1,
    // plus's graded credit values in between ("Rename it." is near the reference without reaching plus's τ).
    const csv = twoAnnotators();
    const values = (preset: string, column: string) => {
      const file = path.join(dir, `${preset}.csv`);
      expect(run(['--dataset', csv, ...TWO, ...CR, '--preset', preset, '--scores-out', file]).code).toBe(0);
      const p = parseMetricScores(file, readFileSync(file, 'utf8'));
      return [...p.values[p.columns.indexOf(column)]];
    };
    const plusCon = values('plus', 'crscore-plus.con');
    const lexCon = values('lexical', 'crscore-lexical-t0.149.con');
    expect(lexCon.every((v) => v === 0 || v === 1)).toBe(true);
    expect(plusCon.some((v) => v > 0 && v < 1)).toBe(true);
    const same = json(['--dataset', xlsx, ...CR, '--preset', 'plus', '--tau', String(PLUS_DEFAULT_CALIBRATION.tau)]);
    expect(same.correlations).toEqual(out.correlations);
    expect(same.crscore!.tauSource).toBe('--tau');
  });

  it('--preset learned: the shipped linker (trained on the human study) scores a mapped CSV; a missing --linker is a clear error', () => {
    const csv = twoAnnotators();
    const out = json(['--dataset', csv, ...TWO, ...CR, '--preset', 'learned']);
    const w = shippedWeights();
    expect(out.crscore).toMatchObject({ preset: 'learned', similarity: 'learned-linker', scoring: w.scoring, tau: w.threshold, linker: 'shipped (dev half)' });
    expect(out.crscore!.tauSource).toContain(w.training.dataset);
    expect(out.metrics.find((m) => m.id === 'crscore.rel')!.n).toBe(24);
    const r = run(['--dataset', csv, ...TWO, ...CR, '--preset', 'learned', '--linker', path.join(dir, 'none.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--linker .*none\.json: cannot read it/);
    expect(run(['--dataset', csv, ...TWO, ...CR, '--preset', 'learned', '--tau', '0.3']).stderr).toMatch(/takes no --tau/);
    // One set of options: the study's report's 'paper' is the lexical preset here; an unknown name lists both.
    expect(json(['--dataset', csv, ...TWO, ...CR, '--preset', 'paper']).crscore).toMatchObject({ preset: 'lexical', similarity: 'lexical', scoring: 'hard' });
    expect(run(['--dataset', csv, ...TWO, ...CR, '--preset', 'bogus']).stderr).toMatch(/--preset must be one of lexical, plus, learned, paper/);
  });
});

describe('the meta-evaluation\'s flags', () => {
  it('--grouping item prints that table only; --statistic ranks by it; a system-level statistic needs --grouping system', () => {
    const out = json(['--dataset', xlsx, '--metrics', 'bleu,rouge-l', '--grouping', 'item', '--statistic', 'pearson', '--bootstrap', '20']);
    expect(Object.keys(out.metaeval!.groupings)).toEqual(['item']);
    expect(out.metaeval!.statistic).toBe('pearson');
    const rows = rowsOf(out.metaeval!.groupings.item).rows;
    const ranked = [...rows].sort((a, b) => a.rank - b.rank);
    expect(ranked.map((r) => r.id)).toEqual([...rows].sort((a, b) => (Number.isNaN(b.stats.pearson.value) ? -1 : b.stats.pearson.value - a.stats.pearson.value)).map((r) => r.id));
    const text = run(['--dataset', xlsx, '--metrics', 'bleu', '--grouping', 'system', '--statistic', 'spa', '--bootstrap', '20']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/system level \(system means\) \(ranked by spa\)/);
    expect(text.stdout).toMatch(/spa \[95%\]/);
    expect(text.stdout).not.toMatch(/pooled over reviews/);
    const bad = run(['--dataset', xlsx, '--metrics', 'bleu', '--statistic', 'pairwise']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--statistic pairwise is a system-level statistic: add --grouping system/);
  });

  it('--signature names every metric the tables judge, in one order, and CRScore\'s configuration only where CRScore is one', () => {
    const withCrscore = run(['--dataset', xlsx, '--metrics', 'chrf,crscore,bleu', '--pseudo-refs', 'reference', '--signature']).stdout.trim();
    expect(withCrscore).toMatch(/^metric:paper\+bleu\+chrf\|sim:lexical\|rule:hard\|.*\|tau:0\.149\(preset\)\|prefs:reference\|/);
    expect(run(['--dataset', xlsx, '--metrics', 'crscore,bleu,chrf', '--pseudo-refs', 'reference', '--signature']).stdout.trim()).toBe(withCrscore);
    // BLEU and chrF alone: no τ, no similarity, no pseudo-references (the reference metrics read the reference review).
    const reference = run(['--dataset', xlsx, '--metrics', 'chrf,bleu', '--signature']).stdout.trim();
    expect(reference).toMatch(/^metric:bleu\+chrf\|sim:-\|rule:-\|enc:-\|pool:-\|split:-\|tau:-\|prefs:-\|claims:-\|analyzers:-\|linker:-\|/);
  });

  it('--signature names the dataset (name, SHA-256), the mapping and the dimension, and is the one --metaeval prints', () => {
    const sig = run(['--dataset', xlsx, ...CR, '--preset', 'plus', '--grouping', 'item', '--signature']);
    expect(sig.code).toBe(0);
    const line = sig.stdout.trim();
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain(`|data:dataset.xlsx(30,sha256=${sha256(xlsx).slice(0, 12)})|`);
    expect(line).toContain('|dim:grade|');
    expect(line).toContain('|group:item|');
    expect(line).toMatch(/^metric:plus\+bleu\|sim:tfidf\|rule:graded\|.*\|tau:0\.3279\(preset\)\|prefs:reference\|/);
    expect(line.endsWith('|map:layout:graded-reviews')).toBe(true);
    expect(json(['--dataset', xlsx, ...CR, '--preset', 'plus', '--grouping', 'item', '--bootstrap', '1000']).signature).toBe(line);

    // A mapped file: the mapping's hash, the same by flags or by a mapping file, another for another mapping.
    const csv = twoAnnotators();
    const mapped = run(['--dataset', csv, ...TWO, '--metrics', 'bleu', '--signature']).stdout.trim();
    expect(mapped).toMatch(/^metric:bleu\|.*\|dim:rel\|.*\|data:two\.csv\(24,sha256=[0-9a-f]{12}\)\|imports:-\|map:mapping#[0-9a-f]{12}$/);
    const file = path.join(dir, 'two.json');
    writeFileSync(file, JSON.stringify({ fields: { system: 'model', reference: 'gold', review: 'review', diff: 'diff', id: 'id' }, human: [{ column: 'a1', dimension: 'rel', scale: 'likert', max: 5 }, { column: 'a2', dimension: 'rel', scale: 'likert', max: 5 }] }));
    expect(run(['--dataset', csv, '--mapping', file, '--metrics', 'bleu', '--signature']).stdout.trim()).toBe(mapped);
    const other = run(['--dataset', csv, '--map', 'id=id,diff=diff,review=review,reference=gold,system=model', '--human', 'a1:likert-5@rel', '--metrics', 'bleu', '--signature']).stdout.trim();
    expect(other).not.toBe(mapped);
  });
});

describe('--scores-out, read back by --metric-scores', () => {
  for (const format of ['csv', 'jsonl'] as const)
    it(`describes itself and reads back without loss (${format})`, () => {
      const out = path.join(dir, `scores.${format}`);
      const args = ['--dataset', xlsx, ...CR, '--bootstrap', '50'];
      const r = run([...args, '--scores-out', out, '--metaeval', '--json']);
      expect(r.code).toBe(0);
      const first = JSON.parse(r.stdout) as HumanEvalOutput;
      const text = readFileSync(out, 'utf8');
      const head = format === 'csv'
        ? Object.fromEntries(text.split('\n').filter((l) => l.startsWith('# ')).map((l) => [l.slice(2, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]))
        : (() => {
            const o = JSON.parse(text.split('\n')[0]) as { signature: string; dataset: { name: string; rows: number; sha256: string }; config: Record<string, unknown> };
            return { 'crscore-scores': '1', signature: o.signature, dataset: o.dataset.name, 'dataset-rows': String(o.dataset.rows), 'dataset-sha256': o.dataset.sha256, ...o.config };
          })();
      expect(head).toMatchObject({ 'crscore-scores': '1', signature: first.signature, dataset: 'dataset.xlsx', 'dataset-rows': '30', 'dataset-sha256': sha256(xlsx), configuration: 'crscore-lexical-t0.149', mapping: 'layout:graded-reviews', dimension: 'grade' });
      const columns = format === 'csv' ? text.split('\n').find((l) => l.startsWith('id,'))!.split(',') : Object.keys(JSON.parse(text.split('\n')[1]) as object);
      expect(columns.slice(0, 4)).toEqual(['id', 'lang', 'system', 'human.grade']);
      expect(columns).toContain('crscore-lexical-t0.149.rel');

      // Read back beside the run: every imported column's figures are its original's, to the last digit.
      const back = run([...args, '--metric-scores', `prev=${out}`, '--metaeval', '--json']);
      expect(back.code).toBe(0);
      expect(back.stderr).toMatch(/120 matched/);
      const second = JSON.parse(back.stdout) as HumanEvalOutput;
      for (const key of ['pooled', 'item', 'system'] as const) {
        const rows = rowsOf(second.metaeval!.groupings[key]).rows;
        const by = (id: string) => rows.find((x) => x.id === id)!;
        expect(rows.some((x) => /human/.test(x.id))).toBe(false);
        for (const [mine, theirs] of [['crscore.rel', 'prev.crscore-lexical-t0.149.rel'], ['crscore.con', 'prev.crscore-lexical-t0.149.con'], ['bleu', 'prev.bleu']]) {
          expect(by(theirs).n).toBe(by(mine).n);
          for (const s of ['pearson', 'spearman', 'kendall', 'acc_eq'] as const) expect(by(theirs).stats[s]).toEqual(by(mine).stats[s]);
        }
      }
      expect(second.signature).toMatch(/\|imports:prev=crscore-lexical-t0\.149\|/);
    });
});

it('a table without a system column (every review "human", two a change) reads back whole: human#2 keys the second', () => {
  const lines = ['diff_hunk,comment,gold,relevant'];
  for (let i = 1; i <= 12; i++) {
    const diff = `"@@ -${i} +${i} @@\n-a${i}\n+b${i}"`;
    lines.push(`${diff},Rename value${i} to total${i} please.,Rename value${i} to total${i}.,1`);
    lines.push(`${diff},${i % 3 ? 'Looks fine to me.' : 'Rename it.'},Rename value${i} to total${i}.,${i % 3 ? 0 : 1}`);
  }
  const csv = path.join(dir, 'labels.csv');
  writeFileSync(csv, `${lines.join('\n')}\n`);
  const out = path.join(dir, 'labels-scores.csv');
  const args = ['--dataset', csv, '--map', 'diff=diff_hunk,review=comment,reference=gold', '--human', 'relevant:binary', '--metrics', 'bleu', '--grouping', 'none', '--bootstrap', '50'];
  expect(run([...args, '--scores-out', out]).code).toBe(0);
  const p = parseMetricScores(out, readFileSync(out, 'utf8'));
  expect(p.systems).toEqual(['human', 'human#2']);
  const back = run([...args, '--metric-scores', `prev=${out}`, '--json']);
  expect(back.stderr).toMatch(/24 rows \(csv\), 24 matched/);
  expect(back.stderr).not.toMatch(/duplicate/);
  const rows = rowsOf((JSON.parse(back.stdout) as HumanEvalOutput).metaeval!.groupings.pooled).rows;
  const bleu = rows.find((x) => x.id === 'bleu')!;
  expect(rows.find((x) => x.id === 'prev.bleu')).toMatchObject({ n: bleu.n, stats: bleu.stats });
});

describe('the human ceiling', () => {
  it('on a dimension two annotators scored: its row on top of each table, with their α', () => {
    const csv = twoAnnotators();
    const out = json(['--dataset', csv, ...TWO, '--metrics', 'bleu', '--metaeval', '--bootstrap', '50']);
    expect(out.metaeval!.ceiling.annotators).toEqual(['a1', 'a2']);
    expect(out.metaeval!.ceiling.alpha!.alpha).toBeCloseTo(krippendorffAlpha(scores, 'ordinal').alpha, 12);
    const pooled = rowsOf(out.metaeval!.groupings.pooled).ceiling!;
    expect(pooled).toMatchObject({ kind: 'ceiling', n: 24, dim: 'rel' });
    // a1 judged against a2, on all 24 reviews: Spearman is theirs, computed here (ranks ignore the [0, 1] mapping).
    expect(pooled.stats.spearman.value).toBeCloseTo(spearman(scores.map((x) => x[0]), scores.map((x) => x[1])).r, 12);
    expect(rowsOf(out.metaeval!.groupings.system).ceiling).not.toBeNull();
    const text = run(['--dataset', csv, ...TWO, '--metrics', 'bleu', '--metaeval', '--bootstrap', '20']).stdout;
    expect(text).toMatch(/ — Human ceiling \(a1 vs a2\)/);
    expect(text).toMatch(/Human ceiling: a1 vs a2 on the reviews both scored; their ordinal Krippendorff's α /);
  });

  it('counts every review of a table without a system column (two "human" reviews a change), one unscored by a2', () => {
    const lines = ['diff_hunk,comment,gold,a1,a2'];
    const both: [number, number][] = [];
    for (let i = 1; i <= 12; i++) {
      const diff = `"@@ -${i} +${i} @@\n-a${i}\n+b${i}"`;
      const first: [number, number] = [1 + (i % 5), 1 + ((i + (i % 2)) % 5)];
      const second: [number, number] = [1 + ((i * 3) % 5), 1 + ((i * 3) % 5)];
      lines.push(`${diff},Rename value${i} to total${i} please.,Rename value${i} to total${i}.,${first.join(',')}`);
      // The first change's second review has no a2 score: it is left out of the ceiling, the others are not.
      lines.push(`${diff},Looks fine to me.,Rename value${i} to total${i}.,${second[0]},${i === 1 ? '' : second[1]}`);
      both.push(first);
      if (i !== 1) both.push(second);
    }
    const csv = path.join(dir, 'nosystem.csv');
    writeFileSync(csv, `${lines.join('\n')}\n`);
    const out = json(['--dataset', csv, '--map', 'diff=diff_hunk,review=comment,reference=gold', '--human', 'a1:likert-5@rel,a2:likert-5@rel', '--metrics', 'bleu', '--grouping', 'none', '--bootstrap', '20']);
    const ceiling = rowsOf(out.metaeval!.groupings.pooled).ceiling!;
    expect(ceiling.n).toBe(23);
    expect(ceiling.stats.spearman.value).toBeCloseTo(spearman(both.map((x) => x[0]), both.map((x) => x[1])).r, 12);
  });

  it('says so when no dimension has two annotators', () => {
    const out = json(['--dataset', xlsx, '--metrics', 'bleu', '--metaeval', '--bootstrap', '20']);
    expect(out.metaeval!.ceiling).toEqual({ annotators: null, alpha: null, missing: 'no dimension has two annotators (grade: 1); no human ceiling' });
    expect(rowsOf(out.metaeval!.groupings.pooled).ceiling).toBeNull();
    expect(run(['--dataset', xlsx, '--metrics', 'bleu', '--metaeval', '--bootstrap', '20']).stdout).toMatch(/Human ceiling: no dimension has two annotators \(grade: 1\); no human ceiling\./);
  });
});
