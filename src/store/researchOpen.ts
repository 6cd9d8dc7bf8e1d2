// Opens one scored review of the research dataset in the workbench, as a new session.
import { detectLanguage, languageFromCode } from '../core/diff';
import type { PseudoReference } from '../core/types';
import type { Results } from './researchRun';
import { blankSession, toItems, type Session } from './session';
import { useSessions } from './sessions';

export function openInWorkbench(r: Results, k: number, tau: number, datasetName: string | null): void {
  const { row, review } = r.prepared.reviews[k];
  const lang = row.newFile ? detectLanguage(row.newFile) : languageFromCode(row.lang);
  const base = blankSession(`${row.id} · ${review.system}`);
  const refs: PseudoReference[] = row.pseudoRefs.map((p) => ({
    text: p.text,
    kind: p.type === 'issue' ? 'issue' : 'claim',
    source: 'dataset',
  }));
  const s: Session = {
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
    review: review.review ?? '',
    pseudoReferences: toItems(refs),
    tau,
    similarity: r.config.similarity === 'lexical' ? 'lexical' : 'embedding',
    ...(r.config.similarity === 'tfidf' && r.config.scoring === 'graded' ? { preset: 'plus' as const } : {}),
    splitMode: r.config.split,
    note: `From the research dataset ${datasetName ?? ''}: ${row.id}, review by ${review.system}.`,
  };
  useSessions.getState().add(s);
  if (typeof location !== 'undefined') location.hash = '#workbench';
}
