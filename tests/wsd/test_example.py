"""The example-based method's options beyond the paper's formula, on the world of ``worlds.py``:
nouns person/{man, woman, student}, thing/{tool/{hammer, knife}, food/{bread, apple}}; the
verb ``use``: use#1 (a person), use#2 (a tool), use#3 (food)."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import worlds
from paths import DATA
from worlds import inst

from wsd import Instance
from wsd._exceptions import ModelError
from wsd.methods import PAPER, ExampleBasedWSD, RunCache, load_model, make_method, save_model
from wsd.methods.example.examples import PointIndex
from wsd.methods.example.similarity import knn_best

LINEAR = {"similarity": "linear", "similarity_params": {"max_len": 10}}  # sim(L) = 1 - L/10
# Each test starts from the paper's method and turns on what it checks.
BASE: dict[str, Any] = {**PAPER, **LINEAR}

TRAIN_KNN = [
    inst("a", "use#1", obj="student"),
    inst("b", "use#1", obj="man"),
    inst("c", "use#2", obj="hammer"),
    inst("d", "use#2", obj="hammer"),
    inst("e", "use#2", obj="knife"),
    inst("f", "use#3", obj="bread"),
]


def test_knn_is_the_mean_of_the_k_nearest_examples_by_hand(world: dict[str, str]) -> None:
    model = ExampleBasedWSD(**{**BASE, "sim_aggregate": "knn", "sim_k": 2, "beta": 0.0}, **world)
    model.fit(TRAIN_KNN)
    (p,) = model.rank([inst("t", None, obj="knife")])
    # use#2: knife itself (LEN 0) and hammer twice (LEN 2): the two nearest 1.0, 0.8.
    # use#1: student and man, both LEN 5 (knife-tool-thing-ROOT-person-x): 0.5, 0.5.
    # use#3: bread (LEN 4) and nothing else: (0.6 + 0) / 2.
    assert dict(p.ranking) == pytest.approx({"use#2": 0.9, "use#1": 0.5, "use#3": 0.3})


def test_knn_counts_repeated_examples_and_sim_k_1_is_max(world: dict[str, str]) -> None:
    probe = [inst("t", None, obj="apple")]
    knn1 = ExampleBasedWSD(**{**BASE, "sim_aggregate": "knn"}, **world).fit(TRAIN_KNN)
    paper = ExampleBasedWSD(**BASE, **world).fit(TRAIN_KNN)
    assert knn1.rank(probe) == paper.rank(probe)
    knn3 = ExampleBasedWSD(**{**BASE, "sim_aggregate": "knn", "sim_k": 3, "beta": 0.0}, **world)
    (p,) = knn3.fit(TRAIN_KNN).rank(probe)
    # apple: bread LEN 2 (use#3, once); hammer, hammer, knife LEN 4 (use#2); people LEN 5.
    assert dict(p.ranking) == pytest.approx({"use#3": 0.8 / 3, "use#2": 0.6, "use#1": 1.0 / 3})


def test_knn_breaks_a_tie_of_identical_fillers_by_evidence_not_frequency(
    world: dict[str, str],
) -> None:
    # "man" is the object of use#1 twice and of use#3 once; use#3 is the more frequent sense.
    train = [
        inst("a", "use#1", obj="man"),
        inst("b", "use#1", obj="man"),
        inst("c", "use#3", obj="man"),
        *(inst(f"s{i}", "use#3", subj="woman") for i in range(3)),
    ]
    probe = [inst("t", None, obj="man")]
    (paper,) = ExampleBasedWSD(**PAPER, beta=0.0, **world).fit(train).rank(probe)
    assert paper.ranking[0][1] == paper.ranking[1][1] == 1.0 and paper.sense == "use#3"
    knn = ExampleBasedWSD(**{**PAPER, "sim_aggregate": "knn", "sim_k": 2, "beta": 0.0}, **world)
    knn.fit(train)
    (p,) = knn.rank(probe)
    assert p.sense == "use#1" and dict(p.ranking)["use#3"] == pytest.approx(0.5)


def test_example_senses_first_uses_the_first_sense_of_an_untagged_filler() -> None:
    """An untagged ``bat`` (animal, tool: ``bat_nouns.tsv``) is both senses, bat#1 under "first"."""
    bats = DATA / "thesaurus"
    things = {"noun_thesaurus": f"{bats}/bat_nouns.tsv", "verb_thesaurus": f"{bats}/bat_verbs.tsv"}
    train = [inst("a", "use#1", obj="bat"), inst("b", "use#2", obj="dog")]
    probe = [inst("t", None, obj="club")]  # club: LEN 2 to bat#2, LEN 4 to bat#1 and dog

    def scores(**params: object) -> dict[str, float]:
        model = ExampleBasedWSD(**{**BASE, "beta": 0.0, **params}, **things).fit(train)
        return dict(model.rank(probe)[0].ranking)

    assert scores() == pytest.approx({"use#1": 0.8, "use#2": 0.6})
    assert scores(example_senses="first") == pytest.approx({"use#1": 0.6, "use#2": 0.6})
    assert scores(sim_aggregate="knn", sim_k=1) == pytest.approx(
        {"use#1": (0.8 + 0.6) / 2, "use#2": 0.6}
    )


