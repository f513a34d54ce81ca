"""WordNet 3.0 adjective and adverb thesauri, built from ``data.adj`` / ``data.adv`` and cached.

WordNet has no hypernyms for adjectives or adverbs; what it has are **clusters**.  An
adjective cluster is a *head* synset (``ss_type`` ``a``, e.g. ``hot.a.01``) with its
*satellites* (``s``, e.g. ``sizzling.s.01``), which point at it with ``&`` (similar to); two
heads that are direct antonyms (``!``: hot / cold) make a *bipolar* cluster.  An adverb
derived from an adjective points at it with ``\\`` (pertainym: ``quickly`` -> ``fast``).

Shapes (synset nodes named as NLTK names them, plus virtual nodes):

- **adjectives** (``wordnet-adj``; sense keys with ``ss_type`` 3 and 5, a lemma's head and
  satellite senses together in sense-number order): virtual ``ROOT`` -> one node per
  antonym group, ``antonyms:<first head>`` for two or more heads linked by ``!`` and
  ``unopposed:<head>`` for a head without antonym (a group of one) -> one ``cluster:<head>``
  node per head -> the head synset and its satellites, siblings.  Every synset is at depth 3,
  so a head and its satellite are LEN 2, two satellites of one head 2, two clusters of one
  antonym group 4 (``hot.a.01`` and ``cold.a.01``, or a satellite of each), and every other
  pair 6 = 3 + 3 via ``ROOT``, the MAXLEN of any word with two unrelated senses: only the
  relations WordNet states (similar to, antonymy) earn partial credit.  This is the
  organisation wngloss(7WN) describes: "Adjectives are arranged in clusters containing head
  synsets and satellite synsets.  Each cluster is organized around antonymous pairs (and
  occasionally antonymous triplets)", one level per relation WordNet states and nothing
  invented.  Lexicographer files (``adj.all``, ``adj.pert``, ``adj.ppl``) are not levels:
  sharing a file says nothing about similarity, and a file level made unrelated senses of one
  word closer than its MAXLEN (``hot.a.01`` "of physical heat" vs ``hot.a.03`` "psychological
  heat", two heads in different groups of ``adj.all``: LEN 4 of 6).  The head sits beside its
  satellites, not above them, so that heads and satellites are equally far from everything
  outside their cluster.
- **adverbs** (``wordnet-adv``; ``ss_type`` 4): virtual ``ROOT`` -> ``adv.all`` -> a node per
  adjective cluster the adverbs derive from, ``adj:<head>`` -> adverb synset; an adverb
  without a pertainym gets a cluster node of its own, ``adv:<adverb>``.  So two adverbs
  derived from one adjective cluster are LEN 2 (``quickly.r.01`` "with rapid movements" and
  ``promptly.r.01`` "with little or no delay", both from ``fast``); every other pair is
  LEN 4.  Hanging pertainym-less adverbs straight under ``adv.all`` (LEN 2 among them, 3 to
  the others) would make two *unrelated* senses close because WordNet says nothing about
  either: 9 of the 13 senses of ``well`` (``thoroughly``, ``favorably``, ``with skill``,
  ...) would earn half credit for each other, more than ``well`` "considerably" vs "well"
  "intimately", which WordNet does relate to two different adjectives.

Odd cases, each resolved so that the result is always a tree:

- An antonym group is a connected component of the ``!`` pointers between heads, so a head
  with several antonyms joins all of them (wngloss's "antonymous triplets"): WordNet 3.0 has
  1,849 pairs, 44 groups of three (``past`` / ``present`` / ``future``, ``solid`` /
  ``liquid`` / ``gaseous``, ``early`` / ``middle`` / ``late``) and 4 of four
  (``carnivorous``, ``herbivorous``, ``omnivorous``, ``insectivorous``; ``vernal``,
  ``summery``, ``autumnal``, ``wintry``), each group's clusters siblings under one
  ``antonyms:`` node named after the lowest-offset head.  ``!`` pointers that touch a
  satellite are ignored (none in 3.0).
- Heads in ``adj.pert`` (relational adjectives, ``dental``; pertainyms of nouns) and
  ``adj.ppl`` (participial) are heads like any other: with an antonym in an ``antonyms:``
  group, else in an ``unopposed:`` group of their own (3,567 of the 3,617 heads without
  antonym are in ``adj.pert``, 46 in ``adj.ppl``, 4 in ``adj.all``), so two unrelated
  relational adjectives are LEN 6 (``dental.a.01`` "of the teeth" vs ``dental.a.02`` "of
  dentistry").
- A satellite joins its head's cluster whatever the head's file (in 3.0 every satellite has
  exactly one ``&`` head, in its own file); several heads: the lowest offset; none: it
  stands for a cluster of its own, ``unopposed:<satellite>`` -> ``cluster:<satellite>`` ->
  satellite (none in 3.0).
- An adverb whose pertainyms reach several adjective clusters (177 adverbs, e.g.
  ``badly.r.01`` via ``severely`` and ``gravely``) joins the cluster whose head has the
  lowest offset, the rule the verb and noun trees use for several hypernyms.
"""

