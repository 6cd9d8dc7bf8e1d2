// `crscore analyze`: the static-analysis pseudo-references of every row of a dataset, and how our
// analyzers compare with what the study's pipeline printed (reference_analyzer_output).
import { parseArgs } from 'node:util';
import { detectLanguage, languageFromCode, type Language } from '../../core/diff.ts';
import { parseDatasetRow, type DatasetRow } from '../../core/dataset.ts';
import {
  addToTally,
  compareLines,
  emptyTally,
  precisionRecall,
  referenceLines,
  type LineComparison,
  type Tally,
} from '../../analyzers/compare.ts';
import { toolLine, type WarningFilter } from '../../analyzers/filter.ts';
import type { JshintOptionSet } from '../../analyzers/jshint.ts';
import { analyze, type AnalyzerResult } from '../../analyzers/run.ts';
import { nodeTreeSitterAssets } from '../../analyzers/treesitterNode.ts';
import { MAX_CODE_LINE_BYTES } from '../../core/importers/codeAt.ts';
import { CliError, fmt, inert, oneOf, warn, type JsonlLine } from '../shared/io.ts';

const mb = (n: number) => `${Number((n / 1e6).toFixed(1))} MB`;
import { jsonlBatches } from '../shared/datasetFs.ts';

export const ANALYZE_USAGE = `crscore analyze --dataset FILE [options]

Runs the analyzer that fits each row's language on the row's new file (JSHint for js, the PyScent
smells for py, the PMD rules for java) and prints the warnings the diff filter keeps, in the paper's form.

Options:
  --dataset FILE             JSONL rows with lang, diff, and new_code and/or old_code
                             (like ../shared/data/crscore-human-study/dev.jsonl; required)
  --filter paper|added|none  paper (default): keep a warning when its line's trimmed text equals a +/- line
                             of the diff; added: warnings on added lines; none: every warning
  --options paper|modern     JSHint options: paper (default) = JSHint's defaults (ES5), as in the study;
                             modern = ES2020+ modules in a browser
  --compare-reference        JS and Java rows: compare the unfiltered warnings with reference_analyzer_output
                             (exact rows, precision, recall); with the paper filter, also compare every
                             row's kept warnings with its issue pseudo-references
  --json                     one JSON object with the summary on stdout instead of the listing
  -h, --help                 this text

A change whose old and new code take more than 8 MB is left out and named (the cap every command reads one
change's code under); a file that makes the Python or Java parser fail fails alone: the next is parsed afresh.
`;

const LANGS: Record<string, 'js' | 'java' | 'python'> = { javascript: 'js', java: 'java', python: 'python' };

interface CompareSummary {
  rows: number;
  exactRows: number;
  precision: number | null;
  recall: number | null;
}

export interface AnalyzeSummary {
  config: { dataset: string; filter: WarningFilter; options: JshintOptionSet; compareReference: boolean };
  /** Per language: rows analyzed, warnings before and after the filter, rows whose analyzer failed. */
  counts: Record<'js' | 'java' | 'python', { rows: number; warnings: number; kept: number; failed: number }>;
  /** Unfiltered warnings vs reference_analyzer_output (null figures without --compare-reference). */
  js: CompareSummary;
  java: CompareSummary;
  python: { rows: number; warnings: number; kept: number };
  /** Kept warnings vs the rows' issue pseudo-references (the study's filtered, human-checked list). */
  issuePseudoReferences: { js: CompareSummary; java: CompareSummary; python: CompareSummary } | null;
  /** tooLarge: changes whose code is above MAX_CODE_LINE_BYTES, named on stderr and left out. */
  skipped: { noAnalyzer: number; noReference: number; badLines: number; tooLarge: number };
}

