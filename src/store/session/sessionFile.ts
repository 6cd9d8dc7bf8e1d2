// Export/import of one session as JSON. Secrets never leave: the session has no key field, and
// anything key-like that some later field might carry is dropped on the way out and on the way in.
import type { PseudoReferenceKind, SplitMode } from '../../core/types';
import { blankSession, newId, PAPER_TAU, type PseudoReferenceItem, type Session, type SessionAnnotatorLinks } from './session';

export const SESSION_FORMAT = 'crscore-studio/session';
export const SESSION_VERSION = 1;

// "keys"/"key" too: the claims settings keep their keys as `keys: {openai: ...}`.
const SECRET = /(api[-_]?key|apikey|secret|token|password|authorization|credential|^keys?$)/i;
/** A session is a few levels deep; anything deeper is not a session's and is dropped (no stack overflow). */
const MAX_DEPTH = 32;

/** Deep copy without properties whose names look like credentials. */
export function stripSecrets<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH) return undefined as T;
  if (Array.isArray(value)) return value.map((v) => stripSecrets(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    // fromEntries defines own properties, so a "__proto__" key stays data and never becomes a prototype.
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SECRET.test(k))
        .map(([k, v]) => [k, stripSecrets(v, depth + 1)]),
    ) as T;
  }
  return value;
}

/**
 * The session as a file. The similarity matrix the workbench keeps stays behind: scores shown are scores this app
 * computed, and a matrix in a file cannot be told from a forged one, so opening a file embeds again.
 */
export function exportSession(s: Session): string {
  const { id: _id, embedding: _matrix, ...rest } = s;
  void _id;
  void _matrix;
  return JSON.stringify({ format: SESSION_FORMAT, version: SESSION_VERSION, session: stripSecrets(rest) }, null, 2);
}

export class SessionFileError extends Error {
  override name = 'SessionFileError';
}

const KINDS: PseudoReferenceKind[] = ['claim', 'implication', 'issue', 'manual'];
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Hand-set τ per model: numbers in [0, 1] only. */
function readTauBy(v: unknown): { tauBy: Record<string, number> } | undefined {
  const entries = Object.entries(obj(v)).filter(([, t]) => typeof t === 'number' && t >= 0 && t <= 1) as [string, number][];
  return entries.length ? { tauBy: Object.fromEntries(entries) } : undefined;
}

/** A dataset case's annotator links: absent in files saved before they were carried (or from no dataset). */
function readAnnotatorLinks(v: unknown): { annotatorLinks: SessionAnnotatorLinks } | undefined {
  const a = obj(v);
  if (a.state !== 'linked' && a.state !== 'none') return undefined;
  return { annotatorLinks: { state: a.state, review: str(a.review) } };
}

/** Fields that, when present, must have their type: a wrong one is named rather than silently replaced. */
function checkFields(s: Record<string, unknown>): void {
  const wrong = (field: string, want: string): never => {
    throw new SessionFileError(`"${field}" must be ${want} (it is ${JSON.stringify(s[field] ?? null)?.slice(0, 40)}).`);
  };
  for (const k of ['name', 'review', 'note', 'similarity', 'tauFor'] as const) if (s[k] !== undefined && typeof s[k] !== 'string') wrong(k, 'a text');
  for (const k of ['tau', 'plusTau', 'learnedTau'] as const)
    if (s[k] !== undefined && !(typeof s[k] === 'number' && (s[k] as number) >= 0 && (s[k] as number) <= 1)) wrong(k, 'a number from 0 to 1');
  if (s.pseudoReferences !== undefined && !Array.isArray(s.pseudoReferences)) wrong('pseudoReferences', 'a list');
  if (s.input !== undefined) {
    if (!s.input || typeof s.input !== 'object' || Array.isArray(s.input)) wrong('input', 'an object');
    const input = s.input as Record<string, unknown>;
    for (const k of ['diff', 'oldCode', 'newCode', 'fileName', 'language'] as const)
      if (input[k] !== undefined && typeof input[k] !== 'string') throw new SessionFileError(`"input.${k}" must be a text.`);
  }
}

