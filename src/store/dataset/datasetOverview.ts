// The imported dataset's counts and systems (core's datasetOverview), one pass per dataset shared by the store and
// the panels. A large file's overview is counted in the import worker and handed over with its rows.
import { datasetOverview, type DatasetOverview, type DatasetRow } from '../../core/dataset';

const overviews = new WeakMap<readonly DatasetRow[], DatasetOverview>();

export function overviewOf(rows: readonly DatasetRow[]): DatasetOverview {
  let o = overviews.get(rows);
  if (!o) overviews.set(rows, (o = datasetOverview(rows)));
  return o;
}

/** Records an overview counted elsewhere (the import worker) for these rows. */
export function knownOverview(rows: readonly DatasetRow[], o: DatasetOverview): void {
  overviews.set(rows, o);
}
