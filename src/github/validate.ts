// The one check of GitHub's answers: every field the app reads (types.ts) is checked for its type before anything
// uses it, in the browser and the CLI alike. A wrong one is an error that names the list, the item and the field
// ("review comment 3: \"diff_hunk\" is a number (5), not a text") instead of a TypeError deep in a view.
import { GithubError } from './errors.ts';
import type { GhContent, GhFile, GhPullRequest, GhReview, GhReviewComment } from './types.ts';

type Kind = 'text' | 'whole number' | 'object';
type Spec = Record<string, { kind: Kind; required?: boolean }>;

const req = (kind: Kind) => ({ kind, required: true });
const opt = (kind: Kind) => ({ kind });

const USER: Spec = { login: req('text') };
const PULL: Spec = { number: req('whole number'), title: opt('text'), html_url: opt('text'), state: opt('text'), body: opt('text'), user: opt('object'), head: req('object'), base: opt('object') };
const REF: Spec = { sha: opt('text'), ref: opt('text') };
const FILE: Spec = { filename: req('text'), status: req('text'), previous_filename: opt('text'), patch: opt('text') };
const COMMENT: Spec = {
  id: req('whole number'),
  diff_hunk: req('text'),
  path: req('text'),
  body: req('text'),
  user: opt('object'),
  html_url: opt('text'),
  in_reply_to_id: opt('whole number'),
  line: opt('whole number'),
  original_line: opt('whole number'),
  subject_type: opt('text'),
};
const REVIEW: Spec = { id: req('whole number'), user: opt('object'), body: opt('text'), state: opt('text'), html_url: opt('text'), submitted_at: opt('text') };
const CONTENT: Spec = { type: req('text'), encoding: opt('text'), content: opt('text') };

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  const json = JSON.stringify(v);
  const shown = json === undefined ? String(v) : json.length > 40 ? `${json.slice(0, 40)}…` : json;
  return typeof v === 'object' ? `an object (${shown})` : `a ${typeof v} (${shown})`;
}

function fits(v: unknown, kind: Kind): boolean {
  if (kind === 'text') return typeof v === 'string';
  if (kind === 'whole number') return typeof v === 'number' && Number.isSafeInteger(v);
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** Why `v` does not fit `spec` ("is null, not an object", "has \"diff_hunk\" a number (5), not a text"), or null. */
function problem(v: unknown, spec: Spec, nested: Record<string, Spec> = {}, prefix = ''): string | null {
  if (!fits(v, 'object')) return `is ${describe(v)}, not an object`;
  const o = v as Record<string, unknown>;
  for (const [field, s] of Object.entries(spec)) {
    const x = o[field];
    const name = `"${prefix}${field}"`;
    if (x === undefined || x === null) {
      // GitHub leaves out or nulls what a pull request does not have; the readers fall back for those.
      if (s.required) return `has no ${name}`;
      continue;
    }
    if (!fits(x, s.kind)) return `has ${name} ${describe(x)}, not ${s.kind === 'object' ? 'an object' : `a ${s.kind}`}`;
    const inner = nested[field] ? problem(x, nested[field], {}, `${prefix}${field}.`) : null;
    if (inner) return inner;
  }
  return null;
}

function fail(what: string, where: string, why: string): never {
  throw new GithubError('bad-response', `GitHub's answer for ${what} is not what GitHub sends: ${where} ${why}. Is the API base a GitHub API?`);
}

function checkList<T>(items: unknown[], what: string, noun: string, spec: Spec): T[] {
  items.forEach((v, k) => {
    const why = problem(v, spec, { user: USER });
    if (why) fail(what, `${noun} ${k + 1}`, why);
  });
  return items as T[];
}

export function checkPullRequest(v: unknown, what: string): GhPullRequest {
  const why = problem(v, PULL, { user: USER, head: REF, base: REF });
  if (why) fail(what, 'the pull request', why);
  return v as GhPullRequest;
}

export const checkFiles = (items: unknown[], what: string) => checkList<GhFile>(items, what, 'file', FILE);
export const checkComments = (items: unknown[], what: string) => checkList<GhReviewComment>(items, what, 'review comment', COMMENT);
export const checkReviews = (items: unknown[], what: string) => checkList<GhReview>(items, what, 'review', REVIEW);

export function checkContent(v: unknown, what: string): GhContent {
  const why = problem(v, CONTENT);
  if (why) fail(what, 'the file', why);
  return v as GhContent;
}
