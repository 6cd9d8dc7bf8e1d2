// Pull-request evaluation off the main thread: the files read by the core's one reader, then the core's prEval
// (the CLI's `crscore pr-eval` calls the same two functions). The matchers' context (the background IDF, the
// shipped linker) is loaded here, once, only for a matcher that needs it.
import * as Comlink from 'comlink';
import { judgeTheJudges, prEval, readPrFiles, type MatcherContext, type MatcherName, type PrEvalOptions, type PrFile, type PrFilesOptions } from '../../core/prreview/index';
import { modelOf } from '../../core/learned/weights';
import { shippedWeights } from '../../core/learned/shipped';
import { loadPlusIdf } from '../shared/plusIdf';

async function contextFor(...ms: (MatcherName | undefined)[]): Promise<MatcherContext> {
  const ctx: MatcherContext = {};
  if (ms.some((m) => m === 'plus' || m === 'learned')) ctx.idf = await loadPlusIdf();
  if (ms.includes('learned')) ctx.linker = modelOf(shippedWeights());
  return ctx;
}

const api = {
  async evaluate(files: PrFile[], read: PrFilesOptions, opts: Omit<PrEvalOptions, 'ctx'>) {
    const dataset = readPrFiles(files, read);
    const result = prEval(dataset, { ...opts, ctx: await contextFor(opts.matcher) });
    return { dataset, result };
  },
  /** `crscore pr-eval --judges` on Martian's folder: each matcher at its default threshold against every judge. */
  async judges(files: PrFile[], read: PrFilesOptions, matchers: MatcherName[]) {
    const ds = readPrFiles(files, read);
    return judgeTheJudges(ds, matchers.map((name) => ({ name })), await contextFor(...matchers));
  },
  read(files: PrFile[], read: PrFilesOptions) {
    return readPrFiles(files, read);
  },
};

export type PrEvalWorkerApi = typeof api;
Comlink.expose(api);
