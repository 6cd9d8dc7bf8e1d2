// Reads a pull-request benchmark from disk for `crscore pr-eval`: the file or folder's layout by its shape, its
// texts passed to the core readers (src/core/prreview), which name every record they cannot read.
import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import {
  addGeneratedComments,
  detectFileLayout,
  detectFolderLayout,
  readAacr,
  readMartian,
  readOurs,
  readSweCare,
  readGithubRows,
  type PrDataset,
} from '../../core/prreview/index.ts';
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

export async function readPrDataset(path: string, o: { negatives?: string; predictions?: Prediction[]; candidatesFrom?: string; referenceSystems?: string[]; referenceFree?: boolean } = {}): Promise<PrDataset> {
  const s = await stat(path).catch(() => null);
  if (!s) throw new CliError(`--dataset ${path}: no such file or folder`);
  const preds = o.predictions ?? [];
  if (s.isDirectory()) {
    const files = await listFiles(path);
    const layout = detectFolderLayout(files);
    if (layout === 'martian') {
      const golden = await Promise.all(files.filter((f) => /(^|\/)golden_comments\/[^/]+\.json$/.test(f)).map(async (f) => ({ file: f, text: await readText(join(path, f)) })));
      const judgeDirs = [...new Set(files.map((f) => /(^|.*\/)results\/([^/]+)\/(candidates|evaluations)\.json$/.exec(f)).filter((m) => m).map((m) => `${m![1]}results/${m![2]}`))];
      const judges = await Promise.all(judgeDirs.map(async (d) => {
        const read = async (n: string) => (files.includes(`${d}/${n}`) ? { file: `${d}/${n}`, text: await readText(join(path, d, n)) } : undefined);
        return { name: d.split('/').pop()!, candidates: await read('candidates.json'), evaluations: await read('evaluations.json') };
      }));
      if (preds.length) throw new CliError('--predictions: Martian\'s folder holds the tools\' candidates already (pick whose with --candidates-from)');
      return readMartian({ golden, judges }, o.candidatesFrom);
    }
    if (layout === 'aacr') {
      const pos = files.find((f) => /(^|\/)positive_samples\.json$/.test(f))!;
      const neg = o.negatives ?? (files.includes(pos.replace(/positive_samples\.json$/, 'negative_samples.json')) ? join(path, pos.replace(/positive_samples\.json$/, 'negative_samples.json')) : undefined);
      return withAacrPredictions(readAacr({ file: pos, text: await readText(join(path, pos)) }, neg ? { file: basename(neg), text: await readText(neg) } : undefined), preds);
    }
    throw new CliError(`--dataset ${path}: a folder with neither golden_comments/*.json (Martian's offline benchmark) nor positive_samples.json (AACR-Bench)`);
  }
  const text = await readText(path);
  const layout = detectFileLayout(text);
  if (layout === 'swe-care') {
    if (!preds.length) throw new CliError('SWE-CARE task instances need each system\'s predictions: --predictions NAME=FILE.jsonl');
    return readSweCare({ file: basename(path), text }, await Promise.all(preds.map(async (p) => ({ system: p.system, file: basename(p.path), text: await readText(p.path) }))));
  }
  if (layout === 'aacr') return withAacrPredictions(readAacr({ file: basename(path), text }, o.negatives ? { file: basename(o.negatives), text: await readText(o.negatives) } : undefined), preds);
  if (layout === 'github') {
    // Reference-free CRScore needs no reference reviewer: every reviewer is a system.
    if (!o.referenceSystems?.length && !o.referenceFree) throw new CliError('a pull request\'s review comments (crscore github\'s rows): say whose comments are the reference with --reference-systems NAME,…');
    return readGithubRows(text, basename(path), { referenceAuthors: o.referenceSystems ?? [] });
  }
  if (layout === 'crscore-pr') {
    if (preds.length) throw new CliError('--predictions: our JSONL holds every system\'s review already');
    return readOurs(text, basename(path));
  }
  throw new CliError(`--dataset ${path}: not a layout pr-eval reads (SWE-CARE task instances, AACR-Bench samples, our pull-request JSONL, crscore github's rows; or a folder: Martian's offline benchmark, AACR-Bench's dataset)`);
}

async function withAacrPredictions(ds: PrDataset, preds: readonly Prediction[]): Promise<PrDataset> {
  for (const p of preds) {
    if (ds.systems.includes(p.system)) throw new CliError(`--predictions ${p.system}: the dataset has a source of that name already`);
    addGeneratedComments(ds, p.system, await textFiles(p.path));
  }
  return ds;
}
