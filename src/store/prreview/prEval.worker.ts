// Pull-request evaluation off the main thread: the files read by the core's one reader, then the core's prEval
// (the CLI's `crscore pr-eval` calls the same two functions). The matchers' context (the background IDF, the
// shipped linker) is loaded here, once, only for a matcher that needs it.
import * as Comlink from 'comlink';
import { prEval, readPrFiles, type MatcherContext, type MatcherName, type PrEvalOptions, type PrFile, type PrFilesOptions } from '../../core/prreview/index';
import { modelOf } from '../../core/learned/weights';
import { shippedWeights } from '../../core/learned/shipped';
import { loadPlusIdf } from '../shared/plusIdf';

async function contextFor(m: MatcherName | undefined): Promise<MatcherContext> {
  const ctx: MatcherContext = {};
  if (m === 'plus' || m === 'learned') ctx.idf = await loadPlusIdf();
  if (m === 'learned') ctx.linker = modelOf(shippedWeights());
  return ctx;
}

const api = {
  async evaluate(files: PrFile[], read: PrFilesOptions, opts: Omit<PrEvalOptions, 'ctx'>) {
    const dataset = readPrFiles(files, read);
    const result = prEval(dataset, { ...opts, ctx: await contextFor(opts.matcher) });
    return { dataset, result };
  },
  read(files: PrFile[], read: PrFilesOptions) {
    return readPrFiles(files, read);
  },
};

export type PrEvalWorkerApi = typeof api;
Comlink.expose(api);
