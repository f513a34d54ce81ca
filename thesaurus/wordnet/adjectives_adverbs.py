"""WordNet 3.0 adjective and adverb thesauri, built from ``data.adj`` / ``data.adv`` and cached.

- **adjectives** (``wordnet-adj``; ``ss_type`` 3 and 5): ``ROOT`` -> antonym group
  (``antonyms:<first head>``, heads joined by ``!``, or ``unopposed:<head>``) ->
  ``cluster:<head>`` -> the head synset and its satellites (a satellite joins its
  lowest-offset ``&`` head's cluster, else one of its own); every synset at depth 3.
- **adverbs** (``wordnet-adv``; ``ss_type`` 4): ``ROOT`` -> ``adv.all`` -> ``adj:<head>`` (the
  cluster its ``\\`` pertainyms reach, the lowest-offset head if several) -> adverb; one
  without a pertainym gets ``adv:<adverb>``.

The reasons are in ``thesaurus/README.md``.
"""

from __future__ import annotations

from thesaurus._core import Thesaurus
from thesaurus.wordnet.verbs_nouns import (
    ROOT,
    SS_TYPES,
    Synset,
    Tree,
    components,
    files_read,
    index_offsets,
    load_wordnet,
    read_lexnames,
    read_synsets,
    sense_rows,
    synset_name,
)

__all__ = [
    "ADJ_PREFIX",
    "ANTONYMS_PREFIX",
    "CLUSTER_PREFIX",
    "OWN_PREFIX",
    "UNOPPOSED_PREFIX",
    "build_adjectives",
    "build_adverbs",
    "load_wordnet_adjectives",
    "load_wordnet_adverbs",
]

ANTONYMS_PREFIX = "antonyms:"  # the clusters of antonymous adjective heads
UNOPPOSED_PREFIX = "unopposed:"  # the group of a cluster whose head has no antonym
CLUSTER_PREFIX = "cluster:"  # a head and its satellites
ADJ_PREFIX = "adj:"  # the adjective cluster adverbs derive from
OWN_PREFIX = "adv:"  # an adverb without a pertainym, a cluster of its own


def _satellites(adjectives: list[Synset]) -> frozenset[int]:
    return frozenset(synset.offset for synset in adjectives if synset.ss_type == "s")


def _heads(adjectives: list[Synset]) -> dict[int, int]:
    """``offset -> offset of its cluster's head`` for every adjective synset."""
    heads = {synset.offset for synset in adjectives if synset.ss_type == "a"}
    out = {}
    for synset in adjectives:
        if synset.offset in heads:
            out[synset.offset] = synset.offset
        else:
            own = [target for target in synset.targets("&") if target in heads]
            out[synset.offset] = min(own) if own else synset.offset
    return out


def build_adjectives() -> Tree:
    """The ``wordnet-adj`` tree (module docstring) for :func:`load_wordnet`."""
    synsets = read_synsets("adj")
    index = index_offsets("adj")
    satellites = _satellites(synsets)
    node = {synset.offset: 1 + k for k, synset in enumerate(synsets)}
    names = [ROOT, *(synset_name(synset, index, satellites) for synset in synsets)]
    parent = [-1] * len(names)
    head_of = _heads(synsets)
    heads = {synset.offset for synset in synsets if synset.ss_type == "a"}
    links = (
        (synset.offset, target)
        for synset in synsets
        if synset.offset in heads
        for target in synset.targets("!")
        if target in heads
    )
    opposed = components(links)
    grouped = {offset for group in opposed for offset in group}
    alone = [[offset] for offset in sorted(set(head_of.values()) - grouped)]
    cluster: dict[int, int] = {}  # a cluster's head -> its cluster node
    for group in sorted(opposed + alone):
        group_node = len(names)
        prefix = ANTONYMS_PREFIX if len(group) > 1 else UNOPPOSED_PREFIX
        names.append(prefix + names[node[group[0]]])
        parent.append(0)
        for head in group:
            cluster[head] = len(names)
            names.append(CLUSTER_PREFIX + names[node[head]])
            parent.append(group_node)
    for synset in synsets:
        parent[node[synset.offset]] = cluster[head_of[synset.offset]]
    return names, parent, sense_rows(SS_TYPES["adj"], node)


def build_adverbs() -> Tree:
    """The ``wordnet-adv`` tree (module docstring) for :func:`load_wordnet`."""
    lexnames = read_lexnames()
    adverbs = read_synsets("adv")
    adjectives = read_synsets("adj")
    head_of, satellites = _heads(adjectives), _satellites(adjectives)
    by_offset = {synset.offset: synset for synset in adjectives}
    adj_index, index = index_offsets("adj"), index_offsets("adv")
    names = [ROOT, *sorted({lexnames[synset.lexfile] for synset in adverbs})]  # + lexfiles
    parent = [-1] + [0] * (len(names) - 1)
    file_node = {name: i for i, name in enumerate(names)}
    node = {synset.offset: len(names) + k for k, synset in enumerate(adverbs)}
    names += [synset_name(synset, index) for synset in adverbs]
    parent += [-1] * len(adverbs)  # set below, once the cluster nodes exist
    clusters: dict[int, int] = {}  # head offset -> its adj: node
    for synset in adverbs:
        heads = {head_of[target] for target in synset.targets("\\") if target in head_of}
        if heads:
            head = min(heads)
            if head not in clusters:
                clusters[head] = len(names)
                names.append(ADJ_PREFIX + synset_name(by_offset[head], adj_index, satellites))
                parent.append(file_node[lexnames[synset.lexfile]])
            parent[node[synset.offset]] = clusters[head]
        else:
            parent[node[synset.offset]] = len(names)
            names.append(OWN_PREFIX + names[node[synset.offset]])
            parent.append(file_node[lexnames[synset.lexfile]])
    return names, parent, sense_rows(SS_TYPES["adv"], node)


def load_wordnet_adjectives() -> Thesaurus:
    """WordNet 3.0 adjectives and satellites (``wordnet-adj``, module docstring);
    :class:`DataError` without WordNet 3.0."""
    return load_wordnet("adj", files_read("adj"), build_adjectives)


def load_wordnet_adverbs() -> Thesaurus:
    """WordNet 3.0 adverbs (``wordnet-adv``, module docstring); :class:`DataError` without
    WordNet 3.0."""
    return load_wordnet("adv", files_read("adv", "adj"), build_adverbs)
