// `crscore eval` at benchmark scale (issue 30): a generated study of BENCH_N changes × 10 systems (default 10,000:
// ~86k scored reviews; bench/genDataset.ts writes it into bench/out once), scored lexical and learned with
// BENCH_RESAMPLES bootstrap resamples (default 1,000). Each run's wall time, CPU time (all threads) and peak RSS,
// beside a floor measured in the same run: a bare loop over typed arrays doing the same arithmetic (token-set
// overlaps of every sentence × pseudo-reference, the scores, then per resample the system means, the six rank
// correlations' passes and the link totals; learned adds a 50-feature dot product per pair). The floor runs in its
// own process, started the way the CLI is (Node with tsx's loader), so its peak RSS is a floor for the CLI's too.
// The machine may be shared, so the ratio of CPU times to the floor's is the figure to read. Then the pooled
// statistics (Spearman, Kendall τ-b) of all reviews at once.
//   npm run bench:eval-scale
//   BENCH_N=2000 BENCH_EVAL=lexical BENCH_RESAMPLES=200 npm run bench:eval-scale
// BENCH_DEV=FILE instead runs a held-out-shaped file: that dataset's real rows (code and all) ×BENCH_TIMES (default
// 60; the dev half ×60 is ~79k reviews, ~440 MB, most of it code), and prints each preset's (BENCH_EVAL, default
// lexical,plus,learned) wall, CPU and peak RSS: the CLI streams such a file and leaves its code on disk.
//   BENCH_DEV=../shared/data/crscore-human-study/dev.jsonl BENCH_RESAMPLES=200 npm run bench:eval-scale
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mulberry32 } from '../src/core/resampling.ts';
import { kendallTauB, spearman } from '../src/core/stats.ts';
import { datasetPath, ensureDataset, replicateFile, type GenRow } from './genDataset.ts';
import { record } from './summary.ts';

const N = Number(process.env.BENCH_N ?? 10_000);
const B = Number(process.env.BENCH_RESAMPLES ?? 1000);
const SEED = 1;
const WHICH = (process.env.BENCH_EVAL ?? 'lexical,learned').split(',');
const TARGET: Record<string, number> = { lexical: 20, learned: 45 };
const root = process.cwd();
const DEV = process.env.BENCH_DEV;

/** A child process's run, with its peak RSS and CPU time read in the child at exit (bench/heapPeak.mjs). */
function child(args: string[], env: Record<string, string> = {}) {
  const stats = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-evalscale-')), 'peak.json');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', './bench/heapPeak.mjs', ...args], {
    env: { ...process.env, ...env, HEAP_PEAK_FILE: stats },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const p = JSON.parse(fs.readFileSync(stats, 'utf8')) as { maxRss: number; cpuMs: number };
  fs.rmSync(path.dirname(stats), { recursive: true, force: true });
  return { wall, cpu: p.cpuMs / 1000, rss: p.maxRss / 2 ** 20, stdout: r.stdout };
}

/** One CLI run (bin/crscore.mjs, as `npm run crscore` but without npm's own process). */
function cli(args: string[]) {
  const r = child(['bin/crscore.mjs', ...args]);
  return { ...r, out: JSON.parse(r.stdout) as { n: number } };
}

/** The floor in its own process (this file with BENCH_FLOOR set): its loop's wall and CPU, and the process's peak RSS. */
function floorRun(which: string) {
  const r = child(['--import', 'tsx', 'bench/evalScale.ts'], { BENCH_FLOOR: which });
  const f = JSON.parse(r.stdout) as { wall: number; cpu: number };
  return { wall: f.wall, cpu: f.cpu, rss: r.rss };
}

