// A scores file's plain form: the table alone, so a spreadsheet opens on its header row (the self-describing file's
// `#` lines are rows there), and its provenance (the format, signature, dataset and configuration lines) as a
// sidecar JSON. Made from the self-describing file itself, so both forms carry the same figures (browser and CLI).
import { readConfigHeader } from '../configLines.ts';

export function plainScores(selfDescribing: string): { csv: string; provenance: string } {
  const { config, body } = readConfigHeader(selfDescribing);
  const value = (v: string): unknown => {
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  };
  const provenance = Object.fromEntries(Object.entries(config).map(([k, v]) => [k, value(v)]));
  const columns = (body.split('\n', 1)[0] ?? '').split(',');
  return { csv: body, provenance: `${JSON.stringify({ ...provenance, columns }, null, 2)}\n` };
}

/** The sidecar's name beside a plain scores CSV: scores.csv → scores.csv.json. */
export const provenanceName = (csvName: string): string => `${csvName}.json`;
