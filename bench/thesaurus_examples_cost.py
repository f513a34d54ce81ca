"""What WordNet's examples cost in training time (issue 31: at most 1.5x): each method trained on
all of SemCor without them (``thesaurus_examples=0``) and with them (``=1``), in the order
0, 1, 1, 0 so that drift on a shared machine cancels; prints each fit's wall time and the
ratio of the means.  The tagger and its tagging of WordNet's sentences should be cached first
(one ``wsd.wordnet_examples.wordnet_examples()`` call), as after a user's first such run.

    WSD_TAGGER_CACHE=DIR PYTHONPATH=. python bench/thesaurus_examples_cost.py [hybrid ims ...]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from wsd.corpus import find_semcor, load_corpus  # noqa: E402
from wsd.methods import make_method  # noqa: E402

ORDER = (0, 1, 1, 0)


def main(methods: list[str]) -> None:
    root = find_semcor()
    for method in methods:
        window = make_method(method).context_window
        instances = load_corpus(root, context_window=window).instances
        times: dict[int, list[float]] = {0: [], 1: []}
        for k in ORDER:
            started = time.perf_counter()
            make_method(method, thesaurus_examples=k).fit(instances)
            times[k].append(time.perf_counter() - started)
            print(f"{method} thesaurus_examples={k}: {times[k][-1]:.1f} s", flush=True)
        ratio = (sum(times[1]) / len(times[1])) / (sum(times[0]) / len(times[0]))
        print(f"{method}: with / without WordNet's examples = {ratio:.2f}x", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or ["hybrid", "ims", "example", "bayes"])
