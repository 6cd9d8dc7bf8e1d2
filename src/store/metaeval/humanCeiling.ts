// The human ceiling of Research's meta-evaluation on a human-scored dataset: the judged dimension's annotators,
// one against the other on the reviews both scored, by the core's dimensionCeiling, the function `crscore eval
// --dataset` reports its ceiling with (src/cli/human/evalHumanMeta.ts). A dimension with one annotator gives no ceiling,
// and says why (and which dimension would give one).
import { dimensionCeiling, humanRows } from '../../core/humanData/bridge';
import type { HumanCeilingInput } from '../../core/metaeval/ceiling';
import { useResearch } from '../research/research';
import { humanBridgeOptions, judgedDataset } from '../research/researchState';

let memo: { key: unknown; where: unknown; dimension: string; input: HumanCeilingInput } | null = null;

/** The ceiling's input on the human dataset on screen (its missing says why when there is none); null for any other dataset. */
export function humanDatasetCeiling(): HumanCeilingInput | null {
  const h = useResearch.getState().human;
  const d = h?.dataset.dimensions.find((x) => x.name === h.dimension);
  if (!h || !d) return null;
  const judged = judgedDataset(h);
  if (memo?.key === h.dataset && memo.where === h.where && memo.dimension === d.name) return memo.input;
  // The judged reviews (humanRows', the kept ones too), as the run's meta-evaluation and the CLI's ceiling read them.
  const c = dimensionCeiling(judged, humanRows(judged, d, humanBridgeOptions(h)).reviews, d, (name) => `choose ${name} as the Human dimension`);
  const input = c.input ?? { annotators: null, records: [], metrics: [], alpha: null, single: 0, missing: c.missing };
  memo = { key: h.dataset, where: h.where, dimension: d.name, input };
  return input;
}
