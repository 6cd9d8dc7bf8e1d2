// A 60×40 workbench session for the slider bench: 60 pseudo-references and a 40-sentence review, scored
// lexically (no model). An imported session's stored matrix is never used (sessionFile.ts), so the
// `embedding` block below is only what an exported session would carry.
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
  // Texts drawn from a small vocabulary, so lexical similarities spread across the palette on both sides of τ.
  // Word k is drawn with weight ∝ 1/(k+1) and text lengths vary, so the Jaccard overlaps take hundreds of values.
  const vocab = 'parser cache token buffer index stream retry config schema handler logger queue socket timeout encoder decoder walker visitor router mapper'.split(' ');
  const word = () => vocab[Math.min(vocab.length - 1, Math.floor(Math.exp(r() * Math.log(vocab.length + 1))) - 1)];
  const words = () => Array.from({ length: 3 + Math.floor(r() * 14) }, word).join(' ');
  const pTexts = Array.from({ length: rows }, () => `${words()}.`);
  const review = Array.from({ length: cols }, () => `${words()}?`).join('\n');
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
      tau: 0.3,
      similarity: 'lexical',
      splitMode: 'reference',
      embedding: { encoderId: 'bench-random', pTexts, rTexts, rows, cols, data },
    },
  };
}