def test_knn_models_save_counts_and_old_files_still_load(
    world: dict[str, str], tmp_path: Path
) -> None:
    model = make_method("example", **{**PAPER, "sim_aggregate": "knn", "sim_k": 2}, **world)
    model.fit(TRAIN_KNN)
    path = tmp_path / "m.json"
    save_model(model, path)
    document = json.loads(path.read_text())
    assert document["verbs"]["use"]["obj"]["use#2"] == [["hammer", None, 2], ["knife", None]]
    probes = [inst("t1", None, obj="knife"), inst("t2", None, obj="apple")]
    assert load_model(path).rank(probes) == model.rank(probes)
    # A file written before counts were kept: every example once.
    document["verbs"]["use"]["obj"]["use#2"] = [["hammer", None], ["knife", None]]
    path.write_text(json.dumps(document))
    once = load_model(path).verbs_["use"].examples["obj"]["use#2"]
    assert once == {("hammer", None): 1, ("knife", None): 1}
    document["verbs"]["use"]["obj"]["use#2"] = [["hammer", None, 0]]
    path.write_text(json.dumps(document))
    with pytest.raises(ModelError, match=r"m\.json: verb 'use': examples.*count >= 1"):
        load_model(path)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"sim_aggregate": "mean"}, "sim_aggregate must be one of 'max', 'knn', got 'mean'"),
        ({"sim_k": 0}, r"sim_k must be an integer in \[1, 1000000\], got 0"),
        ({"sim_k": 2.5}, r"sim_k must be an integer in \[1, 1000000\], got 2.5"),
        ({"example_senses": "best"}, "example_senses must be one of"),
        ({"marks": "comp"}, "marks must be a list of mark labels, got 'comp'"),
        ({"confidence_prior": 1.5}, r"confidence_prior must be a number in \[0, 1\], got 1.5"),
    ],
)
def test_bad_parameters_name_the_value(params: dict[str, object], message: str) -> None:
    with pytest.raises(ModelError, match=message):
        make_method("example", **params)


# --- the neighbour index against brute force ---------------------------------------------
def _random_tree(rng: np.random.Generator, n: int) -> np.ndarray:
    parent = np.full(n, -1)
    for node in range(1, n):
        parent[node] = rng.integers(0, node)
    return parent


def _chain(parent: np.ndarray, node: int) -> tuple[list[int], list[int]]:
    ids = []
    while node >= 0:
        ids.append(node)
        node = int(parent[node])
    return ids, list(range(len(ids)))


def _length(parent: np.ndarray, a: int, b: int) -> int:
    up_a = dict(zip(*_chain(parent, a), strict=True))
    for node, up in zip(*_chain(parent, b), strict=True):
        if node in up_a:
            return up_a[node] + up
    raise AssertionError("no common ancestor")


