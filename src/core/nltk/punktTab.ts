// A user's punkt_tab parameters (NLTK 3.9's pickle-free Punkt model folder, e.g. tokenizers/punkt_tab/english/),
// read as nltk.tokenize.punkt.load_punkt_params reads them with nltk.tabdata's PunktDecoder: one entry a line
// (the final newline dropped), tab-separated fields.
import { sha256Hex } from '../sha256.ts';
import type { PunktParameters } from './punkt.ts';

/** The four files of a punkt_tab folder, by name. */
export const PUNKT_TAB_FILES = ['abbrev_types.txt', 'collocations.tab', 'sent_starters.txt', 'ortho_context.tab'] as const;
export type PunktTabFiles = Partial<Record<(typeof PUNKT_TAB_FILES)[number], string>>;

export interface PunktTab {
  params: PunktParameters;
  /** The first 12 hex digits of the SHA-256 of the four files (in PUNKT_TAB_FILES order): the signature's name. */
  hash: string;
}

/** Python's text-mode line iteration (universal newlines), each line without its newline. */
function lines(text: string): string[] {
  const out = text.split(/\r\n|\r|\n/);
  if (out[out.length - 1] === '') out.pop();
  return out;
}

/** Reads a punkt_tab folder's files; a missing file is an error, as NLTK's loader raises. */
export function parsePunktTab(files: PunktTabFiles): PunktTab {
  for (const name of PUNKT_TAB_FILES) if (files[name] === undefined) throw new Error(`punkt_tab: ${name} is missing`);
  const orthoContext = new Map<string, number>();
  lines(files['ortho_context.tab']!).forEach((line, i) => {
    const f = line.split('\t');
    const n = f.length === 2 && /^\s*[+-]?\d+\s*$/.test(f[1]) ? Number(f[1]) : NaN;
    if (!Number.isSafeInteger(n)) throw new Error(`punkt_tab: ortho_context.tab line ${i + 1} is not "type<TAB>integer"`);
    orthoContext.set(f[0], n);
  });
  const params: PunktParameters = {
    abbrevTypes: new Set(lines(files['abbrev_types.txt']!)),
    collocations: new Set(lines(files['collocations.tab']!)),
    sentStarters: new Set(lines(files['sent_starters.txt']!)),
    orthoContext,
  };
  const hash = sha256Hex(PUNKT_TAB_FILES.map((n) => `${n}\n${files[n]}`).join('\u0000')).slice(0, 12);
  return { params, hash };
}
