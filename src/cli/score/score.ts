// `crscore score`: JSONL {diff, review, pseudo_refs} in, one JSONL line of scores and matches out per input line.
// With no flags it runs the best offline configuration (the learned preset); see scoreConfig.ts.
import { parseArgs } from 'node:util';
import { itemText, parseClaims } from '../../core/claims.ts';
import type { DatasetRow } from '../../core/dataset.ts';
import type { EvalItem, ItemScore } from '../../core/evaluate.ts';
import { datasetFeatures, scoreLearned, shippedWeights } from '../../core/learned/index.ts';
import { plusInputs, scorePlusItems } from '../../core/plus/evaluate.ts';
import { PLUS_OPTIONS } from '../../core/plus/preset.ts';
import { scoreAt } from '../../core/score.ts';
import { splitReview } from '../../core/sentences.ts';
import type { PseudoReferenceKind, SimilarityMatrix, SplitMode } from '../../core/types.ts';
import { loadBackgroundIdf } from '../shared/background.ts';
import { PAPER_TAU } from '../../core/score.ts';
import { CliError, oneOf, warn, type JsonlLine } from '../shared/io.ts';
import { jsonlBatches } from '../shared/datasetFs.ts';
import { fillPseudoRefs, PSEUDO_REF_OPTIONS, pseudoRefUsage, readPseudoRefOptions, rowsFromScoreLines } from '../pseudorefs/pseudoRefs.ts';
import { buildMatrices, DEFAULT_ENCODER, type Pooling } from './matrices.ts';
import { describeScoreConfig, resolveScoreConfig, type ScoreConfig } from './scoreConfig.ts';

export const SCORE_USAGE = `crscore score [--input FILE] [options]   (reads stdin without --input)

Each input line: {"diff": "...", "review": "...", "pseudo_refs": [...]} where pseudo_refs are strings,
{"text": ..., "type": "claim"|"issue"} objects, or one string of LLM output (numbered claims / implications or JSON).
"id" is copied to the output when present. The learned preset also reads the diff (words and identifiers it changes).
Each output line: {line, id, scorable, con, comp, rel, preset, tau, matches: {sentences, pseudoReferences}}.
Which preset and τ ran is printed once on stderr.

Defaults (no flags): the learned preset, offline, the best configuration on the human study (cross-validated
Rel Spearman 0.62). Every similarity takes its own calibrated τ unless --tau is given.

Options:
  --input FILE              JSONL input (default stdin)
  --preset learned|plus|paper   learned (default): the shipped learned linker, link probabilities as credit;
                            plus: stemmed TF-IDF with graded credit at τ 0.3279;
                            paper: the paper's hard τ on --similarity (default when --similarity or --encoder is given)
  --tau T                   τ, strict > (default: the preset's or the similarity's calibrated τ: lexical 0.149,
                            use-lite 0.6447, mxbai ${PAPER_TAU}; learned: the link threshold 0.22)
  --split reference|improved   review sentence splitting (default reference)
  --similarity lexical|embedding   paper preset: default embedding when --encoder is given, else lexical
  --encoder SPEC            'use-lite', a Hugging Face id or a local model folder (default ${DEFAULT_ENCODER})
  --pooling crscore|model   token pooling for the encoder
  -h, --help                this text

With --pseudo-refs claims|analyzers|generate, each line's pseudo-references are generated from its "diff"
(also "lang", "old_code", "new_code", "file" when given) instead of read from "pseudo_refs".

${pseudoRefUsage('dataset')}`;

interface Input {
  line: number;
  id?: unknown;
  pseudoReferences: string[];
  kinds: PseudoReferenceKind[];
  sentences: string[];
}

export async function runScore(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      input: { type: 'string' },
      preset: { type: 'string' },
      tau: { type: 'string' },
      split: { type: 'string' },
      similarity: { type: 'string' },
      encoder: { type: 'string' },
      pooling: { type: 'string' },
      ...PSEUDO_REF_OPTIONS,
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(SCORE_USAGE);
    return 0;
  }
  const split: SplitMode =
    oneOf(values.split, ['reference', 'improved'] as const, '--split') ?? 'reference';
  const pooling = oneOf(values.pooling, ['crscore', 'model'] as const, '--pooling') as
    Pooling | undefined;
  const { config, warnings } = resolveScoreConfig(values, shippedWeights().threshold);
  for (const w of warnings) warn(w);
  if (pooling && !config.encoder) warn('--pooling applies to --similarity embedding only');

  // LLM settings (the key) are checked before the input is read.
  const plan = readPseudoRefOptions(values, 'dataset');
  // A large input file is streamed line by line (datasetFs.ts): its text and the array of its lines are never held.
  const lines: JsonlLine[] = [];
  const errors: { line: number; reason: string }[] = [];
  for await (const b of jsonlBatches(values.input)) {
    for (const v of b.values) lines.push(v);
    for (const e of b.errors) errors.push(e);
  }
  const where = values.input ?? 'stdin';
  for (const e of errors) warn(`${where} line ${e.line}: ${e.reason} (line skipped)`);
  const inputs: Input[] = [];
  for (const { line, value } of lines) {
    const res = toInput(value, line, split);
    if (typeof res === 'string') warn(`${where} line ${line}: ${res} (line skipped)`);
    else inputs.push(res);
  }
  if (inputs.length === 0) throw new CliError(`${where}: no usable lines`);
  const used = new Set(inputs.map((i) => i.line));
  const rows = rowsFromScoreLines(lines.filter((l) => used.has(l.line)));
  if (plan.source !== 'dataset') {
    const filled = await fillPseudoRefs(rows, plan);
    if (filled.interrupted) return 130;
    inputs.forEach((inp, k) => {
      inp.pseudoReferences = filled.rows[k].pseudoRefs.map((p) => p.text);
      inp.kinds = filled.rows[k].pseudoRefs.map((p) => (p.type === 'issue' ? 'issue' : 'claim'));
    });
  }
  // What ran, once, on stderr: stdout stays clean JSONL (each line also carries preset and τ).
  process.stderr.write(`crscore score: ${describeScoreConfig(config)}\n`);

  const { matrices, scores } = await scoreInputs(inputs, rows, config, pooling);
  inputs.forEach((inp, k) => {
    const tau = config.tau;
    const s = scoreAt(matrices[k], tau, { sentences: inp.sentences });
    const preset = scores[k];
    const out = {
      line: inp.line,
      ...(inp.id !== undefined ? { id: inp.id } : {}),
      scorable: s.scorable,
      con: s.scorable && preset ? preset.con : s.con,
      comp: s.scorable && preset ? preset.comp : s.comp,
      rel: s.scorable && preset ? preset.rel : s.rel,
      preset: config.preset,
      tau,
      matches: {
        sentences: inp.sentences.map((text, j) => {
          const b = s.bestForSentence[j];
          return {
            text,
            best: b.index,
            similarity: b.similarity,
            above: b.index >= 0 && b.similarity > tau,
          };
        }),
        pseudoReferences: inp.pseudoReferences.map((text, i) => {
          const b = s.bestForPseudoReference[i];
          return {
            text,
            best: b.index,
            similarity: b.similarity,
            above: b.index >= 0 && b.similarity > tau,
          };
        }),
      },
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  });
  // Like eval: skipped lines are warned about on stderr; the good ones are scored and the run succeeds.
  return 0;
}

