"""The plain-text pipeline on SemCor's held-out split (docs/results.md, "The held-out split":
every 10th
tag file by name, 36 files), with a tagger trained on the other 316 files only.

(a) Tagger accuracy over the held-out corpus tokens: the tagger tags the split words of each
sentence (multiwords split at ``_``); a corpus token is tagged right when its head word
(:mod:`wsd.text.training`) gets its Penn tag, or, at the level the pipeline reads, the same
universal tag; verb tokens (``VB*``, the loader's verb tokens) found as verbs (``VB*``).

(b) End to end: hybrid and example trained on the 316 files; the held-out files disambiguated
from their gold tags (``load_corpus``) and from their raw text (each file's words joined by
spaces, multiwords split at ``_``, one document per file, so sentences, tokens, tags and
multiwords are found again).  Exact precision over the held-out gold instances (those with a
gold key); a gold instance the text pipeline did not find (no instance starting at its first
character) counts as wrong.

    PYTHONPATH=. python bench/text_pipeline.py --work /tmp/text-bench [--methods hybrid example]

Models and the tagger (and its two perceptrons: change a model of the tagger, delete
``tagger-train.json`` alone) are kept in ``--work`` and reused; seeds are fixed (the tagger's
:data:`wsd.text.tagger.SEED`, each method's own).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from wsd.corpus import find_semcor, load_corpus, load_sentences, semcor_files  # noqa: E402
from wsd.normalise import universal_tag  # noqa: E402
from wsd.text import (  # noqa: E402
    Tagger,
    fold_files,
    load_tagger,
    save_tagger,
    semcor_documents,
    sentence_multiwords,
    tag_text,
    tag_words,
    tagged_words,
    train_semcor_tagger,
    train_tagger,
)
from wsd.types import AnnotatedSentence  # noqa: E402


def held_out(root: Path) -> tuple[list[str], list[str]]:
    """(held-out, training) tag file names: every 10th by name, from the first."""
    names = sorted(p.name.removesuffix(".xml") for p in semcor_files(root))
    held = names[0::10]
    return held, [n for n in names if n not in set(held)]


def training_tagger(root: Path, held: Sequence[str], train: Sequence[str], work: Path) -> Tagger:
    """The tagger of the training files, kept in ``work`` with its two perceptrons (the fold's,
    :func:`wsd.text.fold_files`, and the one of all the training files), each trained once."""
    path = work / "tagger-train.json"
    if path.exists():
        return load_tagger(path)
    started = time.perf_counter()
    fold = perceptron(work / "tagger-fold.json", root, [*held, *fold_files(train)])
    every = perceptron(work / "tagger-perceptron.json", root, held)
    tagger = train_semcor_tagger(root, exclude=held, fold_tagger=fold, perceptron=every)
    save_tagger(tagger, path)
    print(
        f"tagger trained on {tagger.source['files']} files in {time.perf_counter() - started:.0f} s"
    )
    return tagger


def perceptron(path: Path, root: Path, exclude: Sequence[str]) -> Tagger:
    """The perceptron of SemCor's files but ``exclude``, kept at ``path``."""
    if path.exists():
        return load_tagger(path)
    tagger = train_tagger(tagged_words(semcor_documents(root, exclude=exclude)))
    save_tagger(tagger, path)
    return tagger


def _head(parts: list[str], tag: str) -> int:
    return 0 if tag.startswith("VB") or tag == "MD" or tag in ("NNP", "NNPS") else len(parts) - 1


def tagger_accuracy(tagger: Tagger, documents: list[list[AnnotatedSentence]]) -> dict[str, Any]:
    """Counts of (a) over the held-out sentences."""
    counts: Counter[str] = Counter()
    for item in (i for d in documents for i in d):
        words, heads, joined = [], [], set()
        for token, note in zip(item.sentence.tokens, item.annotations, strict=True):
            parts = [p for p in token.form.split("_") if p] or [token.form]
            gold = note.tag.split("|", 1)[0] if note.tag else token.form
            heads.append((len(words) + _head(parts, gold), gold, note))
            if gold.startswith("VB") and len(parts) > 1:
                joined.add((len(words), len(words) + len(parts)))
            words += parts
        tags = tagger.tag(words)
        read, _ = tag_words(words, tagger)  # with the verb detector
        found = set(sentence_multiwords(words, read, tagger).items())
        counts["multiwords"] += len(joined)
        counts["multiwords_found"] += len(joined & found)
        counts["multiwords_joined"] += len(found)
        for index, gold, note in heads:
            got = tags[index]
            counts["tokens"] += 1
            counts["penn"] += got == gold
            counts["universal"] += universal_tag(got) == universal_tag(gold)
            if not (gold.startswith("VB") and note.attr("ot") == "notag"):
                counts["tagged_tokens"] += 1  # SemCor's verb-part marks left out
                counts["tagged_universal"] += universal_tag(got) == universal_tag(gold)
            if gold.startswith("VB"):
                counts["verbs"] += 1
                counts["verbs_found"] += got.startswith("VB")
                if note.lemma is not None:  # a sense-tagged verb: an instance of the loader
                    counts["sense_verbs"] += 1
                    counts["sense_verbs_found"] += got.startswith("VB")
                    counts["sense_verbs_read"] += read[index].startswith("VB")
            counts["tagged_verbs"] += got.startswith("VB")
            counts["tagged_verbs_right"] += got.startswith("VB") and gold.startswith("VB")
            counts["read_verbs"] += read[index].startswith("VB")
            counts["read_verbs_sense"] += (
                read[index].startswith("VB") and gold.startswith("VB") and note.lemma is not None
            )
    return dict(counts)