def build_index(
    chains: list[tuple[list[int], list[int]]], columns: np.ndarray, weights: np.ndarray, n: int
) -> PointIndex:
    """A point index of weighted points given by their ancestor chains (the reference)."""
    cells: dict[tuple[int, int, int], float] = {}
    for (ids, ups), column, weight in zip(chains, columns, weights, strict=True):
        for node, down in zip(ids, ups, strict=True):
            cell = (node, int(column), down)
            cells[cell] = cells.get(cell, 0.0) + float(weight)
    keys = sorted({node for node, _, _ in cells})
    listed = sorted(cells)
    offsets = np.searchsorted([node for node, _, _ in listed], keys + [max(keys) + 1])
    return PointIndex(
        np.array(keys),
        offsets.astype(np.int64),
        np.array([c for _, c, _ in listed]),
        np.array([d for _, _, d in listed]),
        np.array([cells[c] for c in listed]),
        n,
    )


@pytest.mark.parametrize("seed", range(6))
def test_compiled_knn_equals_brute_force_on_random_trees(seed: int) -> None:
    """knn_best: per query, the best node's mean similarity of each sense's k nearest points."""
    rng = np.random.default_rng(100 + seed)
    n, senses = 50, 4
    parent = _random_tree(rng, n)
    points = rng.integers(0, n, 40)
    columns = rng.integers(0, senses, 40)
    weights = rng.choice([0.25, 0.5, 1.0, 3.0], 40)
    index = build_index([_chain(parent, int(p)) for p in points], columns, weights, senses)
    queries = [rng.choice(n, size=rng.integers(1, 4), replace=False) for _ in range(12)]
    chains = []
    for nodes in queries:
        parts = [_chain(parent, int(q)) for q in nodes]
        chains.append(
            (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]))
        )
    settings = [
        (np.linspace(1.0, 0.1, 10), 1.0),
        (np.exp(-np.arange(25) / 2.0), 2.5),
        (np.linspace(1.0, 0.5, 6), 40.0),  # more than all the points: missing ones count 0
    ]
    got = knn_best(index, chains, settings, np.zeros(len(chains), np.int64))
    for (sims, k), table in zip(settings, got, strict=True):
        assert table.shape == (len(queries), senses)
        for row, nodes in enumerate(queries):
            for sense in range(senses):
                best = 0.0
                for q in nodes:
                    near = sorted(
                        (_length(parent, int(q), int(p)), w)
                        for p, c, w in zip(points, columns, weights, strict=True)
                        if c == sense
                    )
                    taken, total = 0.0, 0.0
                    for length, w in near:
                        share = min(w, k - taken)
                        if share <= 0:
                            break
                        total += share * (sims[length] if length < len(sims) else 0.0)
                        taken += share
                    best = max(best, total / k)
                assert table[row, sense] == pytest.approx(best, abs=1e-12)


def test_example_pool_indexes_any_subset_as_a_fresh_build(tmp_path: Path) -> None:
    """Fits from a shared pool of fillers, any subsets in any order, equal fresh fits."""
    spec = worlds.write_world(tmp_path)
    train = _random_marked(40, seed=3)
    params = {**BASE, "sim_aggregate": "knn", "marks": ("comp",), "tune": ()}
    shared = RunCache()
    subsets = [train[:10], train, train[5:25], train[::3]]
    pooled = [ExampleBasedWSD(**params, **spec).set_cache(shared).fit(s) for s in subsets]
    for subset, model in zip(subsets, pooled, strict=True):
        fresh = ExampleBasedWSD(**params, **spec).fit(subset)
        a, b = model.verbs_["use"], fresh.verbs_["use"]
        assert a.ccd == b.ccd
        assert a.senses == b.senses
        n_nodes = model.lookup.nouns.n_nodes
        assert _entries(a, n_nodes) == pytest.approx(_entries(b, n_nodes))
        for got, want in zip(model.rank(train), fresh.rank(train), strict=True):
            assert [sense for sense, _ in got.ranking] == [sense for sense, _ in want.ranking]
            assert [s for _, s in got.ranking] == pytest.approx([s for _, s in want.ranking])


