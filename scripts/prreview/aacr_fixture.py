#!/usr/bin/python3
"""Record AACR-Bench's evaluator on the generated samples (src/core/prreview/fixtures/aacr).

    git -C <aacr-bench mirror> archive HEAD evaluator_runner | tar -x -C <dir>
    /usr/bin/python3 scripts/prreview/aacr_fixture.py <dir> src/core/prreview/fixtures/aacr

`openai` and `dotenv` are stubbed; the semantic matcher is a local stub that answers each pair with a fixed
reply (the code-point hash of samples.ts picks one of STUB_ANSWERS), read by the harness's own
parse_similarity_response. Each source of the dataset is judged against the other sources' positives
(leave-one-out), toolx's generated files against all positives; with and without semantic matching.
"""
import asyncio
import json
import sys
import types
from pathlib import Path

src, fixtures = sys.argv[1], Path(sys.argv[2])
sys.path.insert(0, src)
for name in ["openai", "dotenv"]:
    m = types.ModuleType(name)
    m.AsyncOpenAI = object
    m.load_dotenv = lambda *a, **k: None
    sys.modules[name] = m

import evaluator_runner.core.evaluator as ev  # noqa: E402
from evaluator_runner.core.match_base import parse_similarity_response  # noqa: E402
from evaluator_runner.utils.config import EvaluatorConfig  # noqa: E402

STUB_ANSWERS = ["yes", "No, they are not the same.", "no", "Yes, they express the same concern.", "These are different issues.", "no."]


def code_sum(s):
    h = 0
    for ch in s:
        h = (h * 31 + ord(ch)) % 1000003
    return h


async def stub(c1, c2):
    answer = STUB_ANSWERS[code_sum(f"{c1}\n{c2}") % len(STUB_ANSWERS)]
    return {"is_similar": parse_similarity_response(answer), "reason": answer, "raw_response": answer}


ev.get_semantic_matcher = lambda kind: stub
FIELDS = ["positive_expected_nums", "total_generated_nums", "positive_match_nums", "positive_line_match_nums", "unmatched_nums",
          "positive_match_rate", "positive_recall_rate", "positive_line_match_rate", "positive_line_recall_rate", "unmatched_rate"]

pos = json.loads((fixtures / "positive_samples.json").read_text())
neg = json.loads((fixtures / "negative_samples.json").read_text())
neg_by = {p["githubPrUrl"]: p["comments"] for p in neg}
rows = []


async def run():
    for semantic in (True, False):
        config = EvaluatorConfig(enable_semantic_match=semantic)
        for pr in pos:
            url = pr["githubPrUrl"]
            allc = pr["comments"] + neg_by.get(url, [])
            sources = sorted({c.get("source_model", "") for c in allc})
            for s in sources:
                gen = [c for c in allc if c.get("source_model", "") == s]
                good = [c for c in pr["comments"] if c.get("source_model", "") != s]
                r = await ev.get_evaluator_ans_from_json(url, gen, good, config)
                rows.append({"pr": url, "system": s or "human", "semantic": semantic, **{k: r[k] for k in FIELDS}})
        for f in sorted((fixtures / "generated" / "toolx").glob("*.txt")):
            gen = ev.load_generated_comments_from_file(str(f))
            url = next(p["githubPrUrl"] for p in pos if p["githubPrUrl"].endswith("/pull/" + f.stem.rsplit("_", 1)[1]))
            good = next(p["comments"] for p in pos if p["githubPrUrl"] == url)
            r = await ev.get_evaluator_ans_from_json(url, gen, good, config)
            rows.append({"pr": url, "system": "toolx", "semantic": semantic, "generated": [{k: c[k] for k in ("path", "side", "from_line", "to_line", "note")} for c in gen], **{k: r[k] for k in FIELDS}})


asyncio.run(run())
from evaluator_runner.core.match_base import SEMANTIC_COMPARISON_PROMPT_TEMPLATE  # noqa: E402

(fixtures / "prompt.txt").write_text(SEMANTIC_COMPARISON_PROMPT_TEMPLATE.format(comment1="COMMENT-1", comment2="COMMENT-2"))
(fixtures / "expected.evaluator.json").write_text(json.dumps({"rows": rows}, indent=1))
print(f"{len(rows)} rows")