def raw_text(document: list[AnnotatedSentence]) -> tuple[str, dict[tuple[str, int], int]]:
    """A file's words joined by spaces, and each token's first character."""
    pieces: list[str] = []
    starts: dict[tuple[str, int], int] = {}
    offset = 0
    for item in document:
        for position, token in enumerate(item.sentence.tokens):
            starts[item.sentence.id, position] = offset
            for word in (p for p in token.form.split("_") if p):
                pieces.append(word)
                offset += len(word) + 1
    return " ".join(pieces), starts


def model(name: str, root: Path, train: Sequence[str], work: Path) -> Any:
    from wsd.methods import load_model, make_method, save_model

    path = work / f"{name}-train.json"
    if path.exists():
        return load_model(path)
    started = time.perf_counter()
    method = make_method(name)
    instances = load_corpus(root, files=train, context_window=method.context_window).instances
    method.fit(instances)
    save_model(method, path)
    print(f"{name} trained on {len(instances)} instances in {time.perf_counter() - started:.0f} s")
    return method


def end_to_end(
    method: Any,
    root: Path,
    held: Sequence[str],
    documents: list[list[AnnotatedSentence]],
    tagger: Tagger,
) -> dict[str, Any]:
    """Counts of (b) for one method."""
    window = method.context_window
    gold_corpus = load_corpus(root, files=held, require_gold=False, context_window=window)
    gold = [i for i in gold_corpus.instances if i.gold]
    by_gold = {p.instance_id: p.sense for p in method.rank(gold)}
    counts: Counter[str] = Counter(gold=len(gold))
    counts["right_from_tags"] = sum(by_gold[i.id] in i.gold for i in gold)
    found: dict[tuple[str, int], Any] = {}  # (file, first character) -> text instance
    starts_of: dict[tuple[str, int], int] = {}  # (sentence id, position) -> first character
    text_verbs = 0
    started = time.perf_counter()
    for document in documents:
        name = document[0].sentence.source
        text, starts = raw_text(document)
        starts_of.update(starts)
        sentences = tag_text(text, tagger, doc=name)
        corpus = load_sentences([[s.item for s in sentences]], source=name, context_window=window)
        text_verbs += corpus.stats.verb_instances
        index = {s.item.sentence.id: s.spans for s in sentences}
        predictions = {p.instance_id: p.sense for p in method.rank(corpus.instances)}
        for instance in corpus.instances:
            first = index[instance.sentence.id][instance.position][0]
            found[name, first] = (instance, predictions[instance.id])
        tokens = {  # (file, first character) -> the text token's form and annotation
            (name, span[0]): (token.form, note)
            for s in sentences
            for span, token, note in zip(
                s.spans, s.item.sentence.tokens, s.item.annotations, strict=True
            )
        }
        counts["sentences_gold"] += len(document)
        counts["sentences_text"] += len(sentences)
        for instance in (i for i in gold if i.sentence.source == name):
            first = starts[instance.sentence.id, instance.position]
            hit = found.get((name, first))
            if hit is None:
                counts["not_found"] += 1
                counts[f"lost:{_why_not_found(tokens.get((name, first)))}"] += 1
                continue
            text_instance, sense = hit
            counts["found"] += 1
            counts["same_lemma"] += text_instance.lemma == instance.lemma
            if text_instance.lemma != instance.lemma:
                counts[f"lost:{_why_other_lemma(instance, text_instance)}"] += 1
            counts["right_from_text"] += sense in instance.gold
            if text_instance.lemma == instance.lemma:
                counts["same_lemma_right_from_tags"] += by_gold[instance.id] in instance.gold
                counts["same_lemma_right_from_text"] += sense in instance.gold
    counts["text_instances"] = text_verbs
    gold_starts = {(i.sentence.source, starts_of[i.sentence.id, i.position]) for i in gold}
    counts["text_instances_gold"] = len(gold_starts & set(found))
    counts["text_seconds"] = round(time.perf_counter() - started)
    return dict(counts)


