"""Fuzzing the readers and the command line: generated and mutated inputs end in a correct
result or in the toolkit's own one-line error naming the file (and line), never in another
exception, a hang or a silently dropped record; commands exit 0 or 2 with one line of error.

Each reader (``READERS``: key files, TSV thesauri, SemCor, Raganato XML, JSONL, answers) pairs
a generator of valid files, which knows what it wrote, with the reader: a valid file reads
exactly as generated; a mutated one (``fuzzing.MUTATIONS``, and edits at the format's own
level, ``EDITED``) reads or fails naming a file; a corpus that reads accounts for every verb
token (an instance or a counted skip).  Configs are checked against a restated schema
(``fuzz_config``), model files and the key and answers writers by round trips, ``wsd score``
against an independent Senseval scorer, and the commands in subprocesses (``run_wsd``).
Interruptions and output paths: tests/thesaurus/test_interruptions.py, test_fuzz_outputs.py.
Statistics of the cases (``outcome: ...``, ``exit ...``, ``mutation: ...``)::

    python -m pytest -q tests/test_fuzz.py --hypothesis-show-statistics
    WSD_FUZZ_PROFILE=fuzz-deep python -m pytest -q tests/test_fuzz.py   # many more cases
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import io
import json
import math
import os
import re
import tempfile
import tomllib
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fuzz_answers import answers_files, odd_answers_files
from fuzz_answers import read_back as answers_back
from fuzz_config import config_files, config_model, odd_config_files
from fuzz_config import read_back as config_back
from fuzz_config import section as config_section
from fuzz_jsonl import jsonl_files, odd_json, odd_jsonl_files
from fuzz_jsonl import read_back as jsonl_back
from fuzz_raganato import odd_raganato_files, raganato_account, raganato_files
from fuzz_raganato import read_back as raganato_back
from fuzz_semcor import (
    odd_semcor_files,
    read_back,
    semcor_files,
    verb_account,
)
from fuzzing import (
    BOM,
    CLI,
    CLI_HEAVY,
    FUZZ,
    MUTATIONS,
    Draw,
    Failure,
    Hang,
    event,
    expect,
    gold_problem,
    leftovers,
    line_breaks,
    malformed_key,
    mutated,
    mutation_events,
    no_hang,
    read_or_fail,
    run_wsd,
    tally,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from japanese_worlds import tiny_config
from paths import DATA, ROOT

import thesaurus
from evaluation import ConfigError
from evaluation.answers import read_answers
from evaluation.experiment import load_config
from thesaurus import ThesaurusError, ToolkitError
from wsd._exceptions import CorpusFormatError
from wsd.corpus import load_corpus, read_jsonl, read_raganato
from wsd.corpus.keys import read_keys, write_keys
from wsd.corpus.semcor import read_semcor

# --- key files ------------------------------------------------------------------------------
_TOKEN_CHARS = st.characters(
    blacklist_categories=("Cc", "Cs", "Zs", "Zl", "Zp"), blacklist_characters="\ufeff\x1c\x1d"
)
tokens = st.one_of(
    st.builds(
        "{}%{}:{:02d}:{:02d}::".format,
        st.text("abcdeuse_", min_size=1, max_size=8),
        st.integers(1, 5),
        st.integers(0, 44),
        st.integers(0, 99),
    ),
    st.builds("d{:03d}.s{:03d}.t{:03d}".format, *[st.integers(0, 999)] * 3),
    st.text(_TOKEN_CHARS, min_size=1, max_size=10).filter(lambda s: s.split() == [s]),
)
key_maps = st.dictionaries(tokens, st.lists(tokens, min_size=1, max_size=3).map(tuple), max_size=30)


@st.composite
def key_files(draw: Draw) -> tuple[bytes, dict[str, tuple[str, ...]]]:
    """A valid key file (mixed separators and line breaks, blank lines, maybe a BOM, maybe no
    final line break) and the keys it holds."""
    # an id starting as JSON, TOML or XML lines do makes no key file, nor does a key shaped
    # like a WordNet key but malformed; keys read in lower case
    keys = {
        i: k
        for i, k in draw(key_maps).items()
        if i[0] not in "{[<" and not any(malformed_key(s.lower()) for s in k)
    }
    out = []
    for instance, senses in keys.items():
        if draw(st.booleans()):
            out.append(draw(st.sampled_from(["", "  ", "\t", "\u3000"])) + line_breaks(draw))
        gap = draw(st.sampled_from([" ", "\t", "  ", " \t", "\u3000", "\xa0"]))
        out.append(f"{instance}{gap}{gap.join(senses)}" + line_breaks(draw))
    text = "".join(out)
    if text and draw(st.booleans()):
        text = text.rstrip("\r\n")
    data = text.encode()
    lower = {i: tuple(k.lower() for k in senses) for i, senses in keys.items()}
    return (BOM + data if draw(st.booleans()) else data), lower


def _writable(value: str) -> bool:
    return value.split() == [value] and not any(
        unicodedata.category(c) == "Cc" or c == "\ufeff" for c in value
    )


@FUZZ
@given(
    st.lists(
        st.tuples(
            st.one_of(tokens, st.text(max_size=6)),
            st.lists(st.one_of(tokens, st.text(max_size=6)), max_size=3),
        ),
        max_size=12,
    )
)
def test_keys_write_then_read_round_trips(items: list[tuple[str, list[str]]]) -> None:
    """Whatever ``write_keys`` accepts reads back as written; the rest is refused up front."""
    answered = [(i, tuple(s)) for i, s in items if s]
    ids = [i for i, _ in answered]
    bad = len(set(ids)) < len(ids) or not all(_writable(v) for i, s in answered for v in (i, *s))
    bad = bad or any(i[0] in "{[<" for i in ids)  # a line read as JSON, TOML or XML
    bad = bad or any(malformed_key(k.lower()) for _, s in answered for k in s)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "out.key"
        path.write_text("before\tk\n", encoding="utf-8")
        try:
            written = write_keys(path, items)
        except CorpusFormatError as exc:
            assert bad, f"refused a writable key list: {exc}"
            assert str(exc).startswith(f"{path}: ") and "\n" not in str(exc)
            assert read_keys(path) == {"before": ("k",)}  # the old file is intact
            assert os.listdir(tmp) == ["out.key"]  # no temp file left behind
            event("outcome: refused")
            return
        assert not bad, f"wrote an unreadable key list: {path.read_bytes()[:200]!r}"
        assert written == len(answered)
        assert read_keys(path) == {i: tuple(k.lower() for k in s) for i, s in answered}
        event("outcome: round trip")


# --- TSV thesauri ---------------------------------------------------------------------------
@dataclass(frozen=True)
class TreeModel:
    parent: dict[str, str | None]  # node -> parent name (None: the root)
    senses: dict[str, list[tuple[str, str]]]  # normalised word -> [(sense id, node)]


def naive_len(model: TreeModel, a: str, b: str) -> int:
    """Edges on the path a..b: walk up from a, then from b until a's chain is met."""
    up_a: dict[str, int] = {}
    node: str | None = a
    while node is not None:
        up_a[node] = len(up_a)
        node = model.parent[node]
    steps, node = 0, b
    while node not in up_a:
        node = model.parent[node]
        steps += 1
    return steps + up_a[node]


