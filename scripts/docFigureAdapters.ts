// How a marked table's figures come out of its commands' output: one adapter per table kind, each turning the
// output (crscore's --json, or a Markdown table it prints) into rows keyed by the doc table's column headers.
// Rows are matched by their figures, not by labels or metric ids, so renaming a metric or a score-file column
// changes nothing here; `ignore` names the columns that hold labels or ranks (a duplicated metric shifts ranks).
import type { MadeRow } from './docFigures.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Outputs = ReadonlyMap<string, string>;
export interface Adapter { rows: (outputs: Outputs, output?: string) => MadeRow[]; ignore: string[] }

const json = (text: string): Json => JSON.parse(text) as Json;
const only = (outputs: Outputs, name: string | undefined): string => {
  if (!name && outputs.size === 1) return [...outputs.values()][0];
  if (!name) throw new Error('this table kind reads one output: name it (KIND:FILE, the file the call writes with >)');
  const t = outputs.get(name);
  if (t === undefined) throw new Error(`no command of the block writes ${name}`);
  return t;
};
const ci = (x: { value: number; lo: number; hi: number } | null | undefined): number[] => (x ? [x.value, x.lo, x.hi] : []);
const msd = (x: { mean: number; sd: number } | undefined): number[] => (x ? [x.mean, x.sd] : []);

/** `crscore eval --json`: one row per run (Rel against human Rel, the system ranking, by language, τ). */
const evalRow: Adapter = {
  ignore: ['configuration', 'similarity', 'scoring'],
  rows: (outputs) =>
    [...outputs.entries()].map(([name, text]) => {
      const r = json(text);
      const cv = r.plus?.crossValidation as Json | undefined;
      const lang = (l: string) => [r.byLanguage?.[l]?.rel?.spearman as number];
      const system = cv ? msd(cv.systemSpearman) : [r.systemRanking.spearman as number];
      const cells: Record<string, number[]> = cv
        ? { 'Rel Spearman': msd(cv.relSpearman) }
        : { 'Rel Spearman': [r.correlations.rel.spearman], Kendall: [r.correlations.rel.kendall], Java: lang('java'), JS: lang('js'), Python: lang('py'), τ: [r.tau] };
      return { label: name, cells: { ...cells, 'system ranking': system, 'system ranking (9 systems)': system } };
    }),
};

/** `crscore eval --json`'s link agreement with the annotators (one row per run) and the oracle's row. */
const evalLinks: Adapter = {
  ignore: ['linker'],
  rows: (outputs) =>
    [...outputs.entries()].flatMap(([name, text]): MadeRow[] => {
      const r = json(text);
      const o = r.links?.overall as Json | undefined;
      if (!o) return [];
      const withCi = (x: number, c: number[] | undefined) => [x, ...(c ?? [])];
      const rel = (c: Json) => withCi(c.rel.spearman, c.rel.spearmanCi);
      return [
        {
          label: name,
          cells: {
            τ: [r.tau], 'link P': withCi(o.precision, o.precisionCi), 'link R': withCi(o.recall, o.recallCi), 'link F1': withCi(o.f1, o.f1Ci),
            'Rel Spearman': rel(r.correlations), 'system ranking': [r.systemRanking.spearman],
          },
        },
        { label: `${name}: oracle`, cells: { 'link P': [1], 'link R': [1], 'link F1': [1], 'Rel Spearman': rel(r.oracle.correlations), 'system ranking': [r.oracle.systemRanking.spearman] } },
      ];
    }),
};

/** `crscore eval --json`'s system table: means with intervals, ranked by mean Rel. */
const evalSystems: Adapter = {
  ignore: ['System'],
  rows: (outputs, output) => {
    const systems = [...(json(only(outputs, output)).systems as Json[])].sort((a, b) => b.rel.mean - a.rel.mean);
    const m = (x: Json) => [x.mean, x.lo, x.hi] as number[];
    return systems.map((s, k) => ({
      label: s.system,
      cells: { '#': [k + 1], n: [s.n], Con: m(s.con), Comp: m(s.comp), Rel: m(s.rel), 'human Rel': m(s.human.rel) },
    }));
  },
};

