// Judging the judges. On Martian's benchmark: how closely each offline matcher reproduces each LLM judge's
// published decisions (decision-level accuracy and Cohen's κ, each tool's F1, and the Spearman and Kendall of the
// tools' ranking), with the judges' agreement with each other as the ceiling. On AACR-Bench: whether a comment's
// best match among the other sources' accepted comments predicts that annotators accepted it (ROC AUC, PRs resampled).
//
// Martian publishes, per review, which golden comments a judge found (and by which candidate) and which candidates
// matched nothing, not every pair's verdict; the decisions compared are those: one per (PR, tool, golden comment),
// found or not, and one per (PR, tool, candidate), matched or not. Each judge extracted its own candidates, so
// candidate decisions are compared on the judge's own candidates, and judge against judge on golden comments only.
import { cohenKappa } from '../agreement.ts';
import { kendallTauB, spearman } from '../stats.ts';
import { rocAucInterval, type AucEstimate } from '../metaeval/auc.ts';
import type { PrDataset } from './model.ts';
import { martianEvaluate, martianTotals, replayRecord, type MartianRow } from './evaluators/martian.ts';
import { aacrLocationMatch } from './evaluators/aacr.ts';
import { DEFAULT_THRESHOLD, pairMatrix, type MatcherContext, type MatcherName } from './matchers.ts';
import { withCandidatesFrom } from './readers/martian.ts';

type Decisions = Map<string, boolean>;

export interface ToolF1 {
  tool: string;
  precision: number;
  recall: number;
  f1: number;
}

export interface AgreementRow {
  /** The judge whose decisions are the reference. */
  judge: string;
  /** A matcher (with its threshold) or another judge. */
  against: string;
  kind: 'matcher' | 'judge';
  threshold: number | null;
  golden: { accuracy: number; kappa: number; n: number };
  /** null for judge against judge (their candidates differ). */
  candidates: { accuracy: number; kappa: number; n: number } | null;
  tools: ToolF1[];
  spearman: number;
  kendall: number;
}

function decisionsOf(rows: readonly (MartianRow & { pr: string; system: string })[]): { golden: Decisions; candidates: Decisions } {
  const golden: Decisions = new Map();
  const candidates: Decisions = new Map();
  for (const r of rows) {
    if (r.skipped) continue;
    for (const t of r.true_positives) golden.set(`${r.pr}\u0000${r.system}\u0000${t.golden_comment}`, true);
    for (const g of r.false_negatives) golden.set(`${r.pr}\u0000${r.system}\u0000${g}`, false);
    const matched = new Set(r.true_positives.map((t) => t.matched_candidate));
    for (const c of r.false_positives) candidates.set(`${r.pr}\u0000${r.system}\u0000${c}`, false);
    for (const c of matched) candidates.set(`${r.pr}\u0000${r.system}\u0000${c}`, true);
  }
  return { golden, candidates };
}

function agreement(a: Decisions, b: Decisions) {
  const x: number[] = [];
  const y: number[] = [];
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined) continue;
    x.push(v ? 1 : 0);
    y.push(w ? 1 : 0);
  }
  const k = cohenKappa(x, y);
  return { accuracy: k.po, kappa: k.kappa, n: k.n };
}

function toolF1(rows: readonly (MartianRow & { system: string })[]): ToolF1[] {
  const tools = [...new Set(rows.map((r) => r.system))].sort();
  return tools.map((tool) => {
    const t = martianTotals(rows.filter((r) => r.system === tool));
    return { tool, precision: t.precision, recall: t.recall, f1: t.f1 };
  });
}

type Row = MartianRow & { pr: string; system: string };

function replayRows(ds: PrDataset, judge: string): Row[] {
  const out: Row[] = [];
  for (const pr of ds.prs)
    for (const [system, rec] of Object.entries(pr.judged?.[judge] ?? {})) out.push({ pr: pr.id, system, ...replayRecord(rec, pr.references.length) });
  return out;
}

/** A matcher's step-3 rows on one judge's candidates: a match where the similarity reaches the threshold, its similarity the confidence. */
export function matcherRows(ds: PrDataset, judge: string, matcher: MatcherName, threshold: number, ctx: MatcherContext = {}): Row[] {
  const m = pairMatrix(matcher, ctx);
  const out: Row[] = [];
  for (const pr of withCandidatesFrom(ds, judge).prs) {
    const golden = pr.references.map((r) => r.text);
    for (const [system, cands] of Object.entries(pr.reviews)) {
      const texts = cands.map((c) => c.text);
      const mat = m(golden, texts, pr.diff);
      const gi = new Map<string, number>();
      golden.forEach((g, i) => (gi.has(g) ? 0 : gi.set(g, i)));
      const ci = new Map<string, number>();
      texts.forEach((c, j) => (ci.has(c) ? 0 : ci.set(c, j)));
      out.push({
        pr: pr.id,
        system,
        ...martianEvaluate(golden, texts, (g, c) => {
          const s = mat.data[gi.get(g)! * texts.length + ci.get(c)!];
          return { match: s >= threshold, confidence: s };
        }),
      });
    }
  }
  return out;
}

