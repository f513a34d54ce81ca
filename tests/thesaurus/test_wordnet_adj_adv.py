"""The WordNet 3.0 adjective and adverb thesauri (``wordnet-adj``, ``wordnet-adv``): the tree
rules on a hand-made mini WordNet (with the odd cases 3.0 does not have), lengths checked by
hand on the real database lines, every sense present in sense order, the tree shape against
NLTK's reading of the pointers, and the disk cache.

The WordNet tests skip without WordNet (fail under CI=true, see conftest).
"""

from __future__ import annotations

import shutil
from collections import Counter
from itertools import combinations
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from paths import DATA

import thesaurus
import thesaurus.wordnet.data as wordnet_data
from evaluation.cli import main
from thesaurus import Thesaurus
from thesaurus.wordnet.adjectives_adverbs import (
    ADJ_PREFIX,
    ANTONYMS_PREFIX,
    CLUSTER_PREFIX,
    OWN_PREFIX,
    UNOPPOSED_PREFIX,
    build_adjectives,
    build_adverbs,
)
from thesaurus.wordnet.verbs_nouns import files_read, load_wordnet

integration = pytest.mark.integration


# --- a hand-made mini WordNet (tests/data/wordnet_adj_adv) --------------------------------
# hot ! cold ! tepid: one antonym group of three; sizzling, baking and torn (two heads: the lower
# offset, hot) are satellites of hot, frigid of cold; alone: a head without antonym whose !
# points at a satellite (ignored); stray: a satellite without a head; atomic: adj.pert (the
# lexicographer file plays no part in the adjective tree).
# Adverbs: quickly.r.01 from sizzling (hot's cluster), quickly.r.02 from frigid (cold) and
# baking (hot): the lower head offset, hot; well.r.01 no pertainym, well.r.02 from cold.
MINI = DATA / "wordnet_adj_adv"  # lexnames, data, index and index.sense files


@pytest.fixture
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The mini WordNet's directory, read instead of the real one; caches go to ``cache/``."""
    root = tmp_path / "wordnet"
    shutil.copytree(MINI, root)
    monkeypatch.setattr(wordnet_data, "database_dir", lambda: root)
    return root


def load_mini(root: Path, stem: str) -> Thesaurus:
    kinds, build = {"adj": (("adj",), build_adjectives), "adv": (("adv", "adj"), build_adverbs)}[
        stem
    ]
    return load_wordnet(stem, files_read(*kinds), build, directory=root.parent / "cache")


def parents(thes: Thesaurus) -> dict[str, str]:
    return {thes.node_name(i): thes.node_name(thes.parent(i)) for i in range(1, thes.n_nodes)}


def test_mini_adjective_tree(mini: Path) -> None:
    adj = load_mini(mini, "adj")
    assert parents(adj) == {
        "antonyms:hot.a.01": "ROOT",  # hot, cold, tepid: one group, named after hot (100)
        "cluster:hot.a.01": "antonyms:hot.a.01",
        "cluster:cold.a.01": "antonyms:hot.a.01",
        "cluster:tepid.a.01": "antonyms:hot.a.01",
        "hot.a.01": "cluster:hot.a.01",  # a head beside its satellites
        "sizzling.s.01": "cluster:hot.a.01",
        "baking.s.01": "cluster:hot.a.01",
        "torn.s.01": "cluster:hot.a.01",  # heads tepid (300) and hot (100): the lower offset
        "cold.a.01": "cluster:cold.a.01",
        "frigid.s.01": "cluster:cold.a.01",
        "tepid.a.01": "cluster:tepid.a.01",
        "unopposed:alone.a.01": "ROOT",  # its ! points at a satellite: ignored
        "cluster:alone.a.01": "unopposed:alone.a.01",
        "alone.a.01": "cluster:alone.a.01",  # (p) marker dropped
        "unopposed:stray.s.01": "ROOT",  # no head: a satellite stands for its own cluster
        "cluster:stray.s.01": "unopposed:stray.s.01",
        "stray.s.01": "cluster:stray.s.01",
        "unopposed:atomic.a.01": "ROOT",  # adj.pert: the same rule, no file node
        "cluster:atomic.a.01": "unopposed:atomic.a.01",
        "atomic.a.01": "cluster:atomic.a.01",
    }
    assert adj.n_nodes == 21  # ROOT, 4 groups, 6 clusters, 10 synsets
    cases = [  # depths: group 1, cluster 2, synset 3
        ("hot%3:00:00::", "sizzling%5:00:00:hot:00", 2),  # head and satellite: siblings
        ("sizzling%5:00:00:hot:00", "baking%5:00:00:hot:00", 2),
        ("hot%5:00:00:hot:00", "sizzling%5:00:00:hot:00", 2),  # torn, in hot's cluster
        ("hot%3:00:00::", "cold%3:00:00::", 4),  # 3 + 3 - 2 * 1: meet at antonyms:hot.a.01
        ("hot%3:00:00::", "tepid%3:00:00::", 4),  # the triplet's clusters are all siblings
        ("sizzling%5:00:00:hot:00", "frigid%5:00:00:cold:00", 4),  # satellites: the same
        ("alone%3:00:00::", "hot%3:00:00::", 6),  # 3 + 3 via ROOT
        ("stray%5:00:00:stray:00", "alone%3:00:00::", 6),  # two unopposed clusters
        ("atomic%3:01:00::", "frigid%5:00:00:cold:00", 6),
    ]
    for a, b, length in cases:
        assert adj.sense_length(a, b) == length, (a, b)
    assert adj.senses("hot") == ("hot%3:00:00::", "hot%5:00:00:hot:00")  # head and satellite
    assert adj.maxlen("hot") == 2 and adj.maxlen("cold") == 0  # hot: one cluster


