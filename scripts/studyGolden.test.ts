// `crscore eval` on the human study's layout prints what it printed before the study's rows went through the one
// dataset model: text, --json keys and values, stderr, exit codes and written files, byte for byte, against
// src/cli/eval/fixtures/study-golden.json (made by scripts/study-golden.ts from that earlier code; see its header).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STUDY_GOLDEN_CASES, studyGoldenRuns, type GoldenRun } from './study-golden.ts';

const golden = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../src/cli/eval/fixtures/study-golden.json'), 'utf8')) as Record<string, GoldenRun>;

describe('crscore eval on the human study’s layout, byte for byte as before', () => {
  it('every case: stdout, stderr, exit code and written files', async () => {
    expect(Object.keys(golden)).toEqual(Object.keys(STUDY_GOLDEN_CASES));
    const runs = await studyGoldenRuns();
    for (const name of Object.keys(STUDY_GOLDEN_CASES)) expect({ name, ...runs[name] }).toEqual({ name, ...golden[name] });
  }, 300_000);
});
