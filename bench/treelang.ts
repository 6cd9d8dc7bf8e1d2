// Analyzers + tree claims on 2,500 generated bare hunks in CodeReviewer's nine languages (the table shape:
// a patch with no file header and a lang column), in the CLI's code path. Prints the time and the counts.
import { analyze } from '../src/analyzers/run.ts';
import { parseCode } from '../src/analyzers/linters.ts';
import { treeClaims } from '../src/analyzers/treeClaims/claims.ts';
import { nodeTreeSitterAssets } from '../src/analyzers/treesitterNode.ts';
import { LANG, nineLanguageHunks } from '../src/testing/nineLanguages.ts';

const assets = nodeTreeSitterAssets();
const rows = nineLanguageHunks(2500);
const t0 = performance.now();
let issues = 0;
let claims = 0;
for (const r of rows) {
  const language = LANG[r.lang];
  for (const res of await analyze({ language, diff: r.diff, filter: 'paper', options: 'paper' }, assets)) issues += res.refs.length;
  claims += (await treeClaims(language, r.diff, (l, c) => parseCode(l, c, assets))).length;
}
const s = (performance.now() - t0) / 1000;
console.log(`analyzers + tree claims: ${rows.length} hunks in 9 languages, ${s.toFixed(1)} s (budget 20 s); ${issues} issues, ${claims} claims`);