def test_mini_adverb_tree(mini: Path) -> None:
    adv = load_mini(mini, "adv")
    assert parents(adv) == {
        "adv.all": "ROOT",
        "quickly.r.01": "adj:hot.a.01",  # sizzling is a satellite of hot
        "quickly.r.02": "adj:hot.a.01",  # frigid (cold, 200) and baking (hot, 100): hot
        "well.r.01": "adv:well.r.01",  # no pertainym: a node of its own
        "well.r.02": "adj:cold.a.01",
        "adj:hot.a.01": "adv.all",
        "adv:well.r.01": "adv.all",
        "adj:cold.a.01": "adv.all",
    }
    assert adv.maxlen("quickly") == 2 and adv.maxlen("well") == 4


def test_mini_cache_key_covers_the_adjective_files(
    mini: Path, recwarn: pytest.WarningsRecorder
) -> None:
    """The adverb tree reads data.adj for its clusters: changing it rebuilds the adverbs."""
    load_mini(mini, "adv")
    assert parents(load_mini(mini, "adv"))["quickly.r.01"] == "adj:hot.a.01"  # warm
    assert not recwarn.list
    text = (
        (MINI / "data.adj")
        .read_text(encoding="utf-8")
        .replace(
            "00000110 00 s 01 sizzling 0 001 & 00000100",
            "00000110 00 s 01 sizzling 0 001 & 00000200",
        )
    )  # sizzling now a satellite of cold
    (mini / "data.adj").write_text(text, encoding="utf-8")
    rebuilt = load_mini(mini, "adv")
    assert "stale thesaurus cache (changed since the build: data.adj)" in str(recwarn.pop().message)
    assert parents(rebuilt)["quickly.r.01"] == "adj:cold.a.01"


@pytest.fixture(scope="module")
def adj(wordnet) -> Thesaurus:  # type: ignore[no-untyped-def]
    return thesaurus.load("wordnet-adj")


@pytest.fixture(scope="module")
def adv(wordnet) -> Thesaurus:  # type: ignore[no-untyped-def]
    return thesaurus.load("wordnet-adv")


