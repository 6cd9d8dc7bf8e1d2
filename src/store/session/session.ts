// A workbench session: everything a person entered for one code change and one review.
import type { PseudoReference, SplitMode } from '../../core/types';
import { shippedWeights } from '../../core/learned/index';
import { paperExamples, type PaperExample } from '../../examples/paper';

import { PAPER_TAU } from '../../core/score';

export { PAPER_TAU };

export interface PseudoReferenceItem extends PseudoReference {
  id: string;
  enabled: boolean;
  /** The annotators linked this pseudo-reference to the review (`claims_addressed`); kept on the item so edits to the list keep it. */
  annotatorLinked?: boolean;
}

/** A dataset case's annotator links were recorded: 'linked' (the items say which) or 'none' ('-'). */
export interface SessionAnnotatorLinks {
  state: 'linked' | 'none';
  /** The review the annotators judged: the workbench says so when the review has been edited since. */
  review: string;
}

/** 'tfidf': plus's stemmed TF-IDF. 'learned': the learned linker's link probabilities. */
export type SimilarityChoice = 'lexical' | 'embedding' | 'tfidf' | 'learned';

/** 'paper': CRScore as published (hard τ). 'plus': stemmed TF-IDF similarity with graded credit, a shortcut for both settings. */
export type Preset = 'paper' | 'plus';

/** An embedding matrix kept with the session so a reload or a τ change never re-embeds. */
export interface StoredMatrix {
  encoderId: string;
  pTexts: string[];
  rTexts: string[];
  rows: number;
  cols: number;
  data: number[];
  /** Pseudo-references × pseudo-references from the same vectors (graded credit's redundancy discount). */
  selfData?: number[];
}

export interface SessionInput {
  mode: 'diff' | 'files';
  diff: string;
  oldCode: string;
  newCode: string;
  fileName: string;
  language: string;
  /** True while the language follows the file name; false once the user picked one. */
  languageAuto: boolean;
  /** Why the old and new files of the dataset change it came from could not be read back (rowCode.ts). */
  codeUnread?: string;
  /** The change is a code snippet (in newCode), not a diff: a dataset row's codeKind, shown as code. */
  codeKind?: 'snippet';
}

export interface Session {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  input: SessionInput;
  review: string;
  pseudoReferences: PseudoReferenceItem[];
  tau: number;
  /** The embedding model `tau` was chosen for (it moves to a model's calibrated τ when that model comes into force). */
  tauFor?: string;
  /** τ the user set by hand, per embedding model: coming back to a model restores it. */
  tauBy?: Record<string, number>;
  similarity: SimilarityChoice;
  splitMode: SplitMode;
  embedding?: StoredMatrix;
  /** Absent means 'paper'. Since the split it follows `similarity` and `scoring` ('plus' iff TF-IDF + graded). */
  preset?: Preset;
  /** The scoring rule; absent in sessions saved before the split (then `preset` decides: features/workbench/metric.ts). */
  scoring?: 'hard' | 'graded';
  /** The plus preset's τ (the top of its ramp), kept apart from the paper's so switching loses neither. */
  plusTau?: number;
  /** The learned linker's probability threshold set by hand (absent: the linker's own). */
  learnedTau?: number;
  note?: string;
  /** Set when the session came from a dataset row whose review has recorded annotator links. */
  annotatorLinks?: SessionAnnotatorLinks;
}

export function newId(prefix = 's'): string {
  const rnd = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}-${rnd}`;
}

export function toItems(refs: PseudoReference[]): PseudoReferenceItem[] {
  return refs.map((r) => ({ ...r, id: newId('p'), enabled: true }));
}

export function blankSession(name = 'Untitled session'): Session {
  const now = Date.now();
  return {
    id: newId(),
    name,
    createdAt: now,
    updatedAt: now,
    input: { mode: 'diff', diff: '', oldCode: '', newCode: '', fileName: '', language: 'unknown', languageAuto: true },
    review: '',
    pseudoReferences: [],
    tau: PAPER_TAU,
    similarity: 'embedding',
    splitMode: 'reference',
  };
}

/**
 * The paper's examples open under the learned preset, the best offline configuration and `crscore score`'s default:
 * meaningful scores on the first screen with no model to download. The paper's embedding is one click away.
 */
export function sessionFromExample(ex: PaperExample): Session {
  const s = blankSession(ex.name);
  return {
    ...s,
    similarity: 'learned',
    scoring: shippedWeights().scoring,
    input: { ...s.input, diff: ex.diff, fileName: ex.fileName, language: ex.language },
    review: ex.review,
    pseudoReferences: toItems(ex.pseudoReferences),
    note: `${ex.note} Review by ${ex.system}.`,
  };
}

export function exampleSessions(): Session[] {
  return paperExamples.map(sessionFromExample);
}
