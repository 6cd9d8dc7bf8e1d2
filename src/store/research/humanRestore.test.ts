// A human-scored dataset comes back after a reload (researchPersist's saved dataset, read again by humanImport's
// own steps): its file, mapping and the dimension chosen; a copy that no longer reads is said and opens nothing;
// opening another dataset, or Reset, removes it. The research IndexedDB's meta store is a Map here; a reload is a
// fresh import of the modules.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../testing/memoryStorage';

const meta = vi.hoisted(() => new Map<string, unknown>());
vi.mock('./researchCache', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./researchCache')>()),
  getMeta: async (k: string) => meta.get(k),
  putMeta: async (k: string, v: unknown) => void meta.set(k, v),
}));

const csv = ['change,hunk_text,review,reference,relevant,useful', 'a,"-x\n+y",Check x.,Check x for null.,1,4', 'a,"-x\n+y",Fine.,Check x for null.,0,2', 'b,"-p\n+q",Why?,Rename q.,0,1'].join('\n');

/** A new page: the stores' modules imported afresh, with the same storage. */
async function page() {
  vi.resetModules();
  const { useResearch } = await import('./research');
  const { useHumanImport } = await import('./humanImport');
  return { useResearch, useHumanImport };
}

const saved = () => meta.get('dataset') as { files: { name: string }[]; human?: { dimension: string; from: string; mapping: { fields: Record<string, string> } | null } } | null | undefined;

beforeEach(() => {
  meta.clear();
  vi.stubGlobal('localStorage', memoryStorage().storage);
});

describe('a human-scored dataset across a reload', () => {
  it('comes back with its mapping and the dimension chosen; a copy that no longer reads is said; another dataset replaces it', async () => {
    const first = await page();
    await first.useHumanImport.getState().openTable(new File([csv], 'labels.csv'), true);
    const step = first.useHumanImport.getState().step!;
    first.useHumanImport.getState().setMapping({ ...step.mapping, fields: { ...step.mapping.fields, id: 'change', diff: 'hunk_text' } });
    expect(first.useHumanImport.getState().confirm()).toBe(true);
    first.useResearch.getState().setHumanDimension('useful');
    await vi.waitFor(() => expect(saved()?.human).toMatchObject({ dimension: 'useful', from: 'edited', mapping: { fields: { diff: 'hunk_text' } } }));
    expect(saved()!.files.map((f) => f.name)).toEqual(['labels.csv']);

    const second = await page();
    await second.useResearch.getState().restore();
    const h = second.useResearch.getState().human!;
    expect([h.dataset.changes.length, h.dataset.reviews.length, h.dimension, h.mapping?.fields.diff]).toEqual([2, 3, 'useful', 'hunk_text']);
    expect(second.useResearch.getState().datasetName).toBe('labels.csv');
    expect(second.useResearch.getState().imported!.rows.map((r) => r.diff)).toEqual(['-x\n+y', '-p\n+q']);
    expect(second.useHumanImport.getState().shown).toMatchObject({ name: 'labels.csv', from: 'edited' });
    // Edit the mapping reopens the step on the mapping applied, with the file to save again.
    second.useHumanImport.getState().editMapping();
    expect(second.useHumanImport.getState().step).toMatchObject({ name: 'labels.csv', mapping: { fields: { id: 'change', diff: 'hunk_text' } } });
    second.useHumanImport.getState().cancel();

    // The saved mapping names a column the file lacks: said, nothing opened, the page usable.
    const d = saved()!;
    meta.set('dataset', { ...d, human: { ...d.human!, mapping: { ...d.human!.mapping!, fields: { ...d.human!.mapping!.fields, review: 'gone' } } } });
    const third = await page();
    await third.useResearch.getState().restore();
    expect(third.useResearch.getState().human).toBeNull();
    expect(third.useResearch.getState().restoreNote).toMatch(/The human-scored dataset labels\.csv .* could not be read again \(.+\): open it again/);
    third.useResearch.getState().loadSample();
    await vi.waitFor(() => expect(third.useResearch.getState().imported).not.toBeNull());
    await vi.waitFor(() => expect(saved()?.human).toBeUndefined());
    expect(saved()!.files.length).toBeGreaterThan(0);
  });

  it('Reset removes the saved copy: a reload opens nothing', async () => {
    const first = await page();
    await first.useHumanImport.getState().openTable(new File([csv], 'labels.csv'), true);
    expect(first.useHumanImport.getState().confirm()).toBe(true);
    await vi.waitFor(() => expect(saved()?.human?.from).toBe('edited'));
    first.useResearch.getState().reset();
    await vi.waitFor(() => expect(saved()).toBeNull());
    const second = await page();
    await second.useResearch.getState().restore();
    expect(second.useResearch.getState().human).toBeNull();
    expect(second.useResearch.getState().restoreNote).toBeNull();
  });
});
