// `crscore claims`: a dataset in, the same dataset out (dev.jsonl lines) with its pseudo-references generated:
// LLM claims plus analyzer issues by default. Re-score it later with `crscore eval` and no LLM.
import { parseArgs } from 'node:util';
import { once } from 'node:events';
import { datasetLine } from '../../core/datasetJsonl.ts';
import { withCodeFs } from '../shared/datasetFs.ts';
import { CliError, say } from '../shared/io.ts';
import { fillPseudoRefs, loadDataset, PSEUDO_REF_OPTIONS, pseudoRefUsage, readPseudoRefOptions } from './pseudoRefs.ts';

export const CLAIMS_USAGE = `crscore claims --dataset FILE [options] > with-refs.jsonl

Generates the pseudo-references of every change of the dataset and writes the dataset as JSONL (the
dev.jsonl format, with pseudo_refs filled and pseudo_refs_config saying how they were made) on stdout.

Options:
  --dataset FILE            dev.jsonl, CodeReviewer JSONL (patch, msg, oldf), plain CSV/JSONL (required)
  --predictions FILE        a system's predictions on CodeReviewer's test file (repeatable): plain text, one
                            review a line aligned with --dataset, or JSONL {id, review}; named after the file
  -h, --help                this text

${pseudoRefUsage('generate')}`;

export async function runClaims(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      dataset: { type: 'string' },
      predictions: { type: 'string', multiple: true },
      ...PSEUDO_REF_OPTIONS,
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(CLAIMS_USAGE);
    return 0;
  }
  if (!values.dataset) throw new CliError(`--dataset FILE is required\n\n${CLAIMS_USAGE}`);
  const plan = readPseudoRefOptions(values, 'generate');
  const { rows } = await loadDataset(values.dataset, values.predictions);
  const filled = await fillPseudoRefs(rows, plan);
  if (filled.interrupted) return 130;
  // One row at a time, its code read back from a streamed file (datasetFs.ts): never every change's code at once.
  for (const row of filled.rows) {
    if (process.stdout.write(`${datasetLine(await withCodeFs(row), filled.config)}\n`) === false) await once(process.stdout, 'drain');
  }
  // A change an analyzer read only in part is a warning (counted in the summary); the run fails when a change failed
  // (its claims, an analyzer that could not run) or when no change got a single pseudo-reference.
  const s = filled.stats;
  if (s.changes > 0 && s.notScorable === s.changes) {
    say(`error: no pseudo-reference could be made for any of the ${s.changes} changes (--pseudo-refs ${plan.source})`);
    return 1;
  }
  return s.failed > 0 ? 1 : 0;
}