/** The floor: the same arithmetic as bare loops over typed arrays, on one thread. */
function floor(rows: GenRow[], learned: boolean): { wall: number; cpu: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const vocab = new Map<string, number>();
  const ids = (t: string) => Int32Array.from(new Set((t.toLowerCase().match(/[a-z0-9_]+/g) ?? []).map((w) => vocab.get(w) ?? (vocab.set(w, vocab.size), vocab.size - 1)))).sort();
  const inter = (a: Int32Array, b: Int32Array) => {
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) {
        n++;
        i++;
        j++;
      } else if (a[i] < b[j]) i++;
      else j++;
    }
    return n;
  };
  const rel: number[] = [];
  const human: number[] = [];
  const cluster: number[] = [];
  const weights = new Float64Array(50).map((_, k) => Math.sin(k));
  const feats = new Float64Array(50);
  let dot = 0;
  rows.forEach((row, c) => {
    const refs = row.pseudo_refs.map((p) => ids(p.text));
    for (const v of row.reviews) {
      if (v.system === 'msg' || v.rel === null) continue;
      const sents = (v.review ?? '').split(/(?<=[.?!])\s+/).map(ids);
      let con = 0;
      const covered = new Uint8Array(refs.length);
      for (const s of sents) {
        let any = false;
        refs.forEach((r, i) => {
          const k = inter(s, r);
          const jac = k / (s.length + r.length - k || 1);
          if (learned) {
            for (let f = 0; f < 50; f++) feats[f] = jac * f + k;
            for (let f = 0; f < 50; f++) dot += feats[f] * weights[f];
          }
          if (jac > 0.3) {
            any = true;
            covered[i] = 1;
          }
        });
        if (any) con++;
      }
      const P = covered.reduce((a, b) => a + b, 0) / (refs.length || 1);
      const Cn = con / (sents.length || 1);
      rel.push(P + Cn > 0 ? (2 * P * Cn) / (P + Cn) : 0);
      human.push(v.rel);
      cluster.push(c);
    }
  });
  const n = rel.length;
  const C = rows.length;
  const S = 10;
  const sums = new Float64Array(C * S * 8).fill(0.5);
  const links = new Float64Array(C * 16 * 5).fill(1);
  const xId = Int32Array.from(rel, (r) => Math.round(r * 20));
  const yId = Int32Array.from(human, (h) => h - 1);
  const cl = Int32Array.from(cluster);
  const rng = mulberry32(SEED);
  const w = new Uint32Array(C);
  const ws = new Float64Array(n);
  const acc = new Float64Array(S * 8);
  const tot = new Float64Array(16 * 5);
  const wc = new Float64Array(21 * 5);
  const rx = new Float64Array(21).fill(1);
  const ry = new Float64Array(5).fill(1);
  let sink = dot;
  for (let b = 0; b < B; b++) {
    w.fill(0);
    for (let i = 0; i < C; i++) w[Math.floor(rng() * C)]++;
    acc.fill(0);
    tot.fill(0);
    for (let c = 0; c < C; c++) {
      const x = w[c];
      if (x === 0) continue;
      for (let k = 0; k < S * 8; k++) acc[k] += x * sums[c * S * 8 + k];
      for (let k = 0; k < 80; k++) tot[k] += x * links[c * 80 + k];
    }
    for (let i = 0; i < n; i++) ws[i] = w[cl[i]];
    for (let d = 0; d < 6; d++) {
      wc.fill(0);
      for (let i = 0; i < n; i++) if (ws[i] !== 0) wc[xId[i] * 5 + yId[i]] += ws[i];
      let sxy = 0;
      for (let i = 0; i < n; i++) if (ws[i] !== 0) sxy += ws[i] * rx[xId[i]] * ry[yId[i]];
      sink += sxy + wc[0];
    }
    sink += acc[0] + tot[0];
  }
  if (sink === 42) console.log('');
  const c = process.cpuUsage(c0);
  return { wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
}

