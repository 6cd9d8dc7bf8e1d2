#!/usr/bin/env python3
"""Records what NLTK's word tokenizer, Punkt and sentence_bleu give, for src/core/nltk/nltk.reference.test.ts.

    python3 -m pip download nltk==3.10.3 --no-deps -d WHEELDIR
    /usr/bin/python3 scripts/nltk-reference.py WHEELDIR/nltk-3.10.3-py3-none-any.whl \
        > src/core/nltk/fixtures/nltk-reference.json

Runs on Debian's python3-nltk (NLTK 3.8). NLTK 3.10.3's destructive.py, punkt.py and bleu_score.py are read from
the wheel given and loaded beside it as standalone modules (their imports resolve to the installed NLTK; punkt.py's
pickle allowlist is stubbed: no pickle is loaded). NLTK 3.9.1 is not installable here, so its word tokenizer is
built twice and the two must agree, or the script stops:
- 3.8's NLTKWordTokenizer with the whitespace rule of nltk PR #3224 (in 3.8.2 and 3.9) added to ENDING_QUOTES;
- 3.10.3's NLTKWordTokenizer without nltk PR #3687 (the opening-quote rule goes back to 3.8's) and without
  nltk PR #3461 (the dash rule).
Punkt 3.9 is 3.8's PunktSentenceTokenizer (its splitting code is unchanged to 3.9.x); Punkt 3.10 is 3.10.3's.
Both are untrained (NLTK's defaults: no abbreviations, collocations, sentence starters, orthographic context),
and also run with a small punkt_tab model that this script trains on its own texts and records.
sentence_bleu with SmoothingFunction().method4 (SWE-CARE's call) is run by 3.8's and by 3.10.3's bleu_score and
must agree; the pairs are lowercased and tokenized as SWE-CARE's evaluator does (word_tokenize, Punkt, 3.9).
Every text is the project's own: hand-written cases and seeded combinations of review phrases.
"""
import importlib.util
import json
import random
import re
import sys
import tempfile
import types
import zipfile

import nltk
from nltk.tokenize.destructive import NLTKWordTokenizer as Tok38
from nltk.tokenize.punkt import PunktSentenceTokenizer as Punkt38, PunktTrainer, PunktParameters
from nltk.translate import bleu_score as bleu38

assert nltk.__version__.startswith("3.8"), nltk.__version__


def load_310(wheel):
    folder = tempfile.mkdtemp(prefix="nltk310-")
    with zipfile.ZipFile(wheel) as z:
        for name in ("nltk/tokenize/destructive.py", "nltk/tokenize/punkt.py", "nltk/translate/bleu_score.py"):
            z.extract(name, folder)
    sys.modules.setdefault("nltk.picklesec", types.SimpleNamespace(allowlisted_pickle_load=None))
    mods = {}
    for key, name in (("destructive", "tokenize/destructive.py"), ("punkt", "tokenize/punkt.py"), ("bleu", "translate/bleu_score.py")):
        spec = importlib.util.spec_from_file_location(f"nltk310_{key}", f"{folder}/nltk/{name}")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        mods[key] = mod
    return mods


M310 = load_310(sys.argv[1])
Tok310 = M310["destructive"].NLTKWordTokenizer
Punkt310 = M310["punkt"].PunktSentenceTokenizer


class Tok39a(Tok38):
    ENDING_QUOTES = Tok38.ENDING_QUOTES[:3] + [(re.compile(r"\s+"), " ")] + Tok38.ENDING_QUOTES[3:]


class Tok39b(Tok310):
    STARTING_QUOTES = Tok310.STARTING_QUOTES[:4] + [Tok38.STARTING_QUOTES[4]]
    PUNCTUATION = [p for p in Tok310.PUNCTUATION if p[0].pattern != r"[\u2012-\u2015]"]


assert len(Tok39b.PUNCTUATION) == len(Tok310.PUNCTUATION) - 1
T38, T39A, T39B, T310 = Tok38(), Tok39a(), Tok39b(), Tok310()
P39, P310 = Punkt38(), Punkt310()


