// Reads an imported metric's scores file off the page's thread (issue 38: a 1M-row file froze the page for 12 s):
// the worker reads the file's text and parses it once (parseMetricScores); the typed columns go back transferred,
// and the page only matches them against the dataset's reviews, once per run (metricImports.ts).
import * as Comlink from 'comlink';
import { parseMetricScores, type ParsedScores } from '../core/metaeval/index';

const api = {
  async parse(file: string, blob: Blob): Promise<ParsedScores> {
    const p = parseMetricScores(file, await blob.text());
    return Comlink.transfer(p, [p.line.buffer as ArrayBuffer, p.idOf.buffer as ArrayBuffer, p.systemOf.buffer as ArrayBuffer, ...p.values.map((v) => v.buffer as ArrayBuffer)]);
  },
};

export type ScoresParseApi = typeof api;
Comlink.expose(api);
