// `crscore train-linker`: train the learned linker on any dataset with annotator links and print its
// cross-validation report beside the baselines'.
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { collectEvalItems } from '../../core/evaluate.ts';
import { datasetFeatures, diffOfRows, learnedBaselines, NoLinksError, renderCvMarkdown, renderCvText, trainLinker } from '../../core/learned/index.ts';
import { loadBackgroundIdf } from '../shared/background.ts';
import { checkWritable, CliError, progress, writeOutputSync } from '../shared/io.ts';
import { evalMatrices } from '../stages/evalStages.ts';
import { loadDataset } from '../pseudorefs/pseudoRefs.ts';

export const TRAIN_LINKER_USAGE = `crscore train-linker --dataset FILE --out weights.json [options]
Trains the learned linker (the 'learned' preset) on the links a dataset records (claims_addressed, or
Annotate mode's export), cross-validates it by change and prints the report beside lexical and plus.

Options:
  --dataset FILE   JSONL like the human study's dev.jsonl, or any file Research imports (required)
  --out FILE       where to write the weights JSON (required); use it with 'crscore eval --preset learned --linker FILE'
  --folds K|language   folds of changes for cross-validation (default 5), or leave one language out
  --seed S         seed of the fold assignment (default 1)
  --encoder SPEC   also compare with the paper's hard τ on this encoder ('use-lite', a hub id or a model
                   folder): a baseline row only, the linker itself needs no encoder (USE-lite on dev: ~4 min)
  --no-ablations   skip the drop-one-group ablations
  --markdown       print the table as Markdown
  --json           print the report and weights as JSON
  -h, --help       this text
`;

export async function runTrainLinker(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      dataset: { type: 'string' },
      out: { type: 'string' },
      folds: { type: 'string' },
      seed: { type: 'string' },
      'no-ablations': { type: 'boolean', default: false },
      encoder: { type: 'string' },
      markdown: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(TRAIN_LINKER_USAGE);
    return 0;
  }
  if (!values.dataset || !values.out) throw new CliError(`--dataset FILE and --out FILE are required\n\n${TRAIN_LINKER_USAGE}`);
  const scheme = values.folds === 'language' ? 'language' : 'changes';
  const folds = values.folds === undefined || scheme === 'language' ? 5 : Number(values.folds);
  if (!Number.isInteger(folds) || folds < 2) throw new CliError(`--folds: expected a whole number ≥ 2 or 'language', got "${values.folds}"`);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed)) throw new CliError(`--seed: expected a whole number, got "${values.seed}"`);
  // The weights file is checked before the training: a minutes-long run must not end on a bad path.
  await checkWritable(values.out, '--out');
  const { rows } = await loadDataset(values.dataset);
  const { items } = collectEvalItems(rows);
  if (items.length === 0) throw new CliError(`${values.dataset}: no reviews to learn from (no change has pseudo-references)`);
  const changes = new Set(items.map((it) => it.rowId)).size;
  if (scheme === 'changes' && folds > changes) throw new CliError(`--folds ${folds}: only ${changes} changes have reviews to learn from, so at most ${changes} folds`);
  const idf = await loadBackgroundIdf();
  const extra = values.encoder ? (await evalMatrices(items, { similarity: 'embedding', scoring: 'hard', encoder: values.encoder })).m : null;
  // Timed from here: features, the baselines' matrices, cross-validation and the final fit (not the encoder).
  const started = performance.now();
  const features = datasetFeatures(rows, items, idf);
  const baselines = learnedBaselines(items, idf);
  if (extra) baselines.splice(1, 0, { id: 'encoder', label: `${values.encoder}, paper τ`, matrices: extra.matrices, rule: 'hard' });
  let trained;
  try {
    trained = trainLinker(items, features, {
      folds,
      scheme,
      seed,
      dataset: basename(values.dataset),
      diffOf: diffOfRows(rows),
      baselines,
      ablations: !values['no-ablations'],
      onProgress: values.json ? undefined : progress('cross-validation folds (ablations included)'),
    });
  } catch (e) {
    if (e instanceof NoLinksError) throw new CliError(`${values.dataset}: ${e.message}`);
    throw e;
  }
  const seconds = (performance.now() - started) / 1000;
  const wrote = writeOutputSync(values.out, `${JSON.stringify(trained.weights, null, 2)}\n`, '--out');
  if (values.json) process.stdout.write(`${JSON.stringify({ ...trained, seconds }, null, 2)}\n`);
  else {
    const w = trained.weights;
    process.stdout.write(values.markdown ? renderCvMarkdown(trained.report) : renderCvText(trained.report));
    process.stdout.write(
      `\nTrained on ${w.training.reviews} reviews of ${w.training.changes} changes (${w.training.pairs} pairs, ${w.training.linked} linked) in ${seconds.toFixed(1)} s; default rule ${w.scoring}, hard threshold ${w.threshold}.\nWrote ${wrote}\n`,
    );
  }
  return 0;
}