# --- by hand --------------------------------------------------------------------------------------
# From data.adj (offset lexfile ss_type words ... pointers):
#   01247240 00 a hot ...     ! 01251128 (cold) & 01249962 (sizzling) ...    hot.a.01
#   01251128 00 a cold ...    ! 01247240 (hot)  & 01252151 (arctic, frigid) cold.a.01
#     (their only ! pointers: the group {hot.a.01, cold.a.01}, antonyms:hot.a.01)
#   01249962 00 s sizzling    & 01247240                                     sizzling.s.01
#   01247975 00 s baking ...  & 01247240 (hot)                               baking.s.01
#   01252151 00 s arctic frigid ... & 01251128                               arctic.s.02
#   02529265 00 a warm        ! 02529946 (cool)                              warm.a.01
#   01256332 00 a hot         ! 01257612 (cold.a.02; group antonyms:hot.a.03) hot.a.03
#   02511801 00 s hot raging  & 02510880 (violent, a, ! 02512923 nonviolent)  hot.s.01
#   02884620 01 a atomic      \ 14619225 n (no antonym: unopposed)           atomic.a.01
#   00610532 00 a nuclear atomic  ! 00610861 (conventional)                   nuclear.a.01
#   01392071 00 s atomic      & 01391351 (small, a, ! 01382086 large)         atomic.s.01
#   02711099, 02711195 01 a dental (adj.pert, no antonyms: two unopposed)    dental.a.01/.02
#   00296482 00 s boned deboned & 00296354 (boneless, a, ! 00295657 bony)   boned.s.01
#   00296061 00 s boned       & 00295657 (bony, a, ! 00296354 boneless)     boned.s.02
#   00014858 00 s copious voluminous & 00013887 (abundant)                  copious.s.01
#   00014490 00 s ample copious ... & 00013887 (abundant)                   ample.s.01
# (A satellite is numbered among its word's satellites, as NLTK 3.10 does: atomic.s.01 is
# atomic's third adjective sense.)  Depths: antonyms: / unopposed: group 1, cluster: 2, every
# synset 3 (a head and its satellites are siblings), so LEN is 2 (one cluster), 4 (two clusters
# of one antonym group) or 6 (via ROOT).
ADJ_PAIRS = [
    ("hot%3:00:01::", "sizzling%5:00:00:hot:01", 2),  # a head and its satellite: siblings
    ("sizzling%5:00:00:hot:01", "baking%5:00:00:hot:01", 2),  # two satellites of hot
    ("hot%3:00:01::", "cold%3:00:01::", 4),  # 3 -> 2 -> antonyms:hot.a.01 <- 2 <- 3
    ("sizzling%5:00:00:hot:01", "frigid%5:00:00:cold:01", 4),  # the same path, satellites
    ("hot%3:00:01::", "warm%3:00:01::", 6),  # two groups meet at ROOT: 3 + 3
    ("hot%3:00:01::", "hot%3:00:02::", 6),  # hot ! cold and hot.a.03 ! cold.a.02: two groups
    ("sizzling%5:00:00:hot:01", "hot%5:00:00:violent:00", 6),  # hot vs violent group
    ("atomic%3:01:00::", "atomic%3:00:00::", 6),  # unopposed:atomic.a.01 vs nuclear's group
    ("atomic%3:01:00::", "atomic%5:00:00:small:00", 6),  # unopposed vs large / small group
    ("dental%3:01:00::", "dental%3:01:01::", 6),  # two unopposed groups
    ("boned%5:00:02:boneless:00", "boned%5:00:01:bony:00", 4),  # opposed clusters
    ("copious%5:00:02:abundant:00", "copious%5:00:01:abundant:00", 2),  # one cluster
]
# MAXLEN: every LEN is at most 3 + 3 = 6.  atomic: its three senses in three groups, 6; dental:
# two unopposed groups, 6; hot: hot.a.01 (hot / cold) vs hot.s.01 (violent) 6; boned: its only
# pair 4; copious: its only pair 2.
ADJ_MAXLEN = [("atomic", 6), ("dental", 6), ("hot", 6), ("boned", 4), ("copious", 2)]

# From data.adv (pertainyms \ point at adjectives; their clusters via & in data.adj):
#   00085811 quickly rapidly ...  \ 00979366 (quick, s & 00976508 fast)  \ 00979697 (rapid, s &
#            00976508)                                          -> adj:fast.a.01
#   00105603 promptly quickly quick \ 00979366 (-> 00976508 fast) \ 01931677 (prompt, s &
#            01930513 ready): lowest head offset 00976508       -> adj:fast.a.01
#   00290935 cursorily quickly \ 01270486 (flying, s & 01270175 hurried) \ 00312234 (cursory,
#            s & 00311663 careless): lowest 00311663             -> adj:careless.a.01
#   well: 00011093 well good (%4:02:00::, no \), 00012779 well (%4:02:05::, no \), 00014285
#            well considerably (%4:02:11::) \ considerable, 00015007 well intimately
#            (%4:02:14::) \ close                               -> adv:well.r.01, ...
#   hard: 00091332 hard (%4:02:00::) \ effortful, 00092450 hard (%4:02:10::) \ hard.a.03
#            (solid), 00091964 hard firmly (%4:02:05::, no \)
ADV_PAIRS = [
    ("quickly%4:02:00::", "quickly%4:02:02::", 2),  # both from the fast cluster
    ("quickly%4:02:00::", "quickly%4:02:03::", 4),  # fast vs careless
    ("well%4:02:00::", "well%4:02:05::", 4),  # no pertainyms: each a cluster of its own
    ("well%4:02:00::", "well%4:02:11::", 4),  # no pertainym vs considerable
    ("well%4:02:11::", "well%4:02:14::", 4),  # considerable vs close
    ("hard%4:02:00::", "hard%4:02:10::", 4),  # effortful vs hard (solid)
    ("hard%4:02:00::", "hard%4:02:05::", 4),  # effortful vs none
]
ADV_MAXLEN = [("quickly", 4), ("well", 4), ("hard", 4)]


