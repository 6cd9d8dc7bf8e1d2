// Martian's offline code review benchmark: `golden_comments/*.json` (each PR's human-verified issues, keyed by
// `original_url`, else `url`), and per judge `results/<judge>/candidates.json` (the issues extracted from each
// tool's review) and `results/<judge>/evaluations.json` (that judge's decisions). The results are keyed by the
// golden `url`; both keys find the PR. Each judge extracted its own candidates, so a tool's review is the
// candidates of one judge's folder (`candidatesFrom`).
import { dataset, type JudgeRecord, type PrDataset, type PullRequest, type ReadProblem, type ReviewComment } from '../model.ts';
import { parseJson } from './jsonl.ts';

export interface MartianFiles {
  golden: readonly { file: string; text: string }[];
  judges: readonly { name: string; candidates?: { file: string; text: string }; evaluations?: { file: string; text: string } }[];
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function candidateOf(c: Record<string, unknown>): ReviewComment {
  return { text: str(c.text) ?? '', path: str(c.path), to: typeof c.line === 'number' ? c.line : null };
}

/** Step 3's `get_candidates`: the texts of the extracted candidates that have one. */
function candidateList(v: unknown): ReviewComment[] {
  return Array.isArray(v) ? v.filter((c) => obj(c) && c.text).map((c) => candidateOf(c as Record<string, unknown>)) : [];
}

function recordOf(r: Record<string, unknown>, extracted: ReviewComment[] | null): JudgeRecord {
  const list = (k: string) => (Array.isArray(r[k]) ? (r[k] as unknown[]).filter(obj) : []);
  const matched = list('true_positives').map((t) => ({
    golden: str(t.golden_comment) ?? '',
    candidate: str(t.matched_candidate),
    confidence: typeof t.confidence === 'number' ? t.confidence : null,
  }));
  const unmatched = list('false_positives').map((f) => str(f.candidate) ?? '');
  let candidates = extracted;
  if (!candidates) {
    // No extraction for this tool in the judge's folder: step 3 fell back to the raw review comments, which are
    // not published. The record still names every candidate it matched or left unmatched.
    const seen = new Set<string>();
    candidates = [];
    for (const t of [...matched.map((m) => m.candidate ?? ''), ...unmatched])
      if (t && !seen.has(t)) {
        seen.add(t);
        candidates.push({ text: t });
      }
  }
  return {
    candidates,
    candidatesFrom: extracted ? 'candidates' : 'record',
    totalCandidates: num(r.total_candidates),
    matched,
    missed: list('false_negatives').map((f) => str(f.golden_comment) ?? ''),
    unmatched,
    tp: num(r.tp),
    fp: num(r.fp),
    fn: num(r.fn),
    errors: num(r.errors_count),
    skipped: r.skipped === true,
  };
}

export function readMartian(files: MartianFiles, candidatesFrom?: string): PrDataset {
  const problems: ReadProblem[] = [];
  const prs: PullRequest[] = [];
  const byKey = new Map<string, PullRequest>();
  for (const g of files.golden) {
    const data = parseJson(g.text, g.file, problems);
    if (data === undefined) continue;
    if (!Array.isArray(data)) {
      problems.push({ file: g.file, where: 'whole file', why: 'not a list of pull requests' });
      continue;
    }
    data.forEach((e, i) => {
      if (!obj(e) || !str(e.url)) {
        problems.push({ file: g.file, where: `[${i}]`, why: 'no url' });
        return;
      }
      const url = str(e.url)!;
      const id = str(e.original_url) ?? url;
      if (byKey.has(id)) {
        problems.push({ file: g.file, where: `[${i}] (${id})`, why: 'this PR appears twice; the first is kept' });
        return;
      }
      if (!Array.isArray(e.comments)) {
        problems.push({ file: g.file, where: `[${i}] (${id})`, why: 'no comments list' });
        return;
      }
      const references = (e.comments as unknown[]).flatMap((c, k) => {
        if (obj(c) && typeof c.comment === 'string') return [{ text: c.comment, severity: str(c.severity) }];
        problems.push({ file: g.file, where: `[${i}].comments[${k}] (${id})`, why: 'not a golden comment with a text' });
        return [];
      });
      const m = /github\.com\/([^/]+)\/([^/]+)\/pull\//.exec(id);
      const pr: PullRequest = {
        id,
        url,
        title: str(e.pr_title) ?? undefined,
        repository: m ? `${m[1]}/${m[2]}` : undefined,
        languages: [],
        references,
        reviews: {},
        judged: {},
        meta: { url, source_file: g.file.split(/[\\/]/).pop() ?? g.file },
      };
      prs.push(pr);
      byKey.set(id, pr);
      byKey.set(url, pr);
    });
  }
  for (const j of files.judges) {
    const cands = j.candidates ? parseJson(j.candidates.text, j.candidates.file, problems) : {};
    const evals = j.evaluations ? parseJson(j.evaluations.text, j.evaluations.file, problems) : undefined;
    const candsOk = obj(cands) ? cands : {};
    if (cands !== undefined && !obj(cands)) problems.push({ file: j.candidates!.file, where: 'whole file', why: 'not an object keyed by PR' });
    if (evals !== undefined && !obj(evals)) {
      problems.push({ file: j.evaluations!.file, where: 'whole file', why: 'not an object keyed by PR' });
      continue;
    }
    for (const key of Object.keys(candsOk))
      if (!byKey.has(key)) problems.push({ file: j.candidates!.file, where: `key ${key}`, why: 'no golden comments for this PR' });
    if (!evals) continue;
    for (const [key, tools] of Object.entries(evals)) {
      const pr = byKey.get(key);
      if (!pr) {
        problems.push({ file: j.evaluations!.file, where: `key ${key}`, why: 'no golden comments for this PR' });
        continue;
      }
      if (!obj(tools)) {
        problems.push({ file: j.evaluations!.file, where: `key ${key}`, why: 'not an object keyed by tool' });
        continue;
      }
      const extractedFor = obj(candsOk[key]) ? (candsOk[key] as Record<string, unknown>) : {};
      for (const [tool, r] of Object.entries(tools)) {
        if (!obj(r)) {
          problems.push({ file: j.evaluations!.file, where: `key ${key}, tool ${tool}`, why: 'not an evaluation record' });
          continue;
        }
        const extracted = tool in extractedFor ? candidateList(extractedFor[tool]) : null;
        ((pr.judged ??= {})[j.name] ??= {})[tool] = recordOf(r, extracted);
      }
    }
  }
  const ds = dataset('martian', prs, problems);
  return withCandidatesFrom(ds, candidatesFrom ?? ds.judges[0]);
}

/** Sets every tool's review to the candidates one judge's folder holds (each judge extracted its own). */
export function withCandidatesFrom(ds: PrDataset, judge: string | undefined): PrDataset {
  const prs = ds.prs.map((pr) => {
    const reviews: Record<string, ReviewComment[]> = {};
    for (const [tool, r] of Object.entries(pr.judged?.[judge ?? ''] ?? {})) reviews[tool] = r.candidates;
    return { ...pr, reviews };
  });
  return { ...ds, prs, systems: [...new Set(prs.flatMap((p) => Object.keys(p.reviews)))].sort() };
}
