import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crscore, FIXTURES } from '../shared/testing.ts';

describe('crscore score', () => {
  const input = readFileSync(path.join(FIXTURES, 'score.jsonl'), 'utf8');

  it('scores JSONL from stdin, one line out per good line in, with matches', () => {
    const r = crscore(['score', '--similarity', 'lexical', '--tau', '0.6'], input);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/stdin line 4: not valid JSON/);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd']);
    // a: sentence 1 equals pseudo-reference 1 (Jaccard 1); sentence 2 and pseudo-reference 2 share nothing.
    expect(out[0]).toMatchObject({
      line: 1,
      scorable: true,
      con: 0.5,
      comp: 0.5,
      rel: 0.5,
      tau: 0.6,
    });
    expect(out[0].matches.sentences[0]).toEqual({
      text: 'Rename variable count to total',
      best: 0,
      similarity: 1,
      above: true,
    });
    expect(out[0].matches.pseudoReferences[1]).toMatchObject({
      text: 'Add null check for user.',
      above: false,
    });
    // b: empty review scores 0; c: no pseudo-references is not scorable, and never NaN.
    expect(out[1]).toMatchObject({ scorable: true, con: 0, comp: 0, rel: 0 });
    expect(out[2]).toMatchObject({ scorable: false, con: 0, comp: 0, rel: 0 });
    // d: pseudo_refs given as LLM output are parsed; {add, null, check, user} vs {callers, must, add, null, check, user}: 4/6.
    expect(out[3].matches.pseudoReferences.map((p: { text: string }) => p.text)).toEqual([
      'The variable count is renamed to total.',
      'Callers must add a null check for user.',
    ]);
    expect(out[3].matches.sentences[0].similarity).toBeCloseTo(4 / 6, 6);
    expect(out[3]).toMatchObject({ con: 1, comp: 0.5 });
  });

  it('reads --input FILE and reports a missing one', () => {
    const ok = crscore(['score', '--similarity', 'lexical', '--tau', '0.9', '--input', path.join(FIXTURES, 'score.jsonl')]);
    expect(ok.stdout.trim().split('\n')).toHaveLength(4);
    const missing = crscore(['score', '--input', 'nope.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read nope\.jsonl: no such file/);
  });
});

describe('crscore dispatcher', () => {
  it('prints usage, rejects unknown commands', () => {
    expect(crscore(['help']).stdout).toMatch(/Commands:/);
    const bad = crscore(['frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown command "frobnicate"/);
  });
});
