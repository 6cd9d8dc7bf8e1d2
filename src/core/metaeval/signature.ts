// A reproducibility signature, as sacreBLEU prints one (Post 2018): one line that records everything a
// meta-evaluation figure depends on. One pure function, so the browser and `crscore eval --signature` print the
// same line for the same configuration. Unknown or not-applicable fields print as '-'.
import type { Grouping } from './grouped.ts';
import type { RankStatistic } from './report.ts';

/** The dataset a figure was computed on: its file name, its rows and the SHA-256 of the file's bytes. */
export interface DatasetIdentity {
  name: string;
  rows: number;
  sha256: string | null;
}

export interface SignatureConfig {
  /** The metric and its preset: paper, plus, learned, or an imported metric's name. */
  preset: string;
  similarity: string | null;
  scoring: string | null;
  encoder?: string | null;
  /** Encoder revision or weights hash. */
  encoderRevision?: string | null;
  pooling?: string | null;
  split: string | null;
  tau?: number | null;
  /** calibration:<system>, option (set by hand: a CLI option or Research's slider), fixed, preset, linker. */
  tauSource?: string | null;
  /** Where the pseudo-references came from: dataset, generated… */
  pseudoRefs?: string | null;
  claimsModel?: string | null;
  /** A hash of the claims prompt (e.g. its SHA-256). */
  claimsPromptHash?: string | null;
  analyzers?: readonly string[] | null;
  linkerHash?: string | null;
  /** The grouping, or the groupings of a run that prints several tables (`none+item+system`). */
  grouping: Grouping | readonly Grouping[];
  statistic: RankStatistic;
  dim?: string;
  resamples: number;
  seed: number;
  /** How ε was chosen, e.g. 'in-sample+cv5'. */
  ties: string;
  version: string;
  dataset?: DatasetIdentity | null;
  /** A dataset read through a mapping (any human-scored dataset): its layout, or the mapping's hash
   *  (runSignature.ts's mappingId). Absent for the human study's own files, whose signatures do not print it. */
  mapping?: string | null;
  /** Imported score files: their names and their configurations' names (or signatures' hashes). */
  imports?: readonly { name: string; config: string }[] | null;
  /** The rows judged (`--where grade<=4`), printed only when given. */
  where?: string | null;
  /** The field every table is repeated for (`--by lang`), printed only when given. */
  by?: string | null;
}

/**
 * The signature's `ties` field: ε fitted in-sample and cross-validated over 5 folds of changes, searched as the
 * meta-evaluation's epsSearch says ('search', the default, prints no suffix: the exact sweep up to 2,000,000 pairs,
 * 48 + 24 candidates beyond; 'exhaustive' prints `+eps-exhaustive`).
 */
export const tiesSignature = (epsSearch: 'search' | 'exhaustive' = 'search'): string => `in-sample+cv5${epsSearch === 'exhaustive' ? '+eps-exhaustive' : ''}`;

const field = (v: string | number | null | undefined) => {
  if (v === null || v === undefined || v === '') return '-';
  return String(v).replace(/[|\s]+/g, '_');
};
const short = (h: string | null | undefined) => (h ? h.slice(0, 12) : null);
/** A hash is cut to 12 hex digits; a named revision (a branch, a package version) is kept whole. */
const revision = (r: string | null | undefined) => (r && /^[0-9a-f]{13,}$/i.test(r) ? short(r) : r);

export function metaEvalSignature(c: SignatureConfig): string {
  const tau = c.tau === null || c.tau === undefined || !Number.isFinite(c.tau) ? null : `${Number(c.tau.toFixed(4))}${c.tauSource ? `(${c.tauSource})` : ''}`;
  const encoder = c.encoder ? `${c.encoder}${c.encoderRevision ? `@${revision(c.encoderRevision)}` : ''}` : null;
  const parts: [string, string | number | null | undefined][] = [
    ['metric', c.preset],
    ['sim', c.similarity],
    ['rule', c.scoring],
    ['enc', encoder],
    ['pool', c.pooling],
    ['split', c.split],
    ['tau', tau],
    ['prefs', c.pseudoRefs],
    ['claims', c.claimsModel ? `${c.claimsModel}${c.claimsPromptHash ? `#${short(c.claimsPromptHash)}` : ''}` : null],
    ['analyzers', c.analyzers && c.analyzers.length ? [...c.analyzers].sort().join('+') : null],
    ['linker', short(c.linkerHash)],
    ['group', typeof c.grouping === 'string' ? c.grouping : c.grouping.join('+')],
    ['stat', c.statistic],
    ['dim', c.dim ?? 'rel'],
    ['boot', c.resamples],
    ['seed', c.seed],
    ['ties', c.ties],
    ['version', c.version],
    ['data', c.dataset ? `${c.dataset.name}(${c.dataset.rows}${c.dataset.sha256 ? `,sha256=${short(c.dataset.sha256)}` : ''})` : null],
    ['imports', c.imports && c.imports.length ? c.imports.map((i) => `${i.name}=${i.config}`).join('+') : null],
    ...(c.mapping ? ([['map', c.mapping]] as [string, string][]) : []),
    ...(c.where ? ([['where', c.where]] as [string, string][]) : []),
    ...(c.by ? ([['by', c.by]] as [string, string][]) : []),
  ];
  return parts.map(([k, v]) => `${k}:${field(v)}`).join('|');
}
