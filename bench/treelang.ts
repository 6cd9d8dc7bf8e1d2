// Analyzers + tree claims on 2,500 generated bare hunks in CodeReviewer's nine languages (the table shape:
// a patch with no file header and a lang column; src/testing/reviewTable.ts), in the CLI's code path and order. Prints
// the time, the counts and a digest of the findings (a speed change must leave it as it is).
import { analyze } from '../src/analyzers/run.ts';
import { parseCode } from '../src/analyzers/linters.ts';
import { createHash } from 'node:crypto';
import { record } from './summary.ts';
import { treeClaimsForChanges } from '../src/pseudorefs/treeClaimsBatch.ts';
import { issuesForChanges } from '../src/pseudorefs/issuesBatch.ts';
import { nodeTreeSitterAssets } from '../src/analyzers/treesitterNode.ts';
import { generateReviewTable } from '../src/testing/reviewTable.ts';

const assets = nodeTreeSitterAssets();
// The reference-free measurement's generator: seven kinds of change, clean or with a smell.
const rows = generateReviewTable({ rows: 2500 }).map((r, i) => ({ id: String(i), lang: r.lang, diff: r.patch }));
// The CLI's order (crscore score|eval --pseudo-refs offline): every change's tree claims, then every change's issues.
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const claims = await treeClaimsForChanges(rows, (l, c) => parseCode(l, c, assets));
const t1 = performance.now();
const issues = await issuesForChanges(rows, (req) => analyze(req, assets), { filter: 'paper', options: 'paper' });
const t2 = performance.now();
const s = (t2 - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const nIssues = issues.reduce((n, c) => n + c.refs.length, 0);
const nClaims = claims.reduce((n, c) => n + c.refs.length, 0);
const digest = createHash('sha256').update(JSON.stringify([claims.map((c) => c.refs), issues.map((c) => [c.refs, c.failed])])).digest('hex').slice(0, 16);
console.log(`analyzers + tree claims: ${rows.length} hunks in 9 languages, ${s.toFixed(1)} s (budget 20 s; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; tree claims ${((t1 - t0) / 1000).toFixed(1)} s, analyzers ${((t2 - t1) / 1000).toFixed(1)} s); ${nIssues} issues, ${nClaims} claims, findings ${digest}`);
record({ what: 'analyzers + tree claims, 2,500 bare hunks in 9 languages (CLI)', value: `${s.toFixed(1)} s`, target: '< 20 s', met: s < 20 });
