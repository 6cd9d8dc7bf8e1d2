// Generated samples of each benchmark's layout (seeded, so the same files every time): the Python reference
// harnesses are run on them to record fixtures, the tests read them, and the browser tests import them. They
// imitate the layouts' shapes and edge cases, never their data.
import { mulberry32 } from '../resampling.ts';

const WORDS = ['null', 'check', 'the', 'value', 'before', 'use', 'cache', 'lock', 'missing', 'error', 'handling', 'this',
  'loop', 'is', 'slow', 'rename', 'variable', 'for', 'clarity', 'index', 'off', 'by', 'one', 'leak', 'close', 'file',
  'query', 'inside', 'should', 'be', 'batched', 'race', 'condition', 'here', 'return', 'early'];

function rand(seed: number) {
  const r = mulberry32(seed);
  const int = (n: number) => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)];
  const sentence = (n = 4 + int(8)) => {
    const w = Array.from({ length: n }, () => pick(WORDS));
    w[0] = w[0][0].toUpperCase() + w[0].slice(1);
    return w.join(' ') + pick(['.', '.', '?', '!', ' (see `foo()`).', ', e.g. Mr. Smith said "no".']);
  };
  return { r, int, pick, sentence, text: (k = 1 + int(2)) => Array.from({ length: k }, () => sentence()).join(' ') };
}

/** A patch with a few files and hunks, and the hunks' new ranges. */
function patchOf(g: ReturnType<typeof rand>, files: string[]) {
  const hunks: { file: string; start: number; len: number }[] = [];
  let patch = '';
  for (const f of files) {
    patch += `diff --git a/${f} b/${f}\n--- a/${f}\n+++ b/${f}\n`;
    let start = 1 + g.int(20);
    for (let h = 0; h < 1 + g.int(2); h++) {
      const ctx = 1 + g.int(3);
      const add = 1 + g.int(4);
      patch += `@@ -${start},${ctx + 1} +${start},${ctx + add} @@ def f${h}():\n`;
      for (let i = 0; i < ctx; i++) patch += ` line ${i}\n`;
      patch += `-old ${h}\n`;
      for (let i = 0; i < add; i++) patch += `+new ${i}\n`;
      hunks.push({ file: f, start, len: ctx + add });
      start += ctx + add + 10 + g.int(30);
    }
  }
  return { patch, hunks };
}

/** SWE-CARE task instances and two systems' predictions. */
export function sweCareSample(seed = 44, n = 12): { instances: string; predictions: Record<string, string> } {
  const g = rand(seed);
  const inst: string[] = [];
  const preds: Record<string, string[]> = { 'sys-a': [], 'sys-b': [] };
  for (let k = 0; k < n; k++) {
    const files = ['src/app.py', 'lib/util.py', 'README.md'].slice(0, 1 + g.int(3));
    const { patch, hunks } = patchOf(g, files);
    const refs = Array.from({ length: k % 5 === 0 ? 0 : 1 + g.int(3) }, () => {
      const h = g.pick(hunks);
      const line = h.start + g.int(h.len);
      const header = patch.split('\n').find((l) => l.startsWith(`@@ -${h.start},`)) ?? '';
      return { text: g.text(), path: h.file, diff_hunk: `${header}\n+new 0`, line, start_line: null, original_line: null, original_start_line: null };
    });
    const id = `octo__repo-${100 + k}@abc${k}def`;
    inst.push(JSON.stringify({ instance_id: id, repo: 'octo/repo', language: 'Python', pull_number: 100 + k, title: `PR ${k}`, body: '', created_at: '2025-01-01T00:00:00Z', problem_statement: '', hints_text: '', resolved_issues: [], base_commit: 'b', commit_to_review: { head_commit: 'h', head_commit_message: 'm', patch_to_review: patch }, reference_review_comments: refs, merged_commit: 'm', merged_patch: '', metadata: { problem_domain: null, difficulty: null, estimated_review_effort: null } }));
    for (const sys of Object.keys(preds)) {
      if (k === 3 && sys === 'sys-b') continue; // a PR one system did not predict
      const nd = k % 7 === 1 ? 0 : 1 + g.int(3);
      let text = 'Review:\n';
      for (let d = 0; d < nd; d++) {
        const ref = refs.length && g.r() < 0.6 ? g.pick(refs) : null;
        const h = g.pick(hunks);
        const line = ref && g.r() < 0.7 ? ref.line + g.int(4) - 1 : h.start + g.int(h.len + 8);
        const path = ref && g.r() < 0.8 ? ref.path : g.pick(files);
        const sugg = ref && g.r() < 0.5 ? ref.text.split(' ').slice(0, 6).join(' ') + ' ' + g.sentence() : g.text();
        const lineField = g.r() < 0.15 ? '' : `line: ${line}\n`;
        text += `<defect>\nfile_path: ${path}\n${lineField}suggestion: ${sugg}\n</defect>\n`;
      }
      preds[sys].push(JSON.stringify({ instance_id: id, review_text: text }));
    }
  }
  return { instances: inst.join('\n') + '\n', predictions: Object.fromEntries(Object.entries(preds).map(([s, l]) => [s, l.join('\n') + '\n'])) };
}