def tok39(s):
    a, b = T39A.tokenize(s), T39B.tokenize(s)
    assert a == b, (s, a, b)
    return a


def word_tokenize(text, version, punkt=None):
    splitter = punkt or (P39 if version == "3.9" else P310)
    tok = tok39 if version == "3.9" else T310.tokenize
    return [t for s in splitter.tokenize(text) for t in tok(s)]


HAND = [
    # abbreviations and initials
    "See e.g. the docs. Then fix it.",
    "Use i.e. a map, etc. This is fine.",
    "Dr. Smith reviewed it. Mr. Jones did not.",
    "Ask J. R. Smith about this. He knows.",
    "Compare foo vs. bar. Both work.",
    "This is U.S. code. It ships today.",
    "Fixed in v2.3. please check.",
    "See section 3. the second point.",
    "Line 42. Another issue here.",
    "Approx. 10 ms. That is fast.",
    # quotes
    "'Hard' to tell",
    "He said 'hello' to me",
    "It's more'n enough.",
    "Rename 'count' to 'total'.",
    "The 'foo' variable isn't used.",
    "Use \"strict\" mode here.",
    "\"Why?\" he asked. \"Because.\"",
    "Call it ''twice'' please.",
    "The `config` key is `null`.",
    "“Smart quotes” are ‘here’ too.",
    "«Guillemets» and „low quotes“ work.",
    "(This is a note.) Next sentence.",
    "It says \"done.\" Then it stops.",
    "She wrote: 'no.' Then left.",
    "Is this 'x' or 'y'?",
    "'tis odd, 'twas worse.",
    "I'd say we'll fix it, they've agreed, you're right, I'm sure.",
    "Don't do that; can't we cannot? Won't work. Gonna wanna gotta lemme gimme.",
    "O'Connor's code at 5 o'clock.",
    "'s is a clitic, 'n too, 'x is not.",
    # ellipses
    "Wait... this is wrong.",
    "Hmm.. not sure. Maybe.",
    "So . . . what now?",
    "Loading.... Done!",
    "What?! No way!!! Really?",
    # code
    "Use foo.bar() instead of foo_bar().",
    "Call `os.path.join(a, b)` here. It handles slashes.",
    "The check `if (x == null) return;` is missing.",
    "Replace `a[i]` with `a.get(i)`; it is safer.",
    "`self.x = x` should be `self._x = x`.",
    "Use `std::vector<int>` not `int*`.",
    "Prefer `x?.y ?? z` over `x && x.y || z`.",
    "Check `arr.length > 0 && arr[0] != null`.",
    "This regex `^\\d+\\.\\d+$` fails on 1.0.",
    "Set `timeout=30` (seconds), not `timeout=30.0`.",
    "Why `catch (Exception e) {}`? Log it.",
    "def f(x): return x*2  # doubled",
    "return {'a': 1, 'b': 2}",
    "x = y -- z; a--; b++;",
    "Use --force-with-lease, not --force.",
    # URLs, paths, emails
    "See https://example.com/docs/api.html. It explains this.",
    "Docs at http://example.org/a?b=c&d=e#frag.",
    "Open src/core/foo.ts and lib/bar.py.",
    "Mail dev@example.com for access.",
    "Version 1.2.3-beta.4 is out.",
    # numbers
    "It costs $3.88 (roughly 3,36 euros).",
    "Took 1,234.5 ms; 99.9% of calls.",
    "Set it to -1.5 or 0.25.",
    "Between 10-20 items, ~5 each.",
    "Items: 1. first 2. second 3. third.",
    "Pi is 3.14159. E is 2.718.",
    "Use 2nd or 3rd option. 1st failed.",
    # unicode
    "Café naïve résumé — done.",
    "The food—which was delicious—reminded me of home.",
    "Range 10–20 and ‒ figure ― bar.",
    "日本語のコメント。次の文。",
    "Привет. Это тест.",
    "Ελληνικά. Δεύτερη πρόταση.",
    "Emoji 👍 works. 🎉 Next.",
    "Ünïcödé Ŝtart. Ωmega end.",
    "Tab\there and\u00a0nbsp.",
    "Multi\nline\ntext. Second\n\nparagraph here.",
    "Trailing spaces.   ",
    "   Leading spaces. ok",
    "",
    " ",
    ".",
    "...",
    "?",
    "a.",
    "A.",
    "x",
    "nit: typo.",
    "LGTM!",
    "Nit: `foo` -> `bar`.",
    "TODO: remove this. FIXME later.",
    "Should this be `<=`? Otherwise off-by-one.",
    "Good catch! Thanks.",
    "[optional] consider {braces} <angle> (parens).",
    "a:b, c,d 1,2 3:4 x: y",
    "He's\ta good boy. he's\nhere.",
    "end with colon:",
    "end with comma,",
    "weird ;@#$%& chars * here",
    "quote at end'",
    "quote 'at' start and 'end'",
    "It's 'quoted.' Next one.",
    "Why not use 'Optional'? It's cleaner.",
]

