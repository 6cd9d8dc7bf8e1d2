// The benches' generated datasets, in the dev half's JSONL format (one change a line: diff, pseudo-references, ten
// systems' reviews with human Likert scores and the annotators' links), from a seed so every bench and test sees
// the same rows. Two ways to make one (pure functions, no Node API, so browser benches and tests share them):
//   - generateRows / generateJsonl: a synthetic study. Reviews that restate a pseudo-reference share its words and
//     are linked to it, and the human scores follow how much of the change a review covers, with noise, so
//     correlations, links and intervals have something to measure (crscore eval at scale, the intervals fixture);
//   - copiedJsonl: a real dataset's changes (the dev half, or the project's sample) copied until a number of
//     reviews, each copy's texts perturbed, so the texts keep the study's shape (the browser's scale bench).
//   npx tsx bench/genDataset.ts [--changes 10000] [--seed 1] [--out bench/out/gen-10000-s1.jsonl]
//   npx tsx bench/genDataset.ts --copy-of DEV.jsonl --reviews 86409 [--seed 30] --out bench/out/dev-copies.jsonl
//   - replicateFile: a real dataset's rows as they are, N times over, each copy with fresh ids (a held-out-sized
//     file of real changes and code: the dev half ×60 is ~79k reviews, ~440 MB, for the CLI's memory bench).
//   npx tsx bench/genDataset.ts --replicate DEV.jsonl --times 60 [--out bench/out/dev-x60.jsonl]
import { mulberry32 } from '../src/core/bootstrap.ts';
import { sampleJsonl } from '../src/core/importers/sample.ts';

export interface GenOptions {
  /** Changes (diffs); each has one review per system (default 10,000). */
  changes?: number;
  seed?: number;
}

/** The study's systems; 'msg' is the original review (the reference, left out of correlations). */
export const GEN_SYSTEMS = [
  'knn_pred',
  'lstm_pred',
  'codereviewer_pred',
  'stable_code_pred',
  'deepseekcoder_pred',
  'magicoder_pred',
  'llama3_pred',
  'codellama_13b_pred',
  'gpt3.5_pred',
  'msg',
] as const;

// How often each system's sentence restates a pseudo-reference (the rest is stock review phrasing).
const SKILL: Record<string, number> = {
  knn_pred: 0.15,
  lstm_pred: 0.1,
  codereviewer_pred: 0.3,
  stable_code_pred: 0.25,
  deepseekcoder_pred: 0.45,
  magicoder_pred: 0.5,
  llama3_pred: 0.4,
  codellama_13b_pred: 0.35,
  'gpt3.5_pred': 0.6,
  msg: 0.5,
};

const NOUNS = 'parser cache index buffer token request handler session config logger retry timeout queue schema user order item record value result error message response client server file path stream node tree list map key entry count size limit offset'.split(' ');
const VERBS = 'returns checks updates removes adds renames validates parses reads writes closes opens converts handles formats filters sorts loads saves resets'.split(' ');
const ADJ = 'new old default empty null optional final unused invalid cached nested local global private public'.split(' ');
const CLAIM_FRAMES = [
  'The function {id} now {verb} the {adj} {noun}.',
  'A call to {id} has been added before the {noun} is {verb2}.',
  'The {noun} parameter of {id} is now {adj}.',
  'The change {verb} the {noun} in {id} instead of the {noun2}.',
  'Previously {id} {verb} the {noun}; now it {verb2} the {noun2}.',
];
const ISSUE_FRAMES = ['Unused variable {id}.', "'{id}' is defined but never used.", 'Missing semicolon after {id}.', 'Line too long in {id}.', 'Avoid reassigning parameter {noun}.'];
const STOCK = [
  'Why do we need this?',
  'Please add a test for this.',
  'nit: typo here.',
  'This looks good to me, thanks.',
  'Could you add a comment explaining this?',
  'Maybe rename this for clarity.',
  'Is this still needed?',
  'Consider extracting this into a helper.',
  'Should this be configurable?',
  'I think this can be simplified.',
];
const LANGS = ['py', 'java', 'js'] as const;
const EXT: Record<string, string> = { py: 'py', java: 'java', js: 'js' };

export interface GenRow {
  lang: string;
  index: number;
  id: string;
  diff: string;
  old_file: string;
  new_file: string;
  pseudo_refs: { no: number; type: 'claim' | 'issue'; text: string; necessary: number }[];
  reviews: { system: string; review: string | null; claims_addressed: string | null; con: number | null; comp: number | null; rel: number | null }[];
}