const SOURCES = ['', 'GPT-5.2', 'Claude-Code/Claude-4.5-Sonnet', 'GLM-4.7'];

/** Sizes of a generated AACR-Bench sample: its sources, and the most accepted and rejected comments of a PR. */
export interface AacrSampleShape {
  sources?: readonly string[];
  positives?: number;
  negatives?: number;
}

/** AACR-Bench positive and negative samples, and generated-comments files of one outside tool. */
export function aacrSample(seed = 45, n = 10, shape: AacrSampleShape = {}): { positives: string; negatives: string; generated: Record<string, string> } {
  const sources = shape.sources ?? SOURCES;
  const g = rand(seed);
  const pos: unknown[] = [];
  const neg: unknown[] = [];
  const generated: Record<string, string> = {};
  for (let k = 0; k < n; k++) {
    const url = `https://github.com/octo/proj${k % 3}/pull/${200 + k}`;
    const paths = ['src/main.go', 'src/util.go', 'docs/a.md'];
    const comment = (src: string) => {
      const from = 1 + g.int(60);
      const back = g.r() < 0.1;
      return { is_ai_comment: src !== '', note: g.r() < 0.05 ? '' : g.text(), path: g.pick(paths), side: g.r() < 0.1 ? 'left' : 'right', source_model: src, from_line: back ? from + 3 : from, to_line: back ? from : from + g.int(4), category: 'Code Defect', context: 'Diff Level' };
    };
    const pc = Array.from({ length: 1 + g.int(shape.positives ?? 6) }, () => comment(g.pick(sources)));
    const nc = Array.from({ length: g.int(shape.negatives ?? 3) }, () => comment(g.pick(sources)));
    const pr = { change_line_count: 100, project_main_language: 'Go', source_commit: 's', target_commit: 't', githubPrUrl: url, category: 'Bug Fix' };
    pos.push({ ...pr, comments: pc });
    if (nc.length) neg.push({ ...pr, comments: nc });
    if (k % 4 !== 3) {
      let t = '';
      for (let c = 0; c < 1 + g.int(4); c++) {
        const ref = g.r() < 0.6 ? g.pick(pc) : null;
        const from = ref ? ref.from_line + g.int(3) - 1 : 1 + g.int(60);
        const side = g.r() < 0.25 ? '' : `<side>${g.pick(['right', 'right', 'RIGHT', 'left'])}</side>\n`;
        const note = ref && g.r() < 0.5 ? ref.note : g.text();
        t += `<path>${ref ? ref.path : g.pick(paths)}</path>\n${side}<from>${from}</from>\n<to>${from + g.int(3)}</to>\n<note>${note}</note>\n<notesplit />\n`;
      }
      generated[`comments_proj${k % 3}_${200 + k}.txt`] = t;
    }
  }
  return { positives: JSON.stringify(pos, null, 1), negatives: JSON.stringify(neg, null, 1), generated };
}