from __future__ import annotations

from typing import Any

from ._core import Thesaurus
from ._wordnet import (
    ROOT,
    SS_TYPES,
    Synset,
    _Files,
    components,
    files_read,
    index_offsets,
    load_wordnet,
    payload,
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
    """``offset -> offset of its cluster's head`` for every adjective synset: a head is its
    own, a satellite's is the lowest-offset head it points at with ``&`` (a satellite
    without one stands for itself)."""
    heads = {synset.offset for synset in adjectives if synset.ss_type == "a"}
    out = {}
    for synset in adjectives:
        if synset.offset in heads:
            out[synset.offset] = synset.offset
        else:
            own = [target for target in synset.targets("&") if target in heads]
            out[synset.offset] = min(own) if own else synset.offset
    return out


def _lexfile_nodes(synsets: list[Synset], lexnames: dict[int, str]) -> list[str]:
    """``ROOT`` and the lexicographer files of ``synsets``, sorted: the first node names."""
    return [ROOT, *sorted({lexnames[synset.lexfile] for synset in synsets})]


def build_adjectives() -> dict[str, Any]:
    """The ``wordnet-adj`` tree (module docstring) as :class:`Thesaurus` arguments."""
    files = _Files()
    synsets = read_synsets(files, "adj")
    index = index_offsets(files, "adj")
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
    return payload(names, parent, sense_rows(files, SS_TYPES["adj"], node))


def build_adverbs() -> dict[str, Any]:
    """The ``wordnet-adv`` tree (module docstring) as :class:`Thesaurus` arguments."""
    files = _Files()
    lexnames = read_lexnames(files)
    adverbs = read_synsets(files, "adv")
    adjectives = read_synsets(files, "adj")
    head_of, satellites = _heads(adjectives), _satellites(adjectives)
    by_offset = {synset.offset: synset for synset in adjectives}
    adj_index, index = index_offsets(files, "adj"), index_offsets(files, "adv")
    names = _lexfile_nodes(adverbs, lexnames)
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
    return payload(names, parent, sense_rows(files, SS_TYPES["adv"], node))


def load_wordnet_adjectives() -> Thesaurus:
    """WordNet 3.0 adjectives and satellites: ROOT -> antonym group (``antonyms:``, or
    ``unopposed:`` for a head without antonym) -> cluster (``cluster:<head>``) -> the head and
    its satellites, siblings (``wordnet-adj``; ``thesaurus/README.md``)."""
    return load_wordnet("adj", files_read("adj"), build_adjectives)


def load_wordnet_adverbs() -> Thesaurus:
    """WordNet 3.0 adverbs: ROOT -> adv.all -> the adjective cluster they derive from (or
    one of their own) -> adverb (``wordnet-adv``; ``thesaurus/README.md``)."""
    return load_wordnet("adv", files_read("adv", "adj"), build_adverbs)
