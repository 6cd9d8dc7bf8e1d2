// The annotation workspace: one project (the diffs, pseudo-references and reviews one annotator works on),
// where the annotator is in it, and every edit. Saved by ./annotationPersist.ts after each change.
import { create } from 'zustand';
import { nextRefNo, type AnnotatedPseudoReference, type AnnotatedReview, type AnnotationItem } from '../../core/annotation';

export type Stage = 1 | 2;
/** Stage 2 works through each review field by field. */
export type ReviewField = 'links' | 'con' | 'comp' | 'rel';
export const REVIEW_FIELDS: readonly ReviewField[] = ['links', 'con', 'comp', 'rel'];

export interface Cursor {
  item: number;
  stage: Stage;
  /** Stage 1: the pseudo-reference in focus. */
  ref: number;
  /** Stage 2: the review in focus, its field, and the pseudo-reference highlighted for linking. */
  review: number;
  field: ReviewField;
  link: number;
}

export interface Project {
  annotator: string;
  /** Where the material came from, in words ("the paper's examples", a file name). */
  source: string;
  items: AnnotationItem[];
  updatedAt: number;
}

export const START_CURSOR: Cursor = { item: 0, stage: 1, ref: 0, review: 0, field: 'links', link: 0 };

/** A missing pseudo-reference being typed (after A), not added yet: saved with the project so a reload keeps it. */
export interface Draft {
  item: number;
  text: string;
}

interface AnnotationState {
  hydrated: boolean;
  project: Project | null;
  cursor: Cursor;
  draft: Draft | null;
  hydrate(project: Project | null, cursor: Cursor | null, draft?: Draft | null): void;
  setDraft(draft: Draft | null): void;
  start(items: AnnotationItem[], source: string, annotator?: string): void;
  close(): void;
  setAnnotator(name: string): void;
  setCursor(patch: Partial<Cursor>): void;
  setRef(item: number, ref: number, patch: Partial<Pick<AnnotatedPseudoReference, 'accuracy' | 'necessary'>>): void;
  addRef(item: number, text: string): void;
  removeRef(item: number, ref: number): void;
  setReview(item: number, review: number, patch: Partial<Pick<AnnotatedReview, 'addressed' | 'con' | 'comp' | 'rel'>>): void;
  toggleLink(item: number, review: number, no: number): void;
}

const clampCursor = (c: Cursor, items: AnnotationItem[]): Cursor => {
  const item = Math.max(0, Math.min(c.item, items.length - 1));
  const it = items[item];
  return {
    ...c,
    item,
    ref: Math.max(0, Math.min(c.ref, (it?.pseudoRefs.length ?? 1) - 1)),
    review: Math.max(0, Math.min(c.review, (it?.reviews.length ?? 1) - 1)),
    link: Math.max(0, Math.min(c.link, (it?.pseudoRefs.length ?? 1) - 1)),
  };
};

export const useAnnotation = create<AnnotationState>()((set, get) => {
  /** Applies fn to one item; every edit goes through here so updatedAt always moves. */
  const edit = (index: number, fn: (it: AnnotationItem) => AnnotationItem) => {
    const p = get().project;
    if (!p || !p.items[index]) return;
    const items = p.items.slice();
    items[index] = fn(items[index]);
    set({ project: { ...p, items, updatedAt: Date.now() } });
  };
  return {
    hydrated: false,
    project: null,
    cursor: START_CURSOR,
    draft: null,
    hydrate(project, cursor, draft) {
      const keep = project && draft && typeof draft.text === 'string' && Number.isInteger(draft.item) && project.items[draft.item] ? draft : null;
      set({ hydrated: true, project, cursor: project ? clampCursor(cursor ?? START_CURSOR, project.items) : START_CURSOR, draft: keep ? { item: keep.item, text: keep.text } : null });
    },
    setDraft(draft) {
      set({ draft });
    },
    start(items, source, annotator) {
      set({
        project: { annotator: annotator ?? get().project?.annotator ?? '', source, items, updatedAt: Date.now() },
        cursor: START_CURSOR,
        draft: null,
      });
    },
    close() {
      set({ project: null, cursor: START_CURSOR, draft: null });
    },
    setAnnotator(name) {
      const p = get().project;
      if (p) set({ project: { ...p, annotator: name, updatedAt: Date.now() } });
    },
    setCursor(patch) {
      const p = get().project;
      const cur = get().cursor;
      const next = p ? clampCursor({ ...cur, ...patch }, p.items) : { ...cur, ...patch };
      // Unchanged: keep the object, so nothing re-renders or saves.
      if ((Object.keys(next) as (keyof Cursor)[]).every((k) => next[k] === cur[k])) return;
      set({ cursor: next });
    },
    setRef(item, ref, patch) {
      edit(item, (it) => ({ ...it, pseudoRefs: it.pseudoRefs.map((p, k) => (k === ref ? { ...p, ...patch } : p)) }));
    },
    addRef(item, text) {
      const t = text.trim();
      if (!t) return;
      // An annotator adds a pseudo-reference because it is missing: correct and necessary unless they say otherwise.
      edit(item, (it) => ({
        ...it,
        pseudoRefs: [...it.pseudoRefs, { no: nextRefNo(it), type: 'claim', text: t, accuracy: 1, necessary: 1, added: true }],
      }));
    },
    removeRef(item, ref) {
      edit(item, (it) => {
        const gone = it.pseudoRefs[ref];
        if (!gone?.added) return it;
        return {
          ...it,
          pseudoRefs: it.pseudoRefs.filter((_, k) => k !== ref),
          // Links to it go too.
          reviews: it.reviews.map((r) => (r.addressed?.includes(gone.no) ? { ...r, addressed: r.addressed.filter((n) => n !== gone.no) } : r)),
        };
      });
      get().setCursor({});
    },
    setReview(item, review, patch) {
      edit(item, (it) => ({ ...it, reviews: it.reviews.map((r, k) => (k === review ? { ...r, ...patch } : r)) }));
    },
    toggleLink(item, review, no) {
      edit(item, (it) => ({
        ...it,
        reviews: it.reviews.map((r, k) => {
          if (k !== review) return r;
          const cur = r.addressed ?? [];
          const addressed = cur.includes(no) ? cur.filter((n) => n !== no) : [...cur, no].sort((a, b) => a - b);
          return { ...r, addressed };
        }),
      }));
    },
  };
});
