import { describe, expect, it } from 'vitest';
import type { EvalItem } from '../evaluate.ts';
import { parseClaimsAddressed } from '../links/annotator.ts';
import { backgroundIdf } from '../plus/idf.ts';
import {
  allFeatures,
  changedLines,
  codeIdentifiers,
  crossValidateLinker,
  crossValidatedScores,
  featureCache,
  FEATURE_NAMES,
  linkerInputs,
  linkerScores,
  modelOf,
  NoLinksError,
  parseWeights,
  reviewFeatures,
  reviewProbabilities,
  trainLinker,
  WeightsError,
} from './index.ts';

const idf = backgroundIdf([
  { word: 'the', count: 100000 },
  { word: 'value', count: 500 },
  { word: 'check', count: 800 },
  { word: 'name', count: 900 },
]);
const feature = (x: Float64Array, i: number, name: string) => x[i * FEATURE_NAMES.length + FEATURE_NAMES.indexOf(name)];

describe('features on hand-made rows', () => {
  const diff = '--- a/u.py\n+++ b/u.py\n@@ -1,2 +1,2 @@\n-def get_user(id):\n+def get_user(user_id):\n     return db.fetch(user_id)';
  it('changed lines and identifiers', () => {
    expect(changedLines(diff)).toBe('def get_user(id):\ndef get_user(user_id):');
    expect([...codeIdentifiers('Rename `x` in getUserName() and db.fetch; plain words stay out')].sort()).toEqual(
      ['db', 'fetch', 'getusername'].sort(),
    );
  });
  it('a review naming the pseudo-reference scores it above one that does not', () => {
    const f = reviewFeatures(
      {
        diff,
        pseudoReferences: [
          { text: 'The parameter of get_user is renamed to user_id.', kind: 'claim' },
          { text: 'Missing docstring (C0116)', kind: 'issue' },
        ],
        sentences: ['Why rename the get_user parameter to `user_id`?', 'Thanks!'],
      },
      featureCache(idf),
    );
    expect(f.blank).toBe(false);
    expect(f.rows).toBe(2);
    expect(f.cols).toBe(2);
    expect(feature(f.x, 0, 'tfidf_max')).toBeGreaterThan(feature(f.x, 1, 'tfidf_max'));
    expect(feature(f.x, 0, 'rank_recip')).toBe(1);
    expect(feature(f.x, 1, 'rank_recip')).toBe(0.5);
    expect(feature(f.x, 0, 'identifiers_shared')).toBeCloseTo(Math.log1p(2), 12); // get_user, user_id
    expect(feature(f.x, 0, 'quotes_code')).toBe(1);
    expect(feature(f.x, 0, 'is_issue')).toBe(0);
    expect(feature(f.x, 1, 'is_issue')).toBe(1);
    expect(feature(f.x, 0, 'sentences')).toBeCloseTo(Math.log1p(2), 12);
    // The first sentence carries the link to the first pseudo-reference.
    expect(f.cell[0]).toBeGreaterThan(f.cell[1]);
    // Review-level features: the same on every pseudo-reference, pooled from the pair features.
    for (const n of ['tfidf_max', 'identifiers_shared', 'plus_credit']) {
      const pair = [feature(f.x, 0, n), feature(f.x, 1, n)];
      for (const i of [0, 1]) {
        expect(feature(f.x, i, `${n}_best`)).toBeCloseTo(Math.max(...pair), 12);
        expect(feature(f.x, i, `${n}_mean`)).toBeCloseTo((pair[0] + pair[1]) / 2, 12);
      }
    }
    expect(feature(f.x, 1, 'asks_question')).toBe(1);
    expect(feature(f.x, 0, 'stock_phrases')).toBeCloseTo(Math.log1p(3), 12); // why, rename, thanks
    expect(feature(f.x, 1, 'words')).toBeCloseTo(Math.log1p(8), 12);
  });
  it('a review with no question and no stock phrasing has those cues at 0', () => {
    const f = reviewFeatures(
      { diff, pseudoReferences: [{ text: 'The parameter of get_user is renamed.', kind: 'claim' }], sentences: ['The get_user parameter changed.'] },
      featureCache(idf),
    );
    expect(feature(f.x, 0, 'asks_question')).toBe(0);
    expect(feature(f.x, 0, 'stock_phrases')).toBe(0);
    expect(feature(f.x, 0, 'tfidf_max_best')).toBe(feature(f.x, 0, 'tfidf_max'));
  });
  it('a blank review is blank and links nothing', () => {
    const f = reviewFeatures({ diff, pseudoReferences: [{ text: 'anything', kind: 'claim' }], sentences: [''] }, featureCache(idf));
    expect(f.blank).toBe(true);
    expect(Array.from(f.x).every((v) => v === 0)).toBe(true);
  });
});

