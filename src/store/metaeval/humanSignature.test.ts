// The signature names the dimension the table on screen was judged against: while a new dimension's run is on its way
// the results (and so the table) are still the old one's, and a meta-evaluation computed then must not sign the old
// table with the new dimension's name.
import { beforeEach, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../testing/memoryStorage';

const csv = ['change,hunk_text,review,reference,relevant,useful', 'a,"-x\n+y",Check x.,Check x for null.,1,4', 'b,"-p\n+q",Why?,Rename q.,0,1'].join('\n');

beforeEach(() => void vi.stubGlobal('localStorage', memoryStorage().storage));

it("signs the dimension of the results on screen, not the one whose run has not landed yet", async () => {
  const { useResearch } = await import('../research/research');
  const { useHumanImport } = await import('../research/humanImport');
  const { humanSignatureFields } = await import('./humanSignature');
  await useHumanImport.getState().openTable(new File([csv], 'labels.csv'), true);
  const step = useHumanImport.getState().step!;
  useHumanImport.getState().setMapping({ ...step.mapping, fields: { ...step.mapping.fields, id: 'change', diff: 'hunk_text' } });
  expect(useHumanImport.getState().confirm()).toBe(true);
  const h = useResearch.getState().human!;
  expect(h.dimension).toBe('relevant');
  const relevant = h.dataset.dimensions.find((d) => d.name === 'relevant')!;
  // Results judged against `relevant` on screen; the user has just chosen `useful` (its run not yet landed).
  useResearch.setState({ results: { humanDimension: relevant } as never, human: { ...h, dimension: 'useful' } });
  expect(humanSignatureFields(null, []).dim).toBe('relevant');
  // No results yet: the dimension chosen.
  useResearch.setState({ results: null });
  expect(humanSignatureFields(null, []).dim).toBe('useful');
});
