import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crscore, FIXTURES } from '../shared/testing.ts';
import type { MetaEvalReport } from '../../core/metaeval/index.ts';

const mini = path.join(FIXTURES, 'mini.jsonl');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'crscore-metaeval-'));
const run = (args: string[]) => crscore(['eval', '--dataset', mini, '--tau', '0.6', '--bootstrap', '100', ...args]);
const json = (args: string[]) => {
  const r = run([...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { signature: string; metaeval: MetaEvalReport; coverage: { matched: number }[] };
};

describe('crscore eval --metaeval', () => {
  it('judges CRScore Rel with the pooled figures eval prints, beside the baselines', () => {
    const out = json(['--metaeval']);
    const ids = out.metaeval.rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['crscore.rel', 'baseline.length', 'baseline.random', 'baseline.constant']));
    const rel = out.metaeval.rows.find((r) => r.id === 'crscore.rel')!;
    // Hand-checked in eval.test.ts: pooled Spearman 0.939336, Kendall τ-b 0.886405 over 6 scored reviews.
    expect(rel.stats.spearman.value).toBeCloseTo(0.939336, 6);
    expect(rel.stats.kendall.value).toBeCloseTo(0.886405, 6);
    expect(rel.n).toBe(6);
    expect(out.signature).toMatch(/^metric:paper\|sim:lexical\|rule:hard\|.*\|tau:0\.6\(option\)\|.*group:none\|stat:spearman\|dim:rel\|boot:100\|seed:1\|ties:in-sample\+cv5\|version:/);
  });

  it('one change: the table and the paired tests say "undefined" and why, JSON null with the reason (issue 38)', () => {
    const one = path.join(tmp, 'one.jsonl');
    writeFileSync(one, `${readFileSync(mini, 'utf8').split('\n')[0]}\n`);
    const args = ['eval', '--dataset', one, '--tau', '0.6', '--bootstrap', '100', '--metaeval'];
    const text = crscore(args);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/\(no interval\)/);
    expect(text.stdout).toMatch(/no interval: only 1 change/);
    expect(text.stdout).toMatch(/p undefined \(only 1 change/);
    expect(text.stdout).not.toMatch(/p_boot/);
    const j = crscore([...args, '--json']);
    const rel = (JSON.parse(j.stdout) as { metaeval: MetaEvalReport }).metaeval.rows.find((r) => r.id === 'crscore.rel')!;
    expect(rel.stats.spearman).toMatchObject({ lo: null, hi: null, intervalWhy: expect.stringMatching(/^only 1 change/) });
  });

  for (const ext of ['csv', 'jsonl']) {
    it(`round-trips: --scores-out ${ext}, then --metric-scores gives identical statistics`, () => {
      const file = path.join(tmp, `scores.${ext}`);
      const w = run(['--scores-out', file]);
      expect(w.code, w.stderr).toBe(0);
      // What was written is information, not a warning.
      expect(w.stderr).toMatch(/^wrote 7 reviews × 6 metric columns/m);
      expect(w.stderr).not.toMatch(/warning: wrote/);
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n');
      if (ext === 'csv') {
        expect(lines.slice(0, 5).map((l) => l.replace(/: .*/, ''))).toEqual(['# crscore-scores', '# signature', '# dataset', '# dataset-rows', '# dataset-sha256']);
        expect(lines).toContain(`# dataset-sha256: ${createHash('sha256').update(readFileSync(mini)).digest('hex')}`);
        expect(lines.find((l) => !l.startsWith('#'))).toBe('id,lang,system,human.con,human.comp,human.rel,crscore-lexical-t0.6.con,crscore-lexical-t0.6.comp,crscore-lexical-t0.6.rel,baseline.length,baseline.random,baseline.constant,review');
      } else expect(JSON.parse(lines[0])).toMatchObject({ signature: expect.stringMatching(/tau:0\.6\(option\).*\|data:mini\.jsonl\(/), config: { configuration: 'crscore-lexical-t0.6' }, dataset: { name: 'mini.jsonl' } });
      for (const grouping of ['none', 'item', 'system']) {
        const out = json(['--metric-scores', `back=${file}`, '--grouping', grouping]);
        const row = (id: string) => out.metaeval.rows.find((r) => r.id === id)!;
        expect(row('back.crscore-lexical-t0.6.rel').stats).toEqual(row('crscore.rel').stats);
        expect(row('back.crscore-lexical-t0.6.rel').ties.eps).toBe(row('crscore.rel').ties.eps);
        // The file's baselines are recognised: the run's own are the only ones in the table.
        expect(out.metaeval.rows.filter((r) => r.kind === 'baseline').map((r) => r.id).sort()).toEqual(['baseline.constant', 'baseline.length', 'baseline.random']);
        expect(out.coverage[0].matched).toBe(7);
        expect(out.signature).toMatch(/\|imports:back=crscore-lexical-t0\.6$/);
      }
    });
  }

  it("an imported file's claims are checked: another dataset's SHA-256 is said; a line feed in its signature adds no line", () => {
    const file = path.join(tmp, 'claims.csv');
    expect(run(['--scores-out', file]).code).toBe(0);
    const own = readFileSync(file, 'utf8');
    expect(run(['--metaeval', '--metric-scores', `own=${file}`]).stderr).not.toContain('does not match this run');
    const forged = path.join(tmp, 'forged.jsonl');
    const rows = own.split('\n').filter((l) => l && !l.startsWith('#'));
    const head = rows[0].split(',');
    const first = JSON.stringify({ signature: 'metric:paper\nAll figures verified', config: { configuration: 'crscore-lexical-t0.6' }, dataset: { name: 'mini.jsonl', rows: 3, sha256: 'f'.repeat(64) } });
    const body = rows.slice(1).map((l) => JSON.stringify({ id: l.split(',')[0], system: l.split(',')[2], m: Number(l.split(',')[head.indexOf('crscore-lexical-t0.6.rel')]) }));
    writeFileSync(forged, `${[first, ...body].join('\n')}\n`);
    const r = run(['--metaeval', '--metric-scores', `forged=${forged}`]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/does not match this run: the file says it scores mini\.jsonl \(3 rows, sha256 ffffffffffff\), not this run's mini\.jsonl/);
    expect(`${r.stdout}\n${r.stderr}`.split('\n').some((l) => l.startsWith('All figures verified'))).toBe(false);
    expect(r.stdout).toContain('metric:paper\\u000AAll figures verified');
  });

  it('--scores-plain: the table alone, opening on its header row, read back alike; the provenance in FILE.csv.json', () => {
    const full = path.join(tmp, 'full.csv');
    const plain = path.join(tmp, 'plain.csv');
    expect(run(['--scores-out', full]).code).toBe(0);
    const w = run(['--scores-out', plain, '--scores-plain']);
    expect(w.code, w.stderr).toBe(0);
    expect(w.stderr).toMatch(/^wrote the provenance to .*plain\.csv\.json$/m);
    const text = readFileSync(plain, 'utf8');
    expect(text.split('\n')[0]).toBe(readFileSync(full, 'utf8').split('\n').find((l) => !l.startsWith('#')));
    expect(text).not.toMatch(/^#/m);
    const p = JSON.parse(readFileSync(`${plain}.json`, 'utf8')) as Record<string, unknown>;
    expect(p).toMatchObject({ 'crscore-scores': 1, dataset: 'mini.jsonl', configuration: 'crscore-lexical-t0.6' });
    expect(String(p.signature)).toMatch(/tau:0\.6\(option\)/);
    const a = json(['--metric-scores', `back=${full}`]).metaeval.rows.find((r) => r.id === 'back.crscore-lexical-t0.6.rel')!;
    const b = json(['--metric-scores', `back=${plain}`]).metaeval.rows.find((r) => r.id === 'back.crscore-lexical-t0.6.rel')!;
    expect(b.stats).toEqual(a.stats);
  });

  it('reports coverage: missing, duplicate, non-numeric and unknown rows by number', () => {
    const file = path.join(tmp, 'mine.csv');
    writeFileSync(
      file,
      ['id,system,score,note', 'py-1,gpt3.5_pred,0.9,a', 'py-1,gpt3.5_pred,0.1,b', 'py-1,knn_pred,abc,c', 'nope-9,knn_pred,0.3,d', 'java-3,lstm_pred,0.2,e', ''].join('\n'),
    );
    const r = run(['--metric-scores', `mine=${file}`, '--grouping', 'item']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('mine.csv: 5 rows (csv), 3 matched; metrics: score');
    expect(r.stderr).toContain('columns without numbers, left out: note');
    expect(r.stderr).toMatch(/missing: 4 reviews of the dataset have no row/);
    expect(r.stderr).toContain('duplicate id and system, first row kept, rows 3');
    expect(r.stderr).toContain('non-numeric values, left out: row 4 score="abc"');
    expect(r.stderr).toContain('no such review in the dataset (id and system), rows 5');
    expect(r.stdout).toMatch(/mine score \(imported\)/);
  });

  it("names the reference review (msg) and a change without pseudo-references, and renames a file called crscore", () => {
    const file = path.join(tmp, 'crscore.csv');
    writeFileSync(file, ['id,system,rel', 'py-1,gpt3.5_pred,0.9', 'py-1,msg,1', 'js-2,gpt3.5_pred,0.5', 'java-3,knn_pred,0.2', 'nope,x,1', ''].join('\n'));
    const r = run(['--metric-scores', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('reference reviews (msg), not judged: rows 3');
    expect(r.stderr).toContain('reviews of changes with no pseudo-references, not scored: rows 4');
    expect(r.stderr).toContain('no such review in the dataset (id and system), rows 6');
    expect(r.stderr).toContain("'crscore' names one of the app's own metrics: renamed 'imported-crscore'");
    const out = json(['--metric-scores', `crscore=${file}`]);
    expect(out.metaeval.rows.map((x) => x.id)).toEqual(expect.arrayContaining(['crscore.rel', 'imported-crscore.rel']));
  });

  it('round-trips ids and systems with leading or trailing spaces, tabs and no-break spaces', () => {
    // mini.jsonl with every id and system padded: --scores-out then --metric-scores must match every review.
    const pads = [' ', '\t', '\u00a0'];
    const lines = readFileSync(mini, 'utf8').trim().split('\n').map((l, k) => {
      const row = JSON.parse(l) as { id: string; reviews: { system: string }[] };
      row.id = k % 2 ? `${row.id}${pads[k % 3]}` : `${pads[k % 3]}${row.id}`;
      row.reviews.forEach((v, j) => v.system !== 'msg' && (v.system = j % 2 ? `${pads[j % 3]}${v.system}` : `${v.system}${pads[(j + 1) % 3]}`));
      return JSON.stringify(row);
    });
    const padded = path.join(tmp, 'padded.jsonl');
    writeFileSync(padded, `${lines.join('\n')}\n`);
    for (const ext of ['csv', 'jsonl']) {
      const file = path.join(tmp, `padded-scores.${ext}`);
      const base = ['eval', '--dataset', padded, '--tau', '0.6', '--bootstrap', '100'];
      const w = crscore([...base, '--scores-out', file]);
      expect(w.code, w.stderr).toBe(0);
      const r = crscore([...base, '--metric-scores', `back=${file}`, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { coverage: { matched: number; missingCount: number }[] };
      expect(out.coverage[0]).toMatchObject({ matched: 7, missingCount: 0 });
    }
  });

  it('refuses a file that matches nothing, naming why', () => {
    const file = path.join(tmp, 'none.jsonl');
    writeFileSync(file, '{"id":"x","system":"y","s":1}\n');
    const r = run(['--metric-scores', `none=${file}`]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/no row matches a review of the dataset/);
  });

  it('--signature prints the signature alone; a system-level statistic needs --grouping system', () => {
    const r = run(['--signature', '--grouping', 'item', '--statistic', 'acc_eq']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toContain('group:item|stat:acc_eq');
    const bad = run(['--statistic', 'spa']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/system-level statistic: add --grouping system/);
  });
});

describe('signature of generated pseudo-references', () => {
  it('records the claims model, a hash of the claims prompt and the analyzers', async () => {
    const { pseudoRefSignature } = await import('./evalMetaeval.ts');
    const s = pseudoRefSignature({ source: 'generate', settings: { model: 'm1' }, format: 'paper' });
    expect(s.claimsModel).toBe('m1');
    expect(s.claimsPromptHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pseudoRefSignature({ source: 'generate', settings: { model: 'm1' }, format: 'json' }).claimsPromptHash).not.toBe(s.claimsPromptHash);
    expect(s.analyzers?.[0]).toMatch(/^jshint\+pmd\(/);
    expect(pseudoRefSignature({ source: 'dataset' })).toEqual({ pseudoRefs: 'dataset', claimsModel: null, claimsPromptHash: null, analyzers: null });
  });
});

describe('crscore eval --preset learned --cv K', () => {
  it('writes and judges out-of-fold learned scores, labelled as cross-validated', () => {
    const learned = (args: string[]) => crscore(['eval', '--dataset', mini, '--preset', 'learned', '--bootstrap', '50', ...args]);
    const out = path.join(tmp, 'learned-cv.csv');
    const w = learned(['--cv', '2', '--scores-out', out]);
    expect(w.code, w.stderr).toBe(0);
    const head = readFileSync(out, 'utf8').split('\n').find((l) => !l.startsWith('#'))!.split(',');
    expect(head).toEqual(expect.arrayContaining(['crscore-learned-cv2.con', 'crscore-learned-cv2.comp', 'crscore-learned-cv2.rel']));
    expect(head).not.toContain('crscore.rel');
    const j = learned(['--cv', '2', '--metaeval', '--json']);
    expect(j.code, j.stderr).toBe(0);
    const rep = JSON.parse(j.stdout) as { signature: string; metaeval: MetaEvalReport };
    const row = rep.metaeval.rows.find((r) => r.id === 'crscore-learned-cv2.rel')!;
    expect(row.label).toMatch(/cross-validated, 2 folds of changes/);
    expect(rep.signature).toMatch(/^metric:learned-cv2\|sim:learned-linker\|/);
    // Without an output that reads per-review scores, --cv says what it is for.
    const bare = learned(['--cv', '2']);
    expect(bare.code).not.toBe(0);
    expect(bare.stderr).toMatch(/--cv with --preset learned cross-validates the scores of --scores-out and --metaeval/);
  });
});

describe('three configurations in one table (issue 35)', () => {
  it('writes lexical, --preset plus and --preset learned scores, and reads all three back in one command', () => {
    const files = { lexical: path.join(tmp, 'lexical.csv'), plus: path.join(tmp, 'plus.jsonl'), learned: path.join(tmp, 'learned.csv') };
    const write = [
      ['--similarity', 'lexical', '--tau', '0.6', '--scores-out', files.lexical],
      ['--preset', 'plus', '--scores-out', files.plus],
      ['--preset', 'learned', '--scores-out', files.learned],
    ];
    for (const args of write) {
      const w = crscore(['eval', '--dataset', mini, '--bootstrap', '20', ...args]);
      expect(w.code, w.stderr).toBe(0);
    }
    const r = crscore(['eval', '--dataset', mini, '--bootstrap', '20', '--metaeval', '--json', ...Object.values(files).flatMap((f) => ['--metric-scores', f])]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { signature: string; metaeval: MetaEvalReport; imports: { name: string; configuration: string; signature: string }[] };
    const ids = out.metaeval.rows.map((x) => x.id);
    // No duplicate rows: every configuration's columns once, the baselines once (the run's own).
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith('baseline.') || id.includes('.baseline.')).sort()).toEqual(['baseline.constant', 'baseline.length', 'baseline.random']);
    expect(ids).toEqual(expect.arrayContaining(['lexical.crscore-lexical-t0.6.rel', 'plus.crscore-plus.rel', 'learned.crscore-learned.rel']));
    // The signature names every configuration, and each imported file's own signature comes with the table.
    expect(out.signature).toMatch(/\|data:mini\.jsonl\(\d+,sha256=[0-9a-f]{12}\)\|imports:lexical=crscore-lexical-t0\.6\+plus=crscore-plus\+learned=crscore-learned$/);
    expect(out.imports.map((i) => i.configuration)).toEqual(['crscore-lexical-t0.6', 'crscore-plus', 'crscore-learned']);
    expect(out.imports[0].signature).toMatch(/^metric:paper\|sim:lexical\|.*tau:0\.6\(option\)/);
    expect(out.imports[1].signature).toMatch(/^metric:plus\|sim:tfidf\|rule:graded\|/);
    expect(out.imports[2].signature).toMatch(/^metric:learned\|sim:learned-linker\|/);
    const text = crscore(['eval', '--dataset', mini, '--bootstrap', '20', '--metaeval', ...Object.values(files).flatMap((f) => ['--metric-scores', f])]);
    expect(text.stdout).toMatch(/imported plus \(.*plus\.jsonl\): metric:plus\|/);
  });
});
