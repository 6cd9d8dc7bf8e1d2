// A mapping's name in a signature (runSignature.ts's mappingId) is the resolved mapping's: each field's column, each
// human column's dimension, and each dimension's scale as the table is read (a scale guessed from the values
// included). So --human flags, a mapping file and the browser's exported mapping that read a file the same way name
// it alike, and two readings on different scales never do.
import { describe, expect, it } from 'vitest';
import { humanDataSignatureConfig, mappingId } from '../metaeval/runSignature';
import { csvTable, guessMapping, humanDataFromTable, mappingFromJson, parseHumanSpec, parseMapSpec, type Mapping } from './index';

// A Likert column whose values never reach its top point: 1–4 are used, 5 never.
const csv = ['id,review,reference,useful,a2', ...Array.from({ length: 12 }, (_, k) => `c${k},Review ${k}.,Reference ${k}.,${1 + (k % 4)},${1 + ((k + 1) % 4)}`)].join('\n');
const table = csvTable('likert.csv', csv);
const FIELDS = 'id=id,review=review,reference=reference';

/** The mapping's id as a run names it: the mapping as given, the dataset's dimensions as read through it. */
const idOf = (m: Mapping) => {
  const r = humanDataFromTable(table, 'likert.csv', m);
  expect(r.dataset.errors).toEqual([]);
  return mappingId({ layout: r.layout, mapping: r.mapping, dimensions: r.dataset.dimensions });
};
const flags = (human: string) => idOf({ fields: parseMapSpec(FIELDS), human: parseHumanSpec(human) });
const file = (human: unknown[]) => idOf(mappingFromJson(JSON.parse(JSON.stringify({ fields: { review: 'review', id: 'id', reference: 'reference' }, human }))));
/** The browser's mapping step: its guess (the user unticks a2), with the Likert top point set or not, exported as JSON. */
const browser = (max?: number) => {
  const guess = guessMapping(table);
  const human = guess.human.filter((h) => h.column === 'useful').map((h) => ({ ...h, ...(max ? { max } : {}) }));
  return idOf(mappingFromJson(JSON.parse(JSON.stringify({ fields: guess.fields, human }))));
};

describe('a mapping is named by how it reads the file', () => {
  it('flags, a mapping file and the browser that read a Likert column as 1–4 give one id', () => {
    const id = flags('useful:likert-4');
    expect(id).toMatch(/^mapping#[0-9a-f]{12}$/);
    expect(flags('useful')).toBe(id);
    expect(flags('useful:likert')).toBe(id);
    expect(file([{ column: 'useful' }])).toBe(id);
    expect(file([{ column: 'useful', dimension: 'useful', scale: 'likert', max: 4 }])).toBe(id);
    expect(browser()).toBe(id);
    expect(browser(4)).toBe(id);
  });

  it('the same column on a Likert 1–5 scale (its top point never reached) is another id, alike by flags, file and browser', () => {
    const id = flags('useful:likert-5');
    expect(id).not.toBe(flags('useful:likert-4'));
    expect(file([{ column: 'useful', dimension: 'useful', scale: 'likert', max: 5 }])).toBe(id);
    expect(browser(5)).toBe(id);
    expect(flags('useful:continuous')).not.toBe(id);
    expect(flags('useful:continuous')).not.toBe(flags('useful'));
  });

  it("a dimension's annotators share its scale: given on one column or on both, one id", () => {
    const id = flags('useful:likert-5@rel,a2@rel');
    expect(flags('useful:likert-5@rel,a2:likert-5@rel')).toBe(id);
    expect(flags('useful:likert@rel,a2@rel')).not.toBe(id);
    // The annotators' order is part of the reading (the ceiling judges the first against the second).
    expect(flags('a2:likert-5@rel,useful@rel')).not.toBe(id);
    expect(flags('useful:likert-5@rel,a2@other')).not.toBe(id);
  });

  it('the signature prints it; a layout known by its header needs no mapping', () => {
    const r = humanDataFromTable(table, 'likert.csv', { fields: parseMapSpec(FIELDS), human: parseHumanSpec('useful') });
    const sig = humanDataSignatureConfig({ dataset: { name: 'likert.csv', rows: 12, sha256: null }, layout: r.layout, mapping: r.mapping, dimensions: r.dataset.dimensions, dimension: 'useful' });
    expect(sig.mapping).toBe(flags('useful:likert-4'));
    expect(mappingId({ layout: 'graded-reviews', mapping: null, dimensions: [] })).toBe('layout:graded-reviews');
  });
});
