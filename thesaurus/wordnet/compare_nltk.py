"""How our WordNet path lengths relate to NLTK's ``shortest_path_distance(simulate_root=True)``.

``wsd thesaurus compare-nltk [--pairs N] [--seed S]`` (needs NLTK's WordNet) draws N random
synset pairs per thesaurus and prints, as JSON, the shares ``thesaurus/README.md`` quotes:
``single`` pairs (one hypernym path each; expected ``ours == nltk + 2`` when meeting at our
``ROOT``, else equal), ``multi`` pairs (``equal``, ``ours_longer``, ``ours_shorter``),
``raw_equal`` and ``lca_is_root``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from thesaurus._core import Thesaurus
from thesaurus.specs import load

__all__ = ["compare", "expected_offset"]


def expected_offset(thes: Thesaurus, a: int, b: int) -> int:
    """What we add to NLTK's distance on a single-path pair: 2 for a verb pair meeting at the
    virtual ``ROOT`` (above the lexicographer-file nodes), else 0."""
    verbs = thes.name.startswith("wordnet-verb")
    return 2 if verbs and thes.lca(a, b) == thes.root else 0


def compare(spec: str, n_pairs: int, seed: int) -> dict[str, Any]:
    """Counts of the classes in the module docstring for ``n_pairs`` random synset pairs."""
    from thesaurus.wordnet.data import wordnet

    wn = wordnet()
    thes = load(spec)
    pos = ".v." if spec.startswith("wordnet-verb") else ".n."
    synset_nodes = [i for i in range(thes.n_nodes) if pos in thes.node_name(i)]
    rng = np.random.default_rng(seed)
    picks = rng.choice(synset_nodes, size=(n_pairs, 2))
    single_paths: dict[int, bool] = {}
    counts = dict.fromkeys(
        ("raw_equal", "single", "single_expected", "multi", "equal", "ours_longer", "ours_shorter"),
        0,
    )
    at_root = 0
    for a, b in picks.tolist():
        s, t = wn.synset(thes.node_name(a)), wn.synset(thes.node_name(b))
        for node, synset in ((a, s), (b, t)):
            if node not in single_paths:
                single_paths[node] = len(synset.hypernym_paths()) == 1
        ours = thes.path_length(a, b)
        raw = s.shortest_path_distance(t, simulate_root=True)
        counts["raw_equal"] += ours == raw
        theirs = raw + expected_offset(thes, a, b)
        at_root += thes.lca(a, b) == thes.root
        if single_paths[a] and single_paths[b]:
            counts["single"] += 1
            counts["single_expected"] += ours == theirs
            continue
        counts["multi"] += 1
        key = "equal" if ours == theirs else "ours_longer" if ours > theirs else "ours_shorter"
        counts[key] += 1
    return {"spec": spec, "pairs": n_pairs, "seed": seed, "lca_is_root": at_root, **counts}
