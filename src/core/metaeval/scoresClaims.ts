// What an imported scores file says about itself, checked against the run it is imported into. A file this app
// wrote names the dataset it scored (name, rows, SHA-256) and its configuration; a file edited by hand, or one of
// another dataset, may claim anything. Nothing here changes what is read: each claim that does not hold is said,
// beside the file's coverage, in the CLI and the browser (coverageLines).
import type { DatasetIdentity } from './signature.ts';

export interface ScoresClaims {
  signature: string | null;
  configuration: string | null;
  claimedDataset?: DatasetIdentity | null;
  columns: readonly string[];
}

const short = (h: string | null) => (h ? h.slice(0, 12) : '-');
const named = (d: DatasetIdentity) => `${d.name} (${Number.isFinite(d.rows) ? `${d.rows} rows, ` : ''}sha256 ${short(d.sha256)})`;

/** The signature's `data:NAME(ROWS,sha256=HEX)` field, or null. */
function signedData(signature: string): { name: string; rows: number; sha: string } | null {
  const m = /(?:^|\|)data:(.*)\((\d+),sha256=([0-9a-f-]+)\)(?:\||$)/.exec(signature);
  return m ? { name: m[1], rows: Number(m[2]), sha: m[3] } : null;
}

/**
 * Each claim of the file that the run contradicts, as a sentence: the dataset it says it scored (by SHA-256 where
 * both have one, else by name and rows), the dataset its signature names, and a configuration its CRScore
 * columns do not carry. Empty when every claim holds or the file makes none.
 */
export function claimProblems(p: ScoresClaims, run: DatasetIdentity | null): string[] {
  const out: string[] = [];
  const d = p.claimedDataset;
  if (d && run) {
    const differs = d.sha256 && run.sha256 ? d.sha256 !== run.sha256 : d.name !== run.name || (Number.isFinite(d.rows) && d.rows !== run.rows);
    if (differs) out.push(`the file says it scores ${named(d)}, not this run's ${named(run)}: its values may be of another dataset`);
  }
  const sd = p.signature ? signedData(p.signature) : null;
  if (sd && d && ((d.sha256 && sd.sha !== '-' && !d.sha256.startsWith(sd.sha)) || sd.name !== d.name.replace(/[|\s]+/g, '_')))
    out.push(`its signature names dataset ${sd.name} (sha256 ${sd.sha}), not the ${d.name} its header names`);
  if (p.configuration) {
    const own = p.columns.filter((c) => /^crscore[\w.-]*\.(con|comp|rel)$/.test(c));
    const other = own.filter((c) => !c.startsWith(`${p.configuration}.`));
    if (own.length && other.length === own.length) out.push(`its configuration '${p.configuration}' is not the one its CRScore columns name (${other.slice(0, 3).join(', ')})`);
  }
  return out;
}