def summarize(thes: thesaurus.Thesaurus, model: TreeModel) -> TreeModel:
    """What the loaded thesaurus says, in the model's terms; checks LEN and MAXLEN against
    the naive walk on the way (so :func:`expect` compares the rest)."""
    names = [thes.node_name(i) for i in range(thes.n_nodes)]
    parent = {
        name: (names[thes.parent(i)] if thes.parent(i) >= 0 else None)
        for i, name in enumerate(names)
    }
    if parent == model.parent:
        ids = np.arange(thes.n_nodes)
        a, b = (ids.repeat(thes.n_nodes), np.tile(ids, thes.n_nodes))
        lengths = thes.path_lengths(a, b).tolist()
        assert lengths == [naive_len(model, names[x], names[y]) for x, y in zip(a, b, strict=True)]
    senses = {
        word: [(s, names[n]) for s, n in zip(thes.senses(word), thes.word_nodes(word), strict=True)]
        for word in thes.words
    }
    if senses == model.senses:
        for word, pairs in senses.items():
            nodes = [node for _, node in pairs]
            longest = max((naive_len(model, x, y) for x, y in combinations(nodes, 2)), default=0)
            assert thes.maxlen(word) == longest
    return TreeModel(parent, senses)


_NAME_CHARS = st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\t\ufeff")
names = (
    st.text(_NAME_CHARS, min_size=1, max_size=8)
    .map(str.strip)
    .filter(lambda s: s and not s.startswith("#"))
)


@st.composite
def thesaurus_files(draw: Draw) -> tuple[bytes, bytes, TreeModel]:
    """A valid tree file and word table (random tree, lines in random order, optional root
    line, comments, blank lines, padding around fields, mixed line breaks, maybe BOMs and no
    final break) and the model of what they hold."""
    nodes = draw(st.lists(names, min_size=1, max_size=25, unique=True))
    parent: dict[str, str | None] = {nodes[0]: None}
    lines = []
    for i, node in enumerate(nodes[1:], 1):
        parent[node] = nodes[draw(st.integers(0, i - 1))]
        pad = draw(st.sampled_from(["", " ", "\u3000"]))
        lines.append(f"{node}{pad}\t{pad}{parent[node]}")
    if len(nodes) == 1 or draw(st.booleans()):
        lines.append(nodes[0] + draw(st.sampled_from(["", "\t"])))
    lines = draw(st.permutations(lines))
    if draw(st.booleans()):
        lines.insert(draw(st.integers(0, len(lines))), "# a comment\t with\ttabs")
    if draw(st.booleans()):
        lines.insert(draw(st.integers(0, len(lines))), "  ")
    tree = "".join(line + line_breaks(draw) for line in lines)

    senses: dict[str, list[tuple[str, str]]] = {}
    word_lines = []
    ids = names.filter(lambda s: len(s.split()) == 1)  # no key file holds a space
    sense_ids = draw(st.lists(ids, max_size=12, unique_by=str.lower))
    for sense in sense_ids:
        word = draw(st.sampled_from(["use", "Use", "take place", "使う", sense]))
        node = draw(st.sampled_from(nodes))
        word_lines.append(f"{word}\t{sense}\t{node}")
        senses.setdefault("_".join(word.lower().split()), []).append((sense.lower(), node))
    words = "".join(line + line_breaks(draw) for line in word_lines)

    def encode(text: str) -> bytes:
        text = text.rstrip("\r\n") if draw(st.booleans()) else text  # no final line break
        return (BOM if draw(st.booleans()) else b"") + text.encode()

    return encode(tree), encode(words), TreeModel(parent, senses)


@FUZZ
@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 6)),
        min_size=1,
        max_size=6,
        unique_by=lambda link: link[0],
    )
)
def test_thesaurus_parent_links_with_cycles_and_orphans(links: list[tuple[int, int]]) -> None:
    """Any parent links (cycles, several roots, orphans, self-links): exactly the trees load."""
    lines = [f"n{c}\tn{p}" if p < 6 else f"n{c}" for c, p in links]
    tree = ("\n".join(lines) + "\n").encode()
    parent: dict[str, str | None] = {f"n{c}": None for c, _ in links}
    parent.update({f"n{p}": None for _, p in links if p < 6})
    parent.update({f"n{c}": f"n{p}" for c, p in links if p < 6})
    loaded = _read_bytes("thesaurus", [tree, b""])
    assert (loaded is not None) == _is_tree(parent)
    if loaded is not None:
        _read_bytes("thesaurus", [tree, b""], TreeModel(parent, {}))


def _is_tree(parent: dict[str, str | None]) -> bool:
    """One root, and every walk up from a node ends there (no cycle, no self-link)."""
    for node in parent:
        seen: set[str] = set()
        up: str | None = node
        while up is not None:
            if up in seen:
                return False
            seen.add(up)
            up = parent[up]
    return sum(p is None for p in parent.values()) == 1


