"""File thesauri (``thesaurus/files.py``, text rules of ``thesaurus/utils/text_input.py``):
byte-order marks, line breaks, control characters, messages of bounded length, and trees of 200,000
nodes (a chain in both file orders, siblings) checked against closed forms.  The timings of
the same shapes at up to 1,000,000 nodes are in ``bench/bench_thesaurus_scale.py``; no
timing is asserted here.  Small bad trees: ``test_thesaurus.py``; random files:
``test_fuzz.py``."""

from __future__ import annotations

import codecs
import re
import sys
from pathlib import Path

import numpy as np
import pytest
from paths import ROOT

import thesaurus
from thesaurus import ThesaurusError

sys.path.insert(0, str(ROOT / "bench"))
from bench_thesaurus_scale import expected_lengths, write_tree  # noqa: E402

BOM = codecs.BOM_UTF8


def write(tmp_path: Path, tree: bytes, words: bytes = b"") -> Path:
    path = tmp_path / "t.tsv"
    path.write_bytes(tree)
    (tmp_path / "t.words.tsv").write_bytes(words)
    return path


@pytest.mark.parametrize(
    ("tree", "line", "message"),
    [
        # U+0085 and U+2028 are not line breaks: the bad line is the third, as editors count
        ("R\na\u0085x\tR\nb\tR\tz\n", 2, "control character U+0085 at column 2"),
        ("R\na\u2028x\tR\nb\tR\tz\n", 3, "expected 'child<TAB>parent'"),
        ("R\na\tR\n\ufeffb\ta\n", 3, "a byte-order mark (U+FEFF) inside the file"),
        ("R\na\tR\x00\n", 2, "control character U+0000"),
    ],
)
def test_lines_are_counted_as_editors_do(
    tmp_path: Path, tree: str, line: int, message: str
) -> None:
    path = write(tmp_path, tree.encode())
    with pytest.raises(ThesaurusError, match="^" + re.escape(f"{path}:{line}: {message}")):
        thesaurus.load_file(path)


def test_bytes_that_are_not_utf8_name_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, BOM + b"R\r\na\tR\r\nb\xe9\ta\r\n")
    with pytest.raises(ThesaurusError, match=rf"^{path}:3: not UTF-8 \(.* 0xe9 at column 2\)$"):
        thesaurus.load_file(path)


def test_huge_values_give_short_messages(tmp_path: Path) -> None:
    huge = "x" * 500_000
    path = write(tmp_path, f"R\n{huge}\tR\t{huge}\n".encode())
    with pytest.raises(
        ThesaurusError, match=r"t\.tsv:2: expected .*\(1000003 characters\)$"
    ) as info:
        thesaurus.load_file(path)
    assert len(str(info.value)) < 300
    path = write(tmp_path, b"R\na\tR\n", f"w\tw#1\t{huge}\n".encode())
    with pytest.raises(ThesaurusError, match=r"points at unknown node 'x+'\.\.\. \(500000 char"):
        thesaurus.load_file(path)


# --- 200,000 nodes --------------------------------------------------------------------------
N = 200_000


@pytest.mark.parametrize("shape", ["chain", "chain-leaf-first", "siblings"])
def test_large_trees_answer_len_exactly(tmp_path: Path, shape: str) -> None:
    thes = thesaurus.load_file(write_tree(tmp_path, shape, N))
    assert thes.n_nodes == N
    assert thes.max_depth == (1 if shape == "siblings" else N - 1)
    ids = np.array([thes.node_index(f"n{k}") for k in range(N)])
    rng = np.random.default_rng(7)
    i, j = rng.integers(0, N, size=(2, 20_000))
    i[:3], j[:3] = (0, N - 1, 5), (N - 1, 0, 5)  # the ends and a node with itself
    assert thes.path_lengths(ids[i], ids[j]).tolist() == expected_lengths(shape, i, j).tolist()
    assert [thes.path_length(ids[x], ids[y]) for x, y in zip(i[:500], j[:500], strict=True)] == (
        expected_lengths(shape, i[:500], j[:500]).tolist()
    )
    assert thes.maxlen("w") == (2 if shape == "siblings" else N - 1)
    assert thes.sense_length("w#root", "w#far") == (1 if shape == "siblings" else N - 1)
    far = thes.sense_node("w#far")
    assert len(thes.ancestors(far)[0]) == thes.depth(far) + 1
    assert len(thes.path(thes.root, far)) == thes.depth(far) + 1


def test_a_long_cycle_is_named_briefly(tmp_path: Path) -> None:
    """A 200,000-node cycle is named by a few nodes and the line that closes it."""
    lines = [f"n{k}\tn{k - 1}" for k in range(1, N)] + [f"n0\tn{N - 1}"]
    path = write(tmp_path, ("\n".join(lines) + "\n").encode())
    with pytest.raises(ThesaurusError) as info:
        thesaurus.load_file(path)
    message = str(info.value)
    assert message.startswith(f"{path}: no root: cycle n1 -> n0 -> n199999 -> ")
    assert message.endswith(f"-> ... ({N} nodes) -> n1 ({path}:1)")
    assert len(message) < 200 + 2 * len(str(path))


def test_an_orphan_at_the_end_of_a_long_chain(tmp_path: Path) -> None:
    lines = ["n0"] + [f"n{k}\tn{k - 1}" for k in range(1, N)] + ["x\tlost"]
    path = write(tmp_path, ("\n".join(lines) + "\n").encode())
    with pytest.raises(
        ThesaurusError,
        match=rf"^{path}:{N + 1}: node 'x' has no path to the root 'n0': its parent 'lost' "
        r"has no parent line; 2 roots \('n0', 'lost'\)",
    ):
        thesaurus.load_file(path)


def test_sense_ids_are_kept_in_lower_case_as_every_key_file_reads_them(
    tmp_path: Path,
) -> None:
    """Sense ids are lower-cased as key files read them; node names keep their case."""
    path = write(
        tmp_path, b"R\nA\tR\nB\tR\n", "Run\tRun%1\tA\nrun\tRUN%2\tB\nuse\tÉté.1\tB\n".encode()
    )
    thes = thesaurus.load_file(path)
    assert thes.senses("RUN") == ("run%1", "run%2")
    assert set(thes.sense_ids) == {"run%1", "run%2", "été.1"}
    assert thes.sense_length("Run%1", "run%2") == thes.sense_length("run%1", "RUN%2") == 2
    assert [thes.node_name(i) for i in range(thes.n_nodes)] == ["R", "A", "B"]  # nodes keep case


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (b"run\trun%1\tA\nrun\tRUN%1\tA\n", "2: sense id 'RUN%1' already defined at"),
        (b"run\trun 1\tA\n", "1: sense id 'run 1' holds whitespace (a key file could not name it)"),
        ("run\trun\u30001\tA\n".encode(), "1: sense id 'run\\u30001' holds whitespace"),
    ],
)
def test_sense_ids_a_key_file_cannot_tell_apart_are_refused(
    tmp_path: Path, words: bytes, message: str
) -> None:
    path = write(tmp_path, b"R\nA\tR\n", words)
    with pytest.raises(ThesaurusError, match=re.escape(f"{tmp_path / 't.words.tsv'}:{message}")):
        thesaurus.load_file(path)
