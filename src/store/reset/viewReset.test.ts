// Reset in Research sets the dataset's files aside as text, also a large file the page holds only as a Blob.
import { describe, expect, it } from 'vitest';
import { sampleJsonl } from '../../core/importers/sample';
import { useSetAside } from '../shared/quarantine';
import { useResearch } from '../research/research';
import { viewResets } from './viewReset';

describe('Reset in Research', () => {
  it('sets a dataset file held as a Blob aside as its text, and empties Research', async () => {
    const text = sampleJsonl(3, 2);
    expect(await useResearch.getState().importFiles([{ name: 'big.jsonl', blob: new Blob([text]) }])).toBe(true);
    expect(useResearch.getState().imported?.rows.length).toBe(3);
    expect(await viewResets.research.reset()).toMatch(/the dataset \(big\.jsonl\)/);
    const item = useSetAside.getState().items.find((x) => x.what === 'the Research dataset file big.jsonl');
    expect(item?.text).toBe(text);
    expect(useResearch.getState().imported).toBeNull();
  });
});
