// A generated sample of our pull-request JSONL whose diffs hold real code (JavaScript, Python, Java, a README), so
// that its pseudo-references are something to see: the syntax trees' claims on each hunk, the analyzers' issues on
// their lines. Some PRs carry reference issues, some none, one has no diff and one changes only prose: judged
// reference-free, those two are rows "not scored", as the paper leaves a change without pseudo-references.
import { mulberry32 } from '../resampling.ts';

interface CodeFile {
  path: string;
  /** The file's new lines (the hunk adds them after `at` lines of context). */
  added: string[];
  context: string[];
  at: number;
}

const JS: CodeFile[] = [
  { path: 'web/cart.js', at: 4, context: ['// cart totals', 'var TAX = 0.2;'], added: ['function total(items, discount) {', '  var sum = 0', '  for (var i = 0; i < items.length; i++) {', '    sum += items[i].price * items[i].qty', '  }', '  if (discount == null) return sum', '  return sum - discount', '}'] },
  { path: 'web/user.js', at: 10, context: ['// users', 'var cache = {};'], added: ['function findUser(id) {', '  unused = 1;', '  if (cache[id] == undefined) {', '    cache[id] = fetchUser(id)', '  }', '  return cache[id];', '}'] },
  { path: 'web/form.js', at: 1, context: ['"use strict";'], added: ['function validate(form) {', '  var ok = true', '  with (form) {', '    if (name.length == 0) ok = false;', '  }', '  return ok;', '}'] },
];

const PY: CodeFile[] = [
  { path: 'cache/store.py', at: 1, context: ['import os', 'import json'], added: ['def load(path, a, b, c, d, e, f):', '    try:', '        with open(path) as fh:', '            return json.load(fh)', '    except:', '        return None'] },
  { path: 'cache/keys.py', at: 5, context: ['# keys', ''], added: ['def key_of(item):', '    if item is None:', '        return ""', '    return str(item.id) + ":" + str(item.version)'] },
];

const JAVA: CodeFile[] = [
  { path: 'src/main/java/shop/Order.java', at: 3, context: ['package shop;', ''], added: ['public class Order {', '    private int total;', '    public int getTotal() {', '        int unused = 0;', '        return total;', '    }', '}'] },
];

const README: CodeFile = { path: 'README.md', at: 2, context: ['# Shop', ''], added: ['Run `npm start` to serve the shop.', 'The cart totals include tax.'] };

function diffOf(files: CodeFile[]): { diff: string; lines: { path: string; line: number; text: string }[] } {
  let diff = '';
  const lines: { path: string; line: number; text: string }[] = [];
  for (const f of files) {
    const n = f.context.length;
    diff += `diff --git a/${f.path} b/${f.path}\n--- a/${f.path}\n+++ b/${f.path}\n@@ -${f.at},${n} +${f.at},${n + f.added.length} @@\n`;
    diff += f.context.map((l) => ` ${l}\n`).join('') + f.added.map((l) => `+${l}\n`).join('');
    f.added.forEach((text, k) => lines.push({ path: f.path, line: f.at + n + k, text }));
  }
  return { diff, lines };
}

const SAYS = [
  'Missing semicolon at the end of this statement.',
  'Use === to compare with null or undefined here.',
  'This variable is assigned but never declared: it leaks a global.',
  'A bare except hides every error: catch the exceptions you expect.',
  'Too many parameters: group them into an object.',
  'The loop reads items.length on every step; the change adds a new function total.',
  'Avoid with: it makes the scope unclear.',
  'The unused local variable can be removed.',
  'Rename this function for clarity.',
  'Looks good to me.',
];

/** Our JSONL (docs/pull-requests.md), one PR a line, two systems; seeded, so the same lines every time. */
export function codePrSample(seed = 44): string {
  const r = mulberry32(seed);
  const int = (n: number) => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)];
  const sets: (CodeFile[] | null)[] = [[JS[0]], [PY[0]], [JS[1], PY[1]], [JAVA[0]], [README], null, [JS[2]], [JS[0], JS[1]], [PY[0], PY[1]], [JS[2], JAVA[0]]];
  const out: string[] = [];
  sets.forEach((files, k) => {
    const { diff, lines } = files ? diffOf(files) : { diff: '', lines: [] as { path: string; line: number; text: string }[] };
    const at = () => (lines.length ? pick(lines) : null);
    // Every third PR comes with reference issues; the rest are to be judged against their pseudo-references.
    const references = k % 3 === 0 && lines.length ? Array.from({ length: 1 + int(2) }, () => {
      const l = at()!;
      return { text: pick(SAYS), path: l.path, from: l.line, to: l.line, side: 'right', source: 'human' };
    }) : [];
    const reviews: Record<string, { text: string; path?: string; from?: number; to?: number }[]> = {};
    for (const sys of ['tool-a', 'tool-b']) {
      reviews[sys] = Array.from({ length: 1 + int(3) }, () => {
        const l = at();
        const text = pick(SAYS);
        if (!l || r() < 0.15) return { text };
        // Some comments far below the change (beyond the line window of what they name): location alone cannot match.
        const line = r() < 0.3 ? l.line + 15 + int(10) : l.line + int(3) - 1;
        return { text, path: l.path, from: line, to: line };
      });
    }
    const pr = { pr: `octo/shop#${200 + k}`, repository: 'octo/shop', title: `Change ${k}`, ...(diff ? { diff } : {}), languages: [], references, reviews };
    out.push(JSON.stringify(pr));
  });
  return out.join('\n') + '\n';
}
