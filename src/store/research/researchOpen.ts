// Opens one scored review of the research dataset in the workbench, as a new session built by sessionFromRow
// (the same session the pseudo-references panel opens), with the run's similarity, scoring rule, split and τ, so
// the disagreements the workbench shows are the ones Research listed. An encoder's (or the LLM's links') matrix
// travels with the session: the workbench shows Research's similarities without embedding again with its own model.
// A large file's rows left their code in the file: opening reads it back first (rowForSession), so the session has
// the change's old and new files.
import { LEXICAL_TAU } from '../../core/lexical';
import { PAPER_MODEL_ID } from '../../core/research/similarity';
import type { Results } from './researchRun';
import type { DatasetRow } from '../../core/dataset';
import type { Session } from '../session/session';
import { rowForSession, sessionFromRow, showInWorkbench } from '../dataset/sessionFromRow';

/** The name a matrix from Research goes under in the workbench (what τ is kept for). */
export function matrixSourceOf(c: Results['config']): string | null {
  switch (c.similarity) {
    case 'paper':
      return PAPER_MODEL_ID;
    case 'use-lite':
      return 'use-lite';
    case 'hub':
      return c.hubId.trim();
    case 'local':
      return `local model ${c.localName ?? ''}`.trim();
    case 'llm-links':
      return "an LLM's links (Research)";
    default:
      return null;
  }
}

/** `opened`: the review's row with its code read back (rowForSession); the prepared row as it is when absent. */
export function researchSession(
  r: Pick<Results, 'config' | 'prepared' | 'matrices' | 'label'>,
  k: number,
  tau: number,
  datasetName: string | null,
  opened?: { row: DatasetRow; codeUnread?: string },
): Session {
  const { review } = r.prepared.reviews[k];
  const row = opened?.row ?? r.prepared.reviews[k].row;
  const c = r.config;
  const base = sessionFromRow(row, review, {
    note: `From the research dataset ${datasetName ?? ''}: ${row.id}, review by ${review.system}; Research's ${r.label}, ${c.scoring === 'graded' ? 'graded credit' : "the paper's hard τ"}, τ ${Number(tau.toFixed(4))}.`,
    codeUnread: opened?.codeUnread,
  });
  const common = { ...base, splitMode: c.split, scoring: c.scoring, preset: c.similarity === 'tfidf' && c.scoring === 'graded' ? ('plus' as const) : ('paper' as const) };
  if (c.similarity === 'lexical')
    return { ...common, similarity: 'lexical', tau, tauFor: 'lexical', ...(Math.abs(tau - LEXICAL_TAU) > 1e-9 ? { tauBy: { lexical: tau } } : {}) };
  if (c.similarity === 'tfidf') return { ...common, similarity: 'tfidf', plusTau: tau };
  if (c.similarity === 'learned') return { ...common, similarity: 'learned', learnedTau: tau };
  const source = matrixSourceOf(c) ?? 'research';
  const m = r.matrices[k];
  const item = r.prepared.items[k];
  return {
    ...common,
    similarity: 'embedding',
    tau,
    tauFor: source,
    tauBy: { [source]: tau },
    embedding: { encoderId: source, pTexts: [...item.pseudoReferences], rTexts: [...item.sentences], rows: m.rows, cols: m.cols, data: Array.from(m.data) },
  };
}

export async function openInWorkbench(r: Results, k: number, tau: number, datasetName: string | null): Promise<void> {
  const opened = await rowForSession(r.prepared.reviews[k].row);
  showInWorkbench(researchSession(r, k, tau, datasetName, opened));
}
