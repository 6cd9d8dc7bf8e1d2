// The annotators' links: which pseudo-references the human study's raters said a review addresses
// (`claims_addressed`). Raters linked at the level of the whole review, not of its sentences.

/**
 * 'linked': the raters named at least one pseudo-reference; 'none': they recorded that the review addresses none
 * ('-'); 'unrecorded': nothing was recorded (null, blank, or only numbers that name no pseudo-reference), so the
 * review is left out of link agreement and of the oracle.
 */
export type AnnotatorLinkState = 'linked' | 'none' | 'unrecorded';

export interface AnnotatorLinks {
  state: AnnotatorLinkState;
  /** 0-based positions in the change's pseudo-reference list, ascending, without repeats. */
  indices: number[];
  /** Numbers the raters wrote that name no pseudo-reference of the change (kept for a warning, never linked). */
  unknown: number[];
}

/**
 * The numbers in a `claims_addressed` cell: null when blank (nothing recorded), [] for '-' or any text without a
 * number, else the numbers ascending. Any run of non-digits separates numbers, so "1,2", "1, 2", "1;2" and the
 * dev half's one "1.2" all name the first and second pseudo-references. Annotate mode reads its imports with it too.
 */
export function parseAddressed(raw: string | number | null | undefined): number[] | null {
  const t = raw === null || raw === undefined ? '' : String(raw).trim();
  if (t === '') return null;
  const nums = t.split(/[^0-9]+/).filter((x) => x !== '').map(Number);
  return [...new Set(nums)].sort((a, b) => a - b);
}

export function formatAddressed(a: readonly number[] | null): string {
  if (a === null) return '';
  return a.length === 0 ? '-' : a.join(',');
}

/** A `claims_addressed` cell against the change's pseudo-reference numbers (`no`). */
export function parseClaimsAddressed(
  value: string | number | null | undefined,
  refNumbers: readonly number[],
): AnnotatorLinks {
  const nums = parseAddressed(value);
  if (nums === null) return { state: 'unrecorded', indices: [], unknown: [] };
  if (nums.length === 0) return { state: 'none', indices: [], unknown: [] };
  const at = new Map(refNumbers.map((no, k) => [no, k]));
  const indices: number[] = [];
  const unknown: number[] = [];
  for (const no of nums) {
    const k = at.get(no);
    if (k === undefined) unknown.push(no);
    else indices.push(k);
  }
  indices.sort((a, b) => a - b);
  return { state: indices.length > 0 ? 'linked' : 'unrecorded', indices, unknown };
}

/** The links as a 0/1 vector over the change's pseudo-references; null when unrecorded. */
export function annotatorVector(links: AnnotatorLinks | null, pseudoReferences: number): Float64Array | null {
  if (!links || links.state === 'unrecorded') return null;
  const v = new Float64Array(pseudoReferences);
  for (const k of links.indices) if (k < pseudoReferences) v[k] = 1;
  return v;
}
