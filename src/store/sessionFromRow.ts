// A dataset change (with one of its reviews) as a workbench session: its diff, files, review and pseudo-references
// (row.pseudoRefs, whether the dataset's own or generated in batch). Opening it adds the session and switches tabs.
import type { DatasetRow, DatasetReview } from '../core/dataset';
import { detectLanguage, languageFromCode } from '../core/diff';
import { parseClaimsAddressed } from '../core/links';
import type { PseudoReference } from '../core/types';
import { blankSession, toItems, type Session } from './session';
import { useSessions } from './sessions';

export function sessionFromRow(row: DatasetRow, review: DatasetReview | null, opts: { tau?: number; note: string; source?: string }): Session {
  const lang = row.newFile ? detectLanguage(row.newFile) : languageFromCode(row.lang);
  const base = blankSession(`${row.id} · ${review?.system ?? 'no review'}`);
  const refs: PseudoReference[] = row.pseudoRefs.map((p) => ({
    text: p.text,
    kind: p.type === 'issue' ? 'issue' : 'claim',
    source: opts.source ?? 'dataset',
  }));
  // The annotators' links, on the items they name; unrecorded links leave the session without any.
  const links = review ? parseClaimsAddressed(review.claimsAddressed, row.pseudoRefs.map((p) => p.no)) : null;
  const recorded = links && links.state !== 'unrecorded' ? links : null;
  const items = toItems(refs).map((it, k) => (recorded?.indices.includes(k) ? { ...it, annotatorLinked: true } : it));
  return {
    ...base,
    input: {
      ...base.input,
      diff: row.diff,
      oldCode: row.oldCode ?? '',
      newCode: row.newCode ?? '',
      fileName: row.newFile ?? '',
      language: lang,
      languageAuto: false,
    },
    review: review?.review ?? '',
    pseudoReferences: items,
    ...(recorded ? { annotatorLinks: { state: recorded.state as 'linked' | 'none', review: review?.review ?? '' } } : {}),
    ...(opts.tau !== undefined ? { tau: opts.tau } : {}),
    note: opts.note,
  };
}

export function openRowInWorkbench(row: DatasetRow, review: DatasetReview | null, opts: { tau?: number; note: string; source?: string }): void {
  useSessions.getState().add(sessionFromRow(row, review, opts));
  if (typeof location !== 'undefined') location.hash = '#workbench';
}