// A generated dataset whose links follow a known rule: a review links a pseudo-reference exactly when it names the
// pseudo-reference's identifier. Other words overlap at random, so plain word overlap is not enough.
const WORDS = 'alpha beta gamma delta omega sigma kappa lambda theta zeta'.split(' ');
function generated(changes: number, seed = 3): { items: EvalItem[]; diffs: Map<string, string> } {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)];
  const items: EvalItem[] = [];
  const diffs = new Map<string, string>();
  for (let c = 0; c < changes; c++) {
    const ids = [0, 1, 2].map((i) => `handle${pick()}${c}_${i}`);
    const refs = ids.map((id) => `The function ${id} now ${pick()}s the ${pick()} ${pick()}.`);
    diffs.set(`c${c}`, ids.map((id) => `+def ${id}(x):\n+    return x`).join('\n'));
    for (let r = 0; r < 6; r++) {
      const linked = [0, 1, 2].filter(() => rand() < 0.4);
      const sentences = [
        `Please ${pick()} the ${pick()} ${pick()} here.`,
        ...linked.map((i) => `Is ${ids[i]} right to ${pick()} this?`),
      ];
      const human = linked.length / 3;
      items.push({
        rowId: `c${c}`,
        lang: 'py',
        system: `sys${r}`,
        sentences,
        pseudoReferences: refs,
        pseudoReferenceKinds: ['claim', 'claim', 'claim'],
        human: { con: human, comp: human, rel: human },
        annotatorLinks: parseClaimsAddressed(linked.length ? linked.map((i) => i + 1).join(',') : '-', [1, 2, 3]),
      });
    }
  }
  return { items, diffs };
}