def test_a_models_examples_are_listed_in_the_order_they_were_first_seen(tmp_path: Path) -> None:
    """A model's examples and index entries follow its training items' first-seen order."""
    spec = worlds.write_world(tmp_path)
    train = _random_marked(60, seed=5, sparse=True)
    params = {**BASE, "sim_aggregate": "knn", "marks": ("comp",), "tune": ()}
    shared = RunCache()
    ExampleBasedWSD(**params, **spec).set_cache(shared).fit(train[::-1][:25])  # other numbers
    for subset in (train, train[7:40], train[::2]):
        est = ExampleBasedWSD(**params, **spec).set_cache(shared).fit(subset)
        verb = est.verbs_["use"]
        expected: dict[str, dict[str, dict[Any, int]]] = {}
        for instance in subset:
            (items,) = est.frame_items([instance], training=True)
            for case, key in items:
                bucket = expected.setdefault(case, {}).setdefault(instance.gold[0], {})
                bucket[key] = bucket.get(key, 0) + 1
        ordered = {
            c: [(s, list(keys.items())) for s, keys in by.items()] for c, by in expected.items()
        }
        assert list(verb.examples) == list(expected)
        assert {
            c: [(s, list(k.items())) for s, k in by.items()] for c, by in verb.examples.items()
        } == ordered
        assert list(verb.entries.cases) == list(verb.ccd) == list(expected)
        # model order (the order the point index adds weights in): cases, sense columns, fillers
        listed = [
            ((case, key), sense, n)
            for case, by in expected.items()
            for sense in verb.senses
            for key, n in by.get(sense, {}).items()
        ]
        items, columns, numbers = verb.entries[:3]
        pairs = verb.pairs
        assert listed == [
            (pairs[i], verb.senses[c], n)
            for i, c, n in zip(items.tolist(), columns.tolist(), numbers.tolist(), strict=True)
        ]
        # a mark's word is a node of its own holding its per-sense counts, at 0 edges below
        counts = {
            (w, s): float(n) for s, by in expected["comp"].items() for (w, _), n in by.items()
        }
        index, found = verb.points, {}
        for (case, (word, _)), item in verb.marks.items():
            assert case == "comp"
            (i,) = np.flatnonzero(index.keys == -1 - item)
            for e in range(index.offsets[i], index.offsets[i + 1]):
                assert index.down[e] == 0
                found[(word, verb.senses[index.column[e]])] = float(index.weight[e])
        assert found == counts


def _random_marked(n: int, seed: int, *, sparse: bool = False) -> list[Instance]:
    """Random ``use`` instances with a ``comp`` mark; ``sparse``: marks and cases often missing."""
    rng = np.random.default_rng(seed)
    words = ["dog", "cat", "idea", "plan", "water"]
    comps = ["that", "to", "if"] if sparse else ["that", "to"]
    return [
        marked(
            f"i{j}",
            f"use#{rng.integers(1, 4)}",
            (("comp", str(rng.choice(comps))),) if j % 3 or not sparse else (),
            **{
                case: str(rng.choice(words))
                for case in ("subj", "obj")
                if not sparse or rng.random() < 0.7
            },
        )
        for j in range(n)
    ]


def _entries(verb: Any, n_nodes: int) -> dict[tuple[str, Any, int, int], float]:
    """A point index's entries as (case, node or a mark's filler, sense, edges below) -> weight."""
    index, cases = verb.points, {shift: case for case, shift in verb.shift.items()}
    out = {}
    for i, key in enumerate(index.keys.tolist()):
        if key < 0:  # a mark's word, numbered by its item
            case, node = verb.pairs[-1 - key]
        else:
            case, node = cases[key - key % n_nodes], key % n_nodes
        for e in range(index.offsets[i], index.offsets[i + 1]):
            out[(case, node, int(index.column[e]), int(index.down[e]))] = float(index.weight[e])
    return out


# --- marks: non-nominal parts of the frame as cases compared by identity ---------------------
def marked(
    id_: str, sense: str | None, marks: tuple[tuple[str, str], ...], **cases: str
) -> Instance:
    instance = inst(id_, sense, **cases)
    assert instance.frame is not None
    frame = replace(instance.frame, marks=marks, passive=id_.startswith("p"))
    return replace(instance, frame=frame)


TRAIN_MARKS = [
    marked("a", "use#1", (("comp", "that"),), obj="man"),
    marked("b", "use#1", (("comp", "that"),), obj="woman"),
    marked("c", "use#2", (("comp", "to"),), obj="hammer"),
    marked("p1", "use#2", (), obj="knife"),  # passive
]


