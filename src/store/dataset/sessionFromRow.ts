// A dataset change (with one of its reviews) as a workbench session: its diff, files, review and pseudo-references
// (row.pseudoRefs, whether the dataset's own or generated in batch). Opening it reads the row's code back when a
// large file's import left it there (rowCode.ts), adds the session and switches tabs.
import type { DatasetRow, DatasetReview } from '../../core/dataset';
import { detectLanguage, languageFromCode } from '../../core/diff';
import { parseClaimsAddressed } from '../../core/links';
import type { PseudoReference } from '../../core/types';
import { CodeUnreadableError, withCode } from './rowCode';
import { blankSession, toItems, type Session } from '../session/session';
import { useSessions } from '../session/sessions';

export interface SessionOpts {
  tau?: number;
  note: string;
  source?: string;
  /** Why the row's files could not be read back: the session opens with its diff, and the workbench says so. */
  codeUnread?: string;
}

/** The session for a row whose code is in place (see rowForSession); pure, the row's own code and nothing read. */
export function sessionFromRow(row: DatasetRow, review: DatasetReview | null, opts: SessionOpts): Session {
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
      ...(opts.codeUnread ? { codeUnread: opts.codeUnread } : {}),
      ...(row.codeKind === 'snippet' ? { codeKind: 'snippet' as const } : {}),
    },
    review: review?.review ?? '',
    pseudoReferences: items,
    ...(recorded ? { annotatorLinks: { state: recorded.state as 'linked' | 'none', review: review?.review ?? '' } } : {}),
    ...(opts.tau !== undefined ? { tau: opts.tau } : {}),
    note: opts.note,
  };
}

/**
 * The row with its code read back for a session. A file the page no longer has (moved, changed, deleted) does not
 * stop the change from opening: its diff is all scoring needs; `codeUnread` says why the files are missing.
 */
export async function rowForSession(row: DatasetRow): Promise<{ row: DatasetRow; codeUnread?: string }> {
  try {
    return { row: await withCode(row) };
  } catch (e) {
    if (!(e instanceof CodeUnreadableError)) throw e;
    const rest: DatasetRow = { ...row };
    delete rest.codeAt;
    return { row: rest, codeUnread: e.message };
  }
}

/** Adds the session and shows the workbench. */
export function showInWorkbench(session: Session): void {
  useSessions.getState().add(session);
  if (typeof location !== 'undefined') location.hash = '#workbench';
}

export async function openRowInWorkbench(row: DatasetRow, review: DatasetReview | null, opts: Omit<SessionOpts, 'codeUnread'>): Promise<void> {
  const { row: full, codeUnread } = await rowForSession(row);
  showInWorkbench(sessionFromRow(full, review, { ...opts, codeUnread }));
}