/** Rows one by one, so a 100k-review file never has to sit in memory as one string. */
export function* generateRows(o: GenOptions = {}): Generator<GenRow> {
  const changes = o.changes ?? 10_000;
  const rng = mulberry32(o.seed ?? 1);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const ident = () => {
    const a = pick(NOUNS);
    const b = pick(NOUNS);
    const style = int(0, 2);
    return style === 0 ? `${pick(VERBS).replace(/s$/, '')}_${a}` : style === 1 ? `${a}${b[0].toUpperCase()}${b.slice(1)}` : `get${a[0].toUpperCase()}${a.slice(1)}`;
  };
  const fill = (frame: string, id: string) =>
    frame
      .replace('{id}', id)
      .replace('{verb}', pick(VERBS))
      .replace('{verb2}', pick(VERBS))
      .replace('{adj}', pick(ADJ))
      .replace('{noun}', pick(NOUNS))
      .replace('{noun2}', pick(NOUNS));
  const likert = (x: number) => Math.max(1, Math.min(5, Math.round(1 + 4 * x + (rng() - 0.5) * 1.6)));

  for (let c = 0; c < changes; c++) {
    const lang = LANGS[c % 3];
    const ids = Array.from({ length: int(2, 5) }, ident);
    const lines: string[] = [];
    const start = int(1, 400);
    for (let l = 0; l < int(3, 9); l++) {
      const id = pick(ids);
      const kind = rng() < 0.35 ? '-' : rng() < 0.6 ? '+' : ' ';
      lines.push(`${kind}    ${id} = ${pick(VERBS).replace(/s$/, '')}(${pick(NOUNS)}, ${pick(ids)}, ${int(0, 99)})`);
    }
    const diff = `@@ -${start},${lines.length} +${start},${lines.length} @@\n${lines.join('\n')}`;
    const P = int(2, 7);
    const refs = Array.from({ length: P }, (_, i) => {
      const issue = lang !== 'py' && rng() < 0.2;
      return {
        no: i + 1,
        type: (issue ? 'issue' : 'claim') as 'claim' | 'issue',
        text: fill(pick(issue ? ISSUE_FRAMES : CLAIM_FRAMES), pick(ids)),
        necessary: rng() < 0.85 ? 1 : 0,
      };
    });
    const reviews = GEN_SYSTEMS.map((system) => {
      if (system === 'codellama_13b_pred' && rng() < 0.06)
        return { system, review: null, claims_addressed: null, con: 1, comp: 1, rel: 1 };
      const linked = new Set<number>();
      const sentences: string[] = [];
      const n = int(1, 3);
      let stock = 0;
      for (let s = 0; s < n; s++) {
        if (rng() < SKILL[system]) {
          const i = int(0, P - 1);
          linked.add(i + 1);
          // A restatement: most of the pseudo-reference's words, a few swapped, and a hedge.
          const words = refs[i].text.replace(/\.$/, '').split(' ').map((w) => (rng() < 0.2 ? pick(NOUNS) : w));
          sentences.push(`${rng() < 0.5 ? 'I think ' : ''}${words.join(' ')}${rng() < 0.3 ? '?' : '.'}`);
        } else {
          stock++;
          sentences.push(rng() < 0.5 ? pick(STOCK) : `${pick(STOCK).replace(/[.?]$/, '')} in ${pick(ids)}.`);
        }
      }
      const comp = linked.size / P;
      const con = sentences.length ? (sentences.length - stock) / sentences.length : 0;
      const rel = (comp + con) / 2;
      const unscored = rng() < 0.05;
      return {
        system,
        review: sentences.join(' '),
        claims_addressed: linked.size ? [...linked].sort((a, b) => a - b).join(',') : '-',
        con: unscored ? null : likert(con),
        comp: unscored ? null : likert(comp),
        rel: unscored ? null : likert(rel),
      };
    });
    yield { lang, index: c, id: `${lang}-${c}`, diff, old_file: `test${c}_old.${EXT[lang]}`, new_file: `test${c}_new.${EXT[lang]}`, pseudo_refs: refs, reviews };
  }
}

/** The whole dataset as JSONL text (for small sizes and the browser; Node writes line by line). */
export function generateJsonl(o: GenOptions = {}): string {
  let s = '';
  for (const r of generateRows(o)) s += `${JSON.stringify(r)}\n`;
  return s;
}

function perturb(text: string, r: () => number): string {
  const words = text.split(' ');
  if (words.length > 3) {
    const k = Math.floor(r() * words.length);
    if (r() < 0.5) words.splice(k, 1);
    else words.splice(k, 0, words[k]);
  }
  return r() < 0.3 ? `${words.join(' ')} ${Math.floor(r() * 100)}` : words.join(' ');
}

type SourceRow = { id?: string; index?: number; diff?: string; pseudo_refs?: { text: string }[]; reviews?: { system: string; review: string }[] };

/**
 * About `reviews` reviews (whole changes: it stops at the first change that reaches the count) copied from `source`
 * (JSONL text; the project's sample when absent): the first pass as it is, then each copy with its own id and its
 * texts perturbed by the seeded generator (a word dropped or repeated, a number appended; its diff cut short), so
 * n-grams, sentences and ties differ from copy to copy as in a real benchmark. Same inputs, same bytes.
 */
