// A generated dataset in the human study's dev.jsonl format, for the browser benches and the large-dataset e2e:
// the dev half's changes (or, where the data is absent, the project's own sample) copied until `reviews` reviews,
// each copy with its own id and its texts perturbed by a seeded PRNG (a word dropped or repeated, a number
// appended; its diff cut short), so n-grams, sentences and ties differ from copy to copy as they would in a real benchmark.
// The same (source, reviews, seed) always gives the same bytes.
import fs from 'node:fs';
import { sampleJsonl } from '../src/core/importers/sample.ts';
import { mulberry32 as rng } from '../src/core/resampling.ts';


function perturb(text: string, r: () => number): string {
  const words = text.split(' ');
  if (words.length > 3) {
    const k = Math.floor(r() * words.length);
    if (r() < 0.5) words.splice(k, 1);
    else words.splice(k, 0, words[k]);
  }
  return r() < 0.3 ? `${words.join(' ')} ${Math.floor(r() * 100)}` : words.join(' ');
}

type Row = { id?: string; index?: number; diff?: string; pseudo_refs?: { text: string }[]; reviews?: { system: string; review: string }[] };

/** JSONL of about `reviews` reviews (whole changes: it stops at the first change that reaches the count). */
export function generateDataset(reviews: number, seed = 30, source?: string): string {
  const text = source && fs.existsSync(source) ? fs.readFileSync(source, 'utf8') : sampleJsonl(36, 7);
  const base = text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Row);
  const r = rng(seed);
  const out: string[] = [];
  let n = 0;
  for (let copy = 0; n < reviews; copy++)
    for (const row of base) {
      if (n >= reviews) break;
      const c: Row = structuredClone(row);
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
