// A workbench case in a URL fragment: the session file's JSON (src/store/session/sessionFile.ts, so one format and one
// validating reader), without what a link need not carry (the whole files in diff mode; no session file carries a
// similarity matrix), deflated with CompressionStream and written as base64url. The fragment never reaches a server.
// A link is the sender's: what the app says in its own voice (the notice that a case's files could not be read, the
// dataset annotators' links) is neither written into a link nor taken from one (a crafted link wrote its own
// "SECURITY NOTICE" into the Workbench's notice box, and marked pseudo-references as linked by annotators).
// Secrets never enter: the session has no key field, and exportSession/importSession strip key-like names.
import { readCapped } from '../../core/cappedRead';
import type { Session } from './session';
import { exportSession, importSession, SessionFileError } from './sessionFile';

export const CASE_PARAM = 'case';
/** 'r' = deflate-raw (every current browser, Node ≥ 20); 'g' = gzip where deflate-raw is missing. */
type Codec = 'r' | 'g';

/**
 * The longest link we hand out. RFC 9110 §4.1 asks every sender and recipient to support URIs of at least
 * 8,000 octets; longer ones work in Chromium (2 MB) and Firefox, but mail clients, chat apps, proxies and
 * older browsers cut or refuse them. A case longer than this goes out as a session file instead.
 */
export const MAX_LINK_CHARS = 8000;
/** A link never inflates past this (a tiny fragment could otherwise expand to gigabytes). */
const MAX_JSON_BYTES = 4 << 20;

export class CaseLinkError extends Error {
  override name = 'CaseLinkError';
}

function codec(): Codec {
  try {
    new CompressionStream('deflate-raw');
    return 'r';
  } catch {
    return 'g';
  }
}

const FORMATS: Record<Codec, CompressionFormat> = { r: 'deflate-raw', g: 'gzip' };

/** The session as a link carries it (JSON of the session file format). */
export function caseJson(s: Session): string {
  // A diff carries the change; a snippet's code is the change itself and travels.
  const files = s.input.mode === 'diff' && s.input.codeKind !== 'snippet' ? { oldCode: '', newCode: '' } : {};
  // Compact: the session file is indented for people; a link is not read by them.
  return JSON.stringify(JSON.parse(exportSession(withoutAppVoice({ ...s, input: { ...s.input, ...files } }))));
}

/** The session without the fields only this app may write: its notice on the input, the annotators' links. */
function withoutAppVoice(s: Session): Session {
  const { codeUnread: _notice, ...input } = s.input;
  const { annotatorLinks: _links, ...rest } = s;
  void _notice;
  void _links;
  const pseudoReferences = s.pseudoReferences.map((p) => {
    const { annotatorLinked: _linked, ...item } = p;
    void _linked;
    return item;
  });
  return { ...rest, input, pseudoReferences };
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit = Infinity): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return readCapped(out, limit, () => new CaseLinkError('This link expands to more than a case can hold; it is not one this app made.'));
}

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new CaseLinkError('This link is damaged: it has characters a case link never has.');
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The fragment value for a session: "1r.<base64url>". */
export async function encodeCase(s: Session): Promise<string> {
  const c = codec();
  const packed = await pipe(new TextEncoder().encode(caseJson(s)), new CompressionStream(FORMATS[c]));
  return `1${c}.${toBase64Url(packed)}`;
}

/** Reads a fragment value back into a new session (new id); throws CaseLinkError saying what is wrong. */
export async function decodeCase(value: string): Promise<Session> {
  const m = /^1([rg])\.(.*)$/s.exec(value.trim());
  if (!m) throw new CaseLinkError('This link does not hold a case this version of CRScore Studio can read.');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(await pipe(fromBase64Url(m[2]), new DecompressionStream(FORMATS[m[1] as Codec]), MAX_JSON_BYTES));
  } catch (e) {
    if (e instanceof CaseLinkError) throw e;
    throw new CaseLinkError('This link is damaged or cut short (it does not decompress). Ask for the link again, or for the session file.');
  }
  try {
    return withoutAppVoice(importSession(json));
  } catch (e) {
    throw new CaseLinkError(e instanceof SessionFileError ? `This link does not hold a valid case: ${e.message}` : String(e));
  }
}

/** `#case=…` of a URL's hash, or null. */
export function caseFromHash(hash: string): string | null {
  const m = new RegExp(`^#/?${CASE_PARAM}=(.+)$`, 's').exec(hash);
  return m ? decodeURIComponent(m[1]) : null;
}

/** The whole link for a session on this page's address (the fragment replaces any other). */
export async function caseLink(s: Session, base: string): Promise<string> {
  const u = new URL(base);
  u.hash = '';
  return `${u.href.replace(/#$/, '')}#${CASE_PARAM}=${await encodeCase(s)}`;
}