describe('training recovers a known rule', () => {
  const { items, diffs } = generated(40);
  const features = allFeatures(linkerInputs(items, (id) => diffs.get(id)!), featureCache(idf));
  const { weights, report } = trainLinker(items, features, { folds: 4, seed: 2, dataset: 'generated', ablations: false });
  it('cross-validated links are near perfect and the identifier feature carries weight', () => {
    const hard = report.methods.find((m) => m.id === 'learned-hard-attributed')!;
    expect(hard.summary.f1.mean).toBeGreaterThan(0.95);
    expect(hard.summary.auc.mean).toBeGreaterThan(0.98);
    expect(report.folds).toBe(4);
    expect(weights.coefficients[FEATURE_NAMES.indexOf('identifiers_shared')]).toBeGreaterThan(0.5);
    expect(weights.training).toMatchObject({ dataset: 'generated', reviews: 240, changes: 40 });
  });
  it('cross-validated per-review scores come from the same folds and thresholds as the cross-validation', () => {
    const cv = crossValidatedScores(items, features, { folds: 4, seed: 2, scoring: 'hard', spread: 'attributed' });
    const hard = report.methods.find((m) => m.id === 'learned-hard-attributed')!;
    expect(cv.folds.map((f) => f.name)).toEqual(hard.folds.map((f) => f.fold));
    expect(cv.folds.map((f) => f.threshold)).toEqual(hard.folds.map((f) => f.threshold));
    expect(cv.folds.reduce((a, f) => a + f.reviews, 0)).toBe(items.length);
    expect(cv.scores.every((s) => s && Number.isFinite(s.rel))).toBe(true);
    // Out of fold, not in-sample: at least one review scores differently from the weights trained on all.
    const inSample = linkerScores(modelOf(weights), features, { ...weights, scoring: 'hard' }).scores;
    expect(cv.scores.some((s, k) => s.rel !== inSample[k].rel || s.con !== inSample[k].con)).toBe(true);
    expect(() => crossValidatedScores(items, features, { folds: 1, scoring: 'hard', spread: 'attributed' })).toThrow(/at least 2 folds/);
  });
  it('folds never split a change', () => {
    expect(report.methods[0].folds.reduce((a, f) => a + f.n, 0)).toBe(items.length);
  });
  it('the weights round-trip through JSON and score the same', () => {
    const back = parseWeights(JSON.stringify(weights));
    const a = linkerScores(modelOf(weights), features, weights);
    const b = linkerScores(modelOf(back), features, back);
    expect(b.scores).toEqual(a.scores);
    const p = reviewProbabilities(modelOf(back), features[0]);
    expect(p.length).toBe(3);
  });
  it('a dataset without links gets a clear error', () => {
    const bare = items.map((it) => ({ ...it, annotatorLinks: undefined }));
    expect(() => trainLinker(bare, features, { dataset: 'x' })).toThrow(NoLinksError);
    expect(() => trainLinker(bare, features, { dataset: 'x' })).toThrow(/records no links/);
  });
  it('leave one language out holds out each language', () => {
    const two = items.map((it, k) => ({ ...it, lang: Number(it.rowId.slice(1)) % 2 ? 'js' : 'py', system: `s${k % 3}` }));
    const r = crossValidateLinker(two, features, { scheme: 'language', ablations: false });
    expect(r.scheme).toBe('language');
    expect(r.methods[0].folds.map((f) => f.fold)).toEqual(['js', 'py']);
    expect(() => trainLinker(items, features, { scheme: 'language', dataset: 'x', ablations: false })).toThrow(/at least two languages/);
  });
  it('cross-validation is reproducible', () => {
    const again = crossValidateLinker(items, features, { folds: 4, seed: 2, ablations: false });
    expect(again.methods).toEqual(report.methods);
    expect(again.threshold).toBe(report.threshold);
  });
});

describe('weights files are validated on load', () => {
  const { items, diffs } = generated(8);
  const features = allFeatures(linkerInputs(items, (id) => diffs.get(id)!), featureCache(idf));
  const good = trainLinker(items, features, { folds: 2, dataset: 'g', ablations: false }).weights;
  const bad = (patch: Record<string, unknown>) => JSON.stringify({ ...good, ...patch });
  it.each([
    ['not JSON', '{"format": ', /not JSON/],
    ['an array', '[1,2]', /expected a JSON object/],
    ['another format', JSON.stringify({ name: 'bert', weights: [] }), /"format" is null/],
    ['a newer version', bad({ version: 9 }), /version 9/],
    ['other features', bad({ features: ['a', 'b'] }), /made for other features/],
    ['short coefficients', bad({ coefficients: [1, 2] }), /"coefficients" must be/],
    ['NaN in mean', bad({ mean: good.mean.map(() => 'x') }), /"mean\[0\]" must be a finite number \(feature tfidf_max\) \(it is "x"\)/],
    ['threshold 1.5', bad({ threshold: 1.5 }), /"threshold"/],
    ['unknown scoring', bad({ scoring: 'soft' }), /"scoring"/],
    ['no training record', bad({ training: null }), /"training"/],
  ])('%s', (_, text, message) => {
    expect(() => parseWeights(text, 'w.json')).toThrow(WeightsError);
    expect(() => parseWeights(text, 'w.json')).toThrow(message);
  });
  it('accepts its own output', () => expect(parseWeights(JSON.stringify(good)).threshold).toBe(good.threshold));
});
