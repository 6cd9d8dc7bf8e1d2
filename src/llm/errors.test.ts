import { describe, expect, it } from 'vitest';
import { classifyLlmError, explainLlmError } from './errors.ts';

describe('classifyLlmError', () => {
  it.each([
    ['This browser offers no WebGPU, so ...', 'no-webgpu'],
    ['Failed to allocate a buffer of size 1073741824', 'out-of-memory'],
    ['GPUOutOfMemoryError: Out of memory', 'out-of-memory'],
    ['RangeError: Array buffer allocation failed', 'out-of-memory'],
    ["Device was lost. Reason: 'unknown'", 'device-lost'],
    ["The in-browser model's worker was killed (test).", 'worker-crashed'],
    ['no data from huggingface.co for 30 s', 'load'],
    ['Could not locate file: "https://x/onnx/model.onnx".', 'load'],
    ['something else', 'other'],
  ])('%s -> %s', (msg, kind) => expect(classifyLlmError(msg)).toBe(kind));

  it('memory and lost-device messages point to the smaller model and keep the input', () => {
    expect(explainLlmError('out-of-memory', '')).toMatch(/smaller model.*kept/);
    expect(explainLlmError('device-lost', '')).toMatch(/smaller model or WASM.*kept/);
  });
});

// Issue 28: "Failed to fetch" from the in-browser model said nothing a person could act on.
describe('an unreachable model host', () => {
  it('says the host could not be reached and offers a model folder', () => {
    const m = explainLlmError(classifyLlmError('TypeError: Failed to fetch'), 'TypeError: Failed to fetch');
    expect(m).toMatch(/^The model could not be loaded: the model host \(the Hugging Face hub\) could not be reached/);
    expect(m).toContain('A model folder on this computer');
    expect(m).not.toContain('Failed to fetch');
    expect(explainLlmError('load', 'HTTP 404 for model.onnx')).toBe('The model could not be loaded: HTTP 404 for model.onnx');
  });
});
