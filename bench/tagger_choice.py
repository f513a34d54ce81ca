"""Part-of-speech taggers side by side on SemCor's held-out split (every 10th tag file by name,
as ``bench/text_pipeline.py``; trained on the other 316 files) and on UD English EWT's dev set
(its Penn tags, XPOS): accuracy, training time, tagging speed and model size.

Accuracy on SemCor is measured as ``bench/text_pipeline.py`` measures it: over every held-out
corpus token, its head word's tag (multiwords split at ``_``), as the Penn tag SemCor writes and
as a universal tag; and without SemCor's ``VB ot=notag`` marks (prepositions and ``to`` after a
verb marked as part of it, which the training tags give their usual tag).  On EWT, universal
tags (both sides through :func:`wsd.normalise.universal_tag`) and Penn tags (punctuation counted
right when both are punctuation: SemCor's tag of a punctuation token is its text).

The taggers, each given the same training sentences (:func:`wsd.text.tagged_words`):

* ``nltk``: NLTK's averaged perceptron (:func:`wsd.text.train_tagger`, 5 passes, weights
  rounded to whole numbers), greedy;
* ``crf``: a linear-chain CRF (python-crfsuite, L-BFGS with L1 and L2, 150 iterations) over
  word features without tags (the words, prefixes, suffixes and shapes of a five-word window;
  python-crfsuite is no dependency of the toolkit: ``pip install python-crfsuite`` to run it);
* ``sgd``: scikit-learn's ``SGDClassifier`` (hinge loss, averaged) over NLTK's features, the
  previous tags the gold ones in training and its own in tagging (greedy, as NLTK's).

Times are CPU seconds of this process (the machine is shared: wall time varies several-fold);
sizes are the model as this toolkit would keep it (JSON, and gzip-compressed).

    PYTHONPATH=. python bench/tagger_choice.py --work /tmp/tagger-choice [--taggers nltk crf]

Trained models are kept in ``--work`` and reused (their training times with them).  Measured
(the table of the report that chose the shipped tagger): nltk 95.18 % universal, 91.20 % Penn,
EWT 89.47 % / 76.12 %, 203 CPU-s, 52,010 words/CPU-s, 0.98 MB compressed; crf 95.42 %, 91.51 %,
90.10 % / 76.62 %, 626 CPU-s, 112,317 words/CPU-s (crfsuite's own C tagger), 2.11 MB; sgd
94.52 %, 90.64 %, 88.97 % / 75.91 %, 222 CPU-s, 20,690 words/CPU-s, 3.37 MB.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from text_pipeline import _head, held_out  # noqa: E402

from wsd.corpus import find_semcor  # noqa: E402
from wsd.normalise import universal_tag  # noqa: E402
from wsd.text import load_tagger, save_tagger, semcor_documents, tagged_words  # noqa: E402
from wsd.text import train_tagger as train_perceptron  # noqa: E402

EWT_DEV = Path("/work/shared/data/ud/UD_English-EWT/en_ewt-ud-dev.conllu")
Tagging = Callable[[Sequence[str]], list[str]]


# --- data ----------------------------------------------------------------------------------
def heldout_sentences(root: Path, train: Sequence[str]) -> list[tuple[list[str], list[Any]]]:
    """Each held-out sentence's words and its tokens' ``(head index, gold tag, notag mark)``."""
    out = []
    for item in (i for d in semcor_documents(root, exclude=train) for i in d):
        words: list[str] = []
        heads = []
        for token, note in zip(item.sentence.tokens, item.annotations, strict=True):
            parts = [p for p in token.form.split("_") if p] or [token.form]
            gold = note.tag.split("|", 1)[0] if note.tag else token.form
            notag = gold.startswith("VB") and note.attr("ot") == "notag"
            heads.append((len(words) + _head(parts, gold), gold, notag))
            words += parts
        out.append((words, heads))
    return out


def conllu_sentences(path: Path) -> list[tuple[list[str], list[str]]]:
    """The words and XPOS tags of each sentence of a CoNLL-U file (syntactic words: ``do``
    ``n't``, not the ``don't`` range lines); a straight quote ``"`` written as the pipeline's
    tokenizer writes it in running text, opening `````` and closing ``''`` in turn."""
    out: list[tuple[list[str], list[str]]] = []
    words: list[str] = []
    tags: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if words:
                out.append((words, tags))
            words, tags = [], []
            continue
        columns = line.split("\t")
        if line.startswith("#") or not columns[0].isdigit():
            continue
        word = columns[1]
        if word == '"':
            word = "``" if words.count("``") == words.count("''") else "''"
        words.append(word)
        tags.append(columns[4])
    return out


# --- the taggers ---------------------------------------------------------------------------
def perceptron(train: list[list[tuple[str, str]]], work: Path) -> tuple[Tagging, dict[str, Any]]:
    path = work / "nltk.json"
    if not path.exists():
        started = time.process_time()
        tagger = train_perceptron(train)
        seconds = time.process_time() - started
        save_tagger(tagger, path)
        (work / "nltk.seconds").write_text(f"{seconds:.1f}\n")
    tagger = load_tagger(path)
    return tagger.tag, {"train_cpu_s": float((work / "nltk.seconds").read_text())}


_DIGIT = re.compile(r"\d")


def _shape(word: str) -> str:
    if word.isdigit():
        return "num4" if len(word) == 4 else "num"
    if _DIGIT.search(word):
        return "hasdig"
    if word.isupper():
        return "UP"
    if word[:1].isupper():
        return "Up"
    return "hyph" if "-" in word else "low" if word.isalpha() else "other"


def _norm(word: str) -> str:
    lower = word.lower()
    return "!num" if _DIGIT.search(lower) and not any(c.isalpha() for c in lower) else lower


def crf_features(words: Sequence[str]) -> list[list[str]]:
    """The CRF's features of each word: its own and its neighbours' (no tags)."""
    low = [_norm(w) for w in words]
    n = len(words)

    def at(i: int) -> str:
        return low[i] if 0 <= i < n else "<s>" if i < 0 else "</s>"

    rows = []
    for i, word in enumerate(words):
        w, p1, n1 = low[i], at(i - 1), at(i + 1)
        row = [
            "b",
            f"w={w}",
            f"s1={w[-1:]}",
            f"s2={w[-2:]}",
            f"s3={w[-3:]}",
            f"pr1={w[:1]}",
            f"sh={_shape(word)}",
            f"w-1={p1}",
            f"w+1={n1}",
            f"w-2={at(i - 2)}",
            f"w+2={at(i + 2)}",
            f"s3-1={p1[-3:]}",
            f"s3+1={n1[-3:]}",
            f"s4={w[-4:]}",
            f"pr2={w[:2]}",
            f"pr3={w[:3]}",
            f"w-1w={p1}|{w}",
            f"ww+1={w}|{n1}",
            f"sh-1={_shape(words[i - 1]) if i else '<s>'}",
            f"sh+1={_shape(words[i + 1]) if i + 1 < n else '</s>'}",
        ]
        if i == 0:
            row.append("first")
        if "-" in word:
            row.append("hyph")
        rows.append(row)
    return rows


def crf(train: list[list[tuple[str, str]]], work: Path) -> tuple[Tagging, dict[str, Any]]:
    import pycrfsuite

    path = work / "crf.crfsuite"
    if not path.exists():
        started = time.process_time()
        trainer = pycrfsuite.Trainer(algorithm="lbfgs", verbose=False)
        trainer.set_params({"c1": 0.1, "c2": 0.01, "max_iterations": 150})
        for sentence in train:
            trainer.append(crf_features([w for w, _ in sentence]), [t for _, t in sentence])
        trainer.train(str(path))
        (work / "crf.seconds").write_text(f"{time.process_time() - started:.1f}\n")
    tagger = pycrfsuite.Tagger()
    tagger.open(str(path))
    info = tagger.info()
    weights = {f"{a}\t{t}": w for (a, t), w in info.state_features.items()}
    weights.update({f"{a}>{b}": w for (a, b), w in info.transitions.items()})
    (work / "crf.json").write_text(json.dumps(weights) + "\n")

    def tag(words: Sequence[str]) -> list[str]:
        return list(tagger.tag(crf_features(words))) if words else []

    return tag, {"train_cpu_s": float((work / "crf.seconds").read_text())}


def sgd(train: list[list[tuple[str, str]]], work: Path) -> tuple[Tagging, dict[str, Any]]:
    import numpy as np
    from nltk.tag.perceptron import PerceptronTagger
    from scipy.sparse import csr_matrix
    from sklearn.linear_model import SGDClassifier

    nltk = PerceptronTagger(load=False)
    start, end = ["-START-", "-START2-"], ["-END-", "-END2-"]

    def features(i: int, word: str, context: list[str], prev: str, prev2: str) -> list[str]:
        return list(nltk._get_features(i, word, context, prev, prev2))

    path = work / "sgd.json"
    if not path.exists():
        started = time.process_time()
        vocabulary: dict[str, int] = {}
        columns: list[int] = []
        rows = [0]
        labels = []
        for sentence in train:
            words = [w for w, _ in sentence]
            context = start + [nltk.normalize(w) for w in words] + end
            prev, prev2 = start
            for i, (word, tag) in enumerate(sentence):
                columns += [
                    vocabulary.setdefault(f, len(vocabulary))
                    for f in features(i, word, context, prev, prev2)
                ]
                rows.append(len(columns))
                labels.append(tag)
                prev2, prev = prev, tag
        matrix = csr_matrix(
            (np.ones(len(columns), dtype=np.float32), columns, rows),
            shape=(len(labels), len(vocabulary)),
        )
        model = SGDClassifier(alpha=1e-6, max_iter=10, tol=None, average=True, random_state=1)
        model.fit(matrix, labels)
        coef = model.coef_.T
        names = sorted(vocabulary, key=vocabulary.__getitem__)
        weights = {
            name: {c: round(float(w), 4) for c, w in zip(model.classes_, coef[j], strict=True) if w}
            for j, name in enumerate(names)
        }
        data = {
            "classes": [str(c) for c in model.classes_],
            "bias": [float(b) for b in model.intercept_],
            "weights": {f: w for f, w in weights.items() if w},
            "seconds": time.process_time() - started,
        }
        path.write_text(json.dumps(data) + "\n")
    data = json.loads(path.read_text())
    classes = data["classes"]
    index = {c: k for k, c in enumerate(classes)}
    table = {f: [(index[c], v) for c, v in w.items()] for f, w in data["weights"].items()}

    def tag(words: Sequence[str]) -> list[str]:
        context = start + [nltk.normalize(w) for w in words] + end
        prev, prev2 = start
        tags = []
        for i, word in enumerate(words):
            scores = np.array(data["bias"])
            for f in features(i, word, context, prev, prev2):
                for k, v in table.get(f, ()):
                    scores[k] += v
            guess = classes[int(scores.argmax())]
            tags.append(guess)
            prev2, prev = prev, guess
        return tags

    return tag, {"train_cpu_s": data["seconds"]}


TAGGERS = {
    "nltk": (perceptron, "nltk.json"),
    "crf": (crf, "crf.json"),
    "sgd": (sgd, "sgd.json"),
}


# --- measures ------------------------------------------------------------------------------
def accuracy(
    tag: Tagging,
    heldout: list[tuple[list[str], list[Any]]],
    ewt: list[tuple[list[str], list[str]]],
) -> dict[str, Any]:
    counts: Counter[str] = Counter()
    started = time.process_time()
    for words, heads in heldout:
        tags = tag(words)
        counts["words"] += len(words)
        for index, gold, notag in heads:
            got = tags[index]
            same = universal_tag(got) == universal_tag(gold)
            counts["tokens"] += 1
            counts["penn"] += got == gold
            counts["universal"] += same
            counts["tagged"] += not notag
            counts["tagged_universal"] += same and not notag
    counts["cpu_s"] = time.process_time() - started
    for words, gold_tags in ewt:
        for got, gold in zip(tag(words), gold_tags, strict=True):
            same = universal_tag(got) == universal_tag(gold)
            counts["ewt"] += 1
            counts["ewt_universal"] += same
            counts["ewt_penn"] += got == gold or (same and universal_tag(gold) == ".")
    return {
        "universal": counts["universal"] / counts["tokens"],
        "penn": counts["penn"] / counts["tokens"],
        "universal_without_notag": counts["tagged_universal"] / counts["tagged"],
        "ewt_universal": counts["ewt_universal"] / counts["ewt"],
        "ewt_penn": counts["ewt_penn"] / counts["ewt"],
        "words_per_cpu_s": counts["words"] / counts["cpu_s"],
        "tokens": counts["tokens"],
        "ewt_tokens": counts["ewt"],
    }


def sizes(path: Path) -> dict[str, int]:
    raw = path.read_bytes()
    return {"bytes": len(raw), "gzip_bytes": len(gzip.compress(raw, mtime=0))}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, required=True, help="folder for the models")
    parser.add_argument("--corpus", help="SemCor 3.0 (default: $WSD_SEMCOR)")
    parser.add_argument("--ewt", type=Path, default=EWT_DEV, help="UD English EWT's dev file")
    parser.add_argument("--taggers", nargs="*", default=list(TAGGERS), choices=list(TAGGERS))
    args = parser.parse_args(argv)
    root = find_semcor(args.corpus)
    args.work.mkdir(parents=True, exist_ok=True)
    held, train_files = held_out(root)
    train = tagged_words(semcor_documents(root, exclude=held))
    heldout = heldout_sentences(root, train_files)
    ewt = conllu_sentences(args.ewt)
    results: dict[str, dict[str, Any]] = {}
    for name in args.taggers:
        make, file = TAGGERS[name]
        tag, info = make(train, args.work)
        results[name] = {**info, **accuracy(tag, heldout, ewt), **sizes(args.work / file)}
        (args.work / "tagger_choice.json").write_text(json.dumps(results, indent=1) + "\n")
    first = next(iter(results.values()))
    print(
        f"{len(held)} held-out files, {first['tokens']:,} tokens; EWT dev {first['ewt_tokens']:,} "
        f"words; trained on {len(train_files)} files, {sum(map(len, train)):,} words"
    )
    print(
        "tagger        universal  Penn   univ. w/o notag  EWT univ.  EWT Penn  "
        "train CPU-s  words/CPU-s  JSON MB  gzip MB"
    )
    for name, r in results.items():
        print(
            f"{name:12s}  {r['universal']:8.2%}  {r['penn']:6.2%}"
            f"  {r['universal_without_notag']:15.2%}  {r['ewt_universal']:9.2%}"
            f"  {r['ewt_penn']:8.2%}  {r['train_cpu_s']:11.0f}  {r['words_per_cpu_s']:11,.0f}"
            f"  {r['bytes'] / 1e6:7.1f}  {r['gzip_bytes'] / 1e6:7.2f}"
        )
    if "nltk" in results:
        base = results["nltk"]
        print("ratios to nltk (training time, tagging speed, gzip size):")
        for name, r in results.items():
            print(
                f"  {name:12s} {r['train_cpu_s'] / base['train_cpu_s']:5.2f}x  "
                f"{r['words_per_cpu_s'] / base['words_per_cpu_s']:5.2f}x  "
                f"{r['gzip_bytes'] / base['gzip_bytes']:5.2f}x"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