def _why_not_found(token: tuple[str, Any] | None) -> str:
    """Why a gold verb is no text instance: the text token at its first character."""
    if token is None:
        return "not found: no text token starts there (tokens or a multiword differ)"
    form, note = token
    if note.attr("ot") is not None:
        return f"not found: a verb token skipped ({note.attr('ot')})"
    if "_" in form:
        return "not found: inside another joined run"
    return f"not found: not read as a verb (tagged {universal_tag(note.tag) or 'nothing'})"


def _why_other_lemma(gold: Any, text: Any) -> str:
    """Why a gold verb found in the text has another lemma there."""
    gold_joined = "_" in gold.sentence.tokens[gold.position].form
    text_joined = "_" in text.sentence.tokens[text.position].form
    if text_joined and not gold_joined:
        return "another lemma: joined, SemCor leaves the words apart"
    if gold_joined and not text_joined:
        return "another lemma: SemCor joins the words, the text road leaves them apart"
    if gold_joined:
        return "another lemma: both joined, other words"
    if "_" in gold.lemma:
        return "another lemma: SemCor gives one word a multiword lemma (words apart)"
    return "another lemma: one word, SemCor's lemma is not morphy's"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, required=True, help="folder for the tagger and models")
    parser.add_argument("--corpus", help="SemCor 3.0 (default: $WSD_SEMCOR)")
    parser.add_argument("--methods", nargs="*", default=["hybrid", "example"])
    args = parser.parse_args(argv)
    root = find_semcor(args.corpus)
    args.work.mkdir(parents=True, exist_ok=True)
    held, train = held_out(root)
    tagger = training_tagger(root, held, train, args.work)
    documents = semcor_documents(root, exclude=train)
    a = tagger_accuracy(tagger, documents)
    report: dict[str, Any] = {"held_out_files": len(held), "tagger": a}
    print(f"(a) tagger on {len(held)} held-out files, {a['tokens']} tokens:")
    print(f"    all tokens, universal tag  {a['universal'] / a['tokens']:.2%}")
    print(f"    all tokens, Penn tag       {a['penn'] / a['tokens']:.2%}")
    print(
        f"    universal tag, without SemCor's VB ot=notag marks "
        f"{a['tagged_universal'] / a['tagged_tokens']:.2%} of {a['tagged_tokens']}"
    )
    print(f"    verb tokens found as verbs {a['verbs_found'] / a['verbs']:.2%} of {a['verbs']}")
    senses = a["sense_verbs_found"] / a["sense_verbs"]
    print(f"    sense-tagged verb tokens found as verbs {senses:.2%} of {a['sense_verbs']}")
    print(f"    tokens tagged VB* that are  {a['tagged_verbs_right'] / a['tagged_verbs']:.2%}")
    read = a["sense_verbs_read"] / a["sense_verbs"]
    print(
        f"    with the verb detector: sense-tagged verb tokens read as verbs {read:.2%}; tokens "
        f"read as verbs {a['read_verbs']}, {a['read_verbs_sense']} of them sense-tagged verbs"
    )
    extra = a["multiwords_joined"] - a["multiwords_found"]
    print(
        f"    multiword verbs: SemCor writes {a['multiwords']} as one token, the lookup and the "
        f"multiword model join {a['multiwords_found']} of them and {extra} runs SemCor leaves split"
    )
    print("(b) exact precision over held-out gold instances, from gold tags vs from raw text:")
    for name in args.methods:
        c = end_to_end(model(name, root, train, args.work), root, held, documents, tagger)
        report[name] = c
        tags, text = c["right_from_tags"] / c["gold"], c["right_from_text"] / c["gold"]
        print(
            f"    {name:8s} {tags:.3f} -> {text:.3f} ({(text - tags) * 100:+.1f} points); "
            f"{c['gold']} gold instances, {c['not_found']} not found, "
            f"{c['found'] - c['same_lemma']} found with another lemma; sentences "
            f"{c['sentences_gold']} -> {c['sentences_text']}"
        )
        print(
            f"             on the {c['same_lemma']} found with the same lemma: right from tags "
            f"{c['same_lemma_right_from_tags']}, from text {c['same_lemma_right_from_text']}"
        )
        print(
            f"             {c['text_instances']} text instances, {c['text_instances_gold']} of "
            "them gold instances"
        )
        for why, n in sorted((k, v) for k, v in c.items() if k.startswith("lost:")):
            print(f"             {n:5d} {why.removeprefix('lost:')}")
    (args.work / "text_pipeline.json").write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
