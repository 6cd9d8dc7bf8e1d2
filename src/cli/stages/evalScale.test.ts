// The scale work keeps every figure: intervals on a generated study, pinned from the code before it (fixture:
// src/cli/shared/fixtures/intervals-gen80.json, whose _about says how it was computed), on one thread and on several.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateJsonl } from '../../../bench/genDataset.ts';
import { planBootstrap } from '../../core/bootstrap.ts';
import { runSpecs } from '../../core/resampling.ts';
import { crscoreAsync, FIXTURES } from '../shared/testing.ts';
import { runSpecsParallel } from './resampleWorkers.ts';

const fixture = JSON.parse(readFileSync(path.join(FIXTURES, 'intervals-gen80.json'), 'utf8')) as Record<string, Record<string, unknown>>;
const dir = mkdtempSync(path.join(tmpdir(), 'crscore-scale-'));
const data = path.join(dir, 'gen-80-s11.jsonl');
writeFileSync(data, generateJsonl({ changes: 80, seed: 11 }));

const KEYS = ['bootstrap', 'correlations', 'systems', 'pairwise', 'links', 'oracle'] as const;

describe('crscore eval intervals on a generated study equal those pinned before the scale work', () => {
  for (const preset of ['paper', 'learned'] as const)
    for (const threads of ['1', '3'])
      it(`--preset ${preset}, ${threads} thread(s)`, async () => {
        const r = await crscoreAsync(['eval', '--dataset', data, '--json', '--preset', preset, '--bootstrap', '300', '--seed', '5'], {
          env: { CRSCORE_THREADS: threads },
        });
        expect(r.code, r.stderr).toBe(0);
        const out = JSON.parse(r.stdout) as Record<string, unknown>;
        const links = out.links as Record<string, unknown>;
        delete links.worst;
        for (const k of KEYS) expect(out[k], k).toEqual(fixture[preset][k]);
      });
});

describe('resamples on worker threads', () => {
  it('give the single thread’s draws exactly, for any split', async () => {
    const rows = generateJsonl({ changes: 40, seed: 3 }).trim().split('\n').map((l) => JSON.parse(l) as { id: string; reviews: { system: string; rel: number | null }[] });
    const records = rows.flatMap((r, c) =>
      r.reviews.map((v, k) => ({ changeId: r.id, system: v.system, con: (c * 7 + k) % 5, comp: k % 3, rel: (c + k) % 4, human: v.rel === null ? null : { con: v.rel, comp: v.rel, rel: v.rel } })),
    );
    const specs = [planBootstrap(records).spec, planBootstrap(records.slice(50), { correlationsOnly: true }).spec];
    const one = runSpecs(specs, 9, 101);
    for (const threads of [2, 5]) {
      const many = await runSpecsParallel(specs, 9, 101, threads);
      expect(many.map((d) => Array.from(d))).toEqual(one.map((d) => Array.from(d)));
    }
  });
});
