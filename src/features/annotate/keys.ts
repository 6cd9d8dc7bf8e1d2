// The annotation flow's keys, as one function over the store (no DOM), so the same keys drive the UI and tests.
// The on-screen key list (KeyHelp) is built from KEYS below, so what is shown is what works.
import { refDone, reviewDone, type AccuracyCode, type AnnotationItem } from '../../core/annotation';
import { REVIEW_FIELDS, useAnnotation, type Cursor, type ReviewField } from '../../store/annotation/annotation';

export interface KeyUi {
  /** Opens the "add a missing pseudo-reference" box. */
  addMissing(): void;
  toggleGuide(): void;
  /** Enter (or →) with nothing linked: ask whether the review addresses none, rather than record it unasked. */
  askNone(): void;
}

export const KEYS = {
  everywhere: [
    ['Enter', 'continue to what needs you next'],
    ['[ ]', 'previous / next diff'],
    ['S', 'switch stage'],
    ['?', 'show / hide the guidelines'],
  ],
  stage1: [
    ['↑ ↓', 'previous / next pseudo-reference (also K J)'],
    ['1', 'correct'],
    ['0', 'incorrect'],
    ['U or −', 'unverifiable (−1)'],
    ['2', 'ambiguous'],
    ['Y / N', 'necessary / not necessary'],
    ['A', 'add a missing pseudo-reference'],
    ['Del', 'remove one you added'],
  ],
  links: [
    ['↑ ↓', 'highlight a pseudo-reference'],
    ['Space', 'link / unlink the highlighted one'],
    ['1–9', 'link / unlink P1–P9'],
    ['X', 'addresses none'],
    ['Enter or →', 'done linking, rate Con (with nothing linked: asks first)'],
    ['J K', 'next / previous review'],
  ],
  rating: [
    ['1–5', 'rate, then move on'],
    ['← →', 'previous / next field'],
    ['↑ ↓', 'same field, previous / next review'],
    ['J K', 'next / previous review'],
  ],
} as const;

const firstOpenRef = (it: AnnotationItem) => it.pseudoRefs.findIndex((p) => !refDone(p));
const firstOpenReview = (it: AnnotationItem) => it.reviews.findIndex((r) => !reviewDone(r));

function firstOpenField(it: AnnotationItem, review: number): ReviewField {
  const r = it.reviews[review];
  if (!r || r.addressed === null) return 'links';
  return (['con', 'comp', 'rel'] as const).find((d) => r[d] === null) ?? 'links';
}

/** Where to land in an item: stage 1 while anything is uncoded, else the first open review. */
function landing(items: AnnotationItem[], index: number): Partial<Cursor> {
  const it = items[index];
  const open = firstOpenRef(it);
  if (open >= 0) return { item: index, stage: 1, ref: open, review: 0, field: 'links', link: 0 };
  return toStage2(it, index);
}

function toStage2(it: AnnotationItem, index: number): Partial<Cursor> {
  const r = Math.max(0, firstOpenReview(it));
  return { item: index, stage: 2, review: r, field: firstOpenField(it, r), link: 0, ref: 0 };
}

export function handleKey(key: string, ui: KeyUi): boolean {
  const s = useAnnotation.getState();
  const p = s.project;
  if (!p || p.items.length === 0) return false;
  const c = s.cursor;
  const it = p.items[c.item];
  const go = (patch: Partial<Cursor>) => s.setCursor(patch);

  switch (key) {
    case '[':
      if (c.item > 0) go(landing(p.items, c.item - 1));
      return true;
    case ']':
      if (c.item < p.items.length - 1) go(landing(p.items, c.item + 1));
      return true;
    case 's':
    case 'S':
      go(c.stage === 1 ? toStage2(it, c.item) : { stage: 1, ref: Math.max(0, firstOpenRef(it)) });
      return true;
    case '?':
      ui.toggleGuide();
      return true;
    case 'Enter':
      continueFlow(ui);
      return true;
  }
  return c.stage === 1 ? stage1Key(key, ui) : stage2Key(key, ui);
}

function stage1Key(key: string, ui: KeyUi): boolean {
  const s = useAnnotation.getState();
  const c = s.cursor;
  const it = s.project!.items[c.item];
  const ref = it.pseudoRefs[c.ref];
  const next = () => {
    if (c.ref < it.pseudoRefs.length - 1) s.setCursor({ ref: c.ref + 1 });
  };
  const code = ({ '1': 1, '0': 0, u: -1, U: -1, '-': -1, '2': 2 } as Record<string, AccuracyCode>)[key];
  if (key === 'a' || key === 'A') {
    ui.addMissing();
    return true;
  }
  if (!ref) return false;
  if (code !== undefined) {
    s.setRef(c.item, c.ref, { accuracy: code });
    if (ref.necessary !== null) next();
    return true;
  }
  switch (key) {
    case 'ArrowDown':
    case 'j':
      next();
      return true;
    case 'ArrowUp':
    case 'k':
      if (c.ref > 0) s.setCursor({ ref: c.ref - 1 });
      return true;
    case 'y':
    case 'Y':
    case 'n':
    case 'N':
      s.setRef(c.item, c.ref, { necessary: key.toLowerCase() === 'y' ? 1 : 0 });
      if (ref.accuracy !== null) next();
      return true;
    case 'Delete':
    case 'Backspace':
      if (ref.added) s.removeRef(c.item, c.ref);
      return ref.added;
  }
  return false;
}