# --- corpora: every verb token accounted for ----------------------------------------------
def _check_corpus(path: Path, fmt: str, account: Any, sentences: int | None = None) -> None:
    """``load_corpus`` keeps exactly the instances ``account`` derives from what the reader
    read (ids, lemmas, gold, in order) and counts every other verb token under its reason,
    with gold required and not (``account(require_gold)``: instances, skips and instances
    kept without gold by reason): none is dropped silently."""
    for require_gold in (True, False):
        instances, skipped, without_gold = account(require_gold)
        with no_hang():
            corpus = load_corpus(path, fmt, cache=False, require_gold=require_gold)
        assert [(i.id, i.lemma, i.gold) for i in corpus.instances] == instances
        assert corpus.stats.skipped == skipped
        assert corpus.stats.without_gold == without_gold
        assert corpus.stats.verb_tokens == len(instances) + sum(skipped.values())
        if sentences is not None:
            assert corpus.stats.sentences == sentences
    event(f"verb tokens: {'some' if instances or skipped else 'none'}")


@pytest.mark.parametrize(
    "attack", ["billion laughs", "quadratic blowup", "deep nesting", "external entity"]
)
def test_raganato_hostile_xml_ends_in_an_error_or_a_result(attack: str) -> None:
    """Entity bombs, deep nesting, external entities: a result or an error naming the file."""
    entity = '<!DOCTYPE corpus [<!ENTITY a "aaaaaaaaaa">'
    for level in "bcdefghij":
        entity += f'<!ENTITY {level} "{("&" + chr(ord(level) - 1) + ";") * 10}">'
    body = {
        "billion laughs": entity + ']>\n<corpus><text><sentence id="s"><wf>&j;</wf>',
        "quadratic blowup": '<!DOCTYPE corpus [<!ENTITY a "'
        + "a" * 50_000
        + '">]>\n'
        + '<corpus><text><sentence id="s"><wf>'
        + "&a;" * 50_000
        + "</wf>",
        "deep nesting": "<corpus>"
        + "<text>" * 100_000
        + '<sentence id="s"><wf>x</wf>'
        + "</sentence>"
        + "</text>" * 99_999
        + '<sentence id="s">',
        "external entity": '<!DOCTYPE corpus [<!ENTITY e SYSTEM "/etc/passwd">]>\n'
        + '<corpus><text><sentence id="s"><wf>x&e;</wf>',
    }[attack]
    _read_bytes("raganato", [(body + "</sentence></text></corpus>\n").encode(), b""])


# --- every reader: valid files read exactly, mutated ones read or fail naming a file ----------
def _jsonl_account(instances: list[Any], require_gold: bool) -> Any:
    """Every line is a verb token: an instance, or without usable gold (none, or keys that are
    not what they claim: ``fuzzing.gold_problem``) a counted skip (:func:`fuzzing.tally`)."""
    why = lambda keys: gold_problem(keys) or (None if keys else "no-gold")  # noqa: E731
    return tally(((i[0], i[1], i[2], None, why(i[2])) for i in instances), require_gold)


@dataclass(frozen=True)
class Reader:
    """A reader target: the files it reads (the first is named to the reader), the reading in
    its generator's terms, its error, and for a corpus (format: its name in ``READERS``) the
    account of its verb tokens (and whether the number of sentences is known)."""

    names: tuple[str, ...]
    read: Callable[[Path], Any]
    error: type[ToolkitError] = CorpusFormatError
    account: Callable[[Any, bool], Any] | None = None
    sentences: bool = True


READERS = {
    "keys": Reader(("k.key",), read_keys),
    "thesaurus": Reader(("t.tsv", "t.words.tsv"), thesaurus.load_file, ThesaurusError),
    "semcor": Reader(("br-x01",), lambda p: read_back(read_semcor(p)), account=verb_account),
    "raganato": Reader(
        ("t.data.xml", "t.gold.key.txt"),
        lambda p: raganato_back(read_raganato(p)),
        account=raganato_account,
    ),
    "jsonl": Reader(
        ("x.jsonl",), lambda p: jsonl_back(read_jsonl(p)), account=_jsonl_account, sentences=False
    ),
    "answers": Reader(("pred.key",), lambda p: answers_back(read_answers(p)), ToolkitError),
}
# generators of valid files: (*the files' bytes, what they hold); of edited ones at the
# format's own level: (*the files' bytes, the edits' names)
VALID = {"keys": key_files(), "thesaurus": thesaurus_files(), "semcor": semcor_files()}
VALID |= {"raganato": raganato_files(), "jsonl": jsonl_files(), "answers": answers_files()}
EDITED = {"semcor": odd_semcor_files(), "raganato": odd_raganato_files()}
EDITED |= {"jsonl": odd_jsonl_files(), "answers": odd_answers_files()}


def _read_bytes(kind: str, files: list[bytes], truth: Any = None) -> Any:
    """Read ``files`` as ``kind``: exactly the generator's ``truth`` when given (a thesaurus:
    LEN and MAXLEN by the naive walk too), else a result or an error naming one of the files;
    a corpus that reads is also loaded: every verb token an instance or a counted skip."""
    reader = READERS[kind]
    with tempfile.TemporaryDirectory() as tmp:
        paths = [Path(tmp) / name for name in reader.names]
        for path, data in zip(paths, files, strict=True):
            path.write_bytes(data)
        read = lambda: reader.read(paths[0])  # noqa: E731
        if truth is None:
            got = read_or_fail(read, map(str, paths), reader.error)
        elif isinstance(truth, TreeModel):
            got = expect(lambda: summarize(read(), truth), truth, reader.error)
        else:
            got = expect(read, truth, reader.error)
        if got is not None and reader.account is not None:
            account = functools.partial(reader.account, got)
            _check_corpus(paths[0], kind, account, len(got) if reader.sentences else None)
        return got


@pytest.mark.parametrize("kind", sorted(VALID))
@FUZZ
@given(data=st.data())
def test_valid_files_read_exactly(kind: str, data: st.DataObject) -> None:
    *files, truth = data.draw(VALID[kind])
    assert _read_bytes(kind, files, truth) == truth


