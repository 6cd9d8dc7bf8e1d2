// `crscore eval --dataset FILE` on any human-scored review dataset: GradedReviews' workbook (Jiang et al.
// 2025), recognised by its header, or any CSV/JSONL/XLSX mapped with --map/--human/--mapping (src/core/humanData).
// The reference-based metrics and CRScore (the reference review's sentences as pseudo-references) score every
// review whose change has a reference; the meta-evaluation judges them against one named human dimension.
import { openSync, readSync, closeSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type LabMetric, type ReferenceMetricName, referenceColumns, crscoreMetrics } from '../core/lab/index.ts';
import { LEXICAL_TAU } from '../core/lexical.ts';
import { vectorCosine } from '../core/research/index.ts';
import { csvTable, importHumanData, isGradedReviews, mappingFromJson, parseHumanSpec, parseMapSpec, scaleLabel, type HumanImport, type Mapping } from '../core/humanData/index.ts';
import { humanPrepared } from '../core/humanData/bridge.ts';
import { evalMatrices, evalScores } from './evalStages.ts';
import { INTERVAL_OPTIONS, parseIntervalOptions } from './evalIntervals.ts';
import { meteorWordNet } from './evalMetrics.ts';
import { humanMetaeval, humanSummary, renderHuman, type HumanRunInfo } from './evalHumanReport.ts';
import { CliError, inert, oneOf, parseTau, readText, warn } from './io.ts';
import { DEFAULT_ENCODER, embedUnique, loadEncoder, type Pooling } from './matrices.ts';
import { readFile } from 'node:fs/promises';

const HUMAN_METRICS = ['bleu', 'chrf', 'rouge-l', 'meteor', 'embed-ref', 'crscore'] as const;
type HumanMetric = (typeof HUMAN_METRICS)[number];

export const EVAL_HUMAN_USAGE = `Any human-scored review dataset (GradedReviews' workbook, or any CSV/JSONL/XLSX you map):
  --dataset FILE.xlsx|.csv|.jsonl   GradedReviews' dataset.xlsx is recognised by its header (ID, groundTruth,
                            relatedCode, then each system and its Grade); another file needs a mapping
  --map FIELD=COLUMN,…      FIELD one of id, diff, old_code, new_code, code, review, system, reference, lang
  --human COLUMN[:likert[-K]|binary|continuous][@DIM],…   the human score columns (columns sharing @DIM are
                            that dimension's annotators; the scale is guessed from the values when absent)
  --mapping FILE.json       the same as one file ({"fields": {…}, "human": [{"column", "dimension", "scale"}]})
  --metrics LIST            any of ${HUMAN_METRICS.join(', ')} (default bleu,chrf,rouge-l,meteor); all against the
                            change's reference review; crscore needs --pseudo-refs reference
  --pseudo-refs reference   CRScore's pseudo-references are the reference review's sentences (lexical
                            similarity, the paper's hard rule)
  --tau T                   CRScore's τ (default ${LEXICAL_TAU}: the lexical τ by the paper's calibration on the
                            human study's dev half, gpt3.5_pred — src/core/lexical.ts)
  --dim NAME                the human dimension judged against (default the dataset's first)
  --metaeval                the meta-evaluation: pooled, item-grouped and system-level Spearman, Kendall,
                            acc_eq with bootstrap intervals, baselines; a binary dimension adds ROC AUC
  --bootstrap N, --seed S   resamples of changes for the intervals (default 1000), their seed
  --encoder SPEC, --pooling crscore|model   embed-ref's encoder (default ${DEFAULT_ENCODER})
  --json                    one JSON object on stdout
`;