/** Martian's offline folder: golden comments, and per judge its candidates (one tool left to the record). */
export function martianSample(seed = 46, n = 8, shape: { tools?: readonly string[]; judges?: readonly string[] } = {}): { golden: Record<string, string>; candidates: Record<string, string> } {
  const g = rand(seed);
  const tools = shape.tools ?? ['alpha', 'beta', 'gamma'];
  const judges = shape.judges ?? ['judge-x', 'judge-y'];
  const golden: Record<string, unknown[]> = { 'repo_a.json': [], 'repo_b.json': [] };
  const candidates: Record<string, Record<string, Record<string, unknown[]>>> = Object.fromEntries(judges.map((j) => [j, {}]));
  for (let k = 0; k < n; k++) {
    const url = `https://github.com/bench-org/repo-${k}/pull/${k + 1}`;
    const comments = Array.from({ length: k === 5 ? 0 : 1 + g.int(4) }, () => ({ comment: g.text(), severity: g.pick(['Low', 'Medium', 'High', 'Critical']) }));
    if (k === 2 && comments.length) comments.push({ ...comments[0] }); // a repeated golden text
    const entry: Record<string, unknown> = { pr_title: `PR ${k}`, url, comments };
    if (k % 2 === 0) entry.original_url = `https://github.com/upstream/repo-${k}/pull/${900 + k}`;
    golden[k % 2 ? 'repo_b.json' : 'repo_a.json'].push(entry);
    for (const j of judges) {
      const byTool: Record<string, unknown[]> = {};
      for (const t of tools) {
        if (t === 'gamma' && j === 'judge-y') continue; // this judge's folder lacks one tool's extraction
        const cs = Array.from({ length: k === 4 ? 0 : g.int(5) }, () => {
          const gc = comments.length && g.r() < 0.4 ? g.pick(comments) : null;
          return { text: gc ? gc.comment.split(' ').slice(0, 5).join(' ') + ' ' + g.sentence() : g.text(), path: null, line: null, source: 'extracted' };
        });
        if (k === 6 && cs.length) cs.push({ ...cs[0] }); // a repeated candidate text
        byTool[t] = cs;
      }
      candidates[j][url] = byTool;
    }
  }
  return {
    golden: Object.fromEntries(Object.entries(golden).map(([f, l]) => [f, JSON.stringify(l, null, 1)])),
    candidates: Object.fromEntries(Object.entries(candidates).map(([j, c]) => [j, JSON.stringify(c, null, 1)])),
  };
}

/** The stub judges of the fixtures (the Python scripts compute the same): a code-point sum picks the answer. */
export function codeSum(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.codePointAt(0)!) % 1000003;
  return h;
}

export const STUB_AACR_ANSWERS = ['yes', 'No, they are not the same.', 'no', 'Yes, they express the same concern.', 'These are different issues.', 'no.'];

/** AACR-Bench's LLM as the fixtures stub it: a fixed answer per pair. */
export const stubAacrAnswer = (c1: string, c2: string) => STUB_AACR_ANSWERS[codeSum(`${c1}\n${c2}`) % STUB_AACR_ANSWERS.length];

/** Martian's judge as the fixtures stub it: a match when the pair shares a word of 6+ letters; an error now and then. */
export function stubMartianAnswer(golden: string, candidate: string): string {
  const h = codeSum(`${golden}\n${candidate}`);
  if (h % 17 === 0) return 'not json';
  const words = (s: string) => new Set(s.toLowerCase().match(/[a-z]{6,}/g) ?? []);
  const a = words(golden);
  const shared = [...words(candidate)].filter((w) => a.has(w)).length;
  const conf = ((h % 90) + 10) / 100;
  const body = `{"reasoning": "stub", "match": ${shared > 0 ? 'true' : 'false'}, "confidence": ${conf}}`;
  return h % 5 === 0 ? '```json\n' + body + '\n```' : body;
}