/** Parses an exported session; throws SessionFileError naming what is wrong. Gives the session a new id. */
export function importSession(text: string): Session {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new SessionFileError(`Not a JSON file: ${(e as Error).message}`);
  }
  const top = obj(raw);
  if (top.format !== SESSION_FORMAT) throw new SessionFileError(`Not a CRScore Studio session (expected "format": "${SESSION_FORMAT}").`);
  if (!top.session || typeof top.session !== 'object' || Array.isArray(top.session)) throw new SessionFileError('The file has no "session" object.');
  const s = obj(stripSecrets(top.session));
  checkFields(s);
  const base = blankSession(str(s.name, 'Imported session') || 'Imported session');
  const input = obj(s.input);
  const refs = Array.isArray(s.pseudoReferences) ? s.pseudoReferences : [];
  const pseudoReferences: PseudoReferenceItem[] = refs.map((r, i) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw new SessionFileError(`Pseudo-reference ${i + 1} is not an object.`);
    const o = obj(r);
    const kind = KINDS.includes(o.kind as PseudoReferenceKind) ? (o.kind as PseudoReferenceKind) : 'manual';
    if (typeof o.text !== 'string') throw new SessionFileError(`Pseudo-reference ${i + 1} has no text.`);
    const item: PseudoReferenceItem = { id: newId('p'), text: o.text, kind, source: str(o.source, 'user'), enabled: o.enabled !== false };
    if (typeof o.line === 'number' && Number.isFinite(o.line)) item.line = o.line;
    if (typeof o.readable === 'string') item.readable = o.readable;
    if (o.annotatorLinked === true) item.annotatorLinked = true;
    return item;
  });
  const tau = typeof s.tau === 'number' && s.tau >= 0 && s.tau <= 1 ? s.tau : PAPER_TAU;
  const splitMode: SplitMode = s.splitMode === 'improved' ? 'improved' : 'reference';
  return {
    ...base,
    input: {
      mode: input.mode === 'files' ? 'files' : 'diff',
      diff: str(input.diff),
      oldCode: str(input.oldCode),
      newCode: str(input.newCode),
      fileName: str(input.fileName),
      language: str(input.language, 'unknown') || 'unknown',
      languageAuto: input.languageAuto !== false,
      ...(typeof input.codeUnread === 'string' && input.codeUnread ? { codeUnread: input.codeUnread } : {}),
      ...(input.codeKind === 'snippet' ? { codeKind: 'snippet' as const } : {}),
    },
    review: str(s.review),
    pseudoReferences,
    tau,
    similarity: s.similarity === 'embedding' || s.similarity === 'tfidf' || s.similarity === 'learned' ? s.similarity : 'lexical',
    ...(s.preset === 'plus' ? { preset: 'plus' as const } : {}),
    ...(s.scoring === 'hard' || s.scoring === 'graded' ? { scoring: s.scoring } : {}),
    ...(typeof s.plusTau === 'number' && s.plusTau >= 0 && s.plusTau <= 1 ? { plusTau: s.plusTau } : {}),
    ...(typeof s.learnedTau === 'number' && s.learnedTau >= 0 && s.learnedTau <= 1 ? { learnedTau: s.learnedTau } : {}),
    ...(typeof s.tauFor === 'string' ? { tauFor: s.tauFor } : {}),
    ...(readTauBy(s.tauBy) ?? {}),
    splitMode,
    // No `embedding`: a matrix that a file or link brings is never used (see exportSession).
    note: typeof s.note === 'string' ? s.note : undefined,
    ...readAnnotatorLinks(s.annotatorLinks),
  };
}

/**
 * What is wrong with a session as browser storage gave it back (null when the workbench can draw it): a damaged
 * or foreign record is set aside by the caller instead of breaking the workbench on every load.
 */
export function storedSessionProblem(v: unknown): string | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return 'it is not an object';
  const s = v as Record<string, unknown>;
  // Only what every build has saved is required; the rest, when present, must have its type.
  for (const k of ['id', 'name', 'review'] as const) if (typeof s[k] !== 'string') return `"${k}" is not a text`;
  for (const k of ['similarity', 'splitMode', 'note', 'tauFor'] as const) if (s[k] !== undefined && typeof s[k] !== 'string') return `"${k}" is not a text`;
  if (!(typeof s.tau === 'number' && s.tau >= 0 && s.tau <= 1)) return '"tau" is not a number from 0 to 1';
  const input = s.input as Record<string, unknown> | null;
  if (!input || typeof input !== 'object' || Array.isArray(input)) return '"input" is not an object';
  if (typeof input.diff !== 'string') return '"input.diff" is not a text';
  for (const k of ['oldCode', 'newCode', 'fileName', 'language'] as const) if (input[k] !== undefined && typeof input[k] !== 'string') return `"input.${k}" is not a text`;
  if (!Array.isArray(s.pseudoReferences)) return '"pseudoReferences" is not a list';
  const bad = s.pseudoReferences.findIndex((p) => !p || typeof p !== 'object' || typeof (p as Record<string, unknown>).id !== 'string' || typeof (p as Record<string, unknown>).text !== 'string');
  if (bad >= 0) return `pseudo-reference ${bad + 1} has no id or text`;
  return null;
}