export async function runAnalyze(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      dataset: { type: 'string' },
      filter: { type: 'string' },
      options: { type: 'string' },
      'compare-reference': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(ANALYZE_USAGE);
    return 0;
  }
  if (!values.dataset) throw new CliError(`--dataset FILE is required\n\n${ANALYZE_USAGE}`);
  const filter = oneOf(values.filter, ['paper', 'added', 'none'] as const, '--filter') ?? 'paper';
  const options = oneOf(values.options, ['paper', 'modern'] as const, '--options') ?? 'paper';
  const compare = values['compare-reference'];
  const json = values.json;

  const assets = nodeTreeSitterAssets();
  const counts = {
    js: { rows: 0, warnings: 0, kept: 0, failed: 0 },
    java: { rows: 0, warnings: 0, kept: 0, failed: 0 },
    python: { rows: 0, warnings: 0, kept: 0, failed: 0 },
  };
  const reference = { js: emptyTally(), java: emptyTally() };
  const issues = { js: emptyTally(), java: emptyTally(), python: emptyTally() };
  const skipped = { noAnalyzer: 0, noReference: 0, badLines: 0, tooLarge: 0 };
  const out: string[] = [];
  let usable = 0;

  // Row by row as the file is read (streamed when large, datasetFs.ts): one change's code in memory at a time.
  for await (const batch of jsonlBatches(values.dataset)) {
    const { rows, badLines } = readRows(batch);
    skipped.badLines += badLines;
    usable += rows.length;
    for (const row of rows) {
      const language = rowLanguage(row);
      const key = LANGS[language];
      if (!key) {
        skipped.noAnalyzer++;
        continue;
      }
      // The cap the code read back for one change has everywhere (score, the workbench): a 60 MB file aborts the
      // Python analyzer's wasm and is not code a person reviews.
      const size = Buffer.byteLength(row.oldCode ?? '') + Buffer.byteLength(row.newCode ?? '');
      if (size > MAX_CODE_LINE_BYTES) {
        skipped.tooLarge++;
        warn(`change ${inert(row.id)}: its code takes ${mb(size)}, more than the ${mb(MAX_CODE_LINE_BYTES)} read for one change; left out`);
        continue;
      }
      const [result] = await analyze(
        { language, diff: row.diff, oldCode: row.oldCode ?? undefined, newCode: row.newCode ?? undefined, filter, options },
        assets,
      );
      const c = counts[key];
      c.rows++;
      if (result.error) c.failed++;
      c.warnings += result.warnings.length;
      c.kept += result.kept.length;
      out.push(...describeRow(row, result, filter));
      if (!compare) continue;
      if (key !== 'python') {
        if (row.referenceAnalyzerOutput === null) {
          skipped.noReference++;
        } else {
          const cmp = compareLines(result.warnings.map(toolLine), referenceLines(language, row.referenceAnalyzerOutput));
          addToTally(reference[key], cmp);
          out.push(...describeComparison('reference_analyzer_output', cmp));
        }
      }
      // The study's issue pseudo-references are the paper filter's output; compare ours with them.
      if (filter === 'paper' && row.pseudoRefs.length > 0) {
        const expected = row.pseudoRefs.filter((p) => p.type === 'issue').map((p) => p.text);
        addToTally(issues[key], compareLines(result.refs.map((r) => r.text), expected));
      }
    }
  }
  if (usable === 0) throw new CliError(`${values.dataset}: no usable rows`);

  const summarize = (t: Tally): CompareSummary => {
    if (!compare) return { rows: t.rows, exactRows: t.exactRows, precision: null, recall: null };
    return { rows: t.rows, exactRows: t.exactRows, ...precisionRecall(t) };
  };
  const summary: AnalyzeSummary = {
    config: { dataset: values.dataset, filter, options, compareReference: compare },
    counts,
    js: summarize(reference.js),
    java: summarize(reference.java),
    python: { rows: counts.python.rows, warnings: counts.python.warnings, kept: counts.python.kept },
    issuePseudoReferences:
      compare && filter === 'paper'
        ? { js: summarize(issues.js), java: summarize(issues.java), python: summarize(issues.python) }
        : null,
    skipped,
  };

  if (json) {
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  } else {
    process.stdout.write(`${out.join('\n')}\n\n${renderSummary(summary, reference)}`);
  }
  return 0;
}

