// `crscore eval`: agreement of CRScore with the human study's judgments.
import { parseArgs } from 'node:util';
import { DEFAULT_CALIBRATION_SYSTEM, REFERENCE_SYSTEM } from '../core/dataset.ts';
import {
  agreement,
  calibrateOnSystem,
  collectEvalItems,
  DIMENSIONS,
  scoreItems,
  type Agreement,
  type CorrelationPair,
} from '../core/evaluate.ts';
import type { Calibration, SplitMode } from '../core/types.ts';
import { CliError, fmt, fmtP, oneOf, parseTau, warn } from './io.ts';
import { fillPseudoRefs, loadDataset, PSEUDO_REF_OPTIONS, pseudoRefsSummary, pseudoRefUsage, readPseudoRefOptions } from './pseudoRefs.ts';
import { evalPlus, renderPlus } from './evalPlus.ts';
import { buildMatrices, DEFAULT_ENCODER, SIMILARITY_KINDS, type Pooling } from './matrices.ts';

export const PAPER_TAU = 0.7314;

export const EVAL_USAGE = `crscore eval --dataset FILE [options]

Scores every review of the dataset except '${REFERENCE_SYSTEM}' and prints the Spearman and Kendall
correlations of Con, Comp and Rel with the human scores, the system-ranking correlation and the τ used.

Options:
  --dataset FILE            JSONL like ../shared/data/crscore-human-study/dev.jsonl (required)
  --tau T                   threshold τ (strict >)
  --calibrate-on SYSTEM     set τ by the paper's calibration on SYSTEM's reviews
                            (default when --tau is absent: ${DEFAULT_CALIBRATION_SYSTEM})
  --split reference|improved   review sentence splitting (default reference)
  --similarity lexical|embedding   default: embedding when --encoder is given, else lexical
  --encoder SPEC            'use-lite', a Hugging Face id or a local model folder (default ${DEFAULT_ENCODER})
  --pooling crscore|model   token pooling for the encoder (default: the encoder's)
  --preset paper|plus       paper: CRScore as published (default); plus: stemmed TF-IDF similarity
                            with graded credit (issue 8), which ignores --similarity and --encoder
  --cv K|language           plus only: cross-validate within the dataset (K folds of diffs, or
                            leave one language out), re-choosing among the plus candidates per fold
  --idf background|corpus   plus only: IDF from general English counts (default) or this dataset
  --predictions FILE        a system's predictions on CodeReviewer's test file --dataset (repeatable)
  --json                    one JSON object on stdout instead of the table
  -h, --help                this text

${pseudoRefUsage('dataset')}`;

export interface EvalResult {
  tau: number;
  n: number;
  correlations: Record<
    string,
    { spearman: number; kendall: number; spearmanP: number; kendallP: number }
  >;
  systemRanking: {
    spearman: number;
    kendall: number;
    spearmanP: number;
    kendallP: number;
    systems: Agreement['systemRanking']['systems'];
  };
  byLanguage: Record<
    string,
    { n: number; rel: { spearman: number; kendall: number; spearmanP: number; kendallP: number } }
  >;
  calibration: { system: string; tau: number; sd: number; sentences: number } | null;
  counts: {
    diffs: number;
    skippedDiffs: number;
    reviews: number;
    reviewsWithHumanScores: number;
    badLines: number;
  };
  config: {
    dataset: string;
    similarity: string;
    split: SplitMode;
    encoder: string | null;
    pooling: string | null;
    tauSource: 'option' | 'calibration';
    calibrateOn: string | null;
    preset?: 'paper' | 'plus';
  };
  /** Where the pseudo-references came from and what making them cost (issue 15). */
  pseudoRefs?: ReturnType<typeof pseudoRefsSummary>;
}

