// A dataset change (with one of its reviews) as a workbench session: its diff, files, review and pseudo-references
// (row.pseudoRefs, whether the dataset's own or generated in batch). Opening it adds the session and switches tabs.
import type { DatasetRow, DatasetReview } from '../core/dataset';
import { detectLanguage, languageFromCode } from '../core/diff';
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
    pseudoReferences: toItems(refs),
    ...(opts.tau !== undefined ? { tau: opts.tau } : {}),
    note: opts.note,
  };
}

export function openRowInWorkbench(row: DatasetRow, review: DatasetReview | null, opts: { tau?: number; note: string; source?: string }): void {
  useSessions.getState().add(sessionFromRow(row, review, opts));
  if (typeof location !== 'undefined') location.hash = '#workbench';
}
