// Research's edits to a human-scored dataset on screen: its pseudo-references made (or dropped) and its --where
// filter. Kept apart from research.ts, which calls them with its own set, get and loadDataset.
import type { ImportResult } from '../../core/importers/index';
import { humanRows } from '../../core/humanData/bridge';
import { parseWhere } from '../../core/humanData/slices';
import type { DatasetFile } from '../dataset/importRun';
import {
  humanBridgeSource,
  judgedDataset,
  type HumanOnScreen,
  type ResearchState,
} from './researchState';

type Set = (s: Partial<ResearchState>) => void;
type Load = (files: DatasetFile[], imported: ImportResult, human: ResearchState['human']) => void;

export function humanEdits(
  get: () => ResearchState,
  set: Set,
  loadDataset: Load,
  files: () => DatasetFile[],
): Pick<ResearchState, 'setHumanPseudoRefs' | 'setHumanWhere'> {
  return {
    setHumanPseudoRefs(made) {
      const { human: h, datasetName, config } = get();
      if (!h) return;
      const read = h.made?.read ?? h.dataset;
      const dataset = made?.dataset ?? read;
      const next = {
        ...h,
        dataset,
        made: made ? { source: made.source, config: made.config, read } : undefined,
      };
      const rows = humanRows(dataset, dataset.dimensions[0], {
        pseudoRefs: humanBridgeSource(next),
      }).rows;
      // The dataset's file and name stay (the signature names the file read); its results are the old pseudo-references'.
      loadDataset(
        files(),
        { rows, errors: dataset.errors, notes: dataset.notes, formats: [] },
        next,
      );
      set({ datasetName, config });
    },

    setHumanWhere(expr) {
      const h = get().human;
      if (!h) return null;
      let where: HumanOnScreen['where'];
      if (expr.trim()) {
        // The CLI's checks and words (src/core/humanData/slices.ts): a clause it cannot read, a field it lacks, no review left.
        try {
          where = { expr: expr.trim(), clauses: parseWhere(expr) };
          if (judgedDataset({ ...h, where }).reviews.length === 0)
            return `--where ${where.expr}: no review holds it`;
        } catch (e) {
          return `--where ${expr.trim()}: ${(e as Error).message}`;
        }
      }
      if (where?.expr === h.where?.expr) return null;
      set({ human: { ...h, where } });
      if (get().results) void get().run();
      return null;
    },
  };
}
