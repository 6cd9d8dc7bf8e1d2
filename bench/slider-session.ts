// A 60×40 workbench session for the slider bench: 60 pseudo-references, a 40-sentence review, and a
// stored similarity matrix (seeded, smooth spread of values), so no model is needed to open it.
import { splitReview } from '../src/core/sentences.ts';
import { SESSION_FORMAT, SESSION_VERSION } from '../src/store/session/sessionFile.ts';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function benchSession(rows = 60, cols = 40, seed = 7) {
  const r = rng(seed);
  const pTexts = Array.from({ length: rows }, (_, i) => `Pseudo-reference ${i + 1}: the change updates component ${i % 9} and its handling of case ${i}.`);
  const review = Array.from({ length: cols }, (_, j) => `Review sentence ${j + 1} asks about component ${j % 7} and case ${j}?`).join('\n');
  const rTexts = splitReview(review, 'reference');
  if (rTexts.length !== cols) throw new Error(`expected ${cols} sentences, got ${rTexts.length}`);
  const data: number[] = [];
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) data.push(Math.fround(Math.min(0.99, Math.max(0, 0.35 + 0.5 * r() * r() + 0.25 * r()))));
  return {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    session: {
      name: `Bench ${rows}×${cols}`,
      input: { mode: 'diff', diff: '', oldCode: '', newCode: '', fileName: 'bench.py', language: 'python', languageAuto: true },
      review,
      // Every third row linked by "annotators", so the heatmap draws both sides' links and the disagreements each step.
      pseudoReferences: pTexts.map((text, i) => ({ text, kind: 'claim', source: 'bench', enabled: true, ...(i % 3 === 0 ? { annotatorLinked: true } : {}) })),
      annotatorLinks: { state: 'linked', review },
      tau: 0.5,
      similarity: 'embedding',
      splitMode: 'reference',
      embedding: { encoderId: 'bench-random', pTexts, rTexts, rows, cols, data },
    },
  };
}
