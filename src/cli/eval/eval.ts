// `crscore eval`: agreement of review metrics with human judgments, one way in. One set of options (EVAL_OPTIONS)
// is parsed; the file is read by one reader that recognises its layout (evalRead.ts) into the one dataset model; a
// file of the human study's layout, run with only the options the study's report has always taken, prints that
// report as it always has (evalStudy.ts, its text and --json keys read by scripts); every other run prints the
// human-scored report (human/evalHuman.ts), on any layout, the study's included.
import { parseArgs } from 'node:util';
import { DEFAULT_CALIBRATION_SYSTEM, REFERENCE_SYSTEM } from '../../core/dataset.ts';
import { LAB_METRIC_NAMES } from '../../core/lab/index.ts';
import { CliError } from '../shared/io.ts';
import { pseudoRefUsage } from '../pseudorefs/pseudoRefs.ts';
import { DEFAULT_ENCODER } from '../score/matrices.ts';
import { INTERVAL_USAGE } from '../stages/evalIntervals.ts';
import { LINKS_USAGE } from '../stages/evalLinks.ts';
import { LINKS_OUT_USAGE } from '../stages/evalLinkAgreement.ts';
import { METRICS_USAGE } from '../metaeval/evalMetrics.ts';
import { METAEVAL_USAGE } from '../metaeval/evalMetaeval.ts';
import { runEvalHuman } from '../human/evalHuman.ts';
import { EVAL_HUMAN_USAGE, EVAL_OPTIONS, HUMAN_METRICS, readHumanSettings, readMapping, STUDY_OPTIONS, type EvalValues } from '../human/evalHumanOptions.ts';
import { evalLayout, readEvalFile } from './evalRead.ts';
import { runStudyReport } from './evalStudy.ts';

export type { EvalResult } from '../stages/evalReport.ts';

export { PAPER_TAU } from '../../core/score.ts';

export const EVAL_USAGE = `crscore eval --dataset FILE [options]

Scores every review of the dataset except '${REFERENCE_SYSTEM}' and prints the Spearman and Kendall
correlations of Con, Comp and Rel with the human scores, the system-ranking correlation and the τ used.

One set of options on every file. The file says its layout: the human study's rows (JSONL or CSV), GradedReviews'
workbook or CSV, or any table you map with --map/--human. The human study's file, run with the options of the
first part below only, prints the study's report (these tables); any other run prints the human-scored report
(the second part), with the first part's CRScore options where they apply and a reason where one cannot.

Options:
  --dataset FILE            JSONL like ../shared/data/crscore-human-study/dev.jsonl (required), or any
                            file Research imports (plain JSONL/CSV rows such as 'crscore github' output)
  --tau T                   threshold τ (strict >)
  --calibrate-on SYSTEM     set τ by the paper's calibration on SYSTEM's reviews
                            (default when --tau is absent: ${DEFAULT_CALIBRATION_SYSTEM})
  --split reference|improved   review sentence splitting (default reference)
  --similarity lexical|embedding|tfidf|llm-links   default: embedding when --encoder is given, else
                            lexical; tfidf: the plus preset's stemmed TF-IDF cosine; llm-links: see below
  --scoring hard|graded     hard: the paper's τ (default); graded: the plus preset's credit ramp from
                            τ − sd to τ with its weights, on any similarity
  --encoder SPEC            'use-lite', a Hugging Face id or a local model folder (default ${DEFAULT_ENCODER})
  --pooling crscore|model   token pooling for the encoder (default: the encoder's)
  --preset paper|plus|learned   paper: CRScore as published (default); plus: a shortcut for
                            --similarity tfidf --scoring graded, with --cv and --idf;
                            learned: links from the learned linker, its rule unless --scoring
  --linker FILE             learned only: weights from 'crscore train-linker' (default: the shipped ones)
  --cv K|language           plus: cross-validate within the dataset (K folds of diffs, or
                            leave one language out), re-choosing among the plus candidates per fold;
                            learned: --scores-out and --metaeval get out-of-fold scores (K folds of
                            changes, a linker trained on the others)
  --idf background|corpus   plus only: IDF from general English counts (default) or this dataset
  --predictions FILE        a system's predictions on CodeReviewer's test file --dataset (repeatable)
${INTERVAL_USAGE}${LINKS_OUT_USAGE}  --json                    one JSON object on stdout instead of the table
  -h, --help                this text

${LINKS_USAGE}
${METRICS_USAGE}
${METAEVAL_USAGE}
${pseudoRefUsage('dataset')}
${EVAL_HUMAN_USAGE}`;

/**
 * True when the run is the study's report: the file is the human study's, and every option given is one that
 * report has always taken, with a value it takes (its preset names, its metrics, its pseudo-reference sources).
 * Anything else (--by, --where, --preset lexical, --metrics length, --pseudo-refs reference, --human-data …) is the
 * human-scored report, which reads the study's file the same way.
 */
function isStudyReport(values: EvalValues, given: ReadonlySet<string>): boolean {
  if (values['human-data'] || [...given].some((k) => !(k in STUDY_OPTIONS))) return false;
  if (values.preset === 'lexical' || values['pseudo-refs'] === 'reference') return false;
  const names = values.metrics?.split(',').map((n) => n.trim()).filter(Boolean) ?? [];
  const own = (n: string, list: readonly string[]) => list.includes(n);
  // A name neither report knows stays with the study's report, whose message lists its metrics.
  return names.every((n) => own(n, LAB_METRIC_NAMES)) || !names.every((n) => own(n, HUMAN_METRICS));
}

export async function runEval(argv: string[]): Promise<number> {
  const { values, tokens } = parseArgs({ args: argv, options: EVAL_OPTIONS, strict: true, tokens: true });
  if (values.help) {
    process.stdout.write(EVAL_USAGE);
    return 0;
  }
  if (!values.dataset) throw new CliError(`--dataset FILE is required\n\n${EVAL_USAGE}`);
  const given = new Set(tokens.flatMap((t) => (t.kind === 'option' ? [t.name] : [])));
  const mapping = await readMapping({ map: values.map, human: values.human, mapping: values.mapping });
  const layout = evalLayout(values.dataset, { mapping: mapping !== undefined, humanData: values['human-data'], predictions: (values.predictions?.length ?? 0) > 0 });
  if (layout === 'human-study' && isStudyReport(values, given)) return runStudyReport({ ...values, dataset: values.dataset });
  // The settings are checked (the key, output files) before the file is read.
  const settings = await readHumanSettings(values, layout);
  const { imported } = await readEvalFile(values.dataset, layout, { mapping, predictions: settings.predictions });
  return runEvalHuman(settings, imported);
}
