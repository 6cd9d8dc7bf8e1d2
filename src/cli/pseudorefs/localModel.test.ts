// `--pseudo-refs local`: claims from a model run in Node, on the generated test model that always writes two claims
// and one implication (scripts/make-qwen2-onnx.py --scripted-answer), run as a person runs it (the real launcher in
// a child process): claims rows, the answer cache (a second run loads no model and asks nothing), a resumed run
// asking only what the first left, and the errors a wrong --local-model gives.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crscoreAsync, ROOT } from '../shared/testing';

const TEST = path.join(ROOT, 'e2e/fixtures/codereviewer/msg-test.jsonl');
const COMMITTED = path.join(ROOT, 'public/models/tiny-qwen2-claims');
let tmp: string;

/** The committed test model, else one generated here; null (the suite skips, saying why) when neither can be had. */
function tinyModel(): string | null {
  if (existsSync(path.join(COMMITTED, 'onnx/model.onnx'))) return COMMITTED;
  const out = path.join(tmpdir(), 'crscore-tiny-qwen2-claims');
  try {
    execFileSync('/usr/bin/python3', [path.join(ROOT, 'scripts/make-qwen2-onnx.py'), '--scripted-answer', '--out', out], { stdio: 'pipe' });
    return out;
  } catch (e) {
    console.warn(`skipping --pseudo-refs local: no public/models/tiny-qwen2-claims and scripts/make-qwen2-onnx.py failed (needs python3-onnx, python3-numpy): ${(e as Error).message.split('\n')[0]}`);
    return null;
  }
}
const MODEL = tinyModel();

type Row = { id: string; pseudo_refs: { type: string; text: string }[]; pseudo_refs_config: { source: string; llm: { provider: string; model: string } } };
const rowsOf = (stdout: string) => stdout.trim().split('\n').map((l) => JSON.parse(l) as Row);

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'crscore-local-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!MODEL)('crscore --pseudo-refs local (a model in Node)', () => {
  const local = (cache: string, model = MODEL!) => ['--pseudo-refs', 'local', '--local-model', model, '--cache-dir', cache];

  it('writes claims rows from the model; the second run loads no model and asks nothing', async () => {
    const cache = path.join(tmp, 'cache-a');
    const args = ['claims', '--dataset', TEST, ...local(cache)];
    const r = await crscoreAsync(args);
    expect(r.stderr).toContain('6 changes, 0 cached, 6 requests to send');
    expect(r.stderr).toContain('concurrency 1');
    expect(r.stderr).toMatch(/local model: loading folder tiny-qwen2-claims \(\d+ KB\), fp32 on the CPU/);
    expect(r.stderr).toMatch(/local model: 6 answers, \d+ tokens in [\d.]+ s \([\d.]+ tokens\/s\)/);
    expect(r.code).toBe(0);
    const rows = rowsOf(r.stdout);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.pseudo_refs.map((p) => p.type)).toEqual(['claim', 'claim', 'claim']);
      expect(row.pseudo_refs[2].text).toBe('Callers of the changed code may behave differently.');
    }
    // The folder is named by its name and a hash of the files it loads, never by its path on this machine.
    expect(rows[0].pseudo_refs_config).toMatchObject({ source: 'local', llm: { provider: 'local', model: expect.stringMatching(/^folder:tiny-qwen2-claims@[0-9a-f]{12}$/) } });
    expect(r.stdout).not.toContain(path.dirname(MODEL!));

    const again = await crscoreAsync(args);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('6 cached, 0 requests to send');
    expect(again.stderr).not.toContain('local model: loading');
    const noTime = (t: string) => t.replace(/"generatedAt":"[^"]+"/g, '');
    expect(noTime(again.stdout)).toBe(noTime(r.stdout));
  }, 120_000);

  it('resumes: after a run over part of the changes, the full run asks only for the rest', async () => {
    const cache = path.join(tmp, 'cache-b');
    const half = path.join(tmp, 'half.jsonl');
    writeFileSync(half, readFileSync(TEST, 'utf8').trim().split('\n').slice(0, 2).join('\n') + '\n');
    const first = await crscoreAsync(['claims', '--dataset', half, ...local(cache)]);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('2 changes, 0 cached, 2 requests to send');
    const rest = await crscoreAsync(['claims', '--dataset', TEST, ...local(cache)]);
    expect(rest.code).toBe(0);
    expect(rest.stderr).toContain('6 changes, 2 cached, 4 requests to send');
    expect(rest.stderr).toMatch(/local model: 4 answers/);
    expect(rest.stderr).toContain('18 claims, 0 issues over 6 changes; 4 requests, 2 cached, 0 failed');
  }, 120_000);

  it('score --pseudo-refs local: the reviews are scored against the local claims', async () => {
    const cache = path.join(tmp, 'cache-c');
    const input = readFileSync(TEST, 'utf8').trim().split('\n').slice(0, 2).map((l) => {
      const o = JSON.parse(l) as { patch: string; msg: string };
      return JSON.stringify({ diff: o.patch, review: o.msg });
    }).join('\n');
    const r = await crscoreAsync(['score', ...local(cache)], { input: `${input}\n` });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('2 changes, 0 cached, 2 requests to send');
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(2);
    for (const o of out) expect(o).toMatchObject({ scorable: true });
  }, 120_000);

  it('a missing folder, or one without weights, is named; exit 2 and nothing read', async () => {
    const cache = path.join(tmp, 'cache-d');
    const missing = path.join(tmp, 'no-such-model');
    const r = await crscoreAsync(['claims', '--dataset', TEST, ...local(cache, missing)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--local-model ${missing}: no model folder there`);
    expect(r.stdout).toBe('');
    const bare = path.join(tmp, 'bare-model');
    mkdirSync(path.join(bare, 'onnx'), { recursive: true });
    for (const f of ['config.json', 'tokenizer.json']) writeFileSync(path.join(bare, f), readFileSync(path.join(MODEL!, f)));
    const w = await crscoreAsync(['claims', '--dataset', TEST, ...local(cache, bare)]);
    expect(w.code).toBe(2);
    expect(w.stderr).toContain(`--local-model ${bare}: the folder has no ONNX weights for q4, q8, fp32`);
    expect(existsSync(cache)).toBe(false);
  }, 120_000);
});
