// How the annotators' linked claims are matched to tree claims (scripts/treeClaimsWorth.ts): on a small study the
// test writes, then on the human study's dev half through the real CLI (skipped without ../shared/data).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, coverageTable, linkedClaims, linkedNumbers, type StudyRow } from './treeClaimsWorth.ts';

const study: StudyRow[] = [
  {
    id: 'py-1',
    lang: 'py',
    pseudo_refs: [
      { no: 1, type: 'claim', text: 'The function `load_page` has been renamed to `fetch_page`.' },
      { no: 2, type: 'claim', text: 'A docstring was added.' },
      { no: 3, type: 'issue', text: 'Unused variable x' },
    ],
    reviews: [
      { system: 'gpt3.5_pred', review: 'Why rename?', claims_addressed: '1, 3' },
      { system: 'knn_pred', review: 'ok', claims_addressed: '-' },
      { system: 'msg', review: 'docs', claims_addressed: '2' },
      { system: 'lstm_pred', review: null, claims_addressed: null },
    ],
  },
  {
    id: 'js-2',
    lang: 'js',
    pseudo_refs: [{ no: 1, type: 'claim', text: 'A null check on output was added before onDestroy is called.' }],
    reviews: [{ system: 'llama3_pred', review: 'Null check?', claims_addressed: '1' }],
  },
];
const trees: StudyRow[] = [
  { id: 'py-1', lang: 'py', pseudo_refs: [{ no: 1, type: 'claim', text: 'The change adds a comment: `todo`.' }, { no: 2, type: 'claim', text: 'The change renames the method `load_page` to `fetch_page`.' }], reviews: [] },
  { id: 'js-2', lang: 'js', pseudo_refs: [{ no: 1, type: 'claim', text: 'The change adds an import of `fs`.' }], reviews: [] },
];

describe("the annotators' linked claims a tree claim covers", () => {
  it('reads claims_addressed as numbers: "1, 3", "-" and null', () => {
    expect(linkedNumbers('1, 3')).toEqual([1, 3]);
    expect(linkedNumbers('-')).toEqual([]);
    expect(linkedNumbers(null)).toEqual([]);
  });

  it('keeps claims (not issues) that a system review links (msg left out), each with its closest tree claim of the same change', () => {
    const c = linkedClaims(study, trees);
    expect(c.map((x) => `${x.change}#${x.no}`)).toEqual(['py-1#1', 'js-2#1']);
    expect(c[0].best?.text).toBe('The change renames the method `load_page` to `fetch_page`.');
    expect(c[0].best!.jaccard).toBeGreaterThanOrEqual(0.4);
    expect(c[1].best!.jaccard).toBe(0);
  });

  it('reports the share covered per language and overall at each threshold', () => {
    const t = coverageTable(linkedClaims(study, trees));
    expect(t.map((r) => r.lang)).toEqual(['js', 'py', 'all']);
    const all = t.find((r) => r.lang === 'all')!;
    expect(all.claims).toBe(2);
    expect(all.byThreshold[0]).toMatchObject({ claims: 0.5, links: 0.5 });
    expect(t.find((r) => r.lang === 'js')!.byThreshold.every((b) => b.claims === 0)).toBe(true);
  });
});

const DEV = path.resolve(import.meta.dirname, '../../shared/data/crscore-human-study/dev.jsonl');
const DEV_ALT = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const dev = existsSync(DEV) ? DEV : DEV_ALT;
describe.skipIf(!existsSync(dev))("on the human study's dev half (needs ../shared/data; skipped without it)", () => {
  it('tree claims from `crscore claims --pseudo-refs tree-claims` cover some but not all linked claims, a rename among them', { timeout: 240_000 }, () => {
    const rows = (text: string) => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as StudyRow);
    const c = linkedClaims(rows(readFileSync(dev, 'utf8')), rows(cli(['claims', '--dataset', dev, '--pseudo-refs', 'tree-claims'], true)));
    expect(c.length).toBeGreaterThan(300);
    const share = coverageTable(c).find((r) => r.lang === 'all')!.byThreshold[0].claims;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.95);
    expect(c.find((x) => x.change === 'py-8942' && x.no === 1)?.best?.jaccard).toBeGreaterThan(0.5);
  });
});
if (!existsSync(dev)) console.log("skipped the dev-half check: ../shared/data/crscore-human-study/dev.jsonl is absent");
