"""Thesauri on small trees: hand-built Japanese fixtures (the paper's 使う and its Figure 3
nouns), bad files, similarity maps and the CLI.  Path lengths on random trees:
test_path_lengths.py; WordNet: test_wordnet*.py."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

import thesaurus
from evaluation.acceptability import acceptability
from evaluation.cli import main
from thesaurus import DataError, Thesaurus, ThesaurusError, UnknownKeyError


@pytest.fixture(scope="module")
def tsukau(data_dir: Path) -> Thesaurus:
    return thesaurus.load_file(data_dir / "thesaurus" / "tsukau_verbs.tsv")


@pytest.fixture(scope="module")
def nouns_ja(data_dir: Path) -> Thesaurus:
    return thesaurus.load_file(data_dir / "thesaurus" / "nouns_ja.tsv")


def write_thesaurus(tmp_path: Path, edges: str, words: str = "", stem: str = "t") -> Path:
    path = tmp_path / f"{stem}.tsv"
    path.write_text(edges, encoding="utf-8")
    (tmp_path / f"{stem}.words.tsv").write_text(words, encoding="utf-8")
    return path


# --- the paper's verb 使う ------------------------------------------------------------------------
# Tree (depths): 概念 0; 行為 1; 人に関わる行為 2; 雇用 3 (人を使う); 物に関わる行為 2; 利用 3;
# 道具の利用 4 (道具を使う); 材料の利用 4 (材料を使う); 事象 1; 変化 2; 消費 3 (消費する).
TSUKAU_LEN = {
    ("人を使う", "道具を使う"): 3 + 4 - 2 * 1,  # lca 行為
    ("人を使う", "材料を使う"): 3 + 4 - 2 * 1,
    ("人を使う", "消費する"): 3 + 3 - 2 * 0,  # lca 概念 (root)
    ("道具を使う", "材料を使う"): 4 + 4 - 2 * 3,  # lca 利用
    ("道具を使う", "消費する"): 4 + 3 - 2 * 0,
    ("材料を使う", "消費する"): 4 + 3 - 2 * 0,
}


def test_tsukau_senses_in_file_order(tsukau: Thesaurus) -> None:
    assert tsukau.senses("使う") == ("人を使う", "道具を使う", "消費する", "材料を使う")
    assert [tsukau.node_name(n) for n in tsukau.word_nodes("使う")] == [
        "雇用",
        "道具の利用",
        "消費",
        "材料の利用",
    ]
    assert tsukau.name == "tsukau_verbs" and len(tsukau.version) == 12
    assert tsukau.n_nodes == 11 and tsukau.max_depth == 4


@pytest.mark.parametrize(("pair", "length"), sorted(TSUKAU_LEN.items()))
def test_tsukau_len_by_hand(tsukau: Thesaurus, pair: tuple[str, str], length: int) -> None:
    a, b = pair
    assert tsukau.sense_length(a, b) == length
    assert tsukau.sense_length(b, a) == length
    assert len(tsukau.path(tsukau.sense_node(a), tsukau.sense_node(b))) == length + 1


def test_tsukau_maxlen_is_seven_and_acceptability_by_hand(tsukau: Thesaurus) -> None:
    assert tsukau.maxlen("使う") == 7  # the paper's MAXLEN(使う)
    assert tsukau.maxlen("雇う") == 0  # monosemous
    maxlen = tsukau.maxlen("使う")
    # A(x, s) = ((MAXLEN - LEN) / MAXLEN) ** alpha, computed by hand for gold 道具を使う
    # (LEN 2 to 材料を使う, 5 to 人を使う, 7 to 消費する, 0 to itself), through the scorer:
    expected = {
        ("材料を使う", 1.0): 5 / 7,
        ("材料を使う", 2.0): 25 / 49,
        ("材料を使う", 0.5): math.sqrt(5 / 7),
        ("人を使う", 1.0): 2 / 7,
        ("人を使う", 2.0): 4 / 49,
        ("消費する", 1.0): 0.0,
        ("消費する", 0.5): 0.0,
        ("道具を使う", 2.0): 1.0,
        ("道具を使う", math.inf): 1.0,
        ("材料を使う", math.inf): 0.0,
    }
    for (system, alpha), value in expected.items():
        length = tsukau.sense_length(system, "道具を使う")
        assert acceptability(length, maxlen, alpha) == pytest.approx(value), (system, alpha)


def test_tsukau_shared_node_and_ancestors(tsukau: Thesaurus) -> None:
    assert tsukau.sense_length("人を使う", "雇う") == 0
    node = tsukau.sense_node("道具を使う")
    ids, up = tsukau.ancestors(node)
    names = [tsukau.node_name(i) for i in ids]
    assert names == ["道具の利用", "利用", "物に関わる行為", "行為", "概念"]
    assert up.tolist() == [0, 1, 2, 3, 4]
    assert tsukau.depth(node) == 4 and tsukau.parent(tsukau.node_index("概念")) == -1
    assert tsukau.node_name(tsukau.lca(node, tsukau.sense_node("人を使う"))) == "行為"


# --- Figure 3 nouns -----------------------------------------------------------------------------
def test_nouns_ja_hand_lengths(nouns_ja: Thesaurus) -> None:
    length = nouns_ja.sense_length
    assert length("助手", "学生") == 2  # siblings under 職業
    assert length("助手", "彼女") == 4  # via 人間
    assert length("助手", "政府") == 5  # via 主体 (depth 2): 3 + 2
    assert length("コピー機", "計算機") == 2
    assert length("コピー機", "車") == 4  # via 道具
    assert length("金", "税金") == 2
    assert length("助手", "コピー機") == 8  # via 具体物 (depth 1)
    assert length("金", "企画") == 8  # via the root
    assert length("仕事", "福祉") == 4
    for word in ("彼", "政府", "従業員", "企画", "仕事", "車", "福祉"):
        assert nouns_ja.has_word(word)


def test_nouns_ja_word_similarity_with_the_original_table(nouns_ja: Thesaurus) -> None:
    sim = thesaurus.similarity_mapping("kurohashi", scale=1)
    assert nouns_ja.word_similarity("助手", "学生", sim) == pytest.approx(10 / 11)
    assert nouns_ja.word_similarity("助手", "彼女", sim) == pytest.approx(9 / 11)
    assert nouns_ja.word_similarity("助手", "政府", sim) == pytest.approx(8.5 / 11)
    assert nouns_ja.word_similarity("金", "企画", sim) == pytest.approx(7 / 11)
    assert nouns_ja.similarity("税金", "金", sim) == pytest.approx(10 / 11)


def test_word_similarity_takes_the_best_sense_pair(tmp_path: Path) -> None:
    path = write_thesaurus(
        tmp_path,
        "R\na\tR\nb\ta\nc\ta\nd\tR\ne\td\n",
        "bank\tbank#1\tb\nbank\tbank#2\te\nshore\tshore#1\te\nmoney\tmoney#1\tc\n",
    )
    thes = thesaurus.load_file(path)
    linear = thesaurus.similarity_mapping("linear", max_len=4)
    assert thes.word_similarity("bank", "shore", linear) == 1.0  # bank#2 is shore's node
    assert thes.word_similarity("bank", "money", linear) == pytest.approx(1 - 2 / 4)  # b-a-c
    assert thes.similarity("bank#2", "money#1", linear) == 0.0  # e-d-R-a-c: 4 edges
    # A user map need not decrease: the best pair is taken after mapping (bank-money: LEN 2, 4).
    growing = lambda lengths: np.minimum(1.0, np.asarray(lengths) / 4)  # noqa: E731
    assert thes.word_similarity("bank", "money", growing) == 1.0
    assert thes.word_similarity("money", "bank", growing) == 1.0


# --- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("edges", "message"),
    [
        ("R\na\tR\nb\tc\nc\tb\n", r"t\.tsv: cycle (b -> c -> b|c -> b -> c) \(.*t\.tsv:[34]\)"),
        ("a\tb\nb\tc\nc\ta\n", r"no root: cycle a -> b -> c -> a"),
        ("a\ta\n", r"t\.tsv:1: cycle: node 'a' is its own parent"),
        (
            "a\tR\nb\tS\n",
            r"t\.tsv:2: node 'b' has no path to the root 'R': its parent 'S' has no parent line; "
            r"2 roots \('R', 'S'\)",
        ),
        ("R\nS\na\tR\n", r"t\.tsv:2: node 'S' is a second root besides 'R'; 2 roots"),
        # two roots and a cycle: the cycle is named (and the search ends)
        ("x\tR1\ny\tR2\na\tb\nb\ta\n", r"t\.tsv: cycle (a -> b -> a|b -> a -> b)"),
        ("a\tR\nb\tR\nb\ta\n", r"t\.tsv:3: node 'b' already has a parent line \(.*t\.tsv:2\)"),
        ("a\tR\nx\ty\tz\n", r"t\.tsv:2: expected 'child<TAB>parent'"),
        ("# only a comment\n\n", r"no edges"),
    ],
)
def test_bad_trees_name_file_and_line(tmp_path: Path, edges: str, message: str) -> None:
    path = write_thesaurus(tmp_path, edges)
    with pytest.raises(ThesaurusError, match=message):
        thesaurus.load_file(path)


def test_orphan_error_names_the_cut_off_child_its_parent_and_the_line(tmp_path: Path) -> None:
    # 'lost' has the bigger subtree, but R is declared alone on its line: R is the root.
    path = write_thesaurus(tmp_path, "R\na\tR\nb\tlost\nc\tb\nd\tc\n")
    with pytest.raises(
        ThesaurusError,
        match=r"t\.tsv:3: node 'b' has no path to the root 'R': its parent 'lost' has no parent "
        r"line; 2 roots \('R', 'lost'\)",
    ):
        thesaurus.load_file(path)
    # No declared root: the largest subtree (x) is taken as the root.
    path = write_thesaurus(tmp_path, "a\tx\nb\tx\nc\ty\n")
    with pytest.raises(ThesaurusError, match=r"t\.tsv:3: node 'c' has no path to the root 'x'"):
        thesaurus.load_file(path)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ("w\tw#1\tnowhere\n", r"t\.words\.tsv:1: word 'w' points at unknown node 'nowhere'"),
        ("w\tw#1\ta\nv\tw#1\tR\n", r"t\.words\.tsv:2: sense id 'w#1' already defined at .*:1"),
        ("# c\nw\tw#1\n", r"t\.words\.tsv:2: expected 'word<TAB>sense_id<TAB>node'"),
    ],
)
def test_bad_word_tables(tmp_path: Path, words: str, message: str) -> None:
    path = write_thesaurus(tmp_path, "a\tR\n", words)
    with pytest.raises(ThesaurusError, match=message):
        thesaurus.load_file(path)


def test_missing_files_and_bad_specs(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="not found"):
        thesaurus.load_file(tmp_path / "absent.tsv")
    (tmp_path / "lonely.tsv").write_text("a\tR\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"lonely\.words\.tsv not found"):
        thesaurus.load_file(tmp_path / "lonely.tsv")
    with pytest.raises(DataError, match="unknown thesaurus 'wordnet-adjective'") as error:
        thesaurus.load("wordnet-adjective")
    assert "wordnet-noun, wordnet-adj, wordnet-adv or a <stem>.tsv" in str(error.value)


@pytest.mark.parametrize(
    ("key", "pos"),
    [
        ("bank%1:14:00::", "noun"),
        ("use%2:34:01::", "verb"),
        ("hot%3:00:01::", "adj"),
        ("warm%5:00:00:hot:01", "adj"),  # a satellite is an adjective
        ("quickly%4:02:00::", "adv"),
        ("USE%2:34:01::", "verb"),
        ("人を使う", None),  # a file thesaurus's sense id
        ("use.v.01", None),  # a synset name
        ("bank%1", None),
        ("use%2:34:1::", None),  # lex_id of one digit
        ("hot%3:00:01:cold:01", None),  # a head word on a head
        ("warm%5:00:00::", None),  # a satellite without its head
        ("say%6:32:00::", None),  # no ss_type 6
        ("%2:34:01::", None),  # no lemma
    ],
)
def test_sense_key_pos(key: str, pos: str | None) -> None:
    assert thesaurus.sense_key_pos(key) == pos
    assert pos is None or thesaurus.WORDNET_SPECS[pos] in thesaurus.specs.SPECS


def test_unknown_keys_are_key_errors_naming_the_key(tsukau: Thesaurus) -> None:
    for call, key in (
        (lambda: tsukau.sense_node("人を使わない"), "人を使わない"),
        (lambda: tsukau.senses("走る"), "走る"),
        (lambda: tsukau.maxlen("走る"), "走る"),
        (lambda: tsukau.node_index("宇宙"), "宇宙"),
    ):
        with pytest.raises(UnknownKeyError, match=key) as info:
            call()
        assert isinstance(info.value, KeyError)
    with pytest.raises(UnknownKeyError, match="node id 99 out of range"):
        tsukau.path_lengths(np.array([0, 1]), np.array([1, 99]))
    with pytest.raises(UnknownKeyError, match="node id -1"):
        tsukau.depth(-1)
    assert not tsukau.has_sense("人を使わない") and not tsukau.has_word("走る")


def test_comments_blank_lines_root_line_and_version_hash(tmp_path: Path) -> None:
    edges = "# tree\n\nR\t\n  \na\tR\r\nb\ta\n"
    first = thesaurus.load_file(write_thesaurus(tmp_path, edges, "W\tw1\tb\n", stem="x"))
    assert first.name == "x" and first.node_name(first.root) == "R" and first.depth(2) == 2
    assert first.senses("w") == ("w1",)  # words are looked up lower-cased
    other = tmp_path / "other"
    other.mkdir()
    second = thesaurus.load_file(write_thesaurus(other, edges, "W\tw1\ta\n", stem="x"))
    assert first.version != second.version


def test_load_caches_per_resolved_path(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = data_dir / "thesaurus" / "tsukau_verbs.tsv"
    first = thesaurus.load(str(path))
    monkeypatch.chdir(path.parent)
    assert thesaurus.load("tsukau_verbs.tsv") is first


# --- similarity maps ----------------------------------------------------------------------------
def test_kurohashi_table_points_exactly() -> None:
    lengths = np.array([0, 2, 4, 6, 8, 10, 12, 14, 100])
    table = [11, 10, 9, 8, 7, 5, 0, 0, 0]
    assert thesaurus.similarity_mapping("kurohashi", scale=1)(lengths).tolist() == [
        t / 11 for t in table
    ]
    assert thesaurus.similarity_mapping("kurohashi", scale=2)(2 * lengths).tolist() == [
        t / 11 for t in table
    ]
    default = thesaurus.similarity_mapping()
    assert default(np.array([0, 3, 18])).tolist() == [1.0, 10 / 11, 0.0]  # scale 1.5
    assert thesaurus.similarity_mapping("kurohashi", scale=1)(np.array([1, 9])).tolist() == [
        pytest.approx(10.5 / 11),
        pytest.approx(6 / 11),
    ]


def test_linear_and_exp_maps() -> None:
    lengths = np.arange(0, 30)
    linear = thesaurus.similarity_mapping("linear", max_len=10)(lengths)
    assert linear[:11].tolist() == pytest.approx([1 - k / 10 for k in range(11)])
    assert np.all(linear[10:] == 0)
    expo = thesaurus.similarity_mapping("exp", tau=3)(lengths)
    assert expo.tolist() == pytest.approx([math.exp(-k / 3) for k in range(30)])
    for name in ("kurohashi", "linear", "exp"):
        values = thesaurus.similarity_mapping(name)(np.minimum(np.arange(0, 50_000, 7), 10_000))
        assert np.all(np.diff(values) <= 0) and values.min() >= 0 and values.max() == 1


def test_bad_mapping_arguments() -> None:
    with pytest.raises(ThesaurusError, match="unknown similarity mapping 'cosine'"):
        thesaurus.similarity_mapping("cosine")
    with pytest.raises(ThesaurusError, match="takes scale, not tau"):
        thesaurus.similarity_mapping("kurohashi", tau=2)
    with pytest.raises(ThesaurusError, match="tau must be > 0"):
        thesaurus.similarity_mapping("exp", tau=0)


# --- CLI ----------------------------------------------------------------------------------------
def test_cli_on_a_file_thesaurus(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = str(data_dir / "thesaurus" / "tsukau_verbs.tsv")
    assert main(["thesaurus", "distance", "道具を使う", "消費する", "--verb-thesaurus", spec]) == 0
    assert capsys.readouterr().out == "7\n"
    assert main(["thesaurus", "distance", "人を使う", "行為", "--verb-thesaurus", spec]) == 0
    assert capsys.readouterr().out == "2\n"  # a node name works as a key
    assert main(["thesaurus", "maxlen", "使う", "--verb-thesaurus", spec]) == 0
    assert capsys.readouterr().out == "7\n"
    assert main(["thesaurus", "path", "道具を使う", "材料を使う", "--verb-thesaurus", spec]) == 0
    assert capsys.readouterr().out.split() == ["道具の利用", "利用", "材料の利用"]


def test_cli_errors_exit_2_with_one_line(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = str(data_dir / "thesaurus" / "tsukau_verbs.tsv")
    assert main(["thesaurus", "distance", "人を使う", "宇宙", "--verb-thesaurus", spec]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'宇宙' is neither a sense nor a node" in err
    assert main(["thesaurus", "distance", "a", "b"]) == 2
    assert "cannot tell the thesaurus" in capsys.readouterr().err
    assert main(["thesaurus", "distance", "use%2:34:01::", "man%1:18:00::"]) == 2
    assert "mix noun and verb senses" in capsys.readouterr().err


def test_cli_unknown_sense_key_keeps_the_suggestion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = str(write_thesaurus(tmp_path, "a\tR\nb\tR\n", "bank\tbank%1\ta\nbank\tbank%2\tb\n"))
    assert main(["thesaurus", "distance", "bank%1", "bank%2", "--verb-thesaurus", spec]) == 0
    assert capsys.readouterr().out == "2\n"
    assert main(["thesaurus", "distance", "bank%3", "bank%1", "--verb-thesaurus", spec]) == 2
    err = capsys.readouterr().err
    assert err == (
        "wsd: error: 'bank%3' is neither a sense nor a node of thesaurus t "
        "(bank has bank%1, bank%2)\n"
    )
    assert main(["thesaurus", "path", "bank%1", "shore%1", "--verb-thesaurus", spec]) == 2
    assert capsys.readouterr().err.endswith("neither a sense nor a node of thesaurus t\n")
