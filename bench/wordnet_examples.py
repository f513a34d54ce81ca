"""WordNet's verb examples and templates as training instances (:mod:`wsd.text.wordnet_examples`):
what they give, how long they take, and which senses of SemCor and of the held-out (docs/results.md)
split (every 10th tag file by name) they cover.

    PYTHONPATH=. python bench/wordnet_examples.py [--tagger FILE] [--semcor DIR] [--json OUT]

Figures: the time to read WordNet's files (:func:`thesaurus.wordnet.verb_examples.verb_synsets`, a
fresh read), to tag every example and template (the cache beside the tagger file deleted
first) and to make the instances from the cache; synsets with examples, examples, instances
made with and without substitution, skips by reason; the distinct senses of SemCor's verb
instances that get at least one WordNet instance; and on the held-out split the "unseen
sense" instances (a gold instance whose verb occurs in the training part and whose gold sense
does not) whose gold sense gets one.  ``--tagger`` defaults to the user cache's tagger.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from thesaurus import verb_examples  # noqa: E402
from wsd.corpus import find_semcor, load_corpus, semcor_files  # noqa: E402
from wsd.text import tagger_path  # noqa: E402
from wsd.text.wordnet_examples import EXAMPLE_SOURCE, WordNetExamples, wordnet_examples  # noqa: E402
from wsd.types import Instance  # noqa: E402


def timed(what: str, figures: dict[str, Any], call: Any) -> Any:
    started = time.perf_counter()
    result = call()
    figures[f"seconds:{what}"] = round(time.perf_counter() - started, 2)
    print(f"{what}: {figures[f'seconds:{what}']} s", file=sys.stderr, flush=True)
    return result


def senses(made: WordNetExamples, *sources: str) -> set[str]:
    return {
        key for x in made.instances if not sources or x.sentence.source in sources for key in x.gold
    }


def unseen_senses(root: Path) -> list[Instance]:
    """The held-out split's gold instances of verbs the training part has, whose gold sense
    it does not have."""
    names = sorted(p.name.removesuffix(".xml") for p in semcor_files(root))
    held = set(names[0::10])
    train = load_corpus(root, files=[n for n in names if n not in held], frames=False)
    test = load_corpus(root, files=sorted(held), frames=False)
    seen: defaultdict[str, set[str]] = defaultdict(set)
    for x in train.instances:
        seen[x.lemma].update(x.gold)
    return [
        x for x in test.instances if x.gold and x.lemma in seen and not set(x.gold) & seen[x.lemma]
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tagger", type=Path, default=None)
    parser.add_argument("--semcor", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    tagger = args.tagger or tagger_path()
    figures: dict[str, Any] = {"tagger": str(tagger)}

    verb_examples.clear_cache()
    synsets = timed("read-wordnet", figures, verb_examples.verb_synsets)
    figures["verb synsets"] = len(synsets)
    figures["synsets with examples"] = sum(1 for s in synsets if s.examples)
    figures["examples"] = sum(len(s.examples) for s in synsets)

    for cached in tagger.parent.glob("wordnet-examples-tags-*"):  # tagged again, to time it
        cached.unlink()
    full = timed("tag-and-make", figures, lambda: wordnet_examples(tagger=tagger))
    full = timed("make-from-cache", figures, lambda: wordnet_examples(tagger=tagger))
    plain = timed(
        "make-without-substitution",
        figures,
        lambda: wordnet_examples(tagger=tagger, substitute=False),
    )
    figures["counts"] = full.counts
    figures["skipped"] = full.skipped
    figures["instances with substitution"] = len(full.instances)
    figures["instances without substitution"] = len(plain.instances)
    by_kind = {
        "all": senses(full),
        "examples, substituted": senses(full, EXAMPLE_SOURCE),
        "examples, own lemma only": senses(plain, EXAMPLE_SOURCE),
        "no substitution, templates": senses(plain),
    }
    figures["senses with an instance"] = {k: len(v) for k, v in by_kind.items()}

    root = find_semcor(args.semcor)
    corpus = timed("load-semcor", figures, lambda: load_corpus(root, frames=False))
    semcor_senses = {key for x in corpus.instances for key in x.gold}
    figures["SemCor verb senses"] = len(semcor_senses)
    figures["SemCor verb senses covered"] = {k: len(semcor_senses & v) for k, v in by_kind.items()}
    unseen = timed("held-out-split", figures, lambda: unseen_senses(root))
    figures["held-out unseen-sense instances"] = len(unseen)
    figures["held-out unseen-sense instances covered"] = {
        k: sum(1 for x in unseen if set(x.gold) & v) for k, v in by_kind.items()
    }
    text = json.dumps(figures, indent=1)
    print(text)
    if args.json is not None:
        args.json.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