def test_marks_are_cases_compared_by_identity(world: dict[str, str]) -> None:
    probes = [
        marked("t1", None, (("comp", "that"),)),
        marked("t2", None, (("comp", "wh"),)),  # a word never seen: no usable case
        marked("t3", None, (("comp", "to"),), obj="student"),
        marked("p2", None, ()),  # passive, nothing else
    ]
    plain = ExampleBasedWSD(**PAPER, **world).fit(TRAIN_MARKS)
    assert all(p.fallback == "mfs:no-usable-filler" for p in plain.rank(probes[:2]))
    model = ExampleBasedWSD(**{**BASE, "marks": ["comp", "voice"], "beta": 0.0}, **world)
    t1, t2, t3, p2 = model.fit(TRAIN_MARKS).rank(probes)
    assert dict(t1.ranking) == {"use#1": 1.0, "use#2": 0.0} and t1.fallback is None
    assert t2.fallback == "mfs:no-usable-filler"
    # comp: use#2 1, use#1 0; obj student: man/woman LEN 2 (0.8), hammer/knife LEN 5 (0.5)
    assert dict(t3.ranking) == pytest.approx({"use#1": 0.4, "use#2": 0.75})
    assert dict(p2.details) == {"weight:voice": 1.0} and p2.sense == "use#2"
    assert model.verbs_["use"].ccd["comp"] == pytest.approx(1.0)  # {that} vs {to}
    # knn, k = 2: "to" was seen once with use#2 (1/2); obj: two people (0.8, 0.8) for use#1,
    # hammer and knife (0.5, 0.5) for use#2.
    params = {**BASE, "marks": ["comp"], "sim_aggregate": "knn", "sim_k": 2}
    knn = ExampleBasedWSD(**params, **world)
    (p,) = knn.fit(TRAIN_MARKS).rank(probes[2:3])
    assert dict(p.ranking) == pytest.approx({"use#1": 0.4, "use#2": 0.5})


def test_mark_examples_survive_a_model_file(world: dict[str, str], tmp_path: Path) -> None:
    model = make_method("example", **{**PAPER, "marks": ["comp", "voice"]}, **world)
    model.fit(TRAIN_MARKS)
    path = tmp_path / "m.json"
    save_model(model, path)
    saved = json.loads(path.read_text())["verbs"]["use"]
    assert saved["comp"]["use#1"] == [["that", None, 2]] and "voice" in saved
    probes = [marked("t1", None, (("comp", "to"),)), marked("p2", None, (), obj="apple")]
    assert load_model(path).rank(probes) == model.rank(probes)


def test_confidence_prior_blends_in_the_training_share_of_the_chosen_sense(
    world: dict[str, str],
) -> None:
    probes = [inst("t1", None, obj="knife"), inst("t2", None)]  # t2: MFS fallback
    params = {**BASE, "sim_aggregate": "knn", "sim_k": 2, "beta": 0.0, **world}
    paper = ExampleBasedWSD(**params).fit(TRAIN_KNN).rank(probes)
    blended = ExampleBasedWSD(**{**params, "confidence_prior": 0.5}).fit(TRAIN_KNN).rank(probes)
    # t1: scores use#2 .9, use#1 .5: C = .5 * .9 + .5 * .4 = .65; use#2 is 3 of 6 examples.
    assert paper[0].confidence == pytest.approx(0.65)
    assert blended[0].confidence == pytest.approx(0.5 * 0.65 + 0.5 * 3 / 6)
    # t2 falls back to MFS (use#2, shares 3/6, 2/6, 1/6): C = .5 * .5 + .5 * (.5 - 1/3)
    assert paper[1].confidence == pytest.approx(1 / 3)
    assert blended[1].confidence == pytest.approx(0.5 / 3 + 0.25)
    assert [p.ranking for p in paper] == [p.ranking for p in blended]  # only confidence moves


