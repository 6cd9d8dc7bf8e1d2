// Every field of a weights file wrong in turn: each gives a WeightsError that names the field, never a file that
// loads and then breaks the scorer or the summary on screen (issue: one malformed file blanked the app).
import { describe, expect, it } from 'vitest';
import { fmtCv } from './report';
import { shippedWeights } from './shipped';
import { parseWeights, WeightsError } from './weights';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const good = (): Record<string, Json> => JSON.parse(JSON.stringify(shippedWeights())) as Record<string, Json>;

/** Every path to a leaf or container of the shipped file: ['training', 'reviews'], ['mean', 3], … */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const here = at.length ? [at] : [];
  if (Array.isArray(v)) return [...here, ...v.flatMap((x, i) => paths(x, [...at, i]))];
  if (v && typeof v === 'object') return [...here, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, k]))];
  return here;
}

function withValue(path: (string | number)[], value: Json | undefined): Record<string, Json> {
  const w = good();
  let o = w as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(o)) o.splice(last as number, 1);
    else delete o[last];
  } else o[last] = value;
  return w;
}

/** What the error must name for a wrong value at this path. */
function named(path: (string | number)[]): RegExp {
  const [top] = path;
  if (top === 'format') return /"format"/;
  if (top === 'version') return /version/;
  if (top === 'features') return /made for other features/;
  return new RegExp(`"${String(top)}`);
}

/** Values that are fine where the schema allows them (and so must be accepted, not refused). */
function allowed(path: (string | number)[], value: Json | undefined): boolean {
  const [top, a, b] = path;
  if (top === 'crossValidation' && path.length === 1) return value === null;
  if (top === 'crossValidation' && a === 'scheme') return value === undefined;
  // A figure not computable on that data is written as null (JSON's NaN) and shown as a dash.
  if (top === 'crossValidation' && b === 'mean') return value === null;
  // The training changes' keys are optional (older files lack them), each a text of free choice.
  if (top === 'training' && a === 'changeKeys') return path.length === 2 ? value === undefined : value === undefined || typeof value === 'string';
  return false;
}

describe('a weights file with each field wrong in turn', () => {
  const all = paths(good() as Json);
  const wrongs: [string, Json | undefined][] = [
    ['missing', undefined],
    ['a text', 'x'],
    ['null', null],
    ['an object', {}],
    ['a list', [1]],
    ['true', true],
  ];
  it(`names the field for each of ${all.length} paths × ${wrongs.length} wrong values`, () => {
    let checked = 0;
    for (const path of all) {
      for (const [label, value] of wrongs) {
        const original = path.reduce<Json>((o, k) => (o as Record<string | number, Json>)[k], good() as Json);
        if (JSON.stringify(original) === JSON.stringify(value)) continue;
        // A text stays a text where the field is a text of free choice (the dataset's name).
        if (typeof original === 'string' && typeof value === 'string' && path.join('.') === 'training.dataset') continue;
        if (allowed(path, value)) {
          expect(() => parseWeights(withValue(path, value)), `${path.join('.')} ${label}`).not.toThrow();
          continue;
        }
        let err: unknown = null;
        try {
          parseWeights(withValue(path, value), 'w.json');
        } catch (e) {
          err = e;
        }
        expect(err, `${path.join('.')} set to ${label} was accepted`).toBeInstanceOf(WeightsError);
        expect((err as Error).message, `${path.join('.')} set to ${label}`).toMatch(named(path));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it.each([
    [['threshold'], 0],
    [['threshold'], 1],
    [['threshold'], -0.2],
    [['l2'], -1],
    [['scale', 4], 0],
    [['scale', 4], -2],
    [['intercept'], Number.POSITIVE_INFINITY],
    [['training', 'reviews'], -1],
    [['training', 'pairs'], 2.5],
    [['crossValidation', 'folds'], 1],
    [['crossValidation', 'folds'], 2.5],
    [['crossValidation', 'relSpearman', 'sd'], -0.1],
    [['crossValidation', 'scheme'], 'random'],
    [['scoring'], 'soft'],
    [['spread'], 'even'],
  ] as [(string | number)[], Json][])('%j = %j is refused with the field named', (path, value) => {
    expect(() => parseWeights(withValue(path, value), 'w.json')).toThrow(named(path));
  });

  it('accepts a figure whose mean is null (shown as a dash), and refuses a number without its sd', () => {
    const w = withValue(['crossValidation', 'systemSpearman'], { mean: null, sd: null });
    const parsed = parseWeights(w);
    expect(fmtCv(parsed.crossValidation!.systemSpearman)).toBe('—');
    expect(() => parseWeights(withValue(['crossValidation', 'systemSpearman'], { mean: 0.5, sd: null }))).toThrow(/crossValidation.systemSpearman.sd/);
  });

  it('the shipped weights, and a file without cross-validation, load', () => {
    expect(parseWeights(good()).threshold).toBeGreaterThan(0);
    expect(parseWeights(withValue(['crossValidation'], null)).crossValidation).toBeNull();
  });

  it('the message quotes the value it found, cut short', () => {
    expect(() => parseWeights(withValue(['training', 'linked'], 'x'.repeat(500)), 'w.json')).toThrow(/w\.json: "training\.linked" must be a whole number ≥ 0 \(it is "x{39}\)/);
  });
});
