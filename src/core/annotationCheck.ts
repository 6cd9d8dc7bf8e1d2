// Checks a stored annotation project's items field by field before the app draws from them: a value of the
// wrong kind (from an older build, another program, or a damaged save) is named instead of breaking the view.
import { ACCURACY_CODES } from './annotation.ts';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isStr = (v: unknown) => typeof v === 'string';
const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const likert = (v: unknown) => v === null || (isNum(v) && (v as number) >= 1 && (v as number) <= 5);

/** The first thing wrong with a list of AnnotationItems ("items[3].reviews[0].con is 9"), or null when usable. */
export function annotationItemsProblem(items: unknown): string | null {
  if (!Array.isArray(items)) return 'items is not a list';
  for (let i = 0; i < items.length; i++) {
    const it: unknown = items[i];
    const at = `items[${i}]`;
    if (!isObj(it)) return `${at} is not an object`;
    for (const k of ['key', 'csvId', 'lang', 'diff'] as const) if (!isStr(it[k])) return `${at}.${k} is not a text`;
    if (!isNum(it.index)) return `${at}.index is not a number`;
    for (const k of ['oldFile', 'newFile'] as const) if (it[k] !== null && !isStr(it[k])) return `${at}.${k} is not a text or null`;
    if (!Array.isArray(it.pseudoRefs)) return `${at}.pseudoRefs is not a list`;
    if (!Array.isArray(it.reviews)) return `${at}.reviews is not a list`;
    for (let k = 0; k < it.pseudoRefs.length; k++) {
      const p: unknown = it.pseudoRefs[k];
      const pa = `${at}.pseudoRefs[${k}]`;
      if (!isObj(p)) return `${pa} is not an object`;
      if (!isNum(p.no)) return `${pa}.no is not a number`;
      if (!isStr(p.type) || !isStr(p.text)) return `${pa} has no type or text`;
      if (p.accuracy !== null && !(ACCURACY_CODES as readonly unknown[]).includes(p.accuracy)) return `${pa}.accuracy is ${JSON.stringify(p.accuracy)}`;
      if (p.necessary !== null && p.necessary !== 0 && p.necessary !== 1) return `${pa}.necessary is ${JSON.stringify(p.necessary)}`;
      if (typeof p.added !== 'boolean') return `${pa}.added is not true or false`;
    }
    for (let k = 0; k < it.reviews.length; k++) {
      const r: unknown = it.reviews[k];
      const ra = `${at}.reviews[${k}]`;
      if (!isObj(r)) return `${ra} is not an object`;
      if (!isStr(r.system)) return `${ra}.system is not a text`;
      if (r.review !== null && !isStr(r.review)) return `${ra}.review is not a text or null`;
      if (r.addressed !== null && !(Array.isArray(r.addressed) && r.addressed.every(isNum))) return `${ra}.addressed is not a list of numbers or null`;
      for (const d of ['con', 'comp', 'rel'] as const) if (!likert(r[d])) return `${ra}.${d} is ${JSON.stringify(r[d])}, not 1–5 or null`;
    }
  }
  return null;
}
