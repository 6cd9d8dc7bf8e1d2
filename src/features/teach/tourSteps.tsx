// The tour's steps: their titles, what each says, its formula filled with the live numbers of the
// example, and the embedding step's picture of one pair.
import type { ReactNode } from 'react';
import { lexicalTokens } from '../../core/lexical';
import { cellsAbove, diffStats } from '../../core/teaching';
import type { PseudoReference } from '../../core/types';
import type { PaperExample } from '../../examples/paper';
import { cachedVector, DEFAULT_TAU, type SimilarityKind } from '../../store/shared/bundledEncoder';
import type { Pair } from './MatrixTable';
import { f3, tauWords } from './parts';
import type { Pipeline } from './usePipelines';

export const STEPS = ['diff', 'claims', 'smells', 'sentences', 'embeddings', 'matrix', 'tau', 'scores'] as const;
export type StepId = (typeof STEPS)[number];

export const TITLES: Record<StepId, string> = {
  diff: 'The code change',
  claims: 'Claims',
  smells: 'Smells',
  sentences: 'Review sentences',
  embeddings: 'Embeddings',
  matrix: 'Similarity matrix',
  tau: 'Threshold τ',
  scores: 'Scores',
};

export interface Ctx {
  ex: PaperExample;
  kind: SimilarityKind;
  tau: number;
  pipe: Pipeline;
  claims: PseudoReference[];
  smells: PseudoReference[];
  pair: Pair | null;
}

const jaccardParts = (a: string, b: string) => {
  const A = new Set(lexicalTokens(a));
  const B = new Set(lexicalTokens(b));
  const inter = [...A].filter((t) => B.has(t));
  return { A: [...A], B: [...B], inter, union: new Set([...A, ...B]).size };
};

const vecHead = (v: Float32Array | null) => (v ? `[${Array.from(v.slice(0, 5), (x) => x.toFixed(3)).join(', ')}, …]` : '[…]');

