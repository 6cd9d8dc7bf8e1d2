// How a reproducibility signature's metric field names the LLM grade (Jiang et al. 2025) on a human-scored dataset:
// by its model, so two runs that asked different models never sign alike. `crscore eval --dataset … --metrics
// llm-grade` and Research's lab both name it here, from the configuration every export records (never a key).
import { sha256Hex } from '../sha256';
import { DEFAULT_GRADE_PROMPT } from './prompts';

/** Jiang et al. 2025's three calls per review. */
const PAPER_SAMPLES = 3;

/**
 * `llm-grade@MODEL`, then `xN` for samples other than three and `#HASH` (the first 12 hex digits of its SHA-256) for
 * a prompt other than the default. A name without `@` reads as the metric (humanMetricsSignatureConfig orders by it).
 */
export function llmGradeSignatureName(config: Readonly<Record<string, unknown>>): string {
  const samples = typeof config.samples === 'number' ? config.samples : PAPER_SAMPLES;
  const prompt = typeof config.prompt === 'string' ? config.prompt : DEFAULT_GRADE_PROMPT;
  const model = typeof config.model === 'string' && config.model !== '' ? config.model : '-';
  return `llm-grade@${model}${samples !== PAPER_SAMPLES ? `x${samples}` : ''}${prompt !== DEFAULT_GRADE_PROMPT ? `#${sha256Hex(prompt).slice(0, 12)}` : ''}`;
}

/**
 * `meteor@nltk-3.9` or `meteor@nltk-3.10`: METEOR by the NLTK version whose word-tokenizer rules split its texts,
 * from its column's configuration (`tokenizer: nltk-3.9/preserve-line`, meteorColumn); 3.9 where none is recorded.
 */
export function meteorSignatureName(config: Readonly<Record<string, unknown>>): string {
  const t = typeof config.tokenizer === 'string' ? config.tokenizer.split('/')[0] : 'nltk-3.9';
  return `meteor@${t}`;
}
