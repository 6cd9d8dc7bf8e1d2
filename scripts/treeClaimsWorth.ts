// What tree claims are worth on the human study's dev half (docs/reference-free.md), by the real CLI:
//   - CRScore Rel against the annotators' Rel, pooled and grouped by change, with each source of pseudo-references
//     (`crscore claims --pseudo-refs SOURCE` fills the file, `crscore eval --pseudo-refs dataset` judges it; the
//     dataset's own pseudo-references are the paper's LLM claims + analyzer issues);
//   - how many of the claims the annotators linked to a review a tree claim covers: a linked claim (a pseudo-
//     reference of type claim whose number a review's claims_addressed lists) is covered when some tree claim of the
//     same change is similar to it at or above a threshold: the Jaccard overlap of CRScore's lexical tokens
//     (src/core/lexical.ts; the lexical τ 0.149 is the threshold CRScore's own lexical linking uses), or ROUGE-L F.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { jaccard, lexicalTokenSets, LEXICAL_TAU } from '../src/core/lexical.ts';
import { rougeL } from '../src/core/refmetrics/rouge.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Runs the launcher as a person would; throws with its stderr's tail on a non-zero exit, except exit 1 with
 * `partial` (crscore claims where an analyzer could not read some changes: the rest is written, the failures told).
 */
export function cli(args: string[], partial = false): string {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/crscore.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  if (partial && r.status === 1 && r.stdout) {
    console.error(r.stderr.split('\n').filter((l) => l.startsWith('pseudo-references')).join('\n'));
    return r.stdout;
  }
  if (r.status !== 0) throw new Error(`crscore ${args.join(' ')} exited ${r.status}:\n${r.stderr.split('\n').slice(-5).join('\n')}`);
  return r.stdout;
}

export interface RelFigure {
  n: number;
  spearman?: { value: number; lo: number; hi: number };
  kendall?: { value: number };
  undefined?: string;
}
interface Row {
  id: string;
  n: number;
  stats: { spearman?: { value: number; lo: number; hi: number }; kendall?: { value: number } };
}
type Grouping = { rows?: Row[]; undefined?: string };

/**
 * CRScore Rel's figures from `crscore eval --dataset FILE --pseudo-refs dataset --grouping none|item --json` (the
 * human study's report: `metaeval.rows` of the one grouping asked for).
 */
export function relFigures(file: string, bootstrap = 1000): { pooled: RelFigure; byChange: RelFigure; signature: string } {
  const run = (grouping: 'none' | 'item') =>
    JSON.parse(cli(['eval', '--dataset', file, '--pseudo-refs', 'dataset', '--metrics', 'crscore', '--grouping', grouping, '--bootstrap', String(bootstrap), '--json'])) as {
      metaeval: Grouping;
      signature: string;
    };
  const pick = (g: Grouping): RelFigure => {
    const r = g.rows?.find((x) => x.id === 'crscore.rel');
    return r ? { n: r.n, spearman: r.stats.spearman, kendall: r.stats.kendall } : { n: 0, undefined: g.undefined ?? 'no crscore.rel row' };
  };
  const pooled = run('none');
  return { pooled: pick(pooled.metaeval), byChange: pick(run('item').metaeval), signature: pooled.signature };
}

export interface StudyRow {
  id: string;
  lang: string;
  pseudo_refs: { no: number; type: string; text: string }[] | null;
  reviews: { system: string; review: string | null; claims_addressed: string | null }[];
}

export interface LinkedClaim {
  change: string;
  lang: string;
  no: number;
  text: string;
  /** Reviews (not msg) that link it. */
  links: number;
  best?: { text: string; jaccard: number; rougeL: number };
}

/** A review's claims_addressed ("2,4", "-", null) as claim numbers. */
export const linkedNumbers = (s: string | null): number[] => (s ?? '').split(/[,\s]+/).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/**
 * The claims the annotators linked to the systems' reviews (msg, the original review, left out as in every
 * correlation), each with its best-matching tree claim of the same change.
 */
export function linkedClaims(study: StudyRow[], treeFilled: StudyRow[]): LinkedClaim[] {
  const tokens = lexicalTokenSets();
  const trees = new Map(treeFilled.map((r) => [r.id, (r.pseudo_refs ?? []).filter((p) => p.type === 'claim').map((p) => p.text)]));
  const out: LinkedClaim[] = [];
  for (const row of study) {
    const claims = new Map((row.pseudo_refs ?? []).filter((p) => p.type === 'claim').map((p) => [p.no, p]));
    const links = new Map<number, number>();
    for (const rv of row.reviews) if (rv.system !== 'msg') for (const no of linkedNumbers(rv.claims_addressed)) if (claims.has(no)) links.set(no, (links.get(no) ?? 0) + 1);
    for (const [no, n] of [...links].sort((a, b) => a[0] - b[0])) {
      const text = claims.get(no)!.text;
      let best: LinkedClaim['best'];
      for (const t of trees.get(row.id) ?? []) {
        const j = jaccard(tokens(text), tokens(t));
        const r = rougeL(text, t);
        if (!best || j > best.jaccard || (j === best.jaccard && r > best.rougeL)) best = { text: t, jaccard: j, rougeL: r };
      }
      out.push({ change: row.id, lang: row.lang, no, text, links: n, ...(best ? { best } : {}) });
    }
  }
  return out;
}

export const THRESHOLDS = [
  { name: `Jaccard ≥ ${LEXICAL_TAU} (lexical τ)`, covered: (c: LinkedClaim) => (c.best?.jaccard ?? 0) >= LEXICAL_TAU },
  { name: 'Jaccard ≥ 0.3', covered: (c: LinkedClaim) => (c.best?.jaccard ?? 0) >= 0.3 },
  { name: 'ROUGE-L F ≥ 0.3', covered: (c: LinkedClaim) => (c.best?.rougeL ?? 0) >= 0.3 },
  { name: 'ROUGE-L F ≥ 0.5', covered: (c: LinkedClaim) => (c.best?.rougeL ?? 0) >= 0.5 },
];

/** Per language and overall: linked claims, the share covered at each threshold, and the share of links covered. */
export function coverageTable(claims: LinkedClaim[]): { lang: string; claims: number; links: number; byThreshold: { name: string; claims: number; links: number }[] }[] {
  const langs = [...new Set(claims.map((c) => c.lang))].sort();
  return [...langs, 'all'].map((lang) => {
    const cs = lang === 'all' ? claims : claims.filter((c) => c.lang === lang);
    const links = cs.reduce((s, c) => s + c.links, 0);
    return {
      lang,
      claims: cs.length,
      links,
      byThreshold: THRESHOLDS.map((t) => {
        const cov = cs.filter(t.covered);
        return { name: t.name, claims: cov.length / cs.length, links: cov.reduce((s, c) => s + c.links, 0) / links };
      }),
    };
  });
}