function compare(judge: string, ref: Row[], against: string, kind: AgreementRow['kind'], threshold: number | null, rows: Row[]): AgreementRow {
  const a = decisionsOf(ref);
  const b = decisionsOf(rows);
  const ta = toolF1(ref);
  const tb = toolF1(rows);
  const tools = ta.map((t) => t.tool).filter((t) => tb.some((u) => u.tool === t));
  const fa = tools.map((t) => ta.find((u) => u.tool === t)!.f1);
  const fb = tools.map((t) => tb.find((u) => u.tool === t)!.f1);
  return {
    judge,
    against,
    kind,
    threshold,
    golden: agreement(a.golden, b.golden),
    candidates: kind === 'matcher' ? agreement(a.candidates, b.candidates) : null,
    tools: tb,
    spearman: spearman(fa, fb).r,
    kendall: kendallTauB(fa, fb).r,
  };
}

export interface JudgesReport {
  judges: string[];
  /** Each judge's own per-tool figures from its published decisions. */
  published: Record<string, ToolF1[]>;
  rows: AgreementRow[];
}

/** Every matcher against every judge (on that judge's candidates), and every judge against every other (the ceiling). */
export function judgeTheJudges(ds: PrDataset, matchers: readonly { name: MatcherName; threshold?: number }[], ctx: MatcherContext = {}): JudgesReport {
  const rows: AgreementRow[] = [];
  const published: Record<string, ToolF1[]> = {};
  const replay = new Map(ds.judges.map((j) => [j, replayRows(ds, j)]));
  for (const j of ds.judges) {
    const ref = replay.get(j)!;
    published[j] = toolF1(ref);
    for (const k of ds.judges) if (k !== j) rows.push(compare(j, ref, k, 'judge', null, replay.get(k)!));
    for (const m of matchers) {
      const t = m.threshold ?? DEFAULT_THRESHOLD[m.name];
      rows.push(compare(j, ref, m.name, 'matcher', t, matcherRows(ds, j, m.name, t, ctx)));
    }
  }
  return { judges: ds.judges, published, rows };
}

export interface AcceptanceAuc extends AucEstimate {
  matcher: string;
  /** 'located': the best among references at the comment's location (AACR-Bench's location rule, mended); 'text': among all. */
  scope: 'located' | 'text';
  comments: number;
}

/**
 * Does a comment's best match predict acceptance? Each labelled comment's best similarity with the accepted
 * comments of the other sources on its PR (its own source's are left out, or an accepted comment would find itself).
 */
export function acceptanceAuc(ds: PrDataset, matcher: MatcherName, ctx: MatcherContext = {}, o: { resamples?: number; seed?: number } = {}): AcceptanceAuc[] {
  const m = pairMatrix(matcher, ctx);
  const located: number[] = [];
  const text: number[] = [];
  const labels: number[] = [];
  const cluster: number[] = [];
  const dense = new Map<number, number>();
  ds.prs.forEach((pr, prIndex) => {
    for (const [system, comments] of Object.entries(pr.reviews)) {
      const labelled = comments.filter((c) => c.label);
      if (labelled.length === 0) continue;
      if (!dense.has(prIndex)) dense.set(prIndex, dense.size);
      const k = dense.get(prIndex)!;
      const refs = pr.references.filter((r) => r.source !== system && r.text);
      const mat = m(refs.map((r) => r.text), labelled.map((c) => c.text), pr.diff);
      labelled.forEach((c, j) => {
        let best = 0;
        let bestLoc = 0;
        refs.forEach((r, i) => {
          const s = mat.data[i * labelled.length + j];
          best = Math.max(best, s);
          if (aacrLocationMatch(c, r, 'aacr-fixed')) bestLoc = Math.max(bestLoc, s);
        });
        text.push(best);
        located.push(bestLoc);
        labels.push(c.label === 'accepted' ? 1 : 0);
        cluster.push(k);
      });
    }
  });
  const opts = { resamples: o.resamples ?? 1000, seed: o.seed ?? 1 };
  return [
    { matcher, scope: 'located', comments: labels.length, ...rocAucInterval(located, labels, cluster, opts) },
    { matcher, scope: 'text', comments: labels.length, ...rocAucInterval(text, labels, cluster, opts) },
  ];
}