@integration
def test_adjective_nodes_by_hand(adj: Thesaurus) -> None:
    def up(name: str) -> str:
        return adj.node_name(adj.parent(adj.node_index(name)))

    def children(name: str) -> list[str]:
        node = adj.node_index(name)
        return sorted(adj.node_name(i) for i in range(adj.n_nodes) if adj.parent(i) == node)

    assert up("sizzling.s.01") == "cluster:hot.a.01" and up("hot.a.01") == "cluster:hot.a.01"
    assert up("cluster:hot.a.01") == "antonyms:hot.a.01" and up("antonyms:hot.a.01") == "ROOT"
    assert up("arctic.s.02") == "cluster:cold.a.01"
    assert children("antonyms:hot.a.01") == ["cluster:cold.a.01", "cluster:hot.a.01"]
    assert up("atomic.a.01") == "cluster:atomic.a.01"  # adj.pert, no antonym
    assert up("cluster:atomic.a.01") == "unopposed:atomic.a.01"
    assert up("unopposed:atomic.a.01") == "ROOT"
    assert children("cluster:atomic.a.01") == ["atomic.a.01"]  # no satellites
    # an antonym triplet (past ! present ! future, each ! the other two) is one group
    assert up(up("past.a.01")) == "antonyms:past.a.01"  # 01727927, the lowest offset
    assert children("antonyms:past.a.01") == [
        "cluster:future.a.01",
        "cluster:past.a.01",
        "cluster:present.a.01",
    ]
    assert adj.max_depth == 3


@integration
@pytest.mark.parametrize(
    ("spec", "key_a", "key_b", "length"),
    [("wordnet-adj", *pair) for pair in ADJ_PAIRS] + [("wordnet-adv", *pair) for pair in ADV_PAIRS],
)
def test_lengths_by_hand(wordnet, spec: str, key_a: str, key_b: str, length: int) -> None:  # type: ignore[no-untyped-def]
    thes = thesaurus.load(spec)
    assert thes.sense_length(key_a, key_b) == thes.sense_length(key_b, key_a) == length


@integration
@pytest.mark.parametrize(
    ("spec", "lemma", "maxlen"),
    [("wordnet-adj", *row) for row in ADJ_MAXLEN] + [("wordnet-adv", *row) for row in ADV_MAXLEN],
)
def test_maxlen_by_hand(wordnet, spec: str, lemma: str, maxlen: int) -> None:  # type: ignore[no-untyped-def]
    assert thesaurus.load(spec).maxlen(lemma) == maxlen


@integration
def test_adverb_nodes_by_hand(adv: Thesaurus) -> None:
    parents = [adv.node_name(adv.parent(n)) for n in adv.word_nodes("quickly")]
    assert parents == ["adj:fast.a.01", "adj:fast.a.01", "adj:careless.a.01"]
    assert adv.node_name(adv.parent(adv.node_index("well.r.01"))) == "adv:well.r.01"
    assert adv.node_name(adv.parent(adv.node_index("adj:fast.a.01"))) == "adv.all"


# --- the shape ------------------------------------------------------------------------------------
def nltk_heads(wordnet) -> tuple[dict[str, str], dict[str, set[str]]]:  # type: ignore[no-untyped-def]
    """NLTK's reading of the clusters: ``synset -> its head`` (its own name for a head,
    ``similar_tos()`` for a satellite: one each in 3.0) and ``head -> its antonym heads``
    (lemma antonyms; heads without antonyms absent)."""
    head, links = {}, {}
    for synset in wordnet.all_synsets("a"):
        name = synset.name()
        if synset.pos() == "s":
            head[name] = synset.similar_tos()[0].name()
            continue
        head[name] = name
        others = {a.synset().name() for lemma in synset.lemmas() for a in lemma.antonyms()}
        if others:
            links[name] = others
    return head, links


