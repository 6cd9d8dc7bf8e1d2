// The weights shipped in the bundle: trained on the human study's dev half by
// `crscore train-linker --dataset dev.jsonl --out src/core/learned/weights.json` once the design was fixed by
// cross-validation. Checked like any user file on first use (not at import, so `train-linker` can rewrite a file
// that an older build of the features no longer reads), and a bad edit fails loudly there.
import raw from './weights.json' with { type: 'json' };
import { parseWeights, type LinkerWeights } from './weights.ts';

let shipped: LinkerWeights | undefined;

export function shippedWeights(): LinkerWeights {
  shipped ??= parseWeights(raw, 'the shipped linker weights');
  return shipped;
}
