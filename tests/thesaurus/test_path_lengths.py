"""Path lengths (thesaurus/path_lengths.py): random trees against networkx, deep chains and
stars, node ids checked in every call."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import thesaurus
from thesaurus import Thesaurus, UnknownKeyError
from thesaurus.path_lengths import Tree


@pytest.fixture(scope="module")
def tsukau(data_dir: Path) -> Thesaurus:
    return thesaurus.load_file(data_dir / "thesaurus" / "tsukau_verbs.tsv")


# --- random trees against networkx --------------------------------------------------------------
def random_tree(parents: list[int]) -> Tree:
    """Node i + 1 hangs under ``parents[i] % (i + 1)``; node 0 is the root."""
    n = len(parents) + 1
    parent = np.array([-1] + [p % (i + 1) for i, p in enumerate(parents)], dtype=np.int32)
    return Tree("random", [f"n{i}" for i in range(n)], parent)


def as_graph(thes: Tree) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from(range(thes.n_nodes))
    graph.add_edges_from((i, thes.parent(i)) for i in range(thes.n_nodes) if thes.parent(i) >= 0)
    return graph


@settings(max_examples=60, deadline=None)
@given(
    parents=st.lists(st.integers(min_value=0, max_value=10_000), min_size=0, max_size=60),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_trees_match_networkx(parents: list[int], seed: int) -> None:
    thes = random_tree(parents)
    graph = as_graph(thes)
    n = thes.n_nodes
    rng = np.random.default_rng(seed)
    a, b, c = (rng.integers(0, n, size=40) for _ in range(3))
    ab = thes.path_lengths(a, b)
    reference = [nx.shortest_path_length(graph, int(x), int(y)) for x, y in zip(a, b, strict=True)]
    assert ab.tolist() == reference
    assert np.array_equal(ab, thes.path_lengths(b, a))  # symmetric
    assert np.all(ab <= thes.path_lengths(a, c) + thes.path_lengths(c, b))  # triangle
    assert np.all((ab == 0) == (a == b))
    directed = nx.DiGraph((thes.parent(i), i) for i in range(1, n))
    for x, y in zip(a[:10].tolist(), b[:10].tolist(), strict=True):
        if n > 1:
            assert thes.lca(x, y) == nx.lowest_common_ancestor(directed, x, y)
        assert thes.path(x, y) == nx.shortest_path(graph, x, y)


def test_deep_chain_and_star() -> None:
    chain = random_tree([i for i in range(2000)])  # i % (i + 1) == i: a path of 2001 nodes
    assert chain.max_depth == 2000
    assert chain.path_length(0, 2000) == 2000 and chain.path_length(700, 1300) == 600
    star = random_tree([0] * 500)
    assert star.path_lengths(np.arange(1, 501), np.arange(500, 0, -1)).tolist() == [
        0 if i == 501 - i else 2 for i in range(1, 501)
    ]


@pytest.mark.parametrize("bad", [-1, -11, 11, 99, 1.5, "3", None])
def test_node_ids_are_validated_scalar_and_vectorised(tsukau: Thesaurus, bad: object) -> None:
    assert tsukau.n_nodes == 11
    shown = repr(bad) if isinstance(bad, str | float | None) else str(bad)
    calls = (
        lambda: tsukau.path_length(bad, 0),  # type: ignore[arg-type]
        lambda: tsukau.path_length(0, bad),  # type: ignore[arg-type]
        lambda: tsukau.lca(bad, 1),  # type: ignore[arg-type]
        lambda: tsukau.path(1, bad),  # type: ignore[arg-type]
    )
    for call in calls:
        with pytest.raises(UnknownKeyError, match=f"node id {shown}"):
            call()
    if isinstance(bad, int):
        with pytest.raises(UnknownKeyError, match=f"node id {bad} out of range"):
            tsukau.path_lengths(np.array([0, 1, bad]), np.array([1, 2, 3]))
        with pytest.raises(UnknownKeyError, match=f"node id {bad} out of range"):
            tsukau.lcas(np.array([0]), np.array([bad]))


def test_float_node_arrays_are_rejected(tsukau: Thesaurus) -> None:
    with pytest.raises(UnknownKeyError, match=r"node ids must be integers, got float64 \(1\.5"):
        tsukau.path_lengths(np.array([1.5, 2.0]), np.array([0, 1]))
    assert tsukau.path_lengths(np.array([], dtype=float), []).tolist() == []
    assert tsukau.path_length(np.int32(3), np.int64(1)) == 2  # numpy integers are fine
