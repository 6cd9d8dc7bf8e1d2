// One configuration, one signature: the CLI (`crscore eval`) and the browser (Research, the metric lab) describe
// a CRScore run in the same words, and this maps those words to the signature's fields. Both callers build a
// CrscoreRun from their own state (src/cli/stages/evalSignature.ts, src/store/metaeval/signatureConfig.ts); nothing else decides
// what the signature says about the metric, so the same run cannot get two signatures.
import { sha256Hex } from '../sha256.ts';
import type { DatasetIdentity, SignatureConfig } from './signature.ts';

/**
 * Where τ came from. A τ set by hand is one configuration whether it was typed as `--tau` or set on Research's
 * slider, so both say `option`; `calibration:SYSTEM` is the paper's calibration on that system's reviews; `fixed`
 * is a similarity that takes no τ (llm-links); `preset` a preset's own τ; `linker` / `linker-cv` the learned
 * linker's.
 */
export type TauFrom = { calibration: string } | 'hand' | 'fixed' | 'preset' | 'linker' | 'linker-cv';

export function tauSource(from: TauFrom): string {
  return typeof from === 'object' ? `calibration:${from.calibration}` : from === 'hand' ? 'option' : from;
}

export interface CrscoreRun {
  /** lexical, tfidf, embedding (with an encoder), llm-links, learned-linker. */
  similarity: string;
  scoring: string;
  /** The preset when one was named (learned, learned-cv5); otherwise paper or plus follows from the rule. */
  preset?: string | null;
  encoder?: string | null;
  encoderRevision?: string | null;
  pooling?: string | null;
  split: string;
  tau: number | null;
  tauFrom: TauFrom | null;
  claimsModel?: string | null;
  linkerHash?: string | null;
}

export type RunSignatureConfig = Pick<SignatureConfig, 'preset' | 'similarity' | 'scoring' | 'encoder' | 'encoderRevision' | 'pooling' | 'split' | 'tau' | 'tauSource' | 'claimsModel' | 'linkerHash'>;

/** The signature's metric fields of a run: plus is TF-IDF with graded credit, whichever way it was asked for. */
export function crscoreSignatureConfig(r: CrscoreRun): RunSignatureConfig {
  const embedding = r.similarity === 'embedding';
  return {
    preset: r.preset ?? (r.similarity === 'tfidf' && r.scoring === 'graded' ? 'plus' : 'paper'),
    similarity: r.similarity,
    scoring: r.scoring,
    encoder: embedding ? (r.encoder ?? null) : null,
    encoderRevision: embedding ? (r.encoderRevision ?? null) : null,
    pooling: embedding ? (r.pooling ?? null) : null,
    split: r.split,
    tau: r.tau,
    tauSource: r.tauFrom === null ? null : tauSource(r.tauFrom),
    claimsModel: r.claimsModel ?? null,
    linkerHash: r.linkerHash ?? null,
  };
}