def _mutated(data: st.DataObject, kind: str) -> list[bytes]:
    """A valid case of ``kind`` with one file or several mutated (``fuzzing.MUTATIONS``), or an
    edited one (``EDITED``: events ``mutation: edit ...``)."""
    if kind in EDITED and data.draw(st.booleans()):
        *files, names = data.draw(EDITED[kind])
        mutation_events(f"edit {name}" for name in names)
        return files
    *files, _ = data.draw(VALID[kind])
    for i in data.draw(st.sets(st.sampled_from(range(len(files))), min_size=1)):
        files[i], names = data.draw(mutated(st.just(files[i])))
        mutation_events(f"{READERS[kind].names[i]}: {name}" for name in names)
    return files


def _read_key_bytes(data: bytes) -> Any:
    return _read_bytes("keys", [data])


@FUZZ
@given(mutated(key_files().map(lambda case: case[0])))
def test_keys_mutated_files_read_or_fail_naming_the_file(case: tuple[bytes, list[str]]) -> None:
    data, names = case
    mutation_events(names)
    _read_key_bytes(data)


@pytest.mark.parametrize("kind", sorted(set(VALID) - {"keys"}))
@FUZZ
@given(data=st.data())
def test_mutated_files_read_or_fail_naming_a_file(kind: str, data: st.DataObject) -> None:
    _read_bytes(kind, _mutated(data, kind))


_SEMCOR = "<contextfile concordance=brown>\n<context filename=br-x01 paras=yes>\n<p pnum=1>\n"
_SEMCOR += "<s snum=1>\n{}\n</s>\n</p>\n</context>\n</contextfile>\n"
_RAGANATO = '<corpus lang="en"><text id="d"><sentence id="d.s">{}</sentence></text></corpus>\n'


@pytest.mark.parametrize(
    ("kind", "text", "line"),
    [
        ("keys", "d1 use%2:34:01::\nd2 say%2:32:0::", 2),
        ("answers", "d1 k confidence=nan", 1),
        ("answers", "d1 k confidence=1 confidence=2", 1),
        ("answers", "d1 k confidence=1e999", 1),
        ("semcor", _SEMCOR.format("<wf cmd=done pos=VB lemma=a&#32;b>x</wf>"), 5),
        ("semcor", _SEMCOR.format("<wf cmd=done pos=VB 9a=x>x</wf>"), 5),
        ("semcor", _SEMCOR.format("<wf cmd=done pos=VB bogus=x>x</wf>"), 5),
        ("semcor", _SEMCOR.replace("</s>\n", "").format(""), 4),
        ("semcor", _SEMCOR.format("<wf cmd=done pos=VB>x</wf s=1>"), 5),
        ("semcor", _SEMCOR.replace("</s>", "</s snum=1>").format(""), 6),
        ("raganato", _RAGANATO.format('<instance id="a b" lemma="x" pos="VERB">x</instance>'), 1),
        ("jsonl", '{"id": "x", "lemma": "y", "frame": {"ga": {"lemma": "z", "bogus": 1}}}', 1),
        ("jsonl", '{"id": "x", "lemma": "y", "source": 1}', 1),
        ("jsonl", '{"id": "x", "lemma": "y", "tokens": [{"form": "y", "senses": []}]}', 1),
    ],
)
def test_rare_edits_fail_naming_the_line(kind: str, text: str, line: int) -> None:
    """Edits the generators reach only by chance: an error naming the file and line."""
    reader = READERS[kind]
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in zip(reader.names, [text.encode(), b""], strict=False):
            (Path(tmp) / name).write_bytes(data)
        path = Path(tmp) / reader.names[0]
        expect(lambda: reader.read(path), Failure(str(path), line, kind), reader.error)


# --- TOML experiment configs ---------------------------------------------------------------
def _config_expected(data: bytes, file: str) -> tuple[Any, Any]:
    """What ``load_config`` should make of ``data``: ``(document, expected)`` where expected is
    the model's resolved config, the sections the document gets wrong, the failure of TOML's
    syntax (tomllib's line; the file alone for nesting and 5,000-digit numbers, which tomllib
    does not place), or None for bytes that are no clean UTF-8 text (the reader's text rules
    decide: an error naming the file)."""
    body = data[len(BOM) :] if data.startswith(BOM) else data
    try:
        decoded = body.decode("utf-8")
    except UnicodeDecodeError:
        return None, None
    if any(unicodedata.category(c) == "Cc" and c not in "\t\r\n" or c == "\ufeff" for c in decoded):
        return None, None
    text = "\n".join(re.split(r"\r\n|\r|\n", decoded))
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column \d+\)$", str(exc))
        end = max(len(text.splitlines()), 1)
        return None, Failure(file, int(found[1]) if found else end, "not valid TOML")
    except (RecursionError, ValueError):
        return None, Failure(file, None, "TOML past Python's limits")
    return raw, config_model(raw, Path(file).stem)


def _load_config_bytes(data: bytes) -> Any:
    """Load ``c.toml`` against the model: the resolved config, the text or TOML failure at its
    line, or -- for a document that breaks the schema -- a ConfigError of one short line that
    names the file and a key path in a section the model finds wrong."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "c.toml"
        path.write_bytes(data)
        _, expected = _config_expected(data, str(path))
        if expected is None:
            return read_or_fail(lambda: load_config(path), [str(path)], ConfigError)
        if not isinstance(expected, set):
            return expect(lambda: config_back(load_config(path)), expected, ConfigError)
        with pytest.raises(ConfigError) as info, no_hang():
            load_config(path)
        message = str(info.value)
        assert message.startswith(f"{path}: ") and "\n" not in message and "\r" not in message
        assert len(message) < 600 + len(str(path)), f"message too long: {message[:200]}"
        key = info.value.key
        assert key is not None and (key in expected or config_section(key) in expected), (
            f"{message} (key {key!r}); the model finds wrong: {sorted(expected)}"
        )
        event(f"outcome: error (schema: {config_section(key)})")
        return None


@FUZZ
@given(config_files())
def test_config_valid_files_load_exactly(case: tuple[bytes, dict[str, Any]]) -> None:
    data, raw = case
    document, expected = _config_expected(data, "c.toml")
    assert document == raw and not isinstance(expected, set | Failure | None)  # TOML written right
    assert _load_config_bytes(data) == expected


@FUZZ
@given(st.one_of(mutated(config_files().map(lambda case: case[0])), odd_config_files()))
def test_config_mutated_files_match_the_model(case: tuple[bytes, list[str]]) -> None:
    """Byte mutations of valid configs, and documents with one value edited
    (``fuzz_config``: another type, out of range, a key dropped, an unknown key)."""
    data, names = case
    mutation_events(names)
    _load_config_bytes(data)


# --- model files (wsd train's JSON) --------------------------------------------------------
JAPANESE = ROOT / "examples" / "japanese"
THESAURI = DATA / "thesaurus"


@functools.cache
def trained_models() -> dict[str, tuple[bytes, list[Any]]]:
    """Every method trained once on the Japanese example (file thesauri): its model file's
    bytes and its predictions on the example's probes."""
    from wsd.methods import METHODS, make_method, save_model

    instances, probes = (list(read_jsonl(JAPANESE / f)) for f in ("tsukau.jsonl", "probes.jsonl"))
    models = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in sorted(METHODS):
            params: dict[str, Any] = {"verb_thesaurus": str(THESAURI / "tsukau_verbs.tsv")}
            if name in ("example", "bayes", "hybrid"):
                params["noun_thesaurus"] = str(THESAURI / "nouns_ja.tsv")
            if name == "bayes":
                params["noun_classes"] = "depth:2"  # nouns_ja's ids are not WordNet's keys
            method = make_method(name, **params)
            method.fit(instances)
            save_model(method, Path(tmp) / "m.json")
            models[name] = ((Path(tmp) / "m.json").read_bytes(), method.rank(probes))
    return models


