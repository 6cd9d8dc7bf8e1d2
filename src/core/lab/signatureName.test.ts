import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../sha256';
import { humanMetricsSignatureConfig } from '../metaeval/runSignature';
import { DEFAULT_GRADE_PROMPT } from './prompts';
import { llmGradeSignatureName } from './signatureName';

describe('llmGradeSignatureName', () => {
  it('names the model; samples other than three and a prompt other than the default are added', () => {
    expect(llmGradeSignatureName({ model: 'gpt-4o-mini', samples: 3, prompt: DEFAULT_GRADE_PROMPT, apiKey: 'sk-never' })).toBe('llm-grade@gpt-4o-mini');
    expect(llmGradeSignatureName({ model: 'm', samples: 5 })).toBe('llm-grade@mx5');
    const mine = 'Grade {{review}} against {{reference}}.';
    expect(llmGradeSignatureName({ model: 'm', samples: 3, prompt: mine })).toBe(`llm-grade@m#${sha256Hex(mine).slice(0, 12)}`);
    expect(llmGradeSignatureName({})).toBe('llm-grade@-');
  });

  it('takes the LLM grade\'s place among the metrics of a human-scored run', () => {
    expect(humanMetricsSignatureConfig(null, ['llm-grade@m', 'meteor', 'bleu']).preset).toBe('bleu+meteor+llm-grade@m');
  });
});