# --- tune: per-verb choice of scoring parameters by cross-validation --------------------------
# Folds are instance i mod 2.  Each fold trains on three "man" objects (use#1) and two "woman"
# objects (use#2).  A held-out "woman" gets, with sim_k 3, use#1 (0.8 + 0.8 + 0.8) / 3 = 0.8
# against use#2 (1 + 1 + 0) / 3: wrong; with sim_k 1, 1.0 against 0.8: right.  Every "man" is
# right under both.  So sim_k 1 scores 10 of 10, sim_k 3 six of 10.
TRAIN_TUNE = [inst(f"m{i}", "use#1", obj="man") for i in range(6)] + [
    inst(f"w{i}", "use#2", obj="woman") for i in range(4)
]
TUNED = {**BASE, "sim_aggregate": "knn", "sim_k": 3, "beta": 0.0, "tune_folds": 2}


def test_tune_keeps_the_setting_with_most_exact_matches(world: dict[str, str]) -> None:
    model = ExampleBasedWSD(**{**TUNED, "tune": [{"sim_k": 1}], "tune_min_instances": 10}, **world)
    assert model.fit(TRAIN_TUNE).verbs_["use"].setting == {"sim_k": 1}
    (p,) = model.rank([inst("t", None, obj="woman")])
    assert dict(p.ranking) == pytest.approx({"use#2": 1.0, "use#1": 0.8})  # k = 1 in use
    # a candidate that changes nothing ties with the estimator's own parameters: they win
    same = ExampleBasedWSD(**{**TUNED, "tune": [{"beta": 0.0}], "tune_min_instances": 10}, **world)
    assert same.fit(TRAIN_TUNE).verbs_["use"].setting == {}
    # a verb with fewer training instances than tune_min_instances is not tuned
    few = ExampleBasedWSD(**{**TUNED, "tune": [{"sim_k": 1}], "tune_min_instances": 11}, **world)
    assert few.fit(TRAIN_TUNE).verbs_["use"].setting == {}


def test_a_tuned_choice_is_saved_with_the_model(world: dict[str, str], tmp_path: Path) -> None:
    params = {**TUNED, "tune": [{"sim_k": 1}], "tune_min_instances": 10}
    model = make_method("example", **params, **world).fit(TRAIN_TUNE)
    path = tmp_path / "m.json"
    save_model(model, path)
    state = json.loads(path.read_text())["verbs"]["use"]
    assert state["setting"] == {"sim_k": 1} and set(state) == {"examples", "setting"}
    loaded = load_model(path)
    assert loaded.verbs_["use"].setting == {"sim_k": 1}
    probes = [inst("t1", None, obj="woman"), inst("t2", None, obj="student")]
    assert loaded.rank(probes) == model.rank(probes)


@pytest.mark.parametrize(
    ("tune", "message"),
    [
        ("exp", "tune must be a list of tables of parameters, got 'exp'"),
        ([{"gamma": 1}], "tune: 'gamma' cannot be tuned"),
        ([{"beta": float("inf")}], r"tune: beta must be a number in \[0, 1000000\], got inf"),
        ([{"sim_k": 0}], r"tune: sim_k must be an integer in \[1, 1000000\], got 0"),
        ([{"similarity": "cosine"}], "tune: similarity: unknown similarity mapping 'cosine'"),
    ],
)
def test_bad_tune_candidates_name_the_value(tune: object, message: str) -> None:
    with pytest.raises(ModelError, match=message):
        make_method("example", tune=tune)


def test_settings_follow_each_estimators_own_parameters() -> None:
    """A clone checks the same settings; other parameters or candidates give their own."""
    from sklearn.base import clone

    first = make_method("example", beta=2.0, tune=[{"sim_k": 3}])
    again = clone(first).set_params()
    again._validate_params()
    assert list(again._settings) == list(first._settings) == ["{}", '{"sim_k": 3}']
    assert again.setting({"sim_k": 3}).k == 3 and again.setting({}).beta == 2.0
    other = make_method("example", beta=3.0, tune=[{"sim_k": 4}])
    assert other.setting({}).beta == 3.0 and first.setting({}).beta == 2.0
    assert other.setting({"sim_k": 4}).k == 4 and '{"sim_k": 4}' not in first._settings


