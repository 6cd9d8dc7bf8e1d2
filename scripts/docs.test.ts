// The README is a front door and docs/ holds the rest: the README stays short, every relative link in either
// resolves (file and heading), and no user doc names the project's own history or internal labels.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOCS = path.join(ROOT, 'docs');
const pages = [path.join(ROOT, 'README.md'), ...fs.readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => path.join(DOCS, f))];
const rel = (f: string) => path.relative(ROOT, f);

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(file: string): Set<string> {
  const out = new Set<string>();
  for (const m of fs.readFileSync(file, 'utf8').matchAll(/^#+\s+(.+)$/gm))
    out.add(m[1].trim().toLowerCase().replace(/[^\p{L}\p{N}\- ]/gu, '').replace(/ /g, '-'));
  return out;
}

/** Broken relative links of one Markdown text, as "target#anchor". */
export function brokenLinks(file: string, text: string): string[] {
  const bad: string[] = [];
  for (const m of text.matchAll(/\]\(([^)#\s]*)(#[^)\s]+)?\)/g)) {
    const [, target, anchor] = m;
    if (/^[a-z]+:/.test(target)) continue;
    const to = target ? path.resolve(path.dirname(file), target) : file;
    if (!fs.existsSync(to)) bad.push(`${target}${anchor ?? ''}`);
    else if (anchor && to.endsWith('.md') && !anchors(to).has(anchor.slice(1))) bad.push(`${target}${anchor}`);
  }
  return bad;
}

describe('documentation', () => {
  it('the README is a front door of about 150 lines', () => {
    const lines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(180);
    for (const page of ['metric', 'cli', 'presets', 'performance', 'security', 'architecture', 'workbench', 'research', 'annotate', 'teach'])
      expect(fs.existsSync(path.join(DOCS, `${page}.md`)), page).toBe(true);
  });

  it('every relative link and heading anchor resolves', () => {
    const bad = pages.flatMap((f) => brokenLinks(f, fs.readFileSync(f, 'utf8')).map((l) => `${rel(f)}: ${l}`));
    expect(bad).toEqual([]);
  });

  it('the link checker finds a missing page and a missing heading', () => {
    const readme = path.join(ROOT, 'README.md');
    expect(brokenLinks(readme, '[a](docs/no-such-page.md) [b](docs/cli.md#no-such-heading) [c](docs/cli.md)')).toEqual([
      'docs/no-such-page.md',
      'docs/cli.md#no-such-heading',
    ]);
  });

  it('no history or internal labels in user docs', () => {
    const bad = pages.flatMap((f) =>
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .filter((l) => /\bissue \d+\b|\(issue|seed 00\d|\bseed_?0\d\d\b/i.test(l))
        .map((l) => `${rel(f)}: ${l.slice(0, 80)}`),
    );
    expect(bad).toEqual([]);
  });
});
