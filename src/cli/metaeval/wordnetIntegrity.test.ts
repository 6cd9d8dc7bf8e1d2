// The CLI's WordNet is checked against the shipped SHA-256: a tarball whose synsets all lost their words (it still
// parses, every header intact) is refused, and METEOR runs exact + stem under that label, never as "METEOR".
import { describe, expect, it, vi } from 'vitest';
import { prepare } from '../../core/research/index.ts';
import { referenceColumns } from '../../core/lab/index.ts';

// tar.list as the loader calls it, with each data.* file's synset lines given a word count of 0.
vi.mock('tar', async (importOriginal) => {
  const real = await importOriginal<typeof import('tar')>();
  type Entry = { path: string; resume(): void; on(ev: string, fn: (c?: Buffer) => void): void };
  const list = (opt: { onReadEntry: (e: Entry) => void } & Record<string, unknown>) =>
    real.list({
      ...opt,
      onReadEntry: (entry: Entry) => {
        if (!/\/data\.(noun|verb|adj|adv)$/.test(entry.path)) return opt.onReadEntry(entry);
        const on: Record<string, (c?: Buffer) => void> = {};
        opt.onReadEntry({ path: entry.path, resume: () => entry.resume(), on: (ev, fn) => (on[ev] = fn) });
        const chunks: Buffer[] = [];
        entry.on('data', (c) => chunks.push(c!));
        entry.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const blanked = text.replace(/^(\d{8} \d\d [nvasr] )[0-9a-f]{2} .*$/gm, '$100');
          on.data(Buffer.from(blanked, 'utf8'));
          on.end();
        });
      },
    } as never);
  return { ...real, list };
});
vi.mock('../shared/io.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../shared/io.ts')>()), warn: vi.fn() }));

describe("the CLI's WordNet", () => {
  it('a corrupted but well-formed WordNet is refused: METEOR is labelled exact + stem, with its values', async () => {
    const { meteorWordNet } = await import('./evalMetrics.ts');
    const { warn } = await import('../shared/io.ts');
    const wn = meteorWordNet();
    expect(wn).toBeNull();
    expect(vi.mocked(warn).mock.calls[0][0]).toMatch(/WordNet could not be read \(WordNet's file is not the one shipped \(SHA-256/);
    const p = prepare([{ id: 'c1', diff: '', system: 's', review: 'repair the bug', msg: 'fix the bug', pseudoRefs: [], human: { con: 3, comp: 3, rel: 3 } }] as never, 'reference');
    const [met] = referenceColumns(p, ['meteor'], { wordnet: wn });
    expect([met.label, met.config.stages]).toEqual(['METEOR (exact + stem; no WordNet)', 'exact+stem']);
  }, 60_000);
});