PHRASES = [
    "this method is never called", "consider renaming `tmp` to `buffer`", "add a null check for user",
    "the loop can be simplified with a stream", "why do we need this?", "please add a unit test",
    "this will throw if the list is empty", "use `equals()` instead of `==`", "nit: trailing whitespace",
    "maybe extract this into a helper", "the comment is outdated", "this duplicates the logic in foo.py",
    "it's not thread-safe", "we don't need the cast here", "i.e. the lock is held twice",
    "see https://docs.python.org/3/library/re.html", "e.g. use `dict.get(k, 0)`", "typo: 'recieve' -> 'receive'",
    "the timeout of 30s is too short", "what happens when `x` is -1?", "returns 3.14 instead of 3.1416",
    "this is O(n^2)", "etc. should be handled too", "the regex `\\s+` strips newlines", "LGTM, thanks!",
    "wrap it in try/catch", "v1.2.3 changed the API", "Mr. Smith's patch fixed this", "“smart quotes” break the parser",
    "don't swallow the exception", "can't we reuse `parse()`", "...and the else branch is dead code",
    "the `--verbose` flag is ignored", "use `std::move` here", "it'll leak the file handle",
    "rename 'cnt' to 'count'", "this `if` is always true", "close the stream — it leaks", "see section 2. below",
]


def generated(rng, n):
    out = []
    for _ in range(n):
        k = rng.randint(1, 4)
        parts = []
        for _ in range(k):
            p = rng.choice(PHRASES)
            if rng.random() < 0.5:
                p = p[0].upper() + p[1:]
            parts.append(p + rng.choice([".", ".", "!", "?", "", ";", "...", ":"]))
        out.append(rng.choice([" ", "  ", "\n", " "]).join(parts))
    return out


def train_punkt(texts):
    trainer = PunktTrainer()
    trainer.INCLUDE_ALL_COLLOCS = True
    trainer.train("\n\n".join(texts), finalize=True)
    p = trainer.get_params()
    return p