export function copiedJsonl(reviews: number, seed = 30, source?: string): string {
  const base = (source ?? sampleJsonl(36, 7))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as SourceRow);
  const r = mulberry32(seed);
  const out: string[] = [];
  let n = 0;
  for (let copy = 0; n < reviews; copy++)
    for (const row of base) {
      if (n >= reviews) break;
      const c: SourceRow = structuredClone(row);
      if (copy > 0) {
        c.id = `${row.id ?? 'row'}-g${copy}`;
        if (typeof c.index === 'number') c.index = c.index + copy * 100_000;
        // Scoring reads pseudo-references and reviews; a copy's diff is cut short so 86k reviews stay ~100 MB.
        if (typeof c.diff === 'string') c.diff = c.diff.slice(0, 1500);
        for (const p of c.pseudo_refs ?? []) p.text = perturb(p.text, r);
        for (const v of c.reviews ?? []) if (v.review) v.review = perturb(v.review, r);
      }
      n += (c.reviews ?? []).filter((v) => v.system !== 'msg').length;
      out.push(JSON.stringify(c));
    }
  return `${out.join('\n')}\n`;
}

/**
 * Writes `source`'s rows `times` times over to `file` (unless it is already there), untouched but for their ids:
 * copy k > 0 of row "id" is "id-xk" (an index, when the row has one, moved by k × 100,000). One row in memory at a time.
 */
export async function replicateFile(source: string, times: number, file: string): Promise<string> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lines = fs.readFileSync(source, 'utf8').split('\n').filter((l) => l.trim());
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    for (let k = 0; k < times; k++)
      for (const l of lines) {
        const row = JSON.parse(l) as SourceRow;
        if (k > 0) {
          row.id = `${row.id ?? 'row'}-x${k}`;
          if (typeof row.index === 'number') row.index += k * 100_000;
        }
        fs.writeSync(fd, `${JSON.stringify(row)}\n`);
      }
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  return file;
}

/** Scored system reviews (not 'msg', with a human relevance) the dataset holds: what `crscore eval` correlates. */
export function scoredReviews(rows: Iterable<GenRow>): number {
  let n = 0;
  for (const r of rows) for (const v of r.reviews) if (v.system !== 'msg' && v.rel !== null) n++;
  return n;
}

/** Writes the dataset to `file` unless it is already there (same changes and seed give the same bytes). */
export async function ensureDataset(file: string, o: GenOptions = {}): Promise<string> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    let buf = '';
    for (const r of generateRows(o)) {
      buf += `${JSON.stringify(r)}\n`;
      if (buf.length > 1 << 20) {
        fs.writeSync(fd, buf);
        buf = '';
      }
    }
    fs.writeSync(fd, buf);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  return file;
}

/** The bench's default file for a size and seed, under bench/out (ignored by git). */
export function datasetPath(root: string, changes: number, seed: number): string {
  return `${root}/bench/out/gen-${changes}-s${seed}.jsonl`;
}

const isMain = typeof process !== 'undefined' && process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!);
if (isMain) {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({ options: { changes: { type: 'string' }, seed: { type: 'string' }, out: { type: 'string' }, 'copy-of': { type: 'string' }, reviews: { type: 'string' }, replicate: { type: 'string' }, times: { type: 'string' } } });
  const fs = await import('node:fs');
  if (values.replicate !== undefined) {
    const times = Number(values.times ?? 60);
    const out = values.out ?? `${process.cwd()}/bench/out/${(await import('node:path')).basename(values.replicate, '.jsonl')}-x${times}.jsonl`;
    if (fs.existsSync(out)) fs.rmSync(out);
    await replicateFile(values.replicate, times, out);
    console.log(`${out}: ${values.replicate} ×${times}, fresh ids, ${(fs.statSync(out).size / 1e6).toFixed(0)} MB`);
    process.exit(0);
  }
  if (values['copy-of'] !== undefined || values.reviews !== undefined) {
    const from = values['copy-of'];
    const out = values.out ?? `${process.cwd()}/bench/out/copies-${values.reviews ?? 86_409}-s${values.seed ?? 30}.jsonl`;
    fs.mkdirSync((await import('node:path')).dirname(out), { recursive: true });
    fs.writeFileSync(out, copiedJsonl(Number(values.reviews ?? 86_409), Number(values.seed ?? 30), from ? fs.readFileSync(from, 'utf8') : undefined));
    console.log(`${out}: copies of ${from ?? "the project's sample"}, about ${values.reviews ?? 86_409} reviews`);
    process.exit(0);
  }
  const changes = Number(values.changes ?? 10_000);
  const seed = Number(values.seed ?? 1);
  const out = values.out ?? datasetPath(process.cwd(), changes, seed);
  if (fs.existsSync(out)) fs.rmSync(out);
  await ensureDataset(out, { changes, seed });
  console.log(`${out}: ${changes} changes × ${GEN_SYSTEMS.length} systems, seed ${seed}, ${scoredReviews(generateRows({ changes, seed }))} scored system reviews`);
}
