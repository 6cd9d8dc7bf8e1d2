#!/usr/bin/python3
"""Record Martian's step 3 (evaluate_review) on the generated samples (src/core/prreview/fixtures/martian).

    git -C <code-review-benchmark mirror> archive HEAD offline/code_review_benchmark | tar -x -C <dir>
    /usr/bin/python3 scripts/prreview/martian_fixture.py <dir>/offline src/core/prreview/fixtures/martian

`openai` and `tqdm` are stubbed, and so is the LLM: a local client returns, for each prompt, the reply that
samples.ts's stubMartianAnswer gives for the pair (sometimes fenced, sometimes not JSON); step 3's own call_llm
parses it (its retry sleeps are skipped). Writes results/<judge>/evaluations.json exactly as step 3 saves them,
keyed by the golden `url`; a tool missing from a judge's candidates falls back to raw review comments, which
the script invents (as step 1's benchmark_data would hold them).
"""
import asyncio
import json
import re
import sys
import types
from pathlib import Path

src, fixtures = sys.argv[1], Path(sys.argv[2])
sys.path.insert(0, src)
for name in ["openai", "tqdm"]:
    m = types.ModuleType(name)
    m.AsyncOpenAI = object
    m.tqdm = lambda x, **k: x
    sys.modules[name] = m

import code_review_benchmark.step3_judge_comments as s3  # noqa: E402


async def no_sleep(*a, **k):
    return None


s3.asyncio.sleep = no_sleep


def code_sum(s):
    h = 0
    for ch in s:
        h = (h * 31 + ord(ch)) % 1000003
    return h


def stub_answer(golden, candidate):
    h = code_sum(f"{golden}\n{candidate}")
    if h % 17 == 0:
        return "not json"
    words = lambda s: set(re.findall(r"[a-z]{6,}", s.lower()))  # noqa: E731
    shared = len(words(candidate) & words(golden))
    conf = ((h % 90) + 10) / 100
    body = '{"reasoning": "stub", "match": %s, "confidence": %s}' % ("true" if shared > 0 else "false", repr(conf))
    return "```json\n" + body + "\n```" if h % 5 == 0 else body


PROMPT = re.compile(r"Golden Comment \(the issue we're looking for\):\n(.*)\n\nCandidate Issue \(from the tool's review\):\n(.*)\n\nInstructions:", re.S)


class Completions:
    async def create(self, **kw):
        g, c = PROMPT.search(kw["messages"][1]["content"]).groups()
        msg = types.SimpleNamespace(content=stub_answer(g, c))
        return types.SimpleNamespace(choices=[types.SimpleNamespace(message=msg)])


judge = s3.LLMJudge.__new__(s3.LLMJudge)
judge.client = types.SimpleNamespace(chat=types.SimpleNamespace(completions=Completions()))
judge.model = "stub"
judge.structured_output = False

golden = {}
for f in sorted((fixtures / "golden_comments").glob("*.json")):
    for e in json.loads(f.read_text()):
        golden[e["url"]] = e


async def run():
    for jdir in sorted((fixtures / "results").iterdir()):
        cands = json.loads((jdir / "candidates.json").read_text())
        completed = {}
        for url, e in golden.items():
            for tool in ["alpha", "beta", "gamma"]:
                review = {"tool": tool, "review_comments": [{"body": f"{tool} raw comment {i} about {e['comments'][0]['comment'] if e['comments'] else 'nothing'}"} for i in range(2)], "repo_name": f"r-{tool}", "pr_url": f"{url}-{tool}"}
                candidates = s3.get_candidates(review, cands, url)
                result = await s3.evaluate_review(judge, e.get("comments", []), candidates)
                result["tool"] = tool
                result["repo_name"] = review["repo_name"]
                result["pr_url"] = review["pr_url"]
                completed.setdefault(url, {})[tool] = result
        (jdir / "evaluations.json").write_text(json.dumps(completed, indent=2))
        print(jdir.name, sum(len(t) for t in completed.values()), "records")


asyncio.run(run())
(fixtures / "prompt.txt").write_text(s3.JUDGE_PROMPT.format(golden_comment="GOLDEN", candidate="CANDIDATE"))
