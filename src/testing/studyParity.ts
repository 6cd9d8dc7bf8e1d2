// The human study through the human-data model (studyDataset → humanPrepared) against its own path (prepare): the
// prepared datasets and the meta-evaluation's figures on both, for study.test.ts and study.dev.test.ts. Also a
// generated dataset in the study's JSONL shape with what the real one has and the linked one lacks: `msg` scored
// and linked at any place, changes without pseudo-references, unscored and empty reviews, files and analyzer output.
import type { DatasetRow } from '../core/dataset.ts';
import { scoreItems } from '../core/evaluate.ts';
import { humanPrepared, matchedJudge, type BridgeOptions, type Judge } from '../core/humanData/bridge.ts';
import { studyDataset } from '../core/humanData/study.ts';
import { crscoreMetrics, labReviews, referenceColumns } from '../core/lab/index.ts';
import { lexicalSimilarityMatrix } from '../core/lexical.ts';
import { baselineMetrics, GROUPINGS, metaEvaluate, type MetaEvalReport, type MetaMetric } from '../core/metaeval/index.ts';
import { prepare, type PreparedDataset } from '../core/research/prepare.ts';
import { linkedDatasetRows } from './linkedDataset.ts';

/** The linked dataset (linkedDataset.ts) with the human study's other shapes mixed in; JSONL text. */
export function studyShapedJsonl(changes: number): string {
  const rows = linkedDatasetRows({ changes, seed: 11 });
  rows.forEach((row, c) => {
    const reviews = row.reviews as Record<string, unknown>[];
    // msg, scored and linked as the study's is, at a different place in each change; now and then unscored or empty.
    const msg = { system: 'msg', review: `Please check handle ${c} here.`, claims_addressed: c % 4 ? '1' : null, con: c % 5 ? 3 : null, comp: 2, rel: 4 };
    if (c % 6 !== 5) reviews.splice(c % (reviews.length + 1), 0, c % 7 === 3 ? { ...msg, review: null } : msg);
    if (c % 5 === 2) delete row.pseudo_refs;
    if (c % 4 === 1) (reviews[0] as Record<string, unknown>).comp = null;
    if (c % 3 === 0) (reviews[reviews.length - 1] as Record<string, unknown>).review = null;
    if (c % 2 === 0) Object.assign(row, { index: 100 + c, old_file: `m${c}_old.py`, new_file: `m${c}_new.py`, old_code: 'x = 1\n', new_code: 'x = 2\n', reference_analyzer_output: c % 4 ? null : 'W0612 unused variable' });
    if (c % 5 === 4) (row.pseudo_refs as Record<string, unknown>[]).push({ no: 4, type: 'issue', text: `Unused variable in m${c}.py.`, necessary: 0 });
  });
  return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

/** Both sides: the study's own prepare(), and the model's humanPrepared(studyDataset(rows)) with these options. */
export function bothPrepared(rows: readonly DatasetRow[], o: BridgeOptions & { judge?: (d: ReturnType<typeof studyDataset>) => Judge } = {}): { own: PreparedDataset; model: PreparedDataset; skipped: number } {
  const d = studyDataset(rows, 'dev.jsonl');
  const b = humanPrepared(d, o.judge ? o.judge(d) : matchedJudge(d)!, o);
  return { own: prepare(rows, 'reference'), model: b.prepared, skipped: b.noPseudoReferences };
}

/**
 * The meta-evaluation the CLI runs (labReviews' records, the run's columns, the baselines) on one prepared dataset:
 * CRScore (lexical, τ 0.2), BLEU and chrF against every dimension and grouping.
 */
export function metaFigures(p: PreparedDataset, resamples = 40): MetaEvalReport[] {
  const reviews = labReviews(p);
  const matrices = p.items.map((it) => lexicalSimilarityMatrix(it.pseudoReferences, it.sentences));
  const metrics: MetaMetric[] = [
    ...[...crscoreMetrics(scoreItems(p.items, matrices, 0.2), {}), ...referenceColumns(p, ['bleu', 'chrf'])].map((m) => ({ ...m, kind: 'metric' as const })),
    ...baselineMetrics(reviews, 1),
  ];
  const records = reviews.map((r) => ({ changeId: r.changeId, system: r.system, human: r.human }));
  return (['con', 'comp', 'rel'] as const).flatMap((dim) => GROUPINGS.map((grouping) => metaEvaluate(records, metrics, { dim, grouping, resamples, seed: 1 })));
}