@integration
def test_adjective_shape_against_nltk(wordnet, adj: Thesaurus) -> None:  # type: ignore[no-untyped-def]
    """Synset -> cluster of its NLTK head -> group (antonym component or unopposed) -> ROOT."""
    head, links = nltk_heads(wordnet)
    children: dict[int, list[str]] = {}
    for j in range(adj.n_nodes):
        if j != adj.root:
            children.setdefault(adj.parent(j), []).append(adj.node_name(j))
    kinds = Counter()
    for name, own in head.items():
        cluster = adj.parent(adj.node_index(name))
        assert adj.node_name(cluster) == CLUSTER_PREFIX + own, name
        group = adj.node_name(adj.parent(cluster))
        assert adj.parent(adj.parent(cluster)) == adj.root, name
        if own in links:
            assert group.startswith(ANTONYMS_PREFIX), name
        else:
            assert group == UNOPPOSED_PREFIX + own, name
        kinds["head" if own == name else "satellite"] += 1
    assert kinds == Counter({"head": 7463, "satellite": 10693})
    groups, clusters = Counter(), 0
    for i, names in children.items():
        name = adj.node_name(i)
        if name.startswith(CLUSTER_PREFIX):
            own = name.removeprefix(CLUSTER_PREFIX)
            assert own in names and all(head[n] == own for n in names), name
            clusters += 1
        elif name.startswith(UNOPPOSED_PREFIX):
            assert names == [CLUSTER_PREFIX + name.removeprefix(UNOPPOSED_PREFIX)], name
            groups[1] += 1
        elif name.startswith(ANTONYMS_PREFIX):
            assert all(n.startswith(CLUSTER_PREFIX) for n in names), name
            heads = {n.removeprefix(CLUSTER_PREFIX) for n in names}
            reach = set().union(*(links[h] for h in heads))  # closed under antonymy
            assert reach <= heads and len(heads) >= 2, name
            first = min(heads, key=lambda h: wordnet.synset(h).offset())
            assert name == ANTONYMS_PREFIX + first
            groups[len(heads)] += 1
        else:
            assert i == adj.root, name
    assert clusters == 7463 and groups == Counter({1: 3617, 2: 1849, 3: 44, 4: 4})
    # ROOT + 3,617 unopposed + 1,897 antonym groups + 7,463 clusters + 18,156 synsets
    assert adj.n_nodes == 1 + 3617 + 1897 + 7463 + 18156 == 31134


@integration
def test_adjective_sense_pairs_against_nltk(wordnet, adj: Thesaurus) -> None:  # type: ignore[no-untyped-def]
    """Two senses of a lemma: LEN 2 in one cluster, 4 in one antonym group, else 6."""
    head, links = nltk_heads(wordnet)
    graph = nx.Graph((a, b) for a, others in links.items() for b in others)
    component = {h: k for k, group in enumerate(nx.connected_components(graph)) for h in group}
    lengths, polysemous = Counter(), 0
    for lemma in adj.words:
        keys = adj.senses(lemma)
        if len(keys) < 2:
            continue
        polysemous += 1
        own = {key: head[wordnet.lemma_from_key(key).synset().name()] for key in keys}
        for a, b in combinations(keys, 2):
            if own[a] == own[b]:
                expected = 2
            elif own[a] in component and component[own[a]] == component.get(own[b]):
                expected = 4
            else:
                expected = 6
            assert adj.sense_length(a, b) == expected, (a, b)
            lengths[expected] += 1
    assert polysemous == 4976 and lengths == Counter({2: 370, 4: 22, 6: 17927})


@integration
def test_adverb_shape_against_nltk(wordnet, adv: Thesaurus) -> None:  # type: ignore[no-untyped-def]
    """An adverb hangs under the lowest-offset head of its pertainyms' clusters, else alone."""
    counts = Counter()
    for synset in wordnet.all_synsets("r"):
        name = synset.name()
        up = adv.node_name(adv.parent(adv.node_index(name)))
        targets = [p.synset() for lemma in synset.lemmas() for p in lemma.pertainyms()]
        heads = [t.similar_tos()[0] if t.pos() == "s" else t for t in targets]
        if heads:
            assert up == ADJ_PREFIX + min(heads, key=lambda h: h.offset()).name(), name
            counts["pertainym"] += 1
        else:
            assert up == OWN_PREFIX + name, name
            counts["none"] += 1
    assert counts == Counter({"pertainym": 2498, "none": 1123})


