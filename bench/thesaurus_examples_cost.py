"""What WordNet's examples cost in training time (at most 1.5x).

First ``wsd.text.wordnet_examples.wordnet_examples()`` itself: made anew from the tagging cache (as
before the cache of its documents, :mod:`wsd.text.wordnet_documents`: the synsets passed
explicitly, which are never cached) and read from that cache (after one call has filled it),
alternately, three times each; prints seconds and the ratio of the medians.

Then each method trained on all of SemCor without WordNet's examples
(``thesaurus_examples=0``) and with them (``=1``), the documents cache warm, in the order 0, 1,
1, 0 so that drift on a shared machine cancels; prints each fit's wall time and the ratio of
the means.  With ``--uncached`` the ``=1`` fits make the examples anew instead (the
documents cache bypassed: the cost before it).  The tagger and its tagging of WordNet's
sentences should be cached first (one ``wordnet_examples()`` call), as after a user's first
such run.

    WSD_TAGGER_CACHE=DIR PYTHONPATH=. python bench/thesaurus_examples_cost.py [--uncached]
        [--no-fits] [hybrid ims ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import wsd.text.wordnet_examples as examples_module  # noqa: E402
from thesaurus.wordnet.verb_examples import verb_synsets  # noqa: E402
from wsd.corpus import find_semcor, load_corpus  # noqa: E402
from wsd.methods import make_method  # noqa: E402

ORDER = (0, 1, 1, 0)


def seconds(call: Callable[..., Any], *args: Any, **options: Any) -> float:
    started = time.perf_counter()
    call(*args, **options)
    return time.perf_counter() - started


def examples_cost() -> None:
    """wordnet_examples() made anew vs read from the documents cache."""
    synsets = verb_synsets()
    examples_module.wordnet_examples()  # fills the cache (a build if it is missing or stale)
    times: dict[str, list[float]] = {"made anew": [], "from the cache": []}
    for _ in range(3):
        times["made anew"].append(seconds(examples_module.wordnet_examples, synsets=synsets))
        times["from the cache"].append(seconds(examples_module.wordnet_examples))
    for what, values in times.items():
        shown = ", ".join(f"{v:.2f}" for v in values)
        print(f"wordnet_examples() {what}: {shown} s", flush=True)
    ratio = statistics.median(times["made anew"]) / statistics.median(times["from the cache"])
    print(f"wordnet_examples(): made anew / from the cache = {ratio:.1f}x", flush=True)


def fits_cost(methods: list[str]) -> None:
    root = find_semcor()
    for method in methods:
        window = make_method(method).context_window
        instances = load_corpus(root, context_window=window).instances
        times: dict[int, list[float]] = {0: [], 1: []}
        for k in ORDER:
            times[k].append(seconds(make_method(method, thesaurus_examples=k).fit, instances))
            print(f"{method} thesaurus_examples={k}: {times[k][-1]:.1f} s", flush=True)
        ratio = (sum(times[1]) / len(times[1])) / (sum(times[0]) / len(times[0]))
        print(f"{method}: with / without WordNet's examples = {ratio:.2f}x", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("methods", nargs="*", default=["hybrid", "ims", "example", "bayes"])
    parser.add_argument("--uncached", action="store_true", help="fits without the cache")
    parser.add_argument("--no-fits", action="store_true", help="only wordnet_examples()")
    args = parser.parse_args(argv)
    examples_cost()
    if args.uncached:  # every call makes the documents anew, as before their cache
        examples_module.cached_example_documents = lambda _file, _options, build: build()
    if not args.no_fits:
        fits_cost(args.methods)


if __name__ == "__main__":
    main()