/** The similarity matrices (for the matches) and, for plus and learned, the preset's own Con, Comp and Rel. */
async function scoreInputs(
  inputs: Input[],
  rows: DatasetRow[],
  config: ScoreConfig,
  pooling: Pooling | undefined,
): Promise<{ matrices: SimilarityMatrix[]; scores: (ItemScore | null)[] }> {
  if (config.preset === 'paper') {
    const similarity = config.encoder ? 'embedding' : 'lexical';
    const matrices = await buildMatrices(inputs, { similarity, encoder: config.encoder ?? undefined, pooling });
    return { matrices, scores: inputs.map(() => null) };
  }
  // Only lines with pseudo-references and a sentence go through the preset; the rest are scored by scoreAt (0, or not scorable).
  const scorable = inputs.map((inp, k) => (inp.pseudoReferences.length > 0 ? k : -1)).filter((k) => k >= 0);
  const items: EvalItem[] = scorable.map((k) => ({
    rowId: rows[k].id,
    lang: rows[k].lang,
    system: 'input',
    sentences: inputs[k].sentences,
    pseudoReferences: inputs[k].pseudoReferences,
    pseudoReferenceKinds: inputs[k].kinds,
    human: null,
  }));
  const idf = await loadBackgroundIdf();
  const matrices: SimilarityMatrix[] = inputs.map((inp) => ({ rows: inp.pseudoReferences.length, cols: inp.sentences.length, data: new Float32Array(inp.pseudoReferences.length * inp.sentences.length) }));
  const scores: (ItemScore | null)[] = inputs.map(() => null);
  if (config.preset === 'plus') {
    const plus = plusInputs(items, idf);
    const s = scorePlusItems(plus, { tau: config.tau, sd: config.sd ?? 0 }, PLUS_OPTIONS);
    scorable.forEach((k, j) => {
      matrices[k] = plus[j].matrix;
      scores[k] = s[j];
    });
  } else {
    const out = scoreLearned(shippedWeights(), datasetFeatures(rows, items, idf));
    scorable.forEach((k, j) => {
      const m = out.matrices[j];
      matrices[k] = { rows: m.rows, cols: m.cols, data: Float32Array.from(m.data) };
      scores[k] = out.scores[j];
    });
  }
  return { matrices, scores };
}

function kindOf(x: unknown): PseudoReferenceKind {
  const t = x && typeof x === 'object' ? (x as { type?: unknown; kind?: unknown }) : {};
  return t.type === 'issue' || t.kind === 'issue' ? 'issue' : 'claim';
}

function toInput(value: unknown, line: number, split: SplitMode): Input | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object';
  const o = value as Record<string, unknown>;
  if (o.review != null && typeof o.review !== 'string') return '"review" is not a string';
  let pseudoReferences: string[];
  let kinds: PseudoReferenceKind[];
  const p = o.pseudo_refs;
  if (p == null) {
    pseudoReferences = [];
    kinds = [];
  } else if (typeof p === 'string') {
    const parsed = parseClaims(p);
    pseudoReferences = parsed.map((c) => c.text);
    kinds = parsed.map((c) => c.kind);
  } else if (Array.isArray(p)) {
    pseudoReferences = [];
    kinds = [];
    for (const [k, x] of p.entries()) {
      const t = itemText(x);
      if (typeof t !== 'string') return `pseudo_refs[${k}] is neither a string nor {text}`;
      pseudoReferences.push(t);
      kinds.push(kindOf(x));
    }
  } else return '"pseudo_refs" must be an array or a string';
  return {
    line,
    id: o.id,
    pseudoReferences,
    kinds,
    sentences: splitReview(typeof o.review === 'string' ? o.review : '', split),
  };
}
