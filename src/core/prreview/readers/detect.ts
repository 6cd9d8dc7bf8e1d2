// Which layout a file or folder is, by its shape (never by its name alone).
import type { PrLayout } from '../model.ts';

/** A file's layout from its text: SWE-CARE instances, our JSONL, AACR-Bench samples; null when none fits. */
export function detectFileLayout(text: string): PrLayout | null {
  const t = text.trimStart();
  if (t.startsWith('[')) {
    try {
      const v = JSON.parse(t) as unknown[];
      if (Array.isArray(v) && v.some((x) => x && typeof x === 'object' && 'githubPrUrl' in x)) return 'aacr';
    } catch {
      return null;
    }
    return null;
  }
  for (const line of t.split('\n').slice(0, 50)) {
    try {
      const o = JSON.parse(line) as Record<string, unknown>;
      if (o && typeof o === 'object') {
        if ('instance_id' in o && 'reference_review_comments' in o) return 'swe-care';
        if ('pr' in o && ('reviews' in o || 'references' in o)) return 'crscore-pr';
        if ('review' in o && 'system' in o && typeof o.url === 'string' && o.url.includes('/pull/')) return 'github';
      }
    } catch {
      /* a bad line is named by the reader; look at the next */
    }
  }
  return null;
}

/** A folder's layout from its file names (relative, with `/`): Martian's offline folder or AACR-Bench's dataset. */
export function detectFolderLayout(paths: readonly string[]): PrLayout | null {
  if (paths.some((p) => /(^|\/)golden_comments\/[^/]+\.json$/.test(p))) return 'martian';
  if (paths.some((p) => /(^|\/)positive_samples\.json$/.test(p))) return 'aacr';
  return null;
}