# --- the cache ------------------------------------------------------------------------------------
@integration
@pytest.mark.parametrize(
    ("stem", "kinds", "build"),
    [("adj", ("adj",), build_adjectives), ("adv", ("adv", "adj"), build_adverbs)],
)
def test_warm_load_equals_cold_build(wordnet, tmp_path: Path, stem, kinds, build) -> None:  # type: ignore[no-untyped-def]
    cold = load_wordnet(stem, files_read(*kinds), build, directory=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{stem}.json", f"{stem}.npz"]

    def fail() -> dict:  # type: ignore[type-arg]
        raise AssertionError("rebuilt instead of reading the cache")

    warm = load_wordnet(stem, files_read(*kinds), fail, directory=tmp_path)
    assert (warm.name, warm.version) == (cold.name, cold.version) == (f"wordnet-{stem}", "3.0")
    assert warm.n_nodes == cold.n_nodes and warm.sense_ids == cold.sense_ids
    assert [warm.parent(i) for i in range(warm.n_nodes)] == [
        cold.parent(i) for i in range(cold.n_nodes)
    ]
    assert [warm.node_name(i) for i in range(warm.n_nodes)] == [
        cold.node_name(i) for i in range(cold.n_nodes)
    ]
    assert warm.words == cold.words
    assert all(warm.senses(w) == cold.senses(w) for w in warm.words)
    assert np.array_equal(warm.euler_tour, cold.euler_tour)


def test_cache_key_names_the_files_read() -> None:
    assert files_read("adv", "adj") == [
        "data.adv",
        "index.adv",
        "data.adj",
        "index.adj",
        "index.sense",
        "lexnames",
    ]


# --- choosing by part of speech -------------------------------------------------------------------
@integration
def test_wordnet_specs_by_sense_key(wordnet) -> None:  # type: ignore[no-untyped-def]
    for key in ("bank%1:14:00::", "use%2:34:01::", "hot%3:00:01::", "sizzling%5:00:00:hot:01"):
        pos = thesaurus.sense_key_pos(key)
        assert pos is not None and thesaurus.load(thesaurus.WORDNET_SPECS[pos]).has_sense(key)
    assert thesaurus.load(thesaurus.WORDNET_SPECS["adv"]).has_sense("quickly%4:02:00::")


@integration
def test_cli_chooses_by_part_of_speech(
    adj: Thesaurus, adv: Thesaurus, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["thesaurus", "distance", "hot%3:00:01::", "sizzling%5:00:00:hot:01"]) == 0
    assert capsys.readouterr().out == "2\n"
    assert main(["thesaurus", "distance", "quickly%4:02:00::", "quickly%4:02:03::"]) == 0
    assert capsys.readouterr().out == "4\n"
    assert main(["thesaurus", "path", "sizzling%5:00:00:hot:01", "frigid%5:00:00:cold:01"]) == 0
    path = [
        "sizzling.s.01",
        "cluster:hot.a.01",
        "antonyms:hot.a.01",
        "cluster:cold.a.01",
        "arctic.s.02",
    ]
    assert capsys.readouterr().out.split() == path
    assert main(["thesaurus", "distance", "hot%3:00:01::", "hot.a.01"]) == 0  # a node name too
    assert capsys.readouterr().out == "0\n"
    assert main(["thesaurus", "maxlen", "hot", "--adj-thesaurus", "wordnet-adj"]) == 0
    out, err = capsys.readouterr()
    assert (
        out == "6\n" and err == "maxlen: hot in the adjective thesaurus wordnet-adj (21 senses)\n"
    )
    assert main(["thesaurus", "maxlen", "quickly", "--adv-thesaurus", "wordnet-adv"]) == 0
    assert capsys.readouterr().out == "4\n"
    assert main(["thesaurus", "maxlen", "sizzling"]) == 2
    assert "(it is an adjective of wordnet-adj: --adj-thesaurus wordnet-adj)" in (
        capsys.readouterr().err
    )
    assert main(["thesaurus", "distance", "hot%3:00:01::", "quickly%4:02:00::"]) == 2
    assert "mix adj and adv senses" in capsys.readouterr().err
    assert main(["thesaurus", "compare-nltk", "wordnet-adj"]) == 2  # no hypernyms to compare
    assert "compares wordnet-verb and wordnet-noun" in capsys.readouterr().err
