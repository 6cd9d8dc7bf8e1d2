#!/usr/bin/python3
"""Record SWE-CARE's RuleBasedEvaluator on the generated samples (src/core/prreview/fixtures/swe-care).

    git -C <SWE-CARE mirror> archive HEAD src/swe_care | tar -x -C <dir>
    /usr/bin/python3 scripts/prreview/swecare_fixture.py <dir>/src src/core/prreview/fixtures/swe-care

Debian's python3-nltk (3.8), python3-unidiff, python3-loguru, python3-dataclasses-json. NLTK's trained Punkt
model cannot be fetched here: `nltk.download` is stubbed and word_tokenize's sentence split is NLTK's
PunktSentenceTokenizer with its untrained defaults (what CRScore Studio's port reproduces). The LLM client and
the prompt loader are stubbed (the rule-based evaluator uses neither).
"""
import json
import sys
import types
from pathlib import Path

src, fixtures = sys.argv[1], Path(sys.argv[2])
sys.path.insert(0, src)

import nltk  # noqa: E402
import nltk.tokenize  # noqa: E402
from nltk.tokenize.punkt import PunktSentenceTokenizer  # noqa: E402

nltk.download = lambda *a, **k: True
_punkt = PunktSentenceTokenizer()
nltk.tokenize.sent_tokenize = lambda text, language="english": _punkt.tokenize(text)

for name in ["swe_care.utils.llm_models.clients", "swe_care.utils.prompt_loader"]:
    m = types.ModuleType(name)
    m.BaseModelClient = object
    m.load_prompt = lambda *a, **k: None
    sys.modules[name] = m

from swe_care.harness.evaluators.code_review import RuleBasedEvaluator  # noqa: E402
from swe_care.harness.evaluators.utils import extract_defects_from_review  # noqa: E402
from swe_care.schema.dataset import CodeReviewTaskInstance  # noqa: E402
from swe_care.schema.evaluation import CodeReviewPrediction  # noqa: E402

instances = [CodeReviewTaskInstance.from_dict(json.loads(l)) for l in (fixtures / "instances.jsonl").read_text().splitlines() if l.strip()]
by_id = {i.instance_id: i for i in instances}
out = []
ev = RuleBasedEvaluator()
for pred_file in sorted((fixtures / "predictions").glob("*.jsonl")):
    system = pred_file.stem
    for line in pred_file.read_text().splitlines():
        if not line.strip():
            continue
        p = CodeReviewPrediction.from_dict(json.loads(line))
        inst = by_id[p.instance_id]
        defects = extract_defects_from_review(p.review_text, inst)
        row = {"pr": p.instance_id, "system": system, "defects": [{"text": d.text, "path": d.path, "line": d.line, "diff_hunk": d.diff_hunk} for d in defects]}
        try:
            r = ev.evaluate(prediction=p, reference=inst.reference_review_comments, input=inst)
            row["result"] = r
        except Exception as e:  # the harness raises (e.g. ZeroDivisionError): recorded, not scored
            row["error"] = f"{type(e).__name__}: {e}"
        out.append(row)
(fixtures / "expected.rulebased.json").write_text(json.dumps({"nltk": nltk.__version__, "python": sys.version.split()[0], "rows": out}, indent=1))
print(f"{len(out)} rows, nltk {nltk.__version__}")
