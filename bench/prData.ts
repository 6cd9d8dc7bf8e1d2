// The pull-request benches' data as the files a person picks (bench/prreview.ts reads them in Node, bench/pr-browser.ts
// hands them to the app's worker): the published folders when AACR_BENCH_DIR / MARTIAN_BENCH_DIR name them, else
// generated samples of the same shapes (AACR-Bench: 200 PRs, 7 sources, about 2,100 comments; Martian: 50 PRs,
// 12 tools, 3 judges, each judge's decisions made by the fixtures' stub judge through step 3's evaluator).
import fs from 'node:fs';
import path from 'node:path';
import { aacrSample, martianEvaluate, martianSample, parseJudgeReply, readPrFiles, type PrDataset, type PrFile } from '../src/core/prreview/index.ts';
import { stubMartianAnswer } from '../src/core/prreview/samples.ts';

const AACR_SOURCES = ['', 'GPT-5.2', 'Claude-Code/Claude-4.5-Sonnet', 'GLM-4.7', 'Qwen-Coder-480B', 'Gemini-3-Pro', 'Deepseek-V3.2'];
const TOOLS = ['augment', 'copilot', 'coderabbit', 'bugbot', 'greptile', 'claude-code', 'cursor', 'gemini', 'graphite', 'qodo', 'sourcery', 'codeant'];
const JUDGES = ['judge-opus', 'judge-sonnet', 'judge-gpt'];

const file = (root: string, rel: string): PrFile => ({ path: rel, text: fs.readFileSync(path.join(root, rel), 'utf8') });

export function aacrFiles(): { files: PrFile[]; from: string } {
  const dir = process.env.AACR_BENCH_DIR;
  if (dir) {
    const files = [{ ...file(dir, 'positive_samples.json'), path: 'dataset/positive_samples.json' }];
    if (fs.existsSync(path.join(dir, 'negative_samples.json'))) files.push({ ...file(dir, 'negative_samples.json'), path: 'dataset/negative_samples.json' });
    return { files, from: 'the published dataset (AACR_BENCH_DIR)' };
  }
  const s = aacrSample(45, 200, { sources: AACR_SOURCES, positives: 14, negatives: 7 });
  return {
    files: [
      { path: 'dataset/positive_samples.json', text: s.positives },
      { path: 'dataset/negative_samples.json', text: s.negatives },
    ],
    from: 'generated, AACR-Bench-shaped',
  };
}

export function martianFiles(): { files: PrFile[]; from: string } {
  const dir = process.env.MARTIAN_BENCH_DIR;
  if (dir) {
    const files = fs.readdirSync(path.join(dir, 'golden_comments')).map((f) => file(dir, `golden_comments/${f}`));
    for (const j of fs.readdirSync(path.join(dir, 'results')))
      for (const f of ['candidates.json', 'evaluations.json'])
        if (fs.existsSync(path.join(dir, 'results', j, f))) files.push(file(dir, `results/${j}/${f}`));
    return { files: files.map((f) => ({ ...f, path: `offline/${f.path}` })), from: 'the published offline folder (MARTIAN_BENCH_DIR)' };
  }
  const s = martianSample(46, 50, { tools: TOOLS, judges: JUDGES });
  const golden = new Map<string, string[]>();
  for (const text of Object.values(s.golden))
    for (const e of JSON.parse(text) as { url: string; comments: { comment: string }[] }[]) golden.set(e.url, e.comments.map((c) => c.comment));
  const files: PrFile[] = Object.entries(s.golden).map(([name, text]) => ({ path: `offline/golden_comments/${name}`, text }));
  for (const [judge, text] of Object.entries(s.candidates)) {
    files.push({ path: `offline/results/${judge}/candidates.json`, text });
    // Each judge's decisions: step 3 with the fixtures' stub judge (a seed per judge, so the judges disagree).
    const evaluations: Record<string, Record<string, unknown>> = {};
    for (const [url, byTool] of Object.entries(JSON.parse(text) as Record<string, Record<string, { text: string }[]>>)) {
      evaluations[url] = {};
      for (const [tool, cands] of Object.entries(byTool)) {
        const row = martianEvaluate(golden.get(url) ?? [], cands.map((c) => c.text), (g, c) => parseJudgeReply(stubMartianAnswer(`${judge}${g}`, c)));
        evaluations[url][tool] = {
          ...row,
          true_positives: row.true_positives.map((t) => ({ ...t, severity: 'Medium', reasoning: 'stub' })),
          false_positives: row.false_positives.map((candidate) => ({ candidate })),
          false_negatives: row.false_negatives.map((golden_comment) => ({ golden_comment, severity: 'Medium' })),
          errors: [],
          tool,
        };
      }
    }
    files.push({ path: `offline/results/${judge}/evaluations.json`, text: JSON.stringify(evaluations) });
  }
  return { files, from: "generated, Martian-shaped (the stub judge's decisions)" };
}

function read(f: { files: PrFile[]; from: string }): { ds: PrDataset; from: string; read: number; files: PrFile[] } {
  const t = performance.now();
  const ds = readPrFiles(f.files);
  return { ds, from: f.from, read: performance.now() - t, files: f.files };
}

export const aacrBench = () => read(aacrFiles());
export const martianBench = () => read(martianFiles());
