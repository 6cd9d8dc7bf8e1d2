// Reads a pull-request benchmark from disk for `crscore pr-eval`: the files the flags name, passed to the core's
// dispatcher (src/core/prreview/readers/files.ts, as the browser's picked files are), whose readers name every
// record they cannot read.
import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { addGeneratedComments, detectFileLayout, detectFolderLayout, PrFilesError, readPrFiles, type PrDataset, type PrFile } from '../../core/prreview/index.ts';
import { CliError, readText } from '../shared/io.ts';

/** Files under a folder, relative with '/', at most `depth` levels down. */
async function listFiles(dir: string, depth = 4): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string, left: number) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const p = join(d, e.name);
      if (e.isDirectory() && left > 0) await walk(p, left - 1);
      else if (e.isFile()) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  await walk(dir, depth);
  return out.sort();
}

export interface Prediction {
  system: string;
  path: string;
}

/** --predictions NAME=PATH, each once. */
export function parsePredictions(values: readonly string[] | undefined): Prediction[] {
  const seen = new Set<string>();
  return (values ?? []).map((v) => {
    const k = v.indexOf('=');
    if (k <= 0 || k === v.length - 1) throw new CliError(`--predictions: expected NAME=FILE, got "${v}"`);
    const system = v.slice(0, k);
    if (seen.has(system)) throw new CliError(`--predictions: system "${system}" is given twice`);
    seen.add(system);
    return { system, path: v.slice(k + 1) };
  });
}

async function textFiles(path: string): Promise<{ file: string; text: string }[]> {
  const s = await stat(path).catch(() => null);
  if (!s) throw new CliError(`${path}: no such file or folder`);
  if (s.isFile()) return [{ file: basename(path), text: await readText(path) }];
  const files = (await listFiles(path, 0)).filter((f) => f.endsWith('.txt'));
  return Promise.all(files.map(async (f) => ({ file: f, text: await readText(join(path, f)) })));
}

const NOT_A_LAYOUT = (path: string) => `--dataset ${path}: not a layout pr-eval reads (SWE-CARE task instances, AACR-Bench samples, our pull-request JSONL, crscore github's rows; or a folder: Martian's offline benchmark, AACR-Bench's dataset)`;

/**
 * The files `--dataset` (with `--negatives`, `--predictions`) names, read and handed to the core's one dispatcher
 * (readPrFiles, the browser's too). Only the flags' own rules are checked here; the layout is the core's to tell.
 */
export async function readPrDataset(path: string, o: { negatives?: string; predictions?: Prediction[]; candidatesFrom?: string; referenceSystems?: string[]; referenceFree?: boolean } = {}): Promise<PrDataset> {
  const s = await stat(path).catch(() => null);
  if (!s) throw new CliError(`--dataset ${path}: no such file or folder`);
  const preds = o.predictions ?? [];
  const file = async (p: string, name: string, extra: Partial<PrFile> = {}): Promise<PrFile> => ({ path: name, text: await readText(p), ...extra });
  const negatives = async (beside?: string) => {
    const neg = o.negatives ?? beside;
    return neg ? [await file(neg, basename(neg), { role: 'negatives' })] : [];
  };
  let files: PrFile[];
  let layout: string | null;
  if (s.isDirectory()) {
    const all = await listFiles(path);
    layout = detectFolderLayout(all);
    if (layout === 'martian') {
      if (preds.length) throw new CliError('--predictions: Martian\'s folder holds the tools\' candidates already (pick whose with --candidates-from)');
      const wanted = all.filter((f) => /(^|\/)golden_comments\/[^/]+\.json$/.test(f) || /(^|\/)results\/[^/]+\/(candidates|evaluations)\.json$/.test(f));
      files = await Promise.all(wanted.map((f) => file(join(path, f), f)));
    } else if (layout === 'aacr') {
      const pos = all.find((f) => /(^|\/)positive_samples\.json$/.test(f))!;
      const beside = pos.replace(/positive_samples\.json$/, 'negative_samples.json');
      files = [await file(join(path, pos), pos), ...(await negatives(all.includes(beside) ? join(path, beside) : undefined))];
    } else throw new CliError(`--dataset ${path}: a folder with neither golden_comments/*.json (Martian's offline benchmark) nor positive_samples.json (AACR-Bench)`);
  } else {
    const data = await file(path, basename(path));
    layout = detectFileLayout(data.text);
    if (layout === 'swe-care') {
      if (!preds.length) throw new CliError('SWE-CARE task instances need each system\'s predictions: --predictions NAME=FILE.jsonl');
      files = [data, ...(await Promise.all(preds.map((p) => file(p.path, basename(p.path), { role: 'predictions', system: p.system }))))];
    } else if (layout === 'aacr') files = [data, ...(await negatives())];
    else if (layout === 'github') {
      // Reference-free CRScore needs no reference reviewer: every reviewer is a system.
      if (!o.referenceSystems?.length && !o.referenceFree) throw new CliError('a pull request\'s review comments (crscore github\'s rows): say whose comments are the reference with --reference-systems NAME,…');
      files = [data];
    } else if (layout === 'crscore-pr') {
      if (preds.length) throw new CliError('--predictions: our JSONL holds every system\'s review already');
      files = [data];
    } else throw new CliError(NOT_A_LAYOUT(path));
  }
  let ds: PrDataset;
  try {
    ds = readPrFiles(files, { candidatesFrom: o.candidatesFrom, referenceSystems: o.referenceSystems ?? [] });
  } catch (e) {
    throw e instanceof PrFilesError ? new CliError(`--dataset ${path}: ${e.message}`) : e;
  }
  return layout === 'aacr' ? withAacrPredictions(ds, preds) : ds;
}

async function withAacrPredictions(ds: PrDataset, preds: readonly Prediction[]): Promise<PrDataset> {
  for (const p of preds) {
    if (ds.systems.includes(p.system)) throw new CliError(`--predictions ${p.system}: the dataset has a source of that name already`);
    addGeneratedComments(ds, p.system, await textFiles(p.path));
  }
  return ds;
}
