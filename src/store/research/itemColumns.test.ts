// The columns built a slice per task are the columns built at once, and what itemsMeta and recordsBase read.
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../core/importers/index';
import { sampleJsonl } from '../../core/importers/sample';
import { prepare } from '../../core/research/index';
import { interned, packedTriples } from '../../core/interned';
import { itemColumns, itemColumnsPaced } from './itemColumns';

describe('itemColumns', () => {
  const items = () => prepare(importFiles([{ name: 'big.jsonl', text: sampleJsonl(9000, 5) }]).rows, 'reference').items;

  it('gives each column as interned and packedTriples do, paced or not', async () => {
    const a = items();
    expect(a.length).toBeGreaterThan(20_000); // more than one slice
    let pauses = 0;
    await itemColumnsPaced(a, async () => void pauses++);
    expect(pauses).toBeGreaterThan(0);
    const paced = itemColumns(a);
    const [changes, change] = interned(a.length, (k) => a[k].rowId);
    const [systems, system] = interned(a.length, (k) => a[k].system);
    const [langs, lang] = interned(a.length, (k) => a[k].lang);
    expect(paced).toEqual({ human: packedTriples(a.length, (k) => a[k].human), systems, system, langs, lang, changes, change });
    expect(itemColumns(items())).toEqual(paced);
  });
});
