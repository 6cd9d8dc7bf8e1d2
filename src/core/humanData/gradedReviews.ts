// GradedReviews (Jiang et al. 2025), read as its replication package publishes it (DataSet/dataset.xlsx): one row per
// Java method, with its reference review (groundTruth), its code (relatedCode, prefixed "code2comment :", a method
// and not a diff), and four systems' reviews, each followed by its human grade 1–5 against the reference. The one
// human dimension is `grade`. Recognised by its header, in the browser and the CLI.
import type { ImportIssue } from '../importers/types.ts';
import { readScore, type HumanChange, type HumanDataset, type HumanReview, type Scale } from './model.ts';
import { badCellReason, isBadCell, type BadCell, type Cell } from './cells.ts';
import type { Table } from './table.ts';

export const GRADED_REVIEWS_SYSTEMS = ["Tufano's", 'commentFinder', 'Auger', 'LLaMA-Reviewer'] as const;
const LEAD = ['ID', 'groundTruth', 'relatedCode'] as const;
const GRADE: Scale = { kind: 'likert', min: 1, max: 5 };
const PREFIX = /^\s*code2comment\s*:\s?/;

/** A repeated header comes back numbered from a CSV reader (Grade, Grade_1, …). */
const isGrade = (h: string | undefined) => h !== undefined && /^Grade(_\d+)?$/.test(h);

/** True when the header is GradedReviews' (its first three columns, then a review and a Grade per system). */
export function isGradedReviews(header: readonly string[]): boolean {
  return LEAD.every((h, k) => header[k] === h) && header.length >= 5 && isGrade(header[4]);
}

/**
 * Why a header that looks meant as GradedReviews' (a groundTruth column, or ID first and a Grade column) is not its
 * layout, e.g. `not GradedReviews' layout: column 3 should be "relatedCode", not "Tufano's"`; null for its layout or
 * for a header that is no attempt at it. The CLI's error and the mapping step say it beside the guessed mapping.
 */
export function gradedReviewsNearMiss(header: readonly string[]): string | null {
  if (!header.includes('groundTruth') && !(header[0] === 'ID' && header.some(isGrade))) return null;
  const problem = layoutProblem(header);
  return problem && `not GradedReviews' layout: ${problem}`;
}

/** What the header lacks, or null when it is GradedReviews' layout. */
function layoutProblem(header: readonly string[]): string | null {
  for (const [k, h] of LEAD.entries()) if (header[k] !== h) return `column ${k + 1} should be "${h}"${header[k] ? `, not "${header[k]}"` : ''}`;
  const systems = header.slice(3);
  if (systems.length === 0 || systems.length % 2) return 'after ID, groundTruth and relatedCode, each system\'s column must be followed by its Grade column';
  for (let k = 1; k < systems.length; k += 2) if (!isGrade(systems[k])) return `column ${k + 4} ("${systems[k]}") should be the Grade of "${systems[k - 1]}"`;
  return null;
}

/** Tufano's Grade, Auger's Grade (a name that is a possessive already takes no second 's). */
const possessive = (name: string) => (/'s$/.test(name) ? name : `${name}'s`);

const str = (c: Cell | undefined) => (c === null || c === undefined ? '' : String(c));

export function readGradedReviews(t: Table, source: string): HumanDataset {
  const errors: ImportIssue[] = [...t.errors];
  const empty = (reason: string): HumanDataset => ({ source, changes: [], reviews: [], dimensions: [], errors: [...errors, { file: source, line: 1, reason }], notes: [] });
  if (t.header.length === 0) return errors.length ? { ...empty(''), errors } : empty('the sheet is empty');
  const problem = layoutProblem(t.header);
  if (problem) return empty(`not GradedReviews' layout: ${problem}`);
  const systems: { name: string; at: number }[] = [];
  for (let k = 3; k < t.header.length; k += 2) systems.push({ name: t.header[k], at: k });
  const changes: HumanChange[] = [];
  const reviews: HumanReview[] = [];
  const ids = new Set<string>();
  for (const { line, cells } of t.rows) {
    // A cell the sheet could not give (an Excel error, a formula saved without its result, …) is named and left out:
    // in the ID, reference or code, the row; in a system's review or Grade, that review, never an empty one.
    const lead = [0, 1, 2].find((k) => isBadCell(cells[k]));
    if (lead !== undefined) {
      errors.push({ file: source, line, reason: `${LEAD[lead]}: ${badCellReason(cells[lead] as BadCell)}; the row is left out` });
      continue;
    }
    const id = str(cells[0]).trim();
    if (id === '') {
      errors.push({ file: source, line, reason: 'no ID' });
      continue;
    }
    if (ids.has(id)) {
      errors.push({ file: source, line, reason: `ID ${id} appears again` });
      continue;
    }
    const rowReviews: HumanReview[] = [];
    const unread: ImportIssue[] = [];
    let why: string | null = null;
    for (const s of systems) {
      const [review, gradeCell] = [cells[s.at], cells[s.at + 1]];
      const bad = isBadCell(review) ? review : isBadCell(gradeCell) ? gradeCell : null;
      if (bad) {
        unread.push({ file: source, line, reason: `${possessive(s.name)} ${bad === review ? 'review' : 'Grade'}: ${badCellReason(bad)}; that review is left out` });
        continue;
      }
      const grade = readScore(gradeCell, GRADE, `${possessive(s.name)} Grade`);
      if (grade !== null && typeof grade === 'object') why ??= grade.why;
      // A system that wrote nothing is an empty review, kept: it was graded like the others.
      rowReviews.push({ changeId: id, system: s.name, review: str(review), scores: { grade: [typeof grade === 'number' ? grade : null] }, line });
    }
    if (why) {
      errors.push({ file: source, line, reason: why });
      continue;
    }
    errors.push(...unread);
    ids.add(id);
    const reference = str(cells[1]);
    changes.push({ id, lang: 'java', code: { kind: 'snippet', code: str(cells[2]).replace(PREFIX, '') }, references: reference.trim() ? [reference] : [], line });
    reviews.push(...rowReviews);
  }
  return {
    source,
    changes,
    reviews,
    dimensions: [{ name: 'grade', scale: GRADE, annotators: [''] }],
    errors,
    notes: [`GradedReviews (Jiang et al. 2025): ${changes.length} Java methods, ${systems.length} systems, one human grade 1–5 per review against the reference review; the code is a method, not a diff`],
  };
}
