// Pull requests for the GitHub stub, built the way GitHub builds them: each file's patch from its two versions,
// each review comment's diff_hunk = its hunk's header and lines down to the commented line (GitHub's shape).
import { structuredPatch } from 'diff';

export interface FixtureFile {
  path: string;
  before: string | null;
  after: string | null;
  previousPath?: string;
}

export interface FixtureComment {
  id: number;
  path: string;
  /** New-file line the comment is on. */
  line: number;
  body: string;
  user: string;
  /** id of the comment this one answers (GitHub points replies at the thread's first comment). */
  replyTo?: number;
  reviewId?: number;
}

export interface FixtureReview {
  id: number;
  user: string;
  body: string;
  state: 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED';
}

export interface FixturePr {
  owner: string;
  repo: string;
  number: number;
  title: string;
  author: string;
  headSha: string;
  baseSha: string;
  files: FixtureFile[];
  comments: FixtureComment[];
  reviews: FixtureReview[];
}

export function filePatch(f: FixtureFile): { header: string; lines: string[]; newStart: number }[] {
  const p = structuredPatch(f.previousPath ?? f.path, f.path, f.before ?? '', f.after ?? '', '', '', { context: 3 });
  return p.hunks.map((h) => ({
    header: `@@ -${h.oldLines ? h.oldStart : 0},${h.oldLines} +${h.newLines ? h.newStart : 0},${h.newLines} @@`,
    lines: h.lines,
    newStart: h.newStart,
  }));
}

export function patchText(f: FixtureFile): string {
  return filePatch(f)
    .map((h) => [h.header, ...h.lines].join('\n'))
    .join('\n');
}

/** The hunk header and lines down to new-file line `line`, as GitHub's diff_hunk. */
export function diffHunk(f: FixtureFile, line: number): string {
  for (const h of filePatch(f)) {
    let n = h.newStart - 1;
    const out = [h.header];
    for (const l of h.lines) {
      out.push(l);
      if (!l.startsWith('-')) n++;
      if (n === line && !l.startsWith('-')) return out.join('\n');
    }
  }
  throw new Error(`line ${line} of ${f.path} is not in its diff`);
}

const PY_BEFORE = ['import json', '', '', 'def load(path):', '    with open(path) as f:', '        return json.load(f)', '', '', 'class Cache:', '    def __init__(self):', '        self.store = {}', '', '    def get(self, key):', '        return self.store[key]', ''].join('\n');
const PY_AFTER = [
  'import json',
  'import os',
  '',
  '',
  'def load(path):',
  '    try:',
  '        with open(path) as f:',
  '            return json.load(f)',
  '    except:',
  '        return None',
  '',
  '',
  'class Cache:',
  '    def __init__(self):',
  '        self.store = {}',
  '',
  '    def get(self, key):',
  '        return self.store.get(key)',
  '',
].join('\n');
const JS_BEFORE = ['function total(items) {', '  var sum = 0;', '  for (var i = 0; i < items.length; i++) {', '    sum += items[i].price;', '  }', '  return sum;', '}', '', 'module.exports = { total };', ''].join('\n');
const JS_AFTER = [
  'function total(items, discount) {',
  '  var sum = 0;',
  '  for (var i = 0; i < items.length; i++) {',
  '    sum += items[i].price',
  '  }',
  '  if (discount == null) return sum;',
  '  return sum * (1 - discount);',
  '}',
  '',
  'module.exports = { total };',
  '',
].join('\n');

/** A pull request with two languages, a reply, a review body, and enough comments for several pages. */
export function samplePr(opts: { owner?: string; repo?: string; number?: number; extraComments?: number } = {}): FixturePr {
  const files: FixtureFile[] = [
    { path: 'cache/store.py', before: PY_BEFORE, after: PY_AFTER },
    { path: 'web/cart.js', before: JS_BEFORE, after: JS_AFTER },
  ];
  const comments: FixtureComment[] = [
    { id: 1001, path: 'cache/store.py', line: 9, body: 'Too general exception: do not use a bare except here. Catch OSError and ValueError instead.', user: 'alice', reviewId: 501 },
    { id: 1002, path: 'cache/store.py', line: 9, body: 'Good point, I will catch OSError.', user: 'bob', replyTo: 1001, reviewId: 502 },
    { id: 1003, path: 'web/cart.js', line: 4, body: 'Missing semicolon after the price sum.', user: 'carol', reviewId: 503 },
    { id: 1004, path: 'web/cart.js', line: 6, body: 'Use === null or check for undefined explicitly. The discount should be validated.', user: 'alice', reviewId: 501 },
    { id: 1005, path: 'cache/store.py', line: 2, body: 'The os import is unused.', user: 'carol', reviewId: 503 },
  ];
  for (let k = 0; k < (opts.extraComments ?? 0); k++)
    comments.push({ id: 2000 + k, path: k % 2 ? 'web/cart.js' : 'cache/store.py', line: k % 2 ? 7 : 18, body: `Nit ${k + 1}: consider a comment explaining this line.`, user: k % 3 ? 'dave' : 'erin' });
  return {
    owner: opts.owner ?? 'octo-org',
    repo: opts.repo ?? 'shop-service',
    number: opts.number ?? 42,
    title: 'Cache misses return None; cart totals take a discount',
    author: 'bob',
    headSha: 'a3f9c2e1b7d54e6f8a9b0c1d2e3f4a5b6c7d8e9f',
    baseSha: '0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c',
    files,
    comments,
    reviews: [
      { id: 501, user: 'alice', body: 'Two things to fix before this can go in.', state: 'CHANGES_REQUESTED' },
      { id: 502, user: 'bob', body: '', state: 'COMMENTED' },
      { id: 503, user: 'carol', body: 'Small nits.', state: 'COMMENTED' },
    ],
  };
}