/** `crscore eval --metaeval --json`: one row per metric. */
const metaeval: Adapter = {
  ignore: ['#', 'metric'],
  rows: (outputs, output) =>
    (json(only(outputs, output)).metaeval.rows as Json[]).map((r) => ({
      label: r.id,
      cells: {
        cluster: [r.cluster], Spearman: ci(r.stats.spearman), 'Kendall τ-b': ci(r.stats.kendall), 'acc_eq (ε in-sample)': ci(r.stats.acc_eq),
        ε: [r.ties.eps], 'acc_eq CV': [r.ties.accCv], 'pairwise acc': ci(r.pairwise), SPA: [r.spa?.value],
      },
    })),
};

/** The README's summary: each metric's headline figure and cluster from four meta-evaluation runs. */
const metaevalSummary: Adapter = {
  ignore: ['metric'],
  rows: (outputs) => {
    const runs = {
      "pooled Spearman (the paper's statistic)": ['none-spearman.json', 'spearman'],
      'Spearman, grouped by change': ['item-spearman.json', 'spearman'],
      'pairwise accuracy with ties, ε calibrated in-sample': ['none-acc_eq.json', 'acc_eq'],
      'system pairwise accuracy': ['system-pairwise.json', 'pairwise'],
    } as const;
    const byRun = Object.entries(runs).map(([h, [file, stat]]) => {
      const rows = json(only(outputs, file)).metaeval.rows as Json[];
      return { h, at: new Map(rows.map((r) => [r.id as string, [(stat === 'pairwise' ? r.pairwise : r.stats[stat]).value, r.cluster] as number[]])) };
    });
    return [...byRun[0].at.keys()].map((id) => ({ label: id, cells: Object.fromEntries(byRun.map((b) => [b.h, b.at.get(id) ?? []])) }));
  },
};

/** `crscore eval --metrics … --json` (the metric lab): Rel against human Rel per metric. */
const lab: Adapter = {
  ignore: ['metric'],
  rows: (outputs, output) =>
    (json(only(outputs, output)).metrics as Json[]).map((m) => {
      const d = m.pairedVsBaseline?.spearman?.rel as Json | undefined;
      const dim = m.correlations.rel ? 'rel' : Object.keys(m.correlations)[0];
      return {
        label: m.id,
        cells: {
          'Spearman [95% CI]': [m.correlations[dim].spearman, ...m.intervals[dim].spearman],
          'Kendall [95% CI]': [m.correlations[dim].kendall, ...m.intervals[dim].kendall],
          'Δ Spearman vs CRScore plus': d ? [d.diff, d.lo, d.hi] : [],
          'system ranking': [m.systemRanking?.[dim]?.spearman?.r],
        },
      };
    }),
};

/** A Markdown table the command prints (e.g. `train-linker --markdown`): its cells' numbers by header. */
const markdown: Adapter = {
  ignore: ['method'],
  rows: (outputs, output) => {
    const text = output ? only(outputs, output) : [...outputs.values()].join('\n');
    const lines = text.split('\n').filter((l) => /^\|/.test(l));
    const split = (l: string) => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
    const header = split(lines[0] ?? '');
    return lines.slice(2).map((l) => {
      const cells = split(l);
      return { label: cells[0], cells: Object.fromEntries(header.map((h, k) => [h, (cells[k] ?? '').split(/[^\d.-]+/).filter((x) => /\d/.test(x)).map(Number)])) };
    });
  },
};

export const ADAPTERS: Record<string, Adapter> = { 'eval-row': evalRow, 'eval-links': evalLinks, 'eval-systems': evalSystems, metaeval, 'metaeval-summary': metaevalSummary, lab, markdown };
