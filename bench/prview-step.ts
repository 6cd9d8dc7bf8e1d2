// `npm run bench:prview`: one τ or location-weight step of the pull request view, the work the page does per step
// (CRScore of the PR's matrix re-decided from the text similarities computed once, then the matches the lines are
// drawn for), on the largest pull request of the SWE-CARE and AACR-Bench samples and on a made 60 × 60 review. The page adds
// layout and the lines' measurement (PR-VIEW-STEP in e2e/pr-review-ui.spec.ts prints the whole step in Chromium).
import { crscoreEvaluate, pairMatrix, prMatches, readPrFiles, referencesFor, samplePrFiles, type ReviewComment } from '../src/core/prreview/index.ts';
import { record } from './summary.ts';

function step(issues: ReviewComment[], comments: ReviewComment[]): { ms: number; cells: number } {
  const text = pairMatrix('lexical')(issues.map((i) => i.text), comments.map((c) => c.text));
  const steps = 200;
  const t0 = performance.now();
  for (let k = 0; k < steps; k++) {
    const tau = 0.05 + (k % 50) / 100;
    const row = crscoreEvaluate(issues, comments, text, { tau, locationWeight: (k % 10) / 10, lineWindow: 3 });
    prMatches(row, tau);
  }
  return { ms: (performance.now() - t0) / steps, cells: issues.length * comments.length };
}

const cases: { name: string; issues: ReviewComment[]; comments: ReviewComment[] }[] = [];
for (const layout of ['swe-care', 'aacr'] as const) {
  const ds = readPrFiles(samplePrFiles(layout));
  let best: (typeof cases)[number] | null = null;
  for (const pr of ds.prs)
    for (const s of ds.systems) {
      const issues = referencesFor(pr, s, 'others');
      const comments = pr.reviews[s] ?? [];
      if (!best || issues.length * comments.length > best.issues.length * best.comments.length) best = { name: `${layout} ${pr.id} · ${s}`, issues, comments };
    }
  if (best) cases.push(best);
}
const made = (n: number, who: string) => Array.from({ length: n }, (_, k) => ({ text: `${who} ${k}: the lock is released early and the cache may return stale rows ${k % 7}`, path: `src/f${k % 5}.py`, to: 10 + ((k * 7) % 200) }));
cases.push({ name: 'made 60 issues × 60 comments', issues: made(60, 'issue'), comments: made(60, 'comment') });

for (const c of cases) {
  const r = step(c.issues, c.comments);
  const line = `${c.name}: ${c.issues.length} × ${c.comments.length} = ${r.cells} cells, ${r.ms.toFixed(3)} ms a step (target < 100 ms in the page)`;
  console.log(line);
  record({ what: `PR view step, ${c.name}`, value: `${r.ms.toFixed(3)} ms`, target: '< 100 ms', met: r.ms < 100 });
}
