// Pull-request evaluation off the main thread: the files are handed over once and kept under a handle
// (prOpened.ts); each later call reads and evaluates with the core's readPrFiles and prEval (the CLI's `crscore
// pr-eval` calls the same two functions). The matchers' context (the background IDF, the shipped linker) is
// loaded here, once, only for a matcher that needs it.
import * as Comlink from 'comlink';
import type { MatcherContext, MatcherName } from '../../core/prreview/index';
import { modelOf } from '../../core/learned/weights';
import { shippedWeights } from '../../core/learned/shipped';
import { loadPlusIdf } from '../shared/plusIdf';
import { prWorkerApi } from './prOpened';

async function withContext(ctx: MatcherContext, m: MatcherName | undefined): Promise<MatcherContext> {
  if ((m === 'plus' || m === 'learned') && !ctx.idf) ctx.idf = await loadPlusIdf();
  if (m === 'learned' && !ctx.linker) ctx.linker = modelOf(shippedWeights());
  return ctx;
}

const api = prWorkerApi(withContext);

export type PrEvalWorkerApi = typeof api;
Comlink.expose(api);