def main():
    rng = random.Random(44)
    texts = HAND + generated(rng, 300)
    # A small trained model, to check punkt_tab's parameters are used as NLTK uses them.
    params = train_punkt(texts + ["See e.g. this. And i.e. that. Dr. Who. Mr. X. etc. Fine." * 3])
    params.abbrev_types |= {"e.g", "i.e", "dr", "mr", "vs", "etc", "approx"}
    params.collocations |= {("##number##", "items")}
    params.sent_starters |= {"then", "it"}
    tab = {
        "abbrev_types.txt": "\n".join(sorted(params.abbrev_types)),
        "collocations.tab": "\n".join("\t".join(t) for t in sorted(params.collocations)),
        "sent_starters.txt": "\n".join(sorted(params.sent_starters)),
        "ortho_context.tab": "\n".join(f"{k}\t{v}" for k, v in sorted(params.ortho_context.items())),
    }
    tab_params = PunktParameters()
    tab_params.abbrev_types = set(tab["abbrev_types.txt"].split("\n"))
    tab_params.collocations = {tuple(x.split("\t")) for x in tab["collocations.tab"].split("\n")}
    tab_params.sent_starters = set(tab["sent_starters.txt"].split("\n"))
    for line in tab["ortho_context.tab"].split("\n"):
        k, v = line.split("\t")
        tab_params.ortho_context[k] = int(v)
    trained = Punkt38(tab_params)

    cases = []
    for t in texts:
        cases.append(
            {
                "text": t,
                "treebank": {"3.8": T38.tokenize(t), "3.9": tok39(t), "3.10": T310.tokenize(t)},
                "sentences": {"3.9": P39.tokenize(t), "3.10": P310.tokenize(t), "tab": trained.tokenize(t)},
                "wordTokenize": {"3.9": word_tokenize(t, "3.9"), "3.10": word_tokenize(t, "3.10"), "tab": word_tokenize(t, "3.9", trained)},
            }
        )

    sm38 = bleu38.SmoothingFunction().method4
    sm310 = M310["bleu"].SmoothingFunction().method4
    pairs = []
    pool = texts + [p for p in PHRASES]
    for i in range(400):
        ref, hyp = rng.choice(pool), rng.choice(pool)
        if i % 5 == 0:  # near copies: high-order n-grams match
            words = ref.split()
            if words:
                words.insert(rng.randrange(len(words) + 1), rng.choice(["please", "also", "here", "now"]))
            hyp = " ".join(words)
        r = word_tokenize(ref.lower().strip(), "3.9")
        h = word_tokenize(hyp.lower().strip(), "3.9")
        entry = {"reference": ref, "hypothesis": hyp, "refTokens": r, "hypTokens": h}
        if r and h:
            a = bleu38.sentence_bleu([r], h, weights=(0.25, 0.25, 0.25, 0.25), smoothing_function=sm38)
            b = M310["bleu"].sentence_bleu([r], h, weights=(0.25, 0.25, 0.25, 0.25), smoothing_function=sm310)
            assert a == b, (ref, hyp, a, b)
            entry["bleu"] = float(a)
            entry["bleuUnsmoothed"] = float(bleu38.sentence_bleu([r], h))
        pairs.append(entry)
    # Edge cases on token lists: several references, short and empty hypotheses.
    edges = []
    for refs, hyp in [
        ([["a", "b", "c", "d"]], ["a", "b", "c", "d"]),
        ([["a", "b", "c", "d"]], ["x"]),
        ([["a", "b", "c", "d"]], ["a"]),
        ([["a"]], ["a"]),
        ([["a", "b"]], ["a", "b"]),
        ([["a", "b", "c"]], ["a", "b", "c"]),
        ([["a", "b", "c", "d", "e"]], ["a", "x", "c", "y", "e"]),
        ([["a", "b", "c", "d"], ["a", "b"]], ["a", "b", "c"]),
        ([["a", "b", "c", "d", "e", "f"], ["a", "b"]], ["a", "b", "c", "d"]),
        ([["the", "cat", "sat"], ["a", "cat", "sat", "on", "the", "mat"]], ["the", "cat", "sat", "on", "the", "mat"]),
        ([["the"] * 7], ["the"] * 7),
        ([["x"] * 3], ["x", "x", "x", "x", "x", "x"]),
        ([[]], ["a", "b"]),
        ([["a", "b"]], []),
        ([["a", "b", "a", "b", "a"]], ["a", "b", "a", "b", "a", "b", "a", "b"]),
    ]:
        a = bleu38.sentence_bleu(refs, hyp, smoothing_function=sm38)
        b = M310["bleu"].sentence_bleu(refs, hyp, smoothing_function=sm310)
        assert a == b
        edges.append({"references": refs, "hypothesis": hyp, "bleu": float(a), "bleuUnsmoothed": float(bleu38.sentence_bleu(refs, hyp))})

    json.dump(
        {
            "made": "scripts/nltk-reference.py on NLTK 3.8 (Debian) and 3.10.3 (pip wheel)",
            "punktTab": tab,
            "cases": cases,
            "bleu": pairs,
            "bleuEdges": edges,
        },
        sys.stdout,
        ensure_ascii=False,
        indent=None,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    import warnings

    warnings.filterwarnings("ignore")
    main()
