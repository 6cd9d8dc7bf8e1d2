// The published human-study files (../shared/data, not in the repo): each reads, writes back and reads again
// to the same items; both annotators of a language pair up diff by diff.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAnnotationCsv, writeAnnotationCsv } from '../../core/annotation.ts';
import { compareAnnotations } from '../../core/annotationAgreement.ts';

const RAW = path.resolve(__dirname, '../../../../shared/data/crscore-human-study/raw');
const have = existsSync(RAW);
if (!have) console.warn(`Skipping the published-file tests: ${RAW} is absent (see ../shared/data/README.md).`);

describe.skipIf(!have)('published human-study CSVs', () => {
  for (const lang of ['py', 'java', 'js']) {
    it(`${lang}: every file round-trips; the two annotators compare`, () => {
      const files = ['marcus', 'atharva'].map((a) => {
        const name = `${lang}_${a}_review_qual_final.csv`;
        return readAnnotationCsv({ name, text: readFileSync(path.join(RAW, name), 'utf8') });
      });
      for (const f of files) {
        expect(f.items.length).toBe(50);
        const back = readAnnotationCsv({ name: 'x.csv', text: writeAnnotationCsv(f.items) });
        expect(back.items).toEqual(f.items);
      }
      const r = compareAnnotations(files[0].items, files[1].items);
      expect(r.pairing.items).toBe(50);
      expect(r.pairing.reviews).toBe(500);
      // The study split the diffs between its annotators: in the dev half no item is marked or rated by both,
      // so κ and α are undefined (NaN, shown as such), never a made-up 0 or 1.
      expect(r.necessary.n).toBe(0);
      expect(r.necessary.kappa).toBeNaN();
      expect(r.alpha.rel.units).toBe(0);
      expect(r.alpha.rel.alpha).toBeNaN();
    });
  }
});