def _probes() -> list[Any]:
    return list(read_jsonl(JAPANESE / "probes.jsonl"))


def _load_model_bytes(data: bytes, gz: bool) -> Any:
    """Load a model file (gzip-compressed when ``gz``): a ModelError of one short line naming
    the file, or a model whose parameters and sense counts are the document's and which
    ranks the probes without an exception of another kind."""
    from wsd import ModelError
    from wsd.methods import load_model, make_method

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / ("m.json.gz" if gz else "m.json")
        path.write_bytes(gzip.compress(data, mtime=0) if gz else data)
        try:
            with no_hang():
                model = load_model(path)
        except ModelError as exc:
            _one_line(str(exc), str(path))
            event("outcome: error")
            return None
    document = json.loads(data.decode("utf-8-sig"))
    params = make_method(document["method"]).get_params() | document["params"]  # defaults filled
    assert model.get_params() == params, (model.get_params(), document["params"])
    for resource in ("verb_thesaurus", "noun_thesaurus"):  # what the version check checked
        recorded = document["resources"].get(resource, {}).get("spec")
        assert params.get(resource) == recorded, f"{resource} {params.get(resource)!r} is used"
    assert {v: dict(c) for v, c in model.sense_counts_.items()} == document["sense_counts"]
    try:
        with no_hang():
            predictions = model.rank(_probes())
    except ToolkitError as exc:  # a setting the model's resources cannot serve, say
        _one_line(str(exc), "")
        event("outcome: read, then an error when used")
        return None
    assert len(predictions) == len(_probes())
    event("outcome: read")
    return predictions


def _one_line(message: str, file: str) -> None:
    """A toolkit error's message: one short line, starting with ``file`` (if given)."""
    assert message.startswith(file) and "\n" not in message and "\r" not in message, message
    assert len(message) < 600 + len(file), f"message too long: {message[:200]}"


@FUZZ
@given(st.sampled_from(["bayes", "example", "hybrid", "ims", "mfs", "random"]), st.booleans())
def test_model_files_round_trip(name: str, gz: bool) -> None:
    """A saved model loads into one that predicts exactly as the trained one did."""
    data, predictions = trained_models()[name]
    assert _load_model_bytes(data, gz) == predictions


@FUZZ
@given(st.data())
def test_model_mutated_files_load_or_fail_cleanly(data: st.DataObject) -> None:
    """Byte mutations of model files, values of their JSON replaced, dropped or added
    (``fuzz_jsonl``'s edits), plain or gzip-compressed."""
    name = data.draw(st.sampled_from(["bayes", "example", "hybrid", "ims", "mfs", "random"]))
    original, _ = trained_models()[name]
    if data.draw(st.booleans()):
        mutant, names = data.draw(mutated(st.just(original)))
    else:
        mutant, names = data.draw(odd_json(json.loads(original)))
    mutation_events(names)
    _load_model_bytes(mutant, gz=data.draw(st.booleans()))


# --- answers files: write then read ---------------------------------------------------------
_FIELD_TEXT = st.one_of(st.sampled_from(["k", "k:0.5", "x:1.5", "confidence=1", "a b"]), tokens)


