// `crscore eval --similarity llm-links` against the LLM stub on 127.0.0.1, run as a person runs it (the real
// launcher in a child process). The stub links sentence k to pseudo-reference k, so the scores are known.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmStub, type LlmStub } from '../../../e2e/stubs/llmStub';
import { diagonalResponder } from '../../../e2e/stubs/linksStub';
import type { EvalResult } from '../eval/eval.ts';
import { crscoreAsync, FIXTURES } from '../shared/testing';

const KEY = 'sk-links-SECRET-abcdef0123456789';
const mini = path.join(FIXTURES, 'mini.jsonl');

const run = (args: string[], onStderr?: (text: string, interrupt: () => void) => void) =>
  crscoreAsync(args, {
    env: { CRSCORE_LLM_API_KEY: KEY },
    onStderr: onStderr && ((s, child) => onStderr(s, () => child.kill('SIGINT'))),
  });

let stub: LlmStub;
let dir: string;
const llm = () => ['--llm-base-url', stub.baseUrl, '--llm-model', 'stub-model', '--cache-dir', path.join(dir, 'cache')];
beforeEach(async () => {
  stub = await startLlmStub('openai');
  stub.respond = diagonalResponder();
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-links-'));
});
afterEach(async () => {
  await stub.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('crscore eval --similarity llm-links', () => {
  // mini.jsonl under the diagonal stub: py-1 gpt (2 refs, 2 sentences) Rel 1 (human 5); knn (1 sentence) Con 1,
  // Comp 1/2 → 2/3 (1); lstm (2 sentences) 1 (3); java-3 gpt 1 (4); knn null review: not asked → 0 (1); lstm 1 (2);
  // stable_code asked but unscored. Metric ranks [4.5,2,4.5,4.5,1,4.5], human [6,1.5,4,5,1.5,3]: ρ = 0.823193.
  it('scores from the links at a fixed τ; the second run sends nothing; the key is nowhere', async () => {
    const args = ['eval', '--dataset', mini, '--similarity', 'llm-links', '--json', ...llm()];
    const r = await run(args);
    // java-3's gpt3.5 and stable_code wrote the same review: one prompt, asked once, shared by both.
    expect(r.stderr).toContain('llm-links: 7 reviews, 0 cached, 5 requests to send');
    expect(r.code).toBe(0);
    expect(stub.count).toBe(5);
    const out = JSON.parse(r.stdout) as EvalResult;
    expect(out.tau).toBe(0.5);
    expect(out.calibration).toBeNull();
    expect(out.config).toMatchObject({ similarity: 'llm-links', tauSource: 'fixed' });
    expect(out.llmLinks).toMatchObject({ model: 'stub-model', prompt: 'default', reviews: 7, requests: 5, cached: 1, failed: 0, warnings: 0 });
    expect(out.n).toBe(6);
    expect(out.correlations.rel.spearman).toBeCloseTo(0.8231932086840424, 10);

    const again = await run(args);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('6 cached, 0 requests to send');
    expect(stub.count).toBe(5);
    expect((JSON.parse(again.stdout) as EvalResult).correlations.rel.spearman).toBeCloseTo(0.8231932086840424, 10);

    const files = readdirSync(path.join(dir, 'cache'), { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    expect(files.length).toBe(5);
    for (const f of files) expect(readFileSync(path.join(f.parentPath, f.name), 'utf8')).not.toContain(KEY);
    expect(r.stdout + r.stderr + again.stdout + again.stderr).not.toContain(KEY);
  });

  it('reads an edited prompt, refuses one without its placeholders; a failed review is left out of n and the exit code is 1', async () => {
    const bad = path.join(dir, 'bad.txt');
    writeFileSync(bad, 'Which of these does the review address? {review_sentences}');
    const refused = await run(['eval', '--dataset', mini, '--similarity', 'llm-links', '--links-prompt', bad, ...llm()]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('{pseudo_references}');
    expect(stub.count).toBe(0);

    const edited = path.join(dir, 'edited.txt');
    writeFileSync(edited, 'Link them.\nPseudo-references:\n{pseudo_references}\n\nReview sentences:\n{review_sentences}\nJSON only.');
    stub.respond = (req) => (JSON.stringify(req.body).includes('Unused import.') ? { kind: 'ok', text: 'I am not sure.' } : diagonalResponder()(req));
    const r = await run(['eval', '--dataset', mini, '--similarity', 'llm-links', '--links-prompt', edited, '--json', ...llm()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/review java-3 · lstm_pred: .*nothing could be read.*left out of n/);
    expect(r.stderr).toContain('1 of 7 reviews failed: left out of n (6 scored)');
    const out = JSON.parse(r.stdout) as EvalResult;
    expect(out.llmLinks).toMatchObject({ prompt: edited, failed: 1 });
    // java-3 lstm has a human score: n is 5 of the 6 scored with humans, not 6 with that review linking nothing.
    expect(out.n).toBe(5);
    expect(out.counts).toMatchObject({ reviews: 7, reviewsWithHumanScores: 5 });
  });

  it('Ctrl-C stops asking and exits 130; the same command continues from the cache', async () => {
    stub.respond = diagonalResponder(300);
    const args = ['eval', '--dataset', mini, '--similarity', 'llm-links', '--concurrency', '1', '--json', ...llm()];
    let sent = false;
    const cut = await run(args, (text, interrupt) => {
      if (!sent && /llm-links [12]\/6/.test(text)) {
        sent = true;
        interrupt();
      }
    });
    expect(cut.code).toBe(130);
    expect(cut.stderr).toContain('Interrupted: the answers received so far are cached');
    const first = stub.count;
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThan(6);
    const rest = await run(args);
    expect(rest.code).toBe(0);
    // A request cut off in flight reached the stub but was never answered to the CLI: it is asked again.
    const m = /(\d+) cached, (\d+) requests to send/.exec(rest.stderr)!;
    const [cached, toSend] = [Number(m[1]), Number(m[2])];
    expect(cached).toBeGreaterThanOrEqual(1);
    // Six reviews, five distinct prompts (two systems wrote the same review): both of a pair are cached, or one asks.
    expect(cached + toSend).toBeGreaterThanOrEqual(5);
    expect(cached + toSend).toBeLessThanOrEqual(6);
    expect(stub.count).toBe(first + toSend);
    expect(rest.stderr).toContain(`${toSend} request${toSend === 1 ? '' : 's'} sent, 0 failed; 7 reviews: ${6 - toSend} cached, 0 failed`);
  });

  it('with --metrics, a failed review is a failed gap of the CRScore columns (out of n), and the exit code is 1', async () => {
    stub.respond = (req) => (JSON.stringify(req.body).includes('Unused import.') ? { kind: 'status', status: 400 } : diagonalResponder()(req));
    const r = await run(['eval', '--dataset', mini, '--similarity', 'llm-links', '--metrics', 'crscore', '--bootstrap', '0', '--json', ...llm()]);
    expect(r.code).toBe(1);
    const rel = (JSON.parse(r.stdout) as { metrics: { id: string; n: number; gaps: Record<string, number> }[] }).metrics.find((m) => m.id === 'crscore.rel')!;
    expect(rel.gaps.failed).toBe(1);
    expect(rel.n).toBe(5);
  });

  it('a provider that fails every request: exit code non-zero, nothing scored, the key nowhere', async () => {
    stub.respond = () => ({ kind: 'status', status: 401 }); // the stub echoes the key it got, as some proxies do
    const r = await run(['eval', '--dataset', mini, '--similarity', 'llm-links', '--json', ...llm()]);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('6 of 7 reviews failed');
    expect(r.stderr).toContain('every review failed, so nothing can be scored');
    expect(r.stderr).toContain('[key hidden]');
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('an answer that echoes the key: absent from stdout, stderr and every cache file', async () => {
    const b64 = Buffer.from(KEY).toString('base64');
    stub.respond = (req) => {
      const ok = diagonalResponder()(req) as { kind: 'ok'; text: string };
      return { kind: 'ok', text: `${ok.text}\nYour key is ${KEY} (${KEY.toUpperCase()}, ${[...KEY].join(' ')}, ${b64}).` };
    };
    const args = ['eval', '--dataset', mini, '--similarity', 'llm-links', '--json', '--links-out', path.join(dir, 'links.jsonl'), ...llm()];
    const r = await run(args);
    expect(r.code).toBe(0);
    const files = readdirSync(path.join(dir, 'cache'), { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    expect(files.length).toBe(5);
    const texts = [r.stdout, r.stderr, readFileSync(path.join(dir, 'links.jsonl'), 'utf8'), ...files.map((f) => readFileSync(path.join(f.parentPath, f.name), 'utf8'))];
    for (const t of texts) {
      expect(t).not.toContain(KEY);
      expect(t.toLowerCase()).not.toContain(KEY.toLowerCase());
      expect(t).not.toContain(b64.slice(4, -4));
      expect(t).not.toContain([...KEY].join(' '));
    }
    expect(texts.slice(3).join('\n')).toContain('[key hidden]');
  });

  it('an unusable --cache-dir is an error before any request', async () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const r = await run(['eval', '--dataset', mini, '--similarity', 'llm-links', ...llm().slice(0, -2), '--cache-dir', file]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--cache-dir .*a-file: cannot be used \(a file is in the way, not a folder\)/);
    expect(stub.count).toBe(0);
  });

  it('cache writes that fail are said: the answers are used, and running again asks again', async () => {
    // Every answer's shard folder name is taken by a file, so each write fails while the folder itself is usable.
    const answers = path.join(dir, 'cache', 'answers');
    mkdirSync(answers, { recursive: true });
    for (let b = 0; b < 256; b++) writeFileSync(path.join(answers, b.toString(16).padStart(2, '0')), '');
    const args = ['eval', '--dataset', mini, '--similarity', 'llm-links', '--json', ...llm()];
    const r = await run(args);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: cannot write the answer cache in .*cache \(a file is in the way, not a folder\)/);
    expect(r.stderr).toContain('llm-links: 5 answers could not be written to the cache; running again asks for them again');
    expect((JSON.parse(r.stdout) as EvalResult).correlations.rel.spearman).toBeCloseTo(0.8231932086840424, 10);
    const again = await run(args);
    expect(again.stderr).toContain('0 cached, 5 requests to send');
  });

  it('two processes sharing one cache folder pay once for each request', async () => {
    stub.respond = diagonalResponder(150);
    const args = ['eval', '--dataset', mini, '--similarity', 'llm-links', '--json', '--concurrency', '2', ...llm()];
    const [a, b] = await Promise.all([run(args), run(args)]);
    expect([a.code, b.code]).toEqual([0, 0]);
    // Five distinct prompts: each reached the stub once, whichever process asked it.
    expect(stub.count).toBe(5);
    expect(new Set(stub.requests.map((q) => JSON.stringify(q.body))).size).toBe(5);
    const rho = (x: { stdout: string }) => (JSON.parse(x.stdout) as EvalResult).correlations.rel.spearman;
    expect(rho(a)).toBeCloseTo(0.8231932086840424, 10);
    expect(rho(b)).toBe(rho(a));
    expect(readdirSync(path.join(dir, 'cache', 'locks'))).toEqual([]);
  });
});
