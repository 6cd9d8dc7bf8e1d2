// Pull-request evaluation off the main thread: the files read by the core's one reader, then the core's prEval
// (the CLI's `crscore pr-eval` calls the same two functions). The matchers' context (the background IDF, the
// shipped linker) is loaded here, once, only for a matcher that needs it.
import * as Comlink from 'comlink';
import { judgeTheJudges, prEval, readPrFiles, type MatcherContext, type MatcherName, type PrDataset, type PrEvalOptions, type PrFile, type PrFilesOptions } from '../../core/prreview/index';
import { modelOf } from '../../core/learned/weights';
import { shippedWeights } from '../../core/learned/shipped';
import { loadPlusIdf } from '../shared/plusIdf';

// The last files read, their dataset and one matcher context: a rerun on the same files (another evaluator or
// matcher, a slider's step) reads nothing again and shares the matchers' work on its texts (core/prreview/matchers.ts
// keeps it with the context). Other files replace all three, so the work of earlier files is dropped.
let held: { files: PrFile[]; read: string; dataset: PrDataset; ctx: MatcherContext } | null = null;

const sameFiles = (a: readonly PrFile[], b: readonly PrFile[]) => a.length === b.length && a.every((f, i) => f.path === b[i].path && f.text === b[i].text);

function datasetOf(files: PrFile[], read: PrFilesOptions): { dataset: PrDataset; ctx: MatcherContext } {
  const key = JSON.stringify(read);
  if (!held || held.read !== key || !sameFiles(held.files, files)) held = { files, read: key, dataset: readPrFiles(files, read), ctx: {} };
  return held;
}

async function withContext(ctx: MatcherContext, m: MatcherName | undefined): Promise<MatcherContext> {
  if ((m === 'plus' || m === 'learned') && !ctx.idf) ctx.idf = await loadPlusIdf();
  if (m === 'learned' && !ctx.linker) ctx.linker = modelOf(shippedWeights());
  return ctx;
}

const api = {
  async evaluate(files: PrFile[], read: PrFilesOptions, opts: Omit<PrEvalOptions, 'ctx'>) {
    const { dataset, ctx } = datasetOf(files, read);
    const result = prEval(dataset, { ...opts, ctx: await withContext(ctx, opts.matcher) });
    return { dataset, result };
  },
  /** `crscore pr-eval --judges` on Martian's folder: each matcher at its default threshold against every judge. */
  async judges(files: PrFile[], read: PrFilesOptions, matchers: MatcherName[]) {
    const { dataset, ctx } = datasetOf(files, read);
    for (const m of matchers) await withContext(ctx, m);
    return judgeTheJudges(dataset, matchers.map((name) => ({ name })), ctx);
  },
  read(files: PrFile[], read: PrFilesOptions) {
    return datasetOf(files, read).dataset;
  },
};

export type PrEvalWorkerApi = typeof api;
Comlink.expose(api);
