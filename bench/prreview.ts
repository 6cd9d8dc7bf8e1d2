// `npm run bench:prreview`: AACR-Bench and Martian's benchmark through every offline evaluator of `crscore pr-eval`,
// 1,000 bootstrap resamples over PRs each, timed in this process (the CLI's work after reading).
//   AACR_BENCH_DIR=<AACR-Bench dataset folder> MARTIAN_BENCH_DIR=<Martian offline folder> npm run bench:prreview
// Without them it runs on generated samples of the same layouts (src/core/prreview/samples.ts).
import fs from 'node:fs';
import path from 'node:path';
import {
  aacrSample,
  prEval,
  readAacr,
  readMartian,
  type MatcherName,
  type PrDataset,
} from '../src/core/prreview/index.ts';
import { loadBackgroundIdf } from '../src/cli/shared/background.ts';
import { modelOf, shippedWeights } from '../src/core/learned/index.ts';
import { record } from './summary.ts';

function aacr(): { ds: PrDataset; from: string } {
  const dir = process.env.AACR_BENCH_DIR;
  if (dir) {
    const neg = path.join(dir, 'negative_samples.json');
    return {
      ds: readAacr(
        {
          file: 'positive_samples.json',
          text: fs.readFileSync(path.join(dir, 'positive_samples.json'), 'utf8'),
        },
        fs.existsSync(neg)
          ? { file: 'negative_samples.json', text: fs.readFileSync(neg, 'utf8') }
          : undefined,
      ),
      from: dir,
    };
  }
  const s = aacrSample(45, 200);
  return {
    ds: readAacr({ file: 'p', text: s.positives }, { file: 'n', text: s.negatives }),
    from: 'generated (200 PRs)',
  };
}

function martian(): { ds: PrDataset; from: string } {
  // Without the published folder: the committed fixture folder (generated samples, step 3's stub decisions).
  const dir =
    process.env.MARTIAN_BENCH_DIR ??
    path.join(import.meta.dirname, '../src/core/prreview/fixtures/martian');
  const golden = fs
    .readdirSync(path.join(dir, 'golden_comments'))
    .map((f) => ({ file: f, text: fs.readFileSync(path.join(dir, 'golden_comments', f), 'utf8') }));
  const judges = fs
    .readdirSync(path.join(dir, 'results'))
    .filter((j) => fs.existsSync(path.join(dir, 'results', j, 'evaluations.json')))
    .map((j) => ({
      name: j,
      candidates: {
        file: 'candidates.json',
        text: fs.readFileSync(path.join(dir, 'results', j, 'candidates.json'), 'utf8'),
      },
      evaluations: {
        file: 'evaluations.json',
        text: fs.readFileSync(path.join(dir, 'results', j, 'evaluations.json'), 'utf8'),
      },
    }));
  return {
    ds: readMartian({ golden, judges }),
    from: process.env.MARTIAN_BENCH_DIR ? dir : 'generated fixture folder (8 PRs)',
  };
}

const idf = await loadBackgroundIdf();
const ctx = { idf, linker: modelOf(shippedWeights()) };
const MATCHERS: MatcherName[] = ['lexical', 'plus', 'learned', 'bleu'];
const lines: string[] = [];
const time = (what: string, f: () => unknown) => {
  const t = performance.now();
  f();
  const ms = performance.now() - t;
  lines.push(`| ${what} | ${ms.toFixed(0)} ms |`);
  return ms;
};

const a = aacr();
const m = martian();
let total = 0;
let totalNoBleu = 0;
for (const ev of ['aacr', 'aacr-fixed', 'crscore'] as const)
  for (const matcher of MATCHERS) {
    const ms = time(`AACR-Bench ${ev} --matcher ${matcher}`, () =>
      prEval(a.ds, { evaluator: ev, matcher, ctx, resamples: 1000 }),
    );
    total += ms;
    if (matcher !== 'bleu') totalNoBleu += ms;
  }
for (const judge of m.ds.judges) {
  if (
    m.ds.prs.some(
      (p) =>
        p.judged?.[judge] && Object.values(p.judged[judge]).some((r) => r.tp + r.fp + r.fn > 0),
    )
  )
    total += time(`Martian martian --judge ${judge} (replay)`, () =>
      prEval(m.ds, { evaluator: 'martian', judge, resamples: 1000 }),
    );
  for (const matcher of MATCHERS) {
    const ms = time(`Martian martian --candidates-from ${judge} --matcher ${matcher}`, () =>
      prEval(m.ds, { evaluator: 'martian', candidatesFrom: judge, matcher, ctx, resamples: 1000 }),
    );
    total += ms;
    if (matcher !== 'bleu') totalNoBleu += ms;
  }
}
console.log(
  `AACR-Bench: ${a.from}: ${a.ds.prs.length} PRs, ${a.ds.prs.reduce((s, p) => s + Object.values(p.reviews).flat().length, 0)} comments, ${a.ds.systems.length} systems`,
);
console.log(
  `Martian: ${m.from}: ${m.ds.prs.length} PRs, ${m.ds.systems.length} tools, ${m.ds.judges.length} judges\n`,
);
console.log('| run (1,000 resamples) | time |\n|---|---|\n' + lines.join('\n'));
console.log(
  `\nall offline evaluators: ${(total / 1000).toFixed(2)} s (without bleu: ${(totalNoBleu / 1000).toFixed(2)} s); target < 3 s`,
);
record({
  what: 'pr-eval: AACR-Bench + Martian, every offline evaluator, 1,000 resamples',
  value: `${(total / 1000).toFixed(2)} s`,
  target: '< 3 s',
  met: total < 3000,
});
