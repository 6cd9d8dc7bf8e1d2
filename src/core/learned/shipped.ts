// The weights shipped in the bundle: trained on the human study's dev half by
// `crscore train-linker --dataset dev.jsonl --out src/core/learned/weights.json` once the design was fixed by
// cross-validation. Checked like any user file, so a bad edit fails loudly at load.
import raw from './weights.json' with { type: 'json' };
import { parseWeights, type LinkerWeights } from './weights.ts';

export const SHIPPED_WEIGHTS: LinkerWeights = parseWeights(raw, 'the shipped linker weights');
