// What the pull-request worker holds between calls: the files, handed over once (`open`), each dataset read from
// them (one per way of reading: Martian's candidates of a judge, a GitHub PR's reference reviewers), and one
// matcher context for them all. Later calls name the files by handle, so a rerun (another evaluator, a slider's
// step) sends only its options and gets back only its result; the dataset comes back only when asked (the caller
// knows which read its dataset came from). Reading and evaluating stay the core's readPrFiles and prEval, exactly
// what `crscore pr-eval` runs. Kept apart from the worker's Comlink wiring so that it can be tested in Node.
import { judgeTheJudges, prEval, readPrFiles, type MatcherContext, type MatcherName, type PrDataset, type PrEvalOptions, type PrEvalResult, type PrFile, type PrFilesOptions } from '../../core/prreview/index';

/** Loads into `ctx` what `matcher` needs (the background IDF, the shipped linker); nothing for the others. */
export type ContextLoader = (ctx: MatcherContext, matcher: MatcherName | undefined) => Promise<MatcherContext>;

/** The datasets kept per set of files: a few ways of reading them (the judges' candidates), oldest dropped first. */
const KEEP_READS = 8;

interface Opened {
  handle: number;
  files: readonly PrFile[];
  datasets: Map<string, PrDataset>;
  // One context for every read of these files: its memos are keyed by the texts (and the diff) they were computed
  // from, so another read's texts reuse what they share and never get another text's figure.
  ctx: MatcherContext;
}

export function prWorkerApi(load: ContextLoader) {
  // One set of files at a time: opening others drops the earlier ones and their matchers' work.
  let opened: Opened | null = null;
  let next = 1;

  const datasetOf = (o: Opened, read: PrFilesOptions): PrDataset => {
    const key = JSON.stringify(read);
    let ds = o.datasets.get(key);
    if (!ds) {
      ds = readPrFiles(o.files, read);
      if (o.datasets.size >= KEEP_READS) o.datasets.delete(o.datasets.keys().next().value!);
      o.datasets.set(key, ds);
    }
    return ds;
  };
  const find = (handle: number): Opened | null => (opened && opened.handle === handle ? opened : null);

  return {
    /** The files, kept under the handle returned, and their dataset as `read` reads them. */
    open(files: PrFile[], read: PrFilesOptions): { handle: number; dataset: PrDataset } {
      opened = null; // a read that throws leaves nothing held
      const o: Opened = { handle: next++, files, datasets: new Map(), ctx: {} };
      const dataset = datasetOf(o, read);
      opened = o;
      return { handle: o.handle, dataset };
    },
    /** The dataset of the opened files read another way; null when the handle is not (or no longer) held. */
    read(handle: number, read: PrFilesOptions): PrDataset | null {
      const o = find(handle);
      return o ? datasetOf(o, read) : null;
    },
    /** prEval on the files read by `read`; their dataset comes back too when `withDataset`. Null: reopen. */
    async evaluate(handle: number, read: PrFilesOptions, opts: Omit<PrEvalOptions, 'ctx'>, withDataset = false): Promise<{ result: PrEvalResult; dataset?: PrDataset } | null> {
      const o = find(handle);
      if (!o) return null;
      const dataset = datasetOf(o, read);
      const result = prEval(dataset, { ...opts, ctx: await load(o.ctx, opts.matcher) });
      return withDataset ? { result, dataset } : { result };
    },
    /** `crscore pr-eval --judges` on Martian's folder: each matcher at its default threshold against every judge. */
    async judges(handle: number, read: PrFilesOptions, matchers: MatcherName[]) {
      const o = find(handle);
      if (!o) return null;
      for (const m of matchers) await load(o.ctx, m);
      return judgeTheJudges(datasetOf(o, read), matchers.map((name) => ({ name })), o.ctx);
    },
  };
}

export type PrWorkerApi = ReturnType<typeof prWorkerApi>;
