// `crscore score` with no flags gives meaningful scores offline (issue 28): before, it ran lexical overlap at the
// paper's τ 0.7314 (calibrated for mxbai embeddings) and scored almost every review of the human study 0.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spearman } from '../../core/stats.ts';
import { resolveScoreConfig } from './scoreConfig.ts';
import { crscore, FIXTURES } from '../shared/testing.ts';

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('crscore score defaults', () => {
  it('resolves each similarity to its own calibrated τ unless --tau is given', () => {
    expect(resolveScoreConfig({}, 0.22).config).toMatchObject({ preset: 'learned', tau: 0.22 });
    expect(resolveScoreConfig({ preset: 'plus' }, 0.22).config).toMatchObject({ preset: 'plus', tau: 0.3279, sd: 0.2606 });
    expect(resolveScoreConfig({ similarity: 'lexical' }, 0.22).config).toMatchObject({ preset: 'paper', similarity: 'lexical', tau: 0.149 });
    expect(resolveScoreConfig({ encoder: 'use-lite' }, 0.22).config).toMatchObject({ preset: 'paper', encoder: 'use-lite', tau: 0.6447 });
    expect(resolveScoreConfig({ encoder: 'use-lite', tau: '0.5' }, 0.22).config).toMatchObject({ tau: 0.5, tauSource: '--tau' });
    expect(resolveScoreConfig({ encoder: 'mixedbread-ai/mxbai-embed-large-v1' }, 0.22).config.tau).toBe(0.7314);
    const unknown = resolveScoreConfig({ encoder: 'some/model' }, 0.22);
    expect(unknown.config.tau).toBe(0.7314);
    expect(unknown.warnings.join()).toMatch(/no calibrated τ is known for some\/model/);
    expect(() => resolveScoreConfig({ preset: 'plus', encoder: 'use-lite' }, 0.22)).toThrow(/--preset paper/);
    expect(() => resolveScoreConfig({ preset: 'bert' }, 0.22)).toThrow(/--preset must be one of/);
  });

  it('with no flags: the learned preset, said on stderr and in every line, with nonzero scores', () => {
    const r = crscore(['score', '--input', path.join(FIXTURES, 'score.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/preset learned .*; τ 0\.22: the linker's cross-validated link threshold/);
    const out = lines(r.stdout);
    expect(out.map((o) => o.preset)).toEqual(['learned', 'learned', 'learned', 'learned']);
    // a: its first sentence repeats a pseudo-reference: linked; b: empty review 0; c: not scorable.
    expect(out[0].rel).toBeGreaterThan(0.1);
    expect(out[0].matches.sentences[0]).toMatchObject({ best: 0, above: true });
    expect(out[1]).toMatchObject({ scorable: true, rel: 0 });
    expect(out[2]).toMatchObject({ scorable: false, rel: 0 });
  });

  it('--preset plus and --similarity lexical run at their own τ', () => {
    const plus = crscore(['score', '--preset', 'plus', '--input', path.join(FIXTURES, 'score.jsonl')]);
    expect(plus.stderr).toMatch(/preset plus .*; τ 0\.3279/);
    expect(lines(plus.stdout)[0]).toMatchObject({ preset: 'plus', tau: 0.3279 });
    expect(lines(plus.stdout)[0].rel).toBeGreaterThan(0.5);
    const lex = crscore(['score', '--similarity', 'lexical', '--input', path.join(FIXTURES, 'score.jsonl')]);
    expect(lex.stderr).toMatch(/preset paper \(lexical overlap, hard τ\); τ 0\.149/);
    expect(lex.stderr).not.toMatch(/consider --tau/);
    expect(lines(lex.stdout)[0]).toMatchObject({ preset: 'paper', tau: 0.149, rel: 0.5 });
  });

  it("docs/cli.md's pull-request score line runs the similarity its comment names", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/cli.md'), 'utf8');
    const line = /^npm run crscore -- (score --pseudo-refs analyzers [^#\n]*?)\s*#\s*(\w+)/m.exec(doc);
    expect(line, 'the score line of docs/cli.md#pull-requests').not.toBeNull();
    const [, command, says] = line!;
    const argv = command.split(/\s+/).map((w) => (w === 'rows.jsonl' ? path.join(FIXTURES, 'score.jsonl') : w));
    const r = crscore(argv);
    expect(r.code, r.stderr).toBe(0);
    expect(says).toBe('lexical');
    expect(r.stderr).toMatch(/preset paper \(lexical overlap, hard τ\); τ 0\.149/);
    expect(lines(r.stdout)[0]).toMatchObject({ preset: 'paper', tau: 0.149 });
  });
});

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const haveDev = existsSync(DEV);
if (!haveDev) console.warn(`skipping the dev-data score test: ${DEV} not found`);

describe.skipIf(!haveDev)('crscore score on the human study (dev half)', () => {
  it('scores most reviews above 0 with no flags and agrees with human relevance', () => {
    // One score line per scored system review, as a user would write them from the dataset.
    const input: string[] = [];
    const human: number[] = [];
    for (const raw of readFileSync(DEV, 'utf8').split('\n')) {
      if (!raw.trim()) continue;
      const row = JSON.parse(raw);
      if (!row.pseudo_refs?.length) continue;
      for (const r of row.reviews) {
        if (r.system === 'msg' || r.rel == null || !r.review) continue;
        input.push(JSON.stringify({ id: `${row.id}/${r.system}`, diff: row.diff, review: r.review, pseudo_refs: row.pseudo_refs }));
        human.push(r.rel);
      }
    }
    const run = (args: string[]) => lines(crscore(['score', ...args], input.join('\n')).stdout).map((o) => o.rel as number);
    const def = run([]);
    // Before: lexical at τ 0.7314 gave Rel 0 to nearly every review.
    const before = run(['--similarity', 'lexical', '--tau', '0.7314']);
    const nonzero = (xs: number[]) => xs.filter((x) => x > 0).length / xs.length;
    expect(nonzero(before)).toBeLessThan(0.1);
    expect(nonzero(def)).toBeGreaterThan(0.9);
    expect(spearman(def, human).r).toBeGreaterThan(0.5);
  }, 120_000);
});