@pytest.mark.parametrize("seed", range(6))
def test_ccd_by_shared_nodes_equals_ccd_by_nearest_examples(seed: int, tmp_path: Path) -> None:
    """CCD by shared nodes equals CCD by nearest examples at similarity >= 1."""
    rng = np.random.default_rng(seed)
    nodes = [f"n{i}" for i in range(25)]
    edges = "".join(
        f"{n}\t{'ROOT' if i < 3 else nodes[rng.integers(i)]}\n" for i, n in enumerate(nodes)
    )
    words = [f"w{i}" for i in range(12)]
    lines = []
    for word in words:  # one to three senses each
        for k, node in enumerate(rng.choice(nodes, size=rng.integers(1, 4), replace=False)):
            lines.append(f"{word}\t{word}#{k + 1}\t{node}\n")
    spec = worlds.write_world(tmp_path)
    (tmp_path / "nouns.tsv").write_text(edges, encoding="utf-8")
    (tmp_path / "nouns.words.tsv").write_text("".join(lines), encoding="utf-8")
    train = [
        marked(
            f"i{j}",
            f"use#{rng.integers(1, 4)}",
            (("comp", str(rng.choice(["that", "to", "if"]))),),
            subj=str(rng.choice(words)),
            obj=str(rng.choice(words)),
        )
        for j in range(30)
    ]
    for senses in ("all", "first"):
        for marks in ((), ("comp",)):  # comp: a mark, its fillers compared as words
            model = ExampleBasedWSD(
                **{**BASE, "sim_aggregate": "knn", "example_senses": senses, "marks": marks}, **spec
            ).fit(train)
            verb = model.verbs_["use"]
            by_nodes = dict(verb.ccd)  # every case at once, by shared nodes
            by_nearest = model.ccd(verb, model._pool("use"), by_nodes=False)
            assert by_nodes == by_nearest
            assert all(0.0 <= value <= 1.0 for value in by_nodes.values())
            assert 0.0 < by_nodes["subj"] < 1.0  # some fillers shared, not all


def test_infinite_beta_lets_the_cases_of_highest_ccd_decide_then_the_next(
    world: dict[str, str],
) -> None:
    """``beta=inf``: the highest CCD level ranks, its ties go to the next; 1e6 leaves them."""
    train = [
        inst("a", "use#2", subj="woman", obj="man"),
        inst("b", "use#2", subj="woman", obj="man"),
        inst("c", "use#1", subj="hammer", obj="student"),
        inst("d", "use#3", subj="woman", obj="bread"),
    ]
    probe = [inst("t", None, subj="hammer", obj="person")]  # obj: man and student at LEN 1
    lexicographic = ExampleBasedWSD(**{**PAPER, "beta": float("inf")}, **world).fit(train)
    (p,) = lexicographic.rank(probe)
    assert lexicographic.verbs_["use"].ccd == pytest.approx({"subj": 2 / 3, "obj": 1.0})
    assert p.sense == "use#1" and dict(p.details) == {"weight:subj": 0.0, "weight:obj": 1.0}
    near = lexicographic.setting({}).sim(np.array([1]))[0]
    assert dict(p.ranking)["use#1"] == dict(p.ranking)["use#2"] == pytest.approx(near)
    (q,) = ExampleBasedWSD(**{**PAPER, "beta": 1e6}, **world).fit(train).rank(probe)
    assert q.sense == "use#2"  # the first column: the more frequent training sense


def test_tuning_judges_an_infinite_beta_as_ranking_does() -> None:
    """Tuning picks for ``beta=inf`` the sense ranking gives, the first column if none informs."""
    from types import SimpleNamespace

    from wsd.methods.example.scoring import choices, rank_inputs

    model = SimpleNamespace(senses=("s1", "s2", "s3"), ccd={"subj": 0.5, "obj": 1.0, "loc": 0.0})
    owner, cases = [0, 0, 1, 1, 2], ["subj", "obj", "subj", "obj", "loc"]
    sims = np.array(
        [[0.9, 0.1, 0.0], [0.2, 0.7, 0.1], [0.1, 0.3, 0.3], [0.5, 0.6, 0.6], [1.0, 0.0, 0.0]]
    )
    (chosen,) = choices(model, owner, cases, [sims], [SimpleNamespace(beta=math.inf)], 3)
    ranked = rank_inputs(model, owner, cases, sims, math.inf)
    assert ranked[2] is None
    tops = [model.senses.index(r[0][0][0]) for r in (ranked[0], ranked[1])]
    assert chosen.tolist() == [*tops, 0] == [1, 1, 0]