if (DEV) {
  await heldOut(DEV);
  process.exit(0);
}
const file = await ensureDataset(datasetPath(root, N, SEED), { changes: N, seed: SEED });
const rows = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as GenRow);
if (process.env.BENCH_FLOOR) {
  process.stdout.write(JSON.stringify(floor(rows, process.env.BENCH_FLOOR === 'learned')));
  process.exit(0);
}
console.log(`crscore eval at scale: ${path.relative(root, file)} (${N} changes × 10 systems), ${B} resamples, ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}\n`);
console.log('| run | wall s | floor wall s | CPU s (all threads) | floor CPU s | CPU ÷ floor CPU | peak RSS MB | floor peak RSS MB | target |\n|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const which of WHICH) {
  for (const boot of [B, 0]) {
    const args = ['eval', '--dataset', file, '--json', '--bootstrap', String(boot), ...(which === 'learned' ? ['--preset', 'learned'] : [])];
    const r = cli(args);
    const f = floorRun(which);
    const target = boot === B && TARGET[which] ? `< ${TARGET[which]} s wall, < 800 MB` : '';
    console.log(`| ${which}, ${boot} resamples (n = ${r.out.n}) | ${r.wall.toFixed(1)} | ${f.wall.toFixed(1)} | ${r.cpu.toFixed(1)} | ${f.cpu.toFixed(1)} | ${(r.cpu / f.cpu).toFixed(1)} | ${r.rss.toFixed(0)} | ${f.rss.toFixed(0)} | ${target} |`);
    if (boot !== B) continue;
    const what = `CLI eval ${which}, ${r.out.n} reviews, ${B} resamples`;
    // Under the issue's rows even at another size (BENCH_N): `what` says how many reviews were scored.
    const issue = ({ lexical: 'CLI eval 86k, 1,000 resamples, lexical', learned: 'CLI eval 86k, 1,000 resamples, learned' } as Record<string, string>)[which];
    record({
      what: `${what}: wall (CPU of all threads)`,
      value: `${r.wall.toFixed(1)} s (CPU ${r.cpu.toFixed(1)} s = ${(r.cpu / f.cpu).toFixed(1)}× the floor's)`,
      floor: `${f.wall.toFixed(1)} s (CPU ${f.cpu.toFixed(1)} s)`,
      target: TARGET[which] ? `< ${TARGET[which]} s` : undefined,
      met: TARGET[which] ? r.wall < TARGET[which] : undefined,
      issue,
    });
    record({
      what: `${what}: peak RSS`,
      value: `${r.rss.toFixed(0)} MB`,
      floor: `${f.rss.toFixed(0)} MB`,
      target: '< 800 MB',
      met: r.rss < 800,
      issue: which === 'learned' ? 'CLI peak RSS, 86k learned' : undefined,
    });
  }
}

// The pooled statistics over every review at once (stats.ts, O(n log n)).
const x: number[] = [];
const y: number[] = [];
const rng = mulberry32(3);
for (const r of rows)
  for (const v of r.reviews)
    if (v.system !== 'msg' && v.rel !== null) {
      y.push(v.rel);
      x.push(Math.round(rng() * 40) / 40 + v.rel / 10);
    }
const t0 = performance.now();
const s = spearman(x, y).r;
const t1 = performance.now();
const k = kendallTauB(x, y).r;
const t2 = performance.now();
console.log(`\npooled statistics over ${x.length} reviews: Spearman ${(t1 - t0).toFixed(0)} ms (ρ ${s.toFixed(3)}), Kendall τ-b ${(t2 - t1).toFixed(0)} ms (τ ${k.toFixed(3)})`);
record({ what: `pooled Spearman + Kendall τ-b over ${x.length} reviews, Node`, value: `${((t2 - t0) / 1000).toFixed(2)} s`, target: '< 2 s', met: t2 - t0 < 2000 });

/** Each preset on a real dataset ×BENCH_TIMES: wall, CPU and peak RSS (the file is never read whole here either). */
async function heldOut(dev: string) {
  const times = Number(process.env.BENCH_TIMES ?? 60);
  const big = await replicateFile(dev, times, `${root}/bench/out/${path.basename(dev, '.jsonl')}-x${times}.jsonl`);
  const presets = (process.env.BENCH_EVAL ?? 'lexical,plus,learned').split(',');
  const mb = fs.statSync(big).size / 1e6;
  console.log(`crscore eval on ${path.relative(root, big)} (${path.basename(dev)} ×${times}, ${mb.toFixed(0)} MB), ${B} resamples, ${os.availableParallelism()} CPUs, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}\n`);
  console.log('| preset | reviews scored | wall s | CPU s (all threads) | peak RSS MB | target |\n|---|---:|---:|---:|---:|---|');
  for (const p of presets) {
    const r = cli(['eval', '--dataset', big, '--json', '--bootstrap', String(B), ...(p === 'lexical' ? [] : ['--preset', p])]);
    console.log(`| ${p} | ${r.out.n} | ${r.wall.toFixed(1)} | ${r.cpu.toFixed(1)} | ${r.rss.toFixed(0)} | < 800 MB |`);
    record({ what: `CLI eval ${p}, ${path.basename(dev)} ×${times} (${mb.toFixed(0)} MB, ${r.out.n} reviews): peak RSS`, value: `${r.rss.toFixed(0)} MB`, target: '< 800 MB', met: r.rss < 800 });
  }
}
