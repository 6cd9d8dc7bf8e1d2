// Error analysis of link disagreements (issue 22): every (review, pseudo-reference) pair where a metric's links and
// the annotators' (claims_addressed) differ, sorted into kinds by rules read off the pairs themselves, with counts
// and one example each. Prints figures; never asserts (not a test).
//   npx tsx scripts/link-errors.ts [DATASET] [--similarity lexical|tfidf] [--scoring hard|graded] [--examples N]
// Graded strengths count as a link at ≥ 0.5. The kinds, in the order a pair is tested:
//   metric only: an analyzer issue nobody linked · a review the annotators judged to address nothing ('-') ·
//     only generic words shared ("code", "method", "change") · a claim narrating the diff ("X has been added")
//     reached through a shared name · the same code entity, another point
//   annotators only: an analyzer issue they linked · said in other words (no shared content word) · an implication
//     or hedge the review only hints at ("suggests", "may") · words shared, too few for τ
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadBackgroundIdf } from '../src/cli/shared/background.ts';
import { DEFAULT_CALIBRATION_SYSTEM, parseDatasetJsonl } from '../src/core/dataset.ts';
import { calibrateOnSystem, collectEvalItems } from '../src/core/evaluate.ts';
import { lexicalTokens } from '../src/core/lexical.ts';
import { goldLinks, itemLinkStrengths, lexicalMatrices, linkRuleFor, tfidfMatrices } from '../src/core/research/index.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { similarity: { type: 'string', default: 'lexical' }, scoring: { type: 'string', default: 'hard' }, examples: { type: 'string', default: '1' } },
});
const DATASET = path.resolve(positionals[0] ?? '../shared/data/crscore-human-study/dev.jsonl');
if (!fs.existsSync(DATASET)) {
  console.log(`link-errors: ${DATASET} is absent.`);
  process.exit(0);
}
const { rows } = parseDatasetJsonl(fs.readFileSync(DATASET, 'utf8'));
const { items } = collectEvalItems(rows, 'reference');
const m = values.similarity === 'tfidf' ? tfidfMatrices(items, await loadBackgroundIdf()) : lexicalMatrices(items);
const cal = calibrateOnSystem(items, m.matrices, DEFAULT_CALIBRATION_SYSTEM);
const scoring = values.scoring === 'graded' ? 'graded' : 'hard';
const rule = linkRuleFor(scoring, cal.tau, cal.sd);
const pred = itemLinkStrengths(items, m.matrices, rule);
const gold = goldLinks(items);

// Words that name the kind of thing a change touches rather than the thing itself.
const GENERIC = new Set(
  'code change changes changed method methods function functions variable variables class classes file files line lines use used using new add added adds remove removed removes call called calls value values return returns returned type types name names test tests parameter parameters argument arguments import imports statement statements instead also need needs make makes one two may might could would better check'.split(
    ' ',
  ),
);
// Claims that narrate the diff ("X has been added") rather than say something about it.
const DESCRIBES = /\b(has|have|had) been (added|removed|changed|modified|replaced|introduced|updated|renamed|deleted|moved)\b|\b(was|were|is|are) (now )?(added|removed|changed|modified|replaced|introduced|updated|renamed|deleted)\b|\bnow (uses|takes|returns|calls|has|is)\b/i;
const HEDGE = /\b(suggests?|impl(y|ies|ication)|indicat\w*|may|might|could|likely|intend\w*|possibl\w*|purpose|seems?|probably|presumably)\b/i;

type Kind = string;
const counts = new Map<Kind, number>();
const examples = new Map<Kind, string[]>();
const N = Number(values.examples);
let pairs = 0;
let disagreements = 0;
items.forEach((it, k) => {
  const g = gold[k];
  if (!g) return;
  const review = it.sentences.join(' ');
  const rTok = new Set(lexicalTokens(review));
  const none = it.annotatorLinks?.state === 'none';
  for (let i = 0; i < it.pseudoReferences.length; i++) {
    pairs++;
    const p = pred[k][i] >= 0.5 ? 1 : 0;
    if (p === g[i]) continue;
    disagreements++;
    const ref = it.pseudoReferences[i];
    const issue = it.pseudoReferenceKinds[i] === 'issue';
    const shared = [...new Set(lexicalTokens(ref))].filter((t) => rTok.has(t));
    const specific = shared.filter((t) => !GENERIC.has(t) && !/^\d+$/.test(t));
    let kind: Kind;
    if (p === 1) {
      if (issue) kind = 'metric only: an analyzer issue nobody linked';
      else if (none) kind = "metric only: the annotators judged the review to address nothing ('-')";
      else if (specific.length === 0) kind = 'metric only: only generic words shared';
      else if (DESCRIBES.test(ref)) kind = 'metric only: a claim narrating the diff, reached through a shared name';
      else kind = 'metric only: the same code entity, another point';
    } else {
      if (issue) kind = 'annotators only: an analyzer issue the metric misses';
      else if (specific.length === 0) kind = 'annotators only: said in other words (no shared specific word)';
      else if (HEDGE.test(ref)) kind = 'annotators only: an implication or hedge the review only hints at';
      else kind = 'annotators only: words shared, too few to pass τ';
    }
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const ex = examples.get(kind) ?? [];
    if (ex.length < N && review.length < 220 && ref.length < 200)
      ex.push(`${it.rowId} ${it.system} (strength ${pred[k][i].toFixed(2)}; shared: ${shared.join(', ') || 'none'})\n      review: ${review}\n      pseudo-reference: ${ref}`);
    examples.set(kind, ex);
  }
});

console.log(`${path.basename(DATASET)}: ${values.similarity}, ${scoring === 'hard' ? `hard τ = ${cal.tau.toFixed(4)}` : `graded credit ${(cal.tau - cal.sd).toFixed(4)}…${cal.tau.toFixed(4)}, link at ≥ 0.5`}`);
console.log(`${pairs} (review, pseudo-reference) pairs with recorded links, ${disagreements} disagreements\n`);
const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1]);
console.log('| kind | pairs | share |\n|---|---:|---:|');
for (const [kind, n] of sorted) console.log(`| ${kind} | ${n} | ${((100 * n) / disagreements).toFixed(1)}% |`);
console.log('');
for (const [kind] of sorted) {
  console.log(`${kind}:`);
  for (const e of examples.get(kind) ?? []) console.log(`  ${e}`);
}