const OPTIONS = {
  dataset: { type: 'string' },
  map: { type: 'string' },
  human: { type: 'string' },
  mapping: { type: 'string' },
  metrics: { type: 'string' },
  'pseudo-refs': { type: 'string' },
  tau: { type: 'string' },
  dim: { type: 'string' },
  metaeval: { type: 'boolean', default: false },
  encoder: { type: 'string' },
  pooling: { type: 'string' },
  json: { type: 'boolean', default: false },
  ...INTERVAL_OPTIONS,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The file's first 64 KiB up to its last whole line (the CSV reader takes its header from the first record), or
 *  null when it cannot be read. */
function firstLines(file: string): string | null {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(65536);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const text = buf.subarray(0, n).toString('utf8');
    return n < buf.length ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * True when `crscore eval` takes this path: an .xlsx dataset, any of --map/--human/--mapping, or a CSV whose header
 * is GradedReviews' (no other importer reads that header). Everything else keeps the human study's paths.
 */
export function isHumanDataRun(argv: readonly string[]): boolean {
  const { values } = parseArgs({ args: [...argv], options: { dataset: { type: 'string' }, map: { type: 'string' }, human: { type: 'string' }, mapping: { type: 'string' } }, strict: false });
  if (values.map !== undefined || values.human !== undefined || values.mapping !== undefined) return true;
  const file = typeof values.dataset === 'string' ? values.dataset : '';
  if (/\.xlsx$/i.test(file)) return true;
  if (!/\.(csv|tsv)$/i.test(file)) return false;
  const head = firstLines(file);
  return head !== null && isGradedReviews(csvTable(file, head).header);
}

/** A mapping as the flags that give it (what the error without one suggests). */
export function mappingFlags(m: Mapping): string {
  const q = (s: string) => (/^[\w.:@=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const map = Object.entries(m.fields).map(([f, c]) => `${f}=${c}`).join(',');
  const human = m.human.map((h) => `${h.column}${h.scale ? `:${h.scale}${h.max ? `-${h.max}` : ''}` : ''}${h.dimension !== h.column ? `@${h.dimension}` : ''}`).join(',');
  return [map && `--map ${q(map)}`, human && `--human ${q(human)}`].filter(Boolean).join(' ');
}

async function readMapping(v: { map?: string; human?: string; mapping?: string }): Promise<Mapping | undefined> {
  try {
    if (v.mapping !== undefined) {
      if (v.map !== undefined || v.human !== undefined) throw new CliError('give either --mapping FILE.json or --map/--human, not both');
      let json: unknown;
      try {
        json = JSON.parse(await readText(v.mapping));
      } catch (e) {
        throw new CliError(`--mapping ${inert(v.mapping)}: not JSON (${(e as Error).message})`);
      }
      return mappingFromJson(json);
    }
    if (v.map === undefined && v.human === undefined) return undefined;
    return { fields: parseMapSpec(v.map ?? ''), human: parseHumanSpec(v.human ?? '') };
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError((e as Error).message);
  }
}

function readMetrics(spec: string | undefined): HumanMetric[] {
  const names = (spec ?? 'bleu,chrf,rouge-l,meteor').split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of names) if (!(HUMAN_METRICS as readonly string[]).includes(n)) throw new CliError(`--metrics: "${n}" is not available on a human-scored dataset (available: ${HUMAN_METRICS.join(', ')})`);
  if (names.length === 0) throw new CliError(`--metrics: give one or more of ${HUMAN_METRICS.join(', ')}`);
  return [...new Set(names)] as HumanMetric[];
}

/** Imports the file; without a mapping, a file that is not GradedReviews' is an error naming its header and a guess. */
async function load(file: string, mapping: Mapping | undefined): Promise<HumanImport> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    throw new CliError(`--dataset ${inert(file)}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const r = await importHumanData(path.basename(file), bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, mapping);
  if (r.table.header.length === 0) throw new CliError(`--dataset ${inert(file)}: ${r.dataset.errors.map((e) => e.reason).join('; ') || 'no header'}`);
  if (!mapping && r.layout !== 'graded-reviews')
    throw new CliError(
      [
        `--dataset ${inert(file)}: not GradedReviews' layout, so say which column holds what with --map and --human (or --mapping FILE.json).`,
        `  its header: ${r.table.header.map((h) => inert(h)).join(', ')}`,
        `  a guess to check: ${inert(mappingFlags(r.mapping!))}`,
      ].join('\n'),
    );
  return r;
}

export async function runEvalHuman(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true }));
  } catch (e) {
    // The human study's options (--similarity, --preset, …) do not apply here: say which do.
    if ((e as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw new CliError(`${(e as Error).message}: on a human-scored dataset crscore eval takes ${Object.keys(OPTIONS).map((k) => `--${k}`).join(', ')}`);
    throw e;
  }
  if (values.help) {
    process.stdout.write(EVAL_HUMAN_USAGE);
    return 0;
  }
  if (!values.dataset) throw new CliError(`--dataset FILE is required\n\n${EVAL_HUMAN_USAGE}`);
  const intervals = parseIntervalOptions(values);
  const names = readMetrics(values.metrics);
  const pseudo = oneOf(values['pseudo-refs'], ['reference'] as const, '--pseudo-refs (on a human-scored dataset)');
  if (names.includes('crscore') && !pseudo) throw new CliError('--metrics crscore on a human-scored dataset needs --pseudo-refs reference (the reference review\'s sentences as pseudo-references): such datasets carry no claims or analyzer issues');
  const tauOption = parseTau(values.tau);
  if (tauOption !== undefined && !names.includes('crscore')) warn('--tau applies to --metrics crscore only');
  const mapping = await readMapping(values);
  const imported = await load(values.dataset, mapping);
  const d = imported.dataset;
  for (const e of d.errors.slice(0, 5)) warn(`${e.file}:${e.line}: ${e.reason}`);
  if (d.errors.length > 5) warn(`… ${d.errors.length - 5} more rows could not be read`);
  if (d.dimensions.length === 0) throw new CliError(`--dataset ${inert(values.dataset)}: no human score column (name them with --human)`);
  const dimension = values.dim === undefined ? d.dimensions[0] : d.dimensions.find((x) => x.name === values.dim);
  if (!dimension) throw new CliError(`--dim ${inert(values.dim!)}: not a dimension of the dataset (its dimensions: ${d.dimensions.map((x) => x.name).join(', ')})`);
  if (d.reviews.length === 0) throw new CliError(`--dataset ${inert(values.dataset)}: no review could be read`);

  const bridged = humanPrepared(d, dimension);
  if (bridged.noReference) warn(`${bridged.noReference} of ${d.reviews.length} reviews are left out: their change has no reference review (every metric here needs one)`);
  const { prepared } = bridged;

  const columns: LabMetric[] = [];
  let crscore: HumanRunInfo['crscore'] = null;
  for (const n of names) {
    if (n === 'crscore') {
      const tau = tauOption ?? LEXICAL_TAU;
      const { m } = await evalMatrices(prepared.items, { similarity: 'lexical', scoring: 'hard' });
      const scores = evalScores(prepared.items, m, 'hard', tau, null);
      crscore = { tau, tauSource: tauOption !== undefined ? '--tau' : 'the lexical τ by the paper\'s calibration on the human study\'s dev half, gpt3.5_pred reviews (src/core/lexical.ts), not calibrated on this dataset', pseudoRefs: 'reference', similarity: 'lexical', scoring: 'hard' };
      columns.push(...crscoreMetrics(scores, { ...crscore, tauSource: tauOption !== undefined ? 'option' : 'lexical-preset' }));
    } else if (n === 'embed-ref') {
      const encoder = values.encoder ?? DEFAULT_ENCODER;
      const enc = await loadEncoder(encoder, values.pooling as Pooling | undefined);
      try {
        const texts = prepared.reviews.flatMap((r) => (r.reference ? [r.review.review ?? '', r.reference] : []));
        columns.push(...referenceColumns(prepared, [n], { embedCos: vectorCosine(await embedUnique(enc, texts, 32)), encoder, pooling: values.pooling ?? null }));
      } finally {
        await enc.dispose?.();
      }
    } else columns.push(...referenceColumns(prepared, [n as ReferenceMetricName], n === 'meteor' ? { wordnet: meteorWordNet() } : {}));
  }

  const info: HumanRunInfo = {
    file: values.dataset,
    layout: imported.layout,
    mapping: imported.mapping,
    dataset: d,
    dimension: { ...dimension, label: scaleLabel(dimension.scale) },
    reviews: bridged.reviews,
    noReference: bridged.noReference,
    crscore,
    intervals,
  };
  const out = values.metaeval ? await humanMetaeval(info, columns) : humanSummary(info, columns);
  process.stdout.write(values.json ? `${JSON.stringify(out, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? null : x), 2)}\n` : renderHuman(out));
  return 0;
}