function readRows({ values, errors }: { values: JsonlLine[]; errors: { line: number; reason: string }[] }): { rows: DatasetRow[]; badLines: number } {
  const rows: DatasetRow[] = [];
  let badLines = errors.length;
  for (const e of errors) warn(`line ${e.line}: ${e.reason}`);
  for (const { line, value } of values) {
    // Reviews are not needed here: accept rows without them.
    const row =
      value && typeof value === 'object' && !Array.isArray(value)
        ? parseDatasetRow({ reviews: [], ...(value as object) }, line)
        : 'not a JSON object';
    if (typeof row === 'string') {
      badLines++;
      warn(`line ${line}: ${row}`);
    } else rows.push(row);
  }
  return { rows, badLines };
}

function rowLanguage(row: DatasetRow): Language {
  const fromCode = languageFromCode(row.lang);
  return fromCode !== 'unknown' ? fromCode : detectLanguage(row.newFile ?? row.oldFile);
}

function describeRow(row: DatasetRow, r: AnalyzerResult, filter: WarningFilter): string[] {
  const head = `${row.id}  ${r.analyzer}  ${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'}, ${r.kept.length} kept (${filter} filter)`;
  if (r.error) return [`${head}  FAILED: ${r.error}`];
  const notes = [...(r.unanalyzed ? [`  could not analyze: ${r.unanalyzed}`] : []), ...(r.wrapped ?? []).map((w) => `  analyzed ${w}`)];
  return [head, ...notes, ...r.refs.map((ref) => `  ${ref.text.replace(/\t/g, ' ')}`)];
}

function describeComparison(what: string, c: LineComparison): string[] {
  if (c.exact) return [`  ${what}: same ${c.reference} lines`];
  const show = (sign: string, lines: string[]) => lines.slice(0, 3).map((l) => `    ${sign} ${l.replace(/\t/g, ' ')}`);
  return [
    `  ${what}: ${c.matched} of ${c.reference} reference lines matched, ${c.extra.length} extra`,
    ...show('-', c.missing),
    ...show('+', c.extra),
  ];
}

function renderSummary(s: AnalyzeSummary, reference: { js: Tally; java: Tally }): string {
  const lines = ['Rows analyzed (warnings before → after the filter):'];
  for (const [k, c] of Object.entries(s.counts))
    if (c.rows > 0)
      lines.push(`  ${k.padEnd(6)} ${c.rows} rows, ${c.warnings} → ${c.kept}${c.failed ? `, ${c.failed} failed` : ''}`);
  if (s.config.compareReference) {
    lines.push('', 'Unfiltered warnings vs reference_analyzer_output:');
    for (const k of ['js', 'java'] as const) {
      const c = s[k];
      if (c.rows === 0) continue;
      const t = reference[k];
      lines.push(
        `  ${k.padEnd(6)} exact ${c.exactRows}/${c.rows} rows (${fmt((100 * c.exactRows) / c.rows, 1)}%), ` +
          `precision ${fmt(c.precision ?? NaN)}, recall ${fmt(c.recall ?? NaN)} ` +
          `(${t.matched} matched, ${t.predicted} ours, ${t.reference} reference lines)`,
      );
    }
    if (s.issuePseudoReferences) {
      lines.push('', "Kept warnings vs the rows' issue pseudo-references:");
      for (const k of ['js', 'java', 'python'] as const) {
        const c = s.issuePseudoReferences[k];
        if (c.rows > 0)
          lines.push(
            `  ${k.padEnd(6)} exact ${c.exactRows}/${c.rows} rows, precision ${fmt(c.precision ?? NaN)}, recall ${fmt(c.recall ?? NaN)}`,
          );
      }
    }
  }
  const sk = s.skipped;
  if (sk.noAnalyzer || sk.noReference || sk.badLines || sk.tooLarge)
    lines.push(
      '',
      `Skipped: ${sk.noAnalyzer} rows with no analyzer for their language, ${sk.noReference} without a reference output, ${sk.badLines} unreadable lines${sk.tooLarge ? `, ${sk.tooLarge} changes whose code is above ${mb(MAX_CODE_LINE_BYTES)}` : ''}.`,
    );
  return `${lines.join('\n')}\n`;
}