const num = (t: number) => String(Number(t.toFixed(4)));
const slug = (s: string) => s.replace(/^.*\//, '').replace(/[^\w.-]+/g, '-').toLowerCase();

/**
 * The configuration's name, which prefixes its score columns (`crscore-plus.rel`, `crscore-lexical-t0.149.rel`),
 * so files of different runs never name a column alike.
 */
export function configName(c: Pick<SignatureConfig, 'preset' | 'similarity' | 'scoring' | 'encoder' | 'tau'>): string {
  if (c.preset && c.preset !== 'paper') return `crscore-${slug(c.preset)}`;
  const parts = ['crscore', slug(c.similarity ?? 'unknown')];
  if (c.encoder) parts.push(slug(c.encoder));
  if (c.scoring && c.scoring !== 'hard') parts.push(slug(c.scoring));
  if (c.tau !== null && c.tau !== undefined && Number.isFinite(c.tau)) parts.push(`t${num(c.tau)}`);
  return parts.join('-');
}

/** How the signature names an imported file's configuration: its name, else its signature's hash, else unsigned. */
export function importedConfig(c: { configuration: string | null; signature: string | null }): string {
  return c.configuration ?? (c.signature ? `sig#${sha256Hex(c.signature).slice(0, 12)}` : 'unsigned');
}

/** What a human-scored dataset's signature says about how it was read (src/core/humanData's Mapping and Dimension, by shape). */
export interface HumanDataRun {
  dataset: DatasetIdentity;
  /** graded-reviews: recognised by its header, no mapping; mapped: read through `mapping`; human-study: the study's file. */
  layout: 'graded-reviews' | 'mapped' | 'human-study';
  mapping: { fields: Partial<Record<string, string>>; human: readonly { column: string; dimension: string }[] } | null;
  /** The dataset's dimensions as read through the mapping: each one's scale as resolved (guessed from the values
   *  where the mapping gave none), so the mapping is named by how it read the file, not by how it was written. */
  dimensions: readonly { name: string; scale: { kind: string; min?: number; max?: number } }[];
  /** The human dimension judged against. */
  dimension: string;
}

/**
 * A mapping's name in a signature: `layout:graded-reviews` for a layout known by its header, else the first 12 hex
 * digits of the SHA-256 of the resolved mapping's canonical JSON: each field's column (by field name), each human
 * column's dimension (in order: the first annotator is judged against the second), and each dimension's resolved
 * scale (kind, and a Likert scale's lowest and top point). So `--human useful`, `useful:likert`, `useful:likert-4`, a
 * mapping file or the browser's mapping step that read a column as Likert 1–4 say the same, and Likert 1–5 does not.
 */
export function mappingId(r: Pick<HumanDataRun, 'layout' | 'mapping' | 'dimensions'>): string {
  if (r.layout === 'graded-reviews' || !r.mapping) return `layout:${r.layout}`;
  const fields = Object.fromEntries(Object.entries(r.mapping.fields).filter(([, c]) => c !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const human = r.mapping.human.map((h) => ({ column: h.column, dimension: h.dimension }));
  const likert = (s: HumanDataRun['dimensions'][number]['scale']) => s.kind === 'likert';
  const scales = r.dimensions.map((d) => ({ dimension: d.name, kind: d.scale.kind, min: likert(d.scale) ? (d.scale.min ?? 1) : null, max: likert(d.scale) ? (d.scale.max ?? 5) : null }));
  return `mapping#${sha256Hex(JSON.stringify({ fields, human, scales })).slice(0, 12)}`;
}

/** The signature's dataset fields of a run on a human-scored dataset: the file (name, rows, SHA-256), the mapping, the dimension. */
export function humanDataSignatureConfig(r: HumanDataRun): Pick<SignatureConfig, 'dataset' | 'mapping' | 'dim'> {
  return { dataset: r.dataset, mapping: mappingId(r), dim: r.dimension };
}

/** The order metrics are named in a human-scored dataset's signature, whatever order they were asked for in. */
const HUMAN_METRIC_ORDER = ['crscore', 'bleu', 'chrf', 'rouge-l', 'meteor', 'embed-ref', 'llm-grade', 'llm-judge'];

/**
 * The signature's metric fields of a run on a human-scored dataset that judged exactly these metrics (`crscore`,
 * `bleu`, …): CRScore's configuration where CRScore is one of them, its preset first in `metric` and the others
 * after it (`metric:paper+bleu+chrf`), the reference review's sentences as its pseudo-references; without CRScore,
 * the metrics by name and no CRScore field (`metric:bleu+chrf|sim:-|…|prefs:-`). `crscore eval --dataset` and
 * Research both sign with this, and so does `crscore eval --metrics` on the human study's path (its pseudo-references'
 * source as given), so the signature names what the table shows, and the same metrics sign alike.
 */
export function humanMetricsSignatureConfig(
  run: RunSignatureConfig | null,
  names: readonly string[],
  pseudoRefs: string = 'reference',
): RunSignatureConfig & Pick<SignatureConfig, 'pseudoRefs'> & Partial<Pick<SignatureConfig, 'claimsPromptHash' | 'analyzers'>> {
  // A name with its model (`llm-grade@MODEL`, core/lab/signatureName.ts) takes its metric's place.
  const rank = (n: string) => {
    const base = n.split('@')[0];
    return HUMAN_METRIC_ORDER.includes(base) ? HUMAN_METRIC_ORDER.indexOf(base) : HUMAN_METRIC_ORDER.length;
  };
  const sorted = [...new Set(names)].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const crscore = sorted.includes('crscore') ? run : null;
  const others = sorted.filter((n) => n !== 'crscore');
  if (!crscore)
    // No CRScore, no pseudo-references: none of their fields (how claims or analyzers would have made them) either.
    return { preset: others.join('+'), similarity: null, scoring: null, encoder: null, encoderRevision: null, pooling: null, split: null, tau: null, tauSource: null, claimsModel: null, linkerHash: null, pseudoRefs: null, claimsPromptHash: null, analyzers: null };
  return { ...crscore, preset: [crscore.preset, ...others].join('+'), pseudoRefs };
}
