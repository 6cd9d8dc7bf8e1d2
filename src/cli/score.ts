// `crscore score`: JSONL {diff, review, pseudo_refs} in, one JSONL line of scores and matches out per input line.
import { parseArgs } from 'node:util';
import { itemText, parseClaims } from '../core/claims.ts';
import { scoreAt } from '../core/score.ts';
import { splitReview } from '../core/sentences.ts';
import type { SplitMode } from '../core/types.ts';
import { PAPER_TAU } from './eval.ts';
import { CliError, oneOf, parseJsonl, parseTau, readText, warn } from './io.ts';
import { fillPseudoRefs, PSEUDO_REF_OPTIONS, pseudoRefUsage, readPseudoRefOptions, rowsFromScoreLines } from './pseudoRefs.ts';
import { buildMatrices, DEFAULT_ENCODER, SIMILARITY_KINDS, type Pooling } from './matrices.ts';

export const SCORE_USAGE = `crscore score [--input FILE] [options]   (reads stdin without --input)

Each input line: {"diff": "...", "review": "...", "pseudo_refs": [...]} where pseudo_refs are strings,
{"text": ...} objects, or one string of LLM output (numbered claims / implications or JSON).
"id" is copied to the output when present. The diff is carried along; the metric uses the pseudo-references.
Each output line: {line, id, scorable, con, comp, rel, tau, matches: {sentences, pseudoReferences}}.

Options:
  --input FILE              JSONL input (default stdin)
  --tau T                   threshold τ, strict > (default ${PAPER_TAU}, the paper's)
  --split reference|improved   review sentence splitting (default reference)
  --similarity lexical|embedding   default: embedding when --encoder is given, else lexical
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
  sentences: string[];
}

export async function runScore(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      input: { type: 'string' },
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
  const similarity =
    oneOf(values.similarity, SIMILARITY_KINDS, '--similarity') ??
    (values.encoder ? 'embedding' : 'lexical');
  const pooling = oneOf(values.pooling, ['crscore', 'model'] as const, '--pooling') as
    Pooling | undefined;
  const tau = parseTau(values.tau) ?? PAPER_TAU;
  if (similarity === 'lexical' && values.tau === undefined) {
    warn(
      `τ ${PAPER_TAU} is the paper's value for embeddings; lexical overlap is usually lower, consider --tau`,
    );
  }

  const { values: lines, errors } = parseJsonl(await readText(values.input));
  const where = values.input ?? 'stdin';
  for (const e of errors) warn(`${where} line ${e.line}: ${e.reason} (line skipped)`);
  const inputs: Input[] = [];
  for (const { line, value } of lines) {
    const res = toInput(value, line, split);
    if (typeof res === 'string') warn(`${where} line ${line}: ${res} (line skipped)`);
    else inputs.push(res);
  }
  if (inputs.length === 0) throw new CliError(`${where}: no usable lines`);
  const plan = readPseudoRefOptions(values, 'dataset');
  if (plan.source !== 'dataset') {
    const used = new Set(inputs.map((i) => i.line));
    const filled = await fillPseudoRefs(rowsFromScoreLines(lines.filter((l) => used.has(l.line))), plan);
    if (filled.interrupted) return 130;
    inputs.forEach((inp, k) => (inp.pseudoReferences = filled.rows[k].pseudoRefs.map((p) => p.text)));
  }

  const matrices = await buildMatrices(inputs, { similarity, encoder: values.encoder, pooling });
  inputs.forEach((inp, k) => {
    const s = scoreAt(matrices[k], tau, { sentences: inp.sentences });
    const out = {
      line: inp.line,
      ...(inp.id !== undefined ? { id: inp.id } : {}),
      scorable: s.scorable,
      con: s.con,
      comp: s.comp,
      rel: s.rel,
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

function toInput(value: unknown, line: number, split: SplitMode): Input | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object';
  const o = value as Record<string, unknown>;
  if (o.review != null && typeof o.review !== 'string') return '"review" is not a string';
  let pseudoReferences: string[];
  const p = o.pseudo_refs;
  if (p == null) pseudoReferences = [];
  else if (typeof p === 'string') pseudoReferences = parseClaims(p).map((c) => c.text);
  else if (Array.isArray(p)) {
    pseudoReferences = [];
    for (const [k, x] of p.entries()) {
      const t = itemText(x);
      if (typeof t !== 'string') return `pseudo_refs[${k}] is neither a string nor {text}`;
      pseudoReferences.push(t);
    }
  } else return '"pseudo_refs" must be an array or a string';
  return {
    line,
    id: o.id,
    pseudoReferences,
    sentences: splitReview(typeof o.review === 'string' ? o.review : '', split),
  };
}
