// The human study's file (dev.jsonl, its published CSVs, any file of its row layout, CodeReviewer's test file with
// --predictions) as the one dataset model reads it: one reader (the importers, then studyDataset) and one way its
// pseudo-references are made (on the model's changes), for `crscore eval`'s study report and `--human-data` alike.
import path from 'node:path';
import type { PseudoRefsStats } from '../../pseudorefs/dataset.ts';
import { changeRows, withPseudoReferences } from '../../core/humanData/bridge.ts';
import type { HumanDataset } from '../../core/humanData/model.ts';
import { studyDataset } from '../../core/humanData/study.ts';
import { fillPseudoRefs, loadDataset, type PseudoRefPlan } from '../pseudorefs/pseudoRefs.ts';

/** The file read as the human study's rows, as one HumanDataset; badLines: the lines the importers skipped. */
export async function readStudy(file: string, predictions: readonly string[] = []): Promise<{ dataset: HumanDataset; badLines: number }> {
  const { rows, badLines } = await loadDataset(file, predictions);
  return { dataset: studyDataset(rows, path.basename(file)), badLines };
}

/**
 * Every change's pseudo-references made by the plan (the analyzers, the LLM's claims), as crscore score makes them,
 * with the plan's counts; with the dataset's own (source 'dataset') the dataset as it is, its links kept. Null when
 * interrupted.
 */
export async function madePseudoReferences(d: HumanDataset, plan: PseudoRefPlan): Promise<{ dataset: HumanDataset; stats: PseudoRefsStats } | null> {
  const filled = await fillPseudoRefs(changeRows(d), plan);
  if (filled.interrupted) return null;
  const dataset = plan.source === 'dataset' ? d : withPseudoReferences(d, new Map(filled.rows.map((r) => [r.id, r.pseudoRefs])));
  return { dataset, stats: filled.stats };
}