export async function runEval(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      dataset: { type: 'string' },
      tau: { type: 'string' },
      'calibrate-on': { type: 'string' },
      split: { type: 'string' },
      similarity: { type: 'string' },
      encoder: { type: 'string' },
      pooling: { type: 'string' },
      preset: { type: 'string' },
      cv: { type: 'string' },
      idf: { type: 'string' },
      json: { type: 'boolean', default: false },
      predictions: { type: 'string', multiple: true },
      ...PSEUDO_REF_OPTIONS,
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(EVAL_USAGE);
    return 0;
  }
  if (!values.dataset) throw new CliError(`--dataset FILE is required\n\n${EVAL_USAGE}`);
  const tauOption = parseTau(values.tau);
  if (tauOption !== undefined && values['calibrate-on'])
    throw new CliError('give either --tau or --calibrate-on, not both');
  const split = oneOf(values.split, ['reference', 'improved'] as const, '--split') ?? 'reference';
  const similarity =
    oneOf(values.similarity, SIMILARITY_KINDS, '--similarity') ??
    (values.encoder ? 'embedding' : 'lexical');
  const pooling = oneOf(values.pooling, ['crscore', 'model'] as const, '--pooling') as
    Pooling | undefined;
  if (similarity === 'lexical' && (values.encoder || values.pooling))
    warn('--encoder and --pooling are ignored with --similarity lexical');

  // Pseudo-references from the dataset, or generated (LLM claims, analyzer issues) with the cache: issue 15.
  const plan = readPseudoRefOptions(values, 'dataset');
  const loaded = await loadDataset(values.dataset, values.predictions);
  const badLines = loaded.badLines;
  const filled = await fillPseudoRefs(loaded.rows, plan);
  if (filled.interrupted) return 130;
  const rows = filled.rows;
  const pseudoRefs = pseudoRefsSummary(filled.stats);

  const { items, skippedDiffs } = collectEvalItems(rows, split);
  if (items.length === 0)
    throw new CliError(`${values.dataset}: no reviews to score (no diff has pseudo-references)`);
  const preset = oneOf(values.preset, ['paper', 'plus'] as const, '--preset') ?? 'paper';
  if (preset === 'plus') {
    if (values.similarity || values.encoder || values.pooling)
      warn('--similarity, --encoder and --pooling are ignored with --preset plus');
    const out = await evalPlus(items, {
      tau: tauOption,
      system: values['calibrate-on'] ?? DEFAULT_CALIBRATION_SYSTEM,
      idf: oneOf(values.idf, ['background', 'corpus'] as const, '--idf') ?? 'background',
      cv: values.cv,
      base: {
        counts: {
          diffs: rows.length,
          skippedDiffs: skippedDiffs.length,
          reviews: items.length,
          reviewsWithHumanScores: 0,
          badLines,
        },
        dataset: values.dataset,
        split,
      },
    });
    process.stdout.write(values.json ? `${JSON.stringify({ ...out, pseudoRefs }, null, 2)}\n` : renderPlus(out));
    return 0;
  }
  if (values.cv || values.idf) warn('--cv and --idf apply to --preset plus only');
  const encoder = similarity === 'embedding' ? (values.encoder ?? DEFAULT_ENCODER) : undefined;
  const matrices = await buildMatrices(
    items.map((it) => ({ pseudoReferences: it.pseudoReferences, sentences: it.sentences })),
    { similarity, encoder, pooling },
  );

  let tau: number;
  let calibration: (Calibration & { system: string }) | null = null;
  if (tauOption !== undefined) tau = tauOption;
  else {
    const system = values['calibrate-on'] ?? DEFAULT_CALIBRATION_SYSTEM;
    const cal = calibrateOnSystem(items, matrices, system);
    if (cal.values.length === 0) {
      const systems = [...new Set(items.map((it) => it.system))].sort().join(', ');
      throw new CliError(
        `--calibrate-on ${system}: no review sentences of that system (systems: ${systems})`,
      );
    }
    calibration = { ...cal, system };
    tau = cal.tau;
  }

  const result = agreement(items, scoreItems(items, matrices, tau));
  const out: EvalResult = {
    tau,
    n: result.n,
    correlations: Object.fromEntries(DIMENSIONS.map((d) => [d, flat(result.correlations[d])])),
    systemRanking: { ...flat(result.systemRanking), systems: result.systemRanking.systems },
    byLanguage: Object.fromEntries(
      Object.entries(result.byLanguage).map(([l, v]) => [l, { n: v.n, rel: flat(v.rel) }]),
    ),
    calibration: calibration && {
      system: calibration.system,
      tau: calibration.tau,
      sd: calibration.sd,
      sentences: calibration.values.length,
    },
    counts: {
      diffs: rows.length,
      skippedDiffs: skippedDiffs.length,
      reviews: items.length,
      reviewsWithHumanScores: result.n,
      badLines,
    },
    config: {
      dataset: values.dataset,
      similarity,
      split,
      encoder: encoder ?? null,
      pooling: similarity === 'embedding' ? (pooling ?? null) : null,
      tauSource: calibration ? 'calibration' : 'option',
      calibrateOn: calibration?.system ?? null,
      preset: 'paper',
    },
    pseudoRefs,
  };
  process.stdout.write(values.json ? `${JSON.stringify(out, null, 2)}\n` : renderTable(out));
  return 0;
}