@FUZZ
@given(
    st.lists(
        st.tuples(
            _FIELD_TEXT,
            st.lists(_FIELD_TEXT, max_size=3),
            st.sampled_from(["plain", "ranked"]),
            st.one_of(st.none(), st.floats(allow_nan=False, width=32)),
        ),
        max_size=8,
    )
)
def test_answers_write_then_read_round_trips(rows: list[tuple[str, list[str], str, Any]]) -> None:
    """Whatever ``write_answers`` accepts reads back as written (scores and confidences to
    the 6 significant digits it writes); the rest is refused up front, the old file intact."""
    from evaluation.answers import Answer, read_answers, write_answers

    ranked = bool(rows) and rows[0][2] == "ranked"
    confident = bool(rows) and rows[0][3] is not None
    answers = [
        (
            instance,
            Answer(
                tuple(keys),
                tuple(0.5 + i for i in range(len(keys))) if ranked else None,
                (confidence or 0.25) if confident else None,
            ),
        )
        for instance, keys, _, confidence in rows
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "out.key"
        path.write_text("before k\n", encoding="utf-8")
        try:
            written = write_answers(path, answers)
        except ToolkitError as exc:
            _one_line(str(exc), "")
            assert path.read_text(encoding="utf-8") == "before k\n"  # the old file is intact
            assert os.listdir(tmp) == ["out.key"]  # no temp file left behind
            event("outcome: refused")
            return
        got = read_answers(path).answers
        kept = {i: a for i, a in answers if a.keys}
        assert written == len(kept) and list(got) == list(kept)
        for instance, answer in kept.items():
            assert got[instance].keys == tuple(k.lower() for k in answer.keys)
            assert got[instance].scores == answer.scores
            if answer.confidence is not None:
                assert got[instance].confidence == float(f"{answer.confidence:.6g}")
        event("outcome: round trip")


# --- wsd score against the Senseval definitions, computed independently --------------------
def senseval(gold: dict[str, list[str]], pred: dict[str, list[str]]) -> dict[str, Any]:
    """Senseval's scores restated: an instance is attempted when the system answers it; its
    credit is the share of its distinct answers that are gold keys (any of several gold keys
    matches; several answers: each distinct key earns 1 / their number, Scorer.java's rule);
    P = credit / attempted (undefined, None, with nothing attempted), R = credit / gold
    instances, coverage = attempted / gold instances, F1 = 2PR / (P + R) (0 when P + R = 0 or P
    is undefined).  Answers for instances not in the gold are ignored."""
    attempted = [i for i in gold if pred.get(i)]
    credit = sum(len(set(pred[i]) & set(gold[i])) / len(set(pred[i])) for i in attempted)
    precision = credit / len(attempted) if attempted else None
    recall = credit / len(gold)
    f1 = 2 * precision * recall / (precision + recall) if precision and recall else 0.0
    return {
        "precision": precision,
        "recall": recall,
        "coverage": len(attempted) / len(gold),
        "f1": f1,
        "n": len(gold),
        "attempted": len(attempted),
    }


_SCORED_KEYS = st.sampled_from(["run%1", "run%2", "run%3", "run%4", "go%1", "fly%1", "fly%2"])


@st.composite
def score_cases(draw: Draw) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Gold keys (1-3 per instance) and answers (1-4 per line, repeats included) for a random
    part of the gold instances, and for a few instances that are not in it."""
    ids = [f"d{i}" for i in range(12)]
    some = st.lists(st.sampled_from(ids), min_size=1, unique=True)
    gold = {i: draw(st.lists(_SCORED_KEYS, min_size=1, max_size=3)) for i in draw(some)}
    answered = draw(st.lists(st.sampled_from([*gold, "x1", "x2"]), unique=True))
    return gold, {i: draw(st.lists(_SCORED_KEYS, min_size=1, max_size=4)) for i in answered}


@FUZZ
@given(score_cases(), st.sampled_from(["plain", "ranked", "first", "all"]), st.booleans())
def test_score_agrees_with_an_independent_senseval_scorer(
    case: tuple[dict[str, list[str]], dict[str, list[str]]], form: str, per_verb: bool
) -> None:
    """``wsd score --json`` on random key files: P, R, coverage, F1, n and attempted at
    ``alpha = inf``, overall and per verb (the word before ``%`` of an instance's first gold
    key), equal :func:`senseval`'s.  A ranked file (``key:score``) and ``--several-keys first``
    score each line's first key; a plain file and ``--several-keys all`` every key."""
    from evaluation.cli import main

    gold, pred = case
    first = form in ("ranked", "first")
    scored = {i: keys[:1] if first else keys for i, keys in pred.items()}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _toy_thesaurus(folder)
        lines = [f"{i} {' '.join(keys)}\n" for i, keys in gold.items()]
        (folder / "gold.key").write_text("".join(lines), encoding="utf-8")
        score = lambda k: f":{1 / (1 + k):.3f}" if form == "ranked" else ""  # noqa: E731
        lines = [
            f"{i} {' '.join(k + score(n) for n, k in enumerate(ks))}\n" for i, ks in pred.items()
        ]
        (folder / "pred.key").write_text("".join(lines), encoding="utf-8")
        argv = ["score", "--gold", str(folder / "gold.key"), "--pred", str(folder / "pred.key")]
        argv += ["--verb-thesaurus", str(folder / "toy.tsv"), "--alpha", "inf", "--json"]
        argv += ["--several-keys", form] if form in ("first", "all") else []
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            assert main([*argv, "--per-verb"] if per_verb else argv) == 0
    report = json.loads(out.getvalue())
    assert report["instances"] == len(gold)
    assert report["not_in_gold"] == len(set(pred) - set(gold))
    _same_scores(report["overall"]["inf"], senseval(gold, scored))
    if per_verb:
        verbs = {keys[0].split("%")[0] for keys in gold.values()}
        assert set(report["per_verb"]) == verbs
        for verb in verbs:
            of_verb = {i: keys for i, keys in gold.items() if keys[0].split("%")[0] == verb}
            _same_scores(report["per_verb"][verb]["inf"], senseval(of_verb, scored))
    event(f"attempted: {'none' if not report['attempted'] else 'some'}")


def _same_scores(got: dict[str, Any], expected: dict[str, Any]) -> None:
    for name, value in expected.items():
        if value is None or isinstance(value, int):
            assert got[name] == value, (name, got, expected)
        else:
            assert math.isclose(got[name], value, rel_tol=1e-9, abs_tol=1e-12), (name, got)


# --- the command line ------------------------------------------------------------------------
# Each command runs in a subprocess on a few generated inputs, most of them mutated
# (fuzzing.CLI: 10 per command, 200 in the deep profile; CLI_HEAVY for train, disambiguate and
# evaluate: 6, 100); fuzzing.run_wsd checks the exit status (0 or 2), that no traceback
# shows, and that an error is one line.
_TOY_KEYS = ["run%1", "run%2", "run%3", "run%4", "go%1", "x%9"]


@st.composite
def toy_key_files(draw: Draw, ranked: bool = False, ids: list[int] | None = None) -> bytes:
    """A key file over the toy thesaurus's senses (tests/data/keys/README.md), plain or with
    scores, for instances ``d<id>`` (by default a random choice)."""
    lines = []
    for number in ids or draw(st.lists(st.integers(1, 9), unique=True, max_size=8)):
        keys = draw(st.lists(st.sampled_from(_TOY_KEYS), min_size=1, max_size=2))
        if ranked:
            keys = [f"{key}:{draw(st.sampled_from(['0.9', '0.5', '1e-3']))}" for key in keys]
        lines.append(f"d{number} {' '.join(keys)}\n")
    return "".join(lines).encode()


def sometimes_mutated(
    files: st.SearchStrategy[bytes],
) -> st.SearchStrategy[tuple[bytes, list[str]]]:
    """A file as generated, or mutated (``fuzzing.mutated``), with the mutations' names."""
    return st.one_of(files.map(lambda data: (data, [])), mutated(files))


def _write(folder: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (folder / name).write_bytes(data)


def _toy_thesaurus(folder: Path) -> None:
    _write(folder, {n: (DATA / "keys" / n).read_bytes() for n in ("toy.tsv", "toy.words.tsv")})


_SCORE_FLAGS = [["--json"], ["--per-verb"], ["--several-keys", "first"], ["--alpha", "0.5", "inf"]]


@CLI
@given(
    sometimes_mutated(toy_key_files()),
    sometimes_mutated(st.booleans().flatmap(toy_key_files)),
    st.lists(st.sampled_from(_SCORE_FLAGS), max_size=3, unique_by=tuple),
)
def test_cli_score(
    gold: tuple[bytes, list[str]], pred: tuple[bytes, list[str]], flags: list[list[str]]
) -> None:
    mutation_events([*gold[1], *pred[1]])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _toy_thesaurus(folder)
        _write(folder, {"gold.key": gold[0], "pred.key": pred[0]})
        argv = ["score", "--gold", "gold.key", "--pred", "pred.key", "--verb-thesaurus", "toy.tsv"]
        done = run_wsd([*argv, *(f for flag in flags for f in flag)], folder)
        if done.returncode == 0 and ["--json"] in flags:
            assert "overall" in json.loads(done.stdout)


_AGREEMENT_FLAGS = [["--json"], ["--per-verb"], ["--intersection"], ["--statistic", "cohen"]]
_AGREEMENT_FLAGS += [["--weighted", "--verb-thesaurus", "toy.tsv"], ["--several-keys", "shared"]]
_AGREEMENT_FLAGS += [["--merge-to", "0.8", "--classes-out", "classes.tsv"]]


@CLI
@given(
    st.lists(st.integers(1, 9), min_size=1, max_size=8, unique=True).flatmap(
        lambda ids: st.lists(sometimes_mutated(toy_key_files(ids=ids)), min_size=2, max_size=3)
    ),
    st.lists(st.sampled_from(_AGREEMENT_FLAGS), max_size=3, unique_by=tuple),
)
def test_cli_agreement(files: list[tuple[bytes, list[str]]], flags: list[list[str]]) -> None:
    mutation_events(name for _, names in files for name in names)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _toy_thesaurus(folder)
        _write(folder, {f"a{i}.key": data for i, (data, _) in enumerate(files)})
        keys = [f"a{i}.key" for i in range(len(files))]
        done = run_wsd(["agreement", *keys, *(f for flag in flags for f in flag)], folder)
        if done.returncode == 0 and ["--json"] in flags:
            json.loads(done.stdout)
        assert not leftovers(folder)


@CLI
@given(st.data())
def test_cli_thesaurus(data: st.DataObject) -> None:
    tree, words, model = data.draw(thesaurus_files())
    if data.draw(st.booleans()):
        tree, names = data.draw(mutated(st.just(tree)))
        mutation_events(names)
    if data.draw(st.booleans()):
        words, names = data.draw(mutated(st.just(words)))
        mutation_events(f"words: {name}" for name in names)
    known = [*model.parent, *(s for pairs in model.senses.values() for s, _ in pairs)]
    key = st.sampled_from([*known, "nosuch"])
    action = data.draw(st.sampled_from(["maxlen", "distance", "path"]))
    if action == "maxlen":
        keys = [data.draw(st.sampled_from([*model.senses, "nosuch"]))]
    else:
        keys = [data.draw(key), data.draw(key)]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _write(folder, {"t.tsv": tree, "t.words.tsv": words})
        done = run_wsd(["thesaurus", action, "--verb-thesaurus", "t.tsv", "--", *keys], folder)
        if done.returncode == 0 and action != "path":
            assert int(done.stdout) >= 0


@st.composite
def corpus_inputs(draw: Draw) -> tuple[dict[str, bytes], str]:
    """A corpus of each format (JSONL, Raganato XML with its key file, a SemCor tag file),
    its files sometimes mutated, and the path to give ``--corpus``."""
    kind = draw(st.sampled_from(["jsonl", "raganato", "semcor"]))
    if kind == "jsonl":
        data, names = draw(sometimes_mutated(jsonl_files().map(lambda case: case[0])))
        files, path = {"x.jsonl": data}, "x.jsonl"
    elif kind == "raganato":
        xml_data, key, _ = draw(raganato_files())
        (xml_data, names), (key, more) = (
            draw(sometimes_mutated(st.just(xml_data))),
            draw(sometimes_mutated(st.just(key))),
        )
        names = [*names, *(f"key: {name}" for name in more)]
        files, path = {"t.data.xml": xml_data, "t.gold.key.txt": key}, "t.data.xml"
    else:
        data, names = draw(sometimes_mutated(semcor_files().map(lambda case: case[0])))
        files, path = {"br-x01": data}, "br-x01"
    mutation_events(f"{kind}: {name}" for name in names or ["none"])
    return files, path


def _thesaurus_params(method: str) -> list[str]:
    params = [f"--param=verb_thesaurus={THESAURI / 'tsukau_verbs.tsv'}"]
    if method != "mfs":
        params.append(f"--param=noun_thesaurus={THESAURI / 'nouns_ja.tsv'}")
    return params


@CLI_HEAVY
@given(corpus_inputs(), st.sampled_from(["mfs", "example"]))
def test_cli_train(corpus: tuple[dict[str, bytes], str], method: str) -> None:
    from wsd.methods import load_model

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _write(folder, corpus[0])
        argv = ["train", "--corpus", corpus[1], "--method", method, "--out", "out/m.json"]
        done = run_wsd([*argv, *_thesaurus_params(method)], folder)
        if done.returncode == 0:
            assert load_model(folder / "out" / "m.json").name == method
        else:
            assert not (folder / "out" / "m.json").exists()
        assert not leftovers(folder)


_DISAMBIGUATE_FLAGS = [["--top-k", "2"], ["--confidence"], ["--gold-out", "out/gold.key"]]


@CLI_HEAVY
@given(
    corpus_inputs(),
    st.data(),
    st.lists(st.sampled_from(_DISAMBIGUATE_FLAGS), max_size=2, unique_by=tuple),
)
def test_cli_disambiguate(
    corpus: tuple[dict[str, bytes], str], data: st.DataObject, flags: list[list[str]]
) -> None:
    """With the example method's model of the Japanese example, sometimes mutated."""
    from evaluation.answers import read_answers

    model, names = data.draw(sometimes_mutated(st.just(trained_models()["example"][0])))
    mutation_events(f"model: {name}" for name in names)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _write(folder, {**corpus[0], "m.json": model})
        argv = ["disambiguate", "--model", "m.json", "--corpus", corpus[1], "--out", "out/p.key"]
        done = run_wsd([*argv, *(f for flag in flags for f in flag)], folder)
        if done.returncode == 0:
            read_answers(folder / "out" / "p.key")
        else:
            assert not (folder / "out" / "p.key").exists()
        assert not leftovers(folder)


@CLI
@given(
    corpus_inputs(), sometimes_mutated(st.just((DATA / "corpus" / "frames_gold.tsv").read_bytes()))
)
def test_cli_frames(corpus: tuple[dict[str, bytes], str], gold: tuple[bytes, list[str]]) -> None:
    """Frames of a corpus as JSON lines, or scored against a gold file (the fixture's, sometimes
    mutated, against a generated corpus: mostly refused for naming other tokens)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _write(folder, {**corpus[0], "gold.tsv": gold[0]})
        evaluate = gold[1] or corpus[1] != "br-x01"
        argv = ["frames", "--corpus", corpus[1], *(["--evaluate", "gold.tsv"] if evaluate else [])]
        done = run_wsd([*argv, "--json"] if evaluate else [*argv, "--limit", "0"], folder)
        if done.returncode == 0:
            if evaluate:
                json.loads(done.stdout)
            else:
                assert all(json.loads(line) for line in done.stdout.splitlines())


@CLI_HEAVY
@given(st.one_of(mutated(st.just(tiny_config())), odd_config_files().map(lambda c: (c[0], []))))
def test_cli_evaluate(config: tuple[bytes, list[str]]) -> None:
    """The tiny experiment's config mutated, or a generated config edited (whose files do not
    exist: refused when the resources are checked)."""
    mutation_events(config[1] or ["config edit"])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _write(folder, {"c.toml": config[0]})
        done = run_wsd(["evaluate", "c.toml", "--out", "out", "--quiet", "--no-plots"], folder)
        if done.returncode == 0:
            json.loads((folder / "out" / "results.json").read_text(encoding="utf-8"))
        else:
            assert not (folder / "out").exists() or not any((folder / "out").iterdir())
        assert not leftovers(folder)


def test_the_oracle_fails_on_wrong_results_foreign_errors_wrong_lines_and_hangs() -> None:
    """``expect`` is what every target relies on: it must be able to fail."""

    def wrong_line() -> None:
        raise CorpusFormatError("k.key:3: no sense key for 'd3'")

    @settings(max_examples=1, deadline=None, database=None)
    @given(st.none())
    def run(_: None) -> None:  # events need a hypothesis test
        assert expect(lambda: {"d1": ("k",)}, {"d1": ("k",)}) == {"d1": ("k",)}
        expect(wrong_line, Failure("k.key", 3, "no sense key"))
        with pytest.raises(AssertionError, match="expected"):
            expect(lambda: {"d1": ("k2",)}, {"d1": ("k",)})
        with pytest.raises(AssertionError, match="accepted, but expected"):
            expect(lambda: {}, Failure("k.key", 2, "no sense key"))
        with pytest.raises(AssertionError, match="valid input rejected"):
            expect(wrong_line, {})
        with pytest.raises(AssertionError, match=r"expected k\.key:2"):
            expect(wrong_line, Failure("k.key", 2, "no sense key"))
        with pytest.raises(AssertionError, match="not ThesaurusError"):
            expect(wrong_line, Failure("k.key", 3, "no sense key"), error=ThesaurusError)
        with pytest.raises(UnicodeDecodeError):
            expect(lambda: b"\xff".decode(), {})

    run()
    with pytest.raises(Hang), no_hang(1):
        while True:
            pass


def test_a_mutation_applies_to_an_empty_file() -> None:
    """Every mutation copes with empty input (the fuzz targets reach it by truncation)."""

    @settings(max_examples=20, deadline=None)
    @given(st.sampled_from(sorted(MUTATIONS)), st.data())
    def run(name: str, data: st.DataObject) -> None:
        assert isinstance(MUTATIONS[name](data.draw, b""), bytes)

    run()


# --- wsd score: nothing attempted ----------------------------------------------------------
def test_score_with_nothing_attempted_says_precision_is_undefined(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing attempted: precision null/'undefined' with a warning, never 0; recall and F1 0."""
    from evaluation.cli import main

    toy = DATA / "keys" / "toy.tsv"
    gold, pred = tmp_path / "gold.key", tmp_path / "pred.key"
    gold.write_text("d1 run%1\nd2 go%1\n", encoding="utf-8")
    pred.write_text("x9 run%1\n", encoding="utf-8")  # not in gold: nothing attempted
    argv = ["score", "--gold", str(gold), "--pred", str(pred), "--verb-thesaurus", str(toy)]
    assert main([*argv, "--json", "--per-verb"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["attempted"] == 0
    for scores in (report["overall"], *report["per_verb"].values()):
        for row in scores.values():
            assert row["precision"] is None and row["recall"] == row["f1"] == 0.0
    assert err.startswith("wsd: warning: precision of pred is undefined: none of the 2 gold")
    assert report["warnings"] == [err.removeprefix("wsd: warning: ").strip()]
    assert main([*argv, "--per-verb"]) == 0
    out, _ = capsys.readouterr()
    row = next(line for line in out.splitlines() if line.split()[:1] == ["inf"])
    assert row.split()[1] == "undefined"
    # 4 alphas; 2 verbs and the first-sense group (run%1 and go%1 are first senses) at 4 alphas
    assert out.count("undefined") == 4 + (2 + 1) * 4