function nextField(c: Cursor, it: AnnotationItem): Partial<Cursor> {
  const k = REVIEW_FIELDS.indexOf(c.field);
  if (k < REVIEW_FIELDS.length - 1) return { field: REVIEW_FIELDS[k + 1] };
  if (c.review < it.reviews.length - 1) return { review: c.review + 1, field: 'links', link: 0 };
  return {};
}

function stage2Key(key: string, ui: KeyUi): boolean {
  const s = useAnnotation.getState();
  const c = s.cursor;
  const it = s.project!.items[c.item];
  const r = it.reviews[c.review];
  if (!r) return false;
  const moveReview = (d: number, field: ReviewField = 'links') => {
    const n = c.review + d;
    if (n >= 0 && n < it.reviews.length) s.setCursor({ review: n, field, link: 0 });
  };
  switch (key) {
    case 'j':
    case 'J':
      moveReview(1);
      return true;
    case 'k':
    case 'K':
      moveReview(-1);
      return true;
    case 'ArrowRight':
      // Nothing linked is not "addresses none" until the annotator says so (X).
      if (c.field === 'links' && r.addressed === null) ui.askNone();
      else s.setCursor(nextField(c, it));
      return true;
    case 'ArrowLeft': {
      const k = REVIEW_FIELDS.indexOf(c.field);
      if (k > 0) s.setCursor({ field: REVIEW_FIELDS[k - 1] });
      return true;
    }
  }
  if (c.field === 'links') {
    const refs = it.pseudoRefs;
    if (key === 'ArrowDown') {
      if (c.link < refs.length - 1) s.setCursor({ link: c.link + 1 });
      return true;
    }
    if (key === 'ArrowUp') {
      if (c.link > 0) s.setCursor({ link: c.link - 1 });
      return true;
    }
    if (key === ' ') {
      const ref = refs[c.link];
      if (ref) s.toggleLink(c.item, c.review, ref.no);
      return true;
    }
    if (key === 'x' || key === 'X' || key === '0') {
      s.setReview(c.item, c.review, { addressed: [] });
      return true;
    }
    if (/^[1-9]$/.test(key)) {
      const k = refs.findIndex((p) => p.no === Number(key));
      if (k >= 0) {
        s.toggleLink(c.item, c.review, refs[k].no);
        s.setCursor({ link: k });
      }
      return true;
    }
    return false;
  }
  // Con, Comp or Rel.
  if (/^[1-5]$/.test(key)) {
    s.setReview(c.item, c.review, { [c.field]: Number(key) });
    s.setCursor(nextField(c, it));
    return true;
  }
  if (key === 'ArrowDown') {
    moveReview(1, c.field);
    return true;
  }
  if (key === 'ArrowUp') {
    moveReview(-1, c.field);
    return true;
  }
  return false;
}

/** Enter: stage 1 → the first uncoded pseudo-reference, then stage 2; stage 2 → the next field that needs a value, then the next diff. */
function continueFlow(ui: KeyUi): void {
  const s = useAnnotation.getState();
  const p = s.project!;
  const c = s.cursor;
  const it = p.items[c.item];
  if (c.stage === 1) {
    const open = firstOpenRef(it);
    s.setCursor(open >= 0 ? { ref: open } : toStage2(it, c.item));
    return;
  }
  const r = it.reviews[c.review];
  if (r && !reviewDone(r)) {
    if (c.field === 'links') {
      // Nothing linked yet: ask (X records "addresses none"), never record it unasked.
      if (r.addressed === null) ui.askNone();
      else s.setCursor({ field: 'con' });
      return;
    }
    if (r[c.field] === null) return; // this field still needs a rating
    s.setCursor(nextField(c, it));
    return;
  }
  const open = firstOpenReview(it);
  if (open >= 0) {
    s.setCursor({ review: open, field: firstOpenField(it, open), link: 0 });
    return;
  }
  // This diff is done: the next diff that is not.
  for (let k = 1; k <= p.items.length; k++) {
    const n = (c.item + k) % p.items.length;
    const x = p.items[n];
    if (firstOpenRef(x) >= 0 || firstOpenReview(x) >= 0) {
      s.setCursor(landing(p.items, n));
      return;
    }
  }
}

/** True when every pseudo-reference is coded and every review linked and rated. */
export function projectDone(items: readonly AnnotationItem[]): boolean {
  return items.every((it) => firstOpenRef(it) < 0 && firstOpenReview(it) < 0);
}