export function flat(c: CorrelationPair) {
  return {
    spearman: c.spearman.r,
    kendall: c.kendall.r,
    spearmanP: c.spearman.p,
    kendallP: c.kendall.p,
  };
}

export function renderTable(r: EvalResult): string {
  const lines: string[] = [];
  const c = r.config;
  lines.push(`CRScore eval: ${c.dataset}`);
  lines.push(
    `similarity ${c.similarity}${c.encoder ? ` (${c.encoder}${c.pooling ? `, pooling ${c.pooling}` : ''})` : ''}, split ${c.split}`,
  );
  lines.push(
    r.calibration
      ? `τ = ${fmt(r.tau)} (paper's calibration on ${r.calibration.system}: mean best similarity of ${r.calibration.sentences} sentences, sd ${fmt(r.calibration.sd)})`
      : `τ = ${fmt(r.tau)} (given)`,
  );
  lines.push(
    `diffs ${r.counts.diffs} (${r.counts.skippedDiffs} without pseudo-references skipped), reviews scored ${r.counts.reviews}, with human scores n = ${r.n}`,
  );
  lines.push('');
  lines.push('        Spearman  p         Kendall   p');
  for (const d of DIMENSIONS) {
    const x = r.correlations[d];
    lines.push(
      `${d.padEnd(6)}  ${fmt(x.spearman).padStart(8)}  ${fmtP(x.spearmanP).padEnd(8)}  ${fmt(x.kendall).padStart(7)}   ${fmtP(x.kendallP)}`,
    );
  }
  lines.push('');
  const s = r.systemRanking;
  lines.push(
    `System ranking (mean Rel per system vs mean human Rel, ${s.systems.length} systems): Spearman ${fmt(s.spearman)} (p ${fmtP(s.spearmanP)}), Kendall ${fmt(s.kendall)} (p ${fmtP(s.kendallP)})`,
  );
  const byMetric = [...s.systems].sort((a, b) => b.metricRel - a.metricRel);
  const humanOrder = [...s.systems].sort((a, b) => b.humanRel - a.humanRel).map((x) => x.system);
  lines.push('  rank  system                 mean Rel  human Rel  human rank    n');
  byMetric.forEach((x, k) => {
    lines.push(
      `  ${String(k + 1).padStart(4)}  ${x.system.padEnd(21)}  ${fmt(x.metricRel).padStart(8)}  ${fmt(x.humanRel).padStart(9)}  ${String(humanOrder.indexOf(x.system) + 1).padStart(10)}  ${String(x.n).padStart(3)}`,
    );
  });
  lines.push('');
  lines.push('Rel by language:');
  for (const [lang, v] of Object.entries(r.byLanguage)) {
    lines.push(
      `  ${lang.padEnd(5)} n = ${String(v.n).padStart(4)}  Spearman ${fmt(v.rel.spearman)}  Kendall ${fmt(v.rel.kendall)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
