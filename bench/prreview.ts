// `npm run bench:prreview`: AACR-Bench and Martian's benchmark through every offline evaluator of `crscore pr-eval`
// (codefuse, aacr, aacr-fixed, martian, crscore) with every offline matcher (bleu, lexical, plus, use-lite,
// learned), 1,000 bootstrap resamples over PRs each, timed in this process (the CLI's work after reading).
//   AACR_BENCH_DIR=<AACR-Bench dataset folder> MARTIAN_BENCH_DIR=<Martian offline folder> npm run bench:prreview
// Without them it runs on generated samples of the same layouts (src/core/prreview/samples.ts).
// Each dataset runs twice: 'shared', every run on one matcher context (matchers.ts keeps each text's tokens,
// n-gram counts and features and each pair's similarity there, as Research's reruns do), and 'cold', each run on
// a fresh context (what one `crscore pr-eval` invocation does). CPU time is printed beside wall time: on a shared
// machine the wall clock measures the neighbours too. BENCH_COLD=0 skips the cold pass; BENCH_USE_LITE=0 skips
// use-lite (its encoder's embedding of every distinct text is timed apart, as the CLI does it before evaluating).
import { aggregate, AACR_AGGREGATE } from '../src/core/prreview/aggregate.ts';
import { prEval, type MatcherContext, type MatcherName, type PrDataset, type PrEvalOptions } from '../src/core/prreview/index.ts';
import { matcherContext } from '../src/cli/pr/prEval.ts';
import { aacrBench, martianBench } from './prData.ts';
import { record } from './summary.ts';

const B = Number(process.env.BENCH_RESAMPLES ?? 1000);
const withUseLite = process.env.BENCH_USE_LITE !== '0';
const MATCHERS: MatcherName[] = ['bleu', 'lexical', 'plus', ...(withUseLite ? (['use-lite'] as const) : []), 'learned'];

type Run = { label: string; o: Omit<PrEvalOptions, 'ctx'> };

/** Every offline evaluator with every matcher (codefuse also with its own BLEU; martian replaying each judge). */
function runsOf(ds: PrDataset): Run[] {
  const runs: Run[] = [{ label: 'codefuse (its BLEU)', o: { evaluator: 'codefuse' } }];
  for (const ev of ['codefuse', 'aacr', 'aacr-fixed', 'crscore'] as const)
    for (const matcher of MATCHERS) runs.push({ label: `${ev} --matcher ${matcher}`, o: { evaluator: ev, matcher } });
  if (ds.layout === 'martian')
    for (const judge of ds.judges) {
      if (ds.prs.some((p) => p.judged?.[judge] && Object.values(p.judged[judge]).some((r) => r.tp + r.fp + r.fn > 0)))
        runs.push({ label: `martian --judge ${judge} (replay)`, o: { evaluator: 'martian', judge } });
      for (const matcher of MATCHERS)
        runs.push({ label: `martian --candidates-from ${judge} --matcher ${matcher}`, o: { evaluator: 'martian', candidatesFrom: judge, matcher } });
    }
  return runs.map((r) => ({ ...r, o: { ...r.o, resamples: B, seed: 1 } }));
}

function timed<T>(f: () => T): { value: T; wall: number; cpu: number } {
  const c = process.cpuUsage();
  const t = performance.now();
  const value = f();
  return { value, wall: performance.now() - t, cpu: (process.cpuUsage(c).user + process.cpuUsage(c).system) / 1000 };
}

async function contextFor(ds: PrDataset): Promise<{ ctx: () => Promise<MatcherContext>; embed: string }> {
  const base = await matcherContext(['plus', 'learned'], ds);
  if (!withUseLite) return { ctx: async () => ({ ...base }), embed: 'skipped' };
  const t = performance.now();
  const { vector } = await matcherContext(['use-lite'], ds);
  const embed = `${((performance.now() - t) / 1000).toFixed(1)} s`;
  return { ctx: async () => ({ ...base, vector }), embed };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function bench(name: string, data: { ds: PrDataset; from: string; read: number }) {
  const { ds } = data;
  const comments = ds.prs.reduce((n, p) => n + Object.values(p.reviews).flat().length, 0);
  const { ctx, embed } = await contextFor(ds);
  console.log(`\n## ${name}: ${data.from}`);
  console.log(`${ds.prs.length} PRs, ${comments} comments, ${ds.systems.length} systems${ds.judges.length ? `, ${ds.judges.length} judges` : ''}; read in ${s(data.read)}; use-lite embedding of every distinct text: ${embed}\n`);
  const runs = runsOf(ds);
  const shared = await ctx();
  const lines: string[] = [];
  let wall = 0;
  let cpu = 0;
  for (const r of runs) {
    const t = timed(() => prEval(ds, { ...r.o, ctx: shared }));
    wall += t.wall;
    cpu += t.cpu;
    lines.push(`| ${r.label} | ${t.wall.toFixed(0)} | ${t.cpu.toFixed(0)} | ${t.value.rows.length} |`);
  }
  console.log(`| run (${B} resamples, shared context) | wall ms | CPU ms | rows |\n|---|---:|---:|---:|\n${lines.join('\n')}`);
  console.log(`\n${name}, all ${runs.length} runs on one context: ${s(wall)} wall, ${s(cpu)} CPU; target < 3 s`);
  record({ what: `pr-eval: ${name}, every offline evaluator × matcher (${runs.length} runs), ${B} resamples, one context`, value: `${s(wall)} (CPU ${s(cpu)})`, target: '< 3 s', met: wall < 3000 });
  if (process.env.BENCH_COLD !== '0') {
    let coldWall = 0;
    let coldCpu = 0;
    for (const r of runs) {
      const c = await ctx();
      const t = timed(() => prEval(ds, { ...r.o, ctx: c }));
      coldWall += t.wall;
      coldCpu += t.cpu;
    }
    console.log(`${name}, the same ${runs.length} runs each on a fresh context (one CLI invocation each): ${s(coldWall)} wall, ${s(coldCpu)} CPU`);
    record({ what: `pr-eval: ${name}, ${runs.length} runs, each on a fresh context`, value: `${s(coldWall)} (CPU ${s(coldCpu)})` });
  }
  return { runs: runs.length, wall, cpu };
}

const a = await bench('AACR-Bench', aacrBench());
const m = await bench("Martian's benchmark", martianBench());

// The bootstrap alone: 1,000 resamples over PRs of per-PR sums (no matching is redone).
const ds = aacrBench().ds;
const rows = prEval(ds, { evaluator: 'aacr-fixed', matcher: 'lexical', resamples: 1 }).rows;
const boot = timed(() => aggregate(rows, AACR_AGGREGATE, { resamples: B, seed: 1 }));
console.log(`\nbootstrap alone: ${B} resamples of ${rows.length} rows (${ds.systems.length} systems, their pairwise differences): ${boot.wall.toFixed(0)} ms wall, ${boot.cpu.toFixed(0)} ms CPU`);
console.log(`\ntotal: AACR-Bench ${s(a.wall)} (${a.runs} runs), Martian ${s(m.wall)} (${m.runs} runs); target < 3 s each`);