/** What each step says, and its formula with the live numbers. */
export function stepBody(id: StepId, c: Ctx): { text: ReactNode; formula: ReactNode } {
  const { pipe, pair, tau } = c;
  const m = pipe.matrix;
  const P = pipe.pTexts.length;
  const R = pipe.sentences.length;
  switch (id) {
    case 'diff': {
      const s = diffStats(c.ex.diff);
      return {
        text: 'CRScore judges a review of this change without any reference review: everything it compares the review with is derived from the change itself.',
        formula: (
          <>
            Δ = diff(old, new): {s.files} file, {s.hunks} hunk{s.hunks === 1 ? '' : 's'}, <b data-testid="tc-live">+{s.added}</b> / −{s.removed} lines
          </>
        ),
      };
    }
    case 'claims': {
      const nc = c.claims.filter((p) => p.kind === 'claim').length;
      const ni = c.claims.filter((p) => p.kind === 'implication').length;
      return {
        text: 'An LLM reads the diff and states what changed (claims) and what the change may cause (implications). In the paper these were checked by annotators.',
        formula: (
          <>
            LLM(Δ) → <b data-testid="tc-live">{nc}</b> claim{nc === 1 ? '' : 's'} + {ni} implication{ni === 1 ? '' : 's'}
          </>
        ),
      };
    }
    case 'smells':
      return {
        text: (
          <>
            Static analyzers add what is wrong with the new code, on the changed lines: JSHint for JavaScript, PMD for Java, PyScent for Python. Claims and
            smells together are the <strong>pseudo-references</strong> P, what a good review could talk about.
            {c.smells.length === 0 && ' This change triggers no smell on its changed lines, so P holds the claims only.'}
          </>
        ),
        formula: (
          <>
            P = claims ∪ smells, |P| = {c.claims.length} + {c.smells.length} = <b data-testid="tc-live">{P}</b>
          </>
        ),
      };
    case 'sentences':
      return {
        text: "The review is cut into sentences R: at line breaks, then at '. ' and '? ', exactly as the paper's reference code does.",
        formula: (
          <>
            R = split(review), |R| = <b data-testid="tc-live">{R}</b>
          </>
        ),
      };
    case 'embeddings': {
      if (!pair) return { text: 'Waiting for the matrix…', formula: '…' };
      const p = pipe.pTexts[pair.row];
      const r = pipe.sentences[pair.col];
      if (c.kind === 'lexical') {
        const j = jaccardParts(p, r);
        return {
          text: 'Lexical stand-in for an encoder: each text becomes its set of words, stopwords removed, identifiers split. Instant, but blind to paraphrase.',
          formula: (
            <>
              T(P{pair.row + 1}) = {'{'}
              {j.A.join(', ')}
              {'}'}
              <br />
              T(S{pair.col + 1}) = {'{'}
              {j.B.join(', ')}
              {'}'} <span className="muted">
                (<b data-testid="tc-live">{j.B.length}</b> words)
              </span>
            </>
          ),
        };
      }
      const vp = cachedVector(p);
      const vr = cachedVector(r);
      return {
        text: 'Each pseudo-reference and each sentence becomes a vector of 512 numbers (the bundled encoder, USE-lite, running in your browser). Texts with similar meaning point the same way.',
        formula: (
          <>
            e(t) = enc(t) / ‖enc(t)‖ ∈ ℝ<sup>{vp?.length ?? 512}</sup>
            <br />
            e(P{pair.row + 1}) = {vecHead(vp)}
            <br />
            e(S{pair.col + 1}) = {vecHead(vr)}, ‖e‖ = <b data-testid="tc-live">{vr ? Math.hypot(...vr).toFixed(3) : '…'}</b>
          </>
        ),
      };
    }
    case 'matrix': {
      if (!m || !pair) return { text: 'Waiting for the matrix…', formula: '…' };
      const v = m.data[pair.row * m.cols + pair.col];
      const name = `s(P${pair.row + 1}, S${pair.col + 1})`;
      if (c.kind === 'lexical') {
        const j = jaccardParts(pipe.pTexts[pair.row], pipe.sentences[pair.col]);
        return {
          text: `Every pseudo-reference is compared with every sentence: ${P} × ${R} similarities. Click any cell to explain it here.`,
          formula: (
            <>
              {name} = |T(P) ∩ T(S)| / |T(P) ∪ T(S)| = {j.inter.length}/{j.union} ={' '}
              <b data-testid="tc-live" data-value={v}>
                {f3(v)}
              </b>
            </>
          ),
        };
      }
      return {
        text: `Every pseudo-reference is compared with every sentence: ${P} × ${R} cosine similarities. Click any cell to explain it here.`,
        formula: (
          <>
            {name} = cos(e(P), e(S)) = Σ<sub>k</sub> e(P)<sub>k</sub>·e(S)<sub>k</sub> ={' '}
            <b data-testid="tc-live" data-value={v}>
              {f3(v)}
            </b>
          </>
        ),
      };
    }
    case 'tau': {
      const n = m ? cellsAbove(m, tau) : 0;
      const tw = tauWords(c.kind, tau);
      return {
        text: `A sentence and a pseudo-reference match when their similarity is above τ. τ is calibrated per encoder with the paper's method (the mean best similarity of review sentences); ${
          tw.calibrated ? `${tau} is this app's calibration for this similarity` : `${tau} is set by hand (the calibrated τ is ${DEFAULT_TAU[c.kind]})`
        }. Move it and watch the outlines.`,
        formula: (
          <>
            match(p, r) = I[s(p, r) &gt; τ], τ = {tau}: <b data-testid="tc-live" data-value={n}>{n}</b> of {P * R} cells above
          </>
        ),
      };
    }
    case 'scores': {
      const s = pipe.scores;
      if (!s) return { text: 'Waiting for the matrix…', formula: '…' };
      return {
        text: 'Conciseness: how much of the review is on topic. Comprehensiveness: how much of P the review covers. Relevance: their harmonic mean.',
        formula: (
          <>
            Con = |{'{'}r : max<sub>p</sub> s &gt; τ{'}'}| / |R| = {s.sentencesAbove}/{s.sentences} = <b data-testid="tc-live-con" data-value={s.con}>{f3(s.con)}</b>
            <br />
            Comp = |{'{'}p : max<sub>r</sub> s &gt; τ{'}'}| / |P| = {s.pseudoReferencesAbove}/{s.pseudoReferences} ={' '}
            <b data-testid="tc-live-comp" data-value={s.comp}>{f3(s.comp)}</b>
            <br />
            Rel = 2·Con·Comp / (Con + Comp) = <b data-testid="tc-live-rel" data-value={s.rel}>{f3(s.rel)}</b>
          </>
        ),
      };
    }
  }
}

export function EmbeddingView({ ctx }: { ctx: Ctx }) {
  const { pair, pipe, kind } = ctx;
  if (!pair) return <p className="muted">Waiting for the encoder…</p>;
  const p = pipe.pTexts[pair.row];
  const r = pipe.sentences[pair.col];
  if (kind === 'lexical') {
    const j = jaccardParts(p, r);
    return (
      <div className="tc-tokens">
        {[
          [`P${pair.row + 1}`, j.A],
          [`S${pair.col + 1}`, j.B],
        ].map(([name, toks]) => (
          <p key={name as string}>
            <span className="row-no">{name as string}</span>{' '}
            {(toks as string[]).map((t) => (
              <span key={t} className={`tc-token ${j.inter.includes(t) ? 'shared' : ''}`}>
                {t}
              </span>
            ))}
          </p>
        ))}
        <p className="muted small">Shared words are highlighted. Pick another pair in the matrix.</p>
      </div>
    );
  }
  const vp = cachedVector(p);
  const vr = cachedVector(r);
  return (
    <div className="tc-vectors">
      {[
        [`P${pair.row + 1}`, vp],
        [`S${pair.col + 1}`, vr],
      ].map(([name, v]) => (
        <div key={name as string} className="tc-vec">
          <span className="row-no">{name as string}</span>
          <span className="tc-strip" aria-hidden="true">
            {v
              ? Array.from((v as Float32Array).slice(0, 64), (x, k) => (
                  <i key={k} style={{ background: x >= 0 ? `rgba(59,91,219,${Math.min(1, Math.abs(x) * 8)})` : `rgba(220,80,60,${Math.min(1, Math.abs(x) * 8)})` }} />
                ))
              : null}
          </span>
        </div>
      ))}
      <p className="muted small">The first 64 of 512 numbers (blue positive, red negative). Pick another pair in the matrix.</p>
    </div>
  );
}
