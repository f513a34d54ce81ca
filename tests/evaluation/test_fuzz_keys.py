"""Fuzz targets for sense keys, answer files and annotations (the generated families of the
hand cases in test_answers.py, test_score_cli.py and tests/wsd):

- keys in any case read, score and agree as the lower-case ones;
- ``key:<a number that is no score>`` is an error naming its file and line; other endings of a
  key are part of it;
- malformed or non-verb keys and lemmas in any case in SemCor, Raganato and JSONL gold end in
  counted skips (``fuzzing.gold_problem``, an independent restatement);
- a ranked file agrees and scores as its first keys; a file that is no key file is refused by
  every reader and command, naming it and its first line.

The commands run in-process, so the default profile stays short (``fuzzing.FUZZ``).
"""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from commands import run_cli
from fuzzing import BOM, DEEP, FUZZ, Draw, event, gold_problem, line_breaks, wordnet_key
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import DATA

import thesaurus
from evaluation import EvaluationError
from evaluation.agreement import read_class_table
from evaluation.answers import read_answer_keys, read_answers
from wsd._exceptions import CorpusFormatError
from wsd.corpus import load_corpus, read_keys

TOY_KEYS = ["run%1", "run%2", "run%3", "run%4", "go%1", "x%9"]  # x%9: unknown to the toy
# In-process commands cost tens of milliseconds a case: fewer of them than pure readers.
COMMANDS = settings(FUZZ, max_examples=1000 if DEEP else 40)


@contextlib.contextmanager
def folder() -> Iterator[Path]:
    """A temporary folder holding the toy verb thesaurus (tests/data/keys/README.md)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp)
        for name in ("toy.tsv", "toy.words.tsv"):
            (path / name).write_bytes((DATA / "keys" / name).read_bytes())
        yield path


def key_text(keys: dict[str, list[str]]) -> str:
    return "".join(f"{i} {' '.join(k)}\n" for i, k in keys.items())


# --- the case of sense keys -----------------------------------------------------------------------
@st.composite
def recased(draw: Draw, text: str) -> str:
    """``text`` with the case of a random choice of its letters changed."""
    flips = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    return "".join(c.swapcase() if flip else c for c, flip in zip(text, flips, strict=True))


@st.composite
def key_maps(draw: Draw, ids: list[str] | None = None, min_size: int = 0) -> dict[str, list[str]]:
    """Keys of the toy thesaurus (1-3 a line) for ``ids`` or random instances ``d<n>``."""
    names = st.sampled_from([f"d{n}" for n in range(10)])
    chosen = ids or draw(st.lists(names, min_size=min_size, unique=True))
    return {i: draw(st.lists(st.sampled_from(TOY_KEYS), min_size=1, max_size=3)) for i in chosen}


@st.composite
def recased_maps(draw: Draw, keys: dict[str, list[str]]) -> dict[str, list[str]]:
    """The same keys in random case (ids keep theirs)."""
    return {i: [draw(recased(k)) for k in ks] for i, ks in keys.items()}


@FUZZ
@given(st.data())
def test_key_files_in_any_case_read_as_the_lower_case_file(data: st.DataObject) -> None:
    keys = data.draw(key_maps())
    changed = data.draw(recased_maps(keys))
    with folder() as path:
        (path / "k.key").write_text(key_text(changed), encoding="utf-8")
        assert read_keys(path / "k.key") == {i: tuple(k) for i, k in keys.items()}
        assert read_answer_keys(path / "k.key") == {i: tuple(k) for i, k in keys.items()}
    event(f"upper-case letters: {'some' if changed != keys else 'none'}")


@COMMANDS
@given(st.data())
def test_keys_in_any_case_score_and_agree_as_the_lower_case_files(data: st.DataObject) -> None:
    """``wsd score`` at alpha 0.5, 1000 and inf and ``wsd agreement --weighted``: files in
    random case give the lower-case files' figures and warnings."""
    gold = data.draw(key_maps(min_size=1))
    pred = data.draw(key_maps(ids=list(gold)))
    files = {"gold.key": gold, "pred.key": pred}
    files |= {"GOLD.key": data.draw(recased_maps(gold)), "PRED.key": data.draw(recased_maps(pred))}
    with folder() as path:
        for name, keys in files.items():
            (path / name).write_text(key_text(keys), encoding="utf-8")
        toy = ["--verb-thesaurus", str(path / "toy.tsv")]
        reports = []
        for g, p in (("gold.key", "pred.key"), ("GOLD.key", "PRED.key"), ("gold.key", "PRED.key")):
            argv = ["score", "--gold", str(path / g), "--pred", str(path / p), *toy, "--json"]
            status, out, err = run_cli([*argv, "--alpha", "0.5", "1000", "inf", "--per-verb"])
            assert status == 0, err
            report = json.loads(out)
            said = "\n".join(report["warnings"]).replace(str(path / p), "P")
            figures = [report[k] for k in ("overall", "per_verb", "issues", "attempted")]
            reports.append([*figures, said.replace(str(path / g), "G")])
        assert reports[1] == reports[0] and reports[2] == reports[0]
        agreements = []
        for g, p in (("gold.key", "pred.key"), ("GOLD.key", "PRED.key")):
            argv = ["agreement", str(path / g), str(path / p), "--weighted", *toy, "--json"]
            status, out, err = run_cli([*argv, "--intersection"])
            pairs = json.loads(out)["pairs"] if status == 0 else []
            for pair in pairs:  # the files' names
                del pair["a"], pair["b"]
            agreements.append((status, pairs, err.replace(g, "A").replace(p, "B")))
        assert agreements[1] == agreements[0]
    event(f"agreement: exit {agreements[0][0]}")


_NAME = st.text(st.sampled_from("abcXYZéÉ%.:_-1"), min_size=1, max_size=6)


@FUZZ
@given(st.data())
def test_thesaurus_sense_ids_and_class_tables_in_any_case(data: st.DataObject) -> None:
    """A file thesaurus's sense ids and a class table's keys in random case read as the
    lower-case ones (so ``senses()``, ``sense_ids`` and key files agree); two ids equal but
    for case are one id given twice."""
    ids = data.draw(st.lists(_NAME.map(str.lower), min_size=1, max_size=6, unique=True))
    changed = [data.draw(recased(i)) for i in ids]
    with folder() as path:
        (path / "t.tsv").write_text("R\nA\tR\nB\tA\n", encoding="utf-8")
        nodes = [data.draw(st.sampled_from("RAB")) for _ in ids]
        words = "".join(f"w\t{s}\t{n}\n" for s, n in zip(changed, nodes, strict=True))
        (path / "t.words.tsv").write_text(words, encoding="utf-8")
        loaded = thesaurus.load_file(path / "t.tsv")
        assert loaded.senses("w") == tuple(ids)
        assert sorted(loaded.sense_ids) == sorted(ids)
        pairs = zip(changed, ids, strict=True)
        assert all(loaded.sense_node(c) == loaded.sense_node(i) for c, i in pairs)
        table = "".join(f"{c}\t{changed[0]}\n" for c in changed)
        (path / "c.tsv").write_text(table, encoding="utf-8")
        assert read_class_table(path / "c.tsv") == dict.fromkeys(ids, ids[0])
        twice = data.draw(recased(ids[0]))
        (path / "t.words.tsv").write_text(words + f"v\t{twice}\tA\n", encoding="utf-8")
        line = len(ids) + 1
        try:
            thesaurus.load_file(path / "t.tsv")
            raise AssertionError(f"{twice!r} is {ids[0]!r} given twice")
        except thesaurus.ThesaurusError as exc:
            assert str(exc).startswith(f"{path / 't.words.tsv'}:{line}: sense id ")


# --- numbers in answer files that are no scores ---------------------------------------------------
@st.composite
def not_scores(draw: Draw) -> str:
    """What Python reads as a number but the ranked format does not write as a score: NaN in
    any case and sign, infinities spelled out, signed integers, digits with underscores,
    digits of other scripts."""
    sign = draw(st.sampled_from(["", "+", "-"]))
    word = draw(
        st.one_of(
            st.sampled_from(["nan", "infinity"]).flatmap(recased),
            st.sampled_from(["1_0", "1_000.5", "١.٥", "１２", "٣"]),
        )
    )
    if draw(st.booleans()) and not sign:
        return draw(st.sampled_from(["+", "-"])) + draw(st.integers(0, 99).map(str))
    return sign + word


@st.composite
def key_endings(draw: Draw) -> str:
    """Endings a plain key may have: a head id (unsigned digits), letters, nothing."""
    return str(draw(st.sampled_from(["01", "1", "00", "abc", "", "x1.5y", "1.5.2", "e5"])))


@st.composite
def answer_lines(draw: Draw) -> tuple[list[str], bool]:
    """A valid answers file's lines (ranked or plain, maybe with confidences)."""
    ranked, confident = draw(st.booleans()), draw(st.booleans())
    lines = []
    for n in range(draw(st.integers(1, 6))):
        keys = draw(st.lists(st.sampled_from(TOY_KEYS), min_size=1, max_size=3))
        fields = [f"{k}:{0.9 - 0.1 * j:.1f}" if ranked else k for j, k in enumerate(keys)]
        if confident:
            fields.append(f"confidence={draw(st.sampled_from(['0.5', '1', '-2e-3']))}")
        lines.append(f"d{n} {' '.join(fields)}")
    return lines, ranked


@FUZZ
@given(answer_lines(), not_scores(), st.data())
def test_a_key_ending_in_a_number_that_is_no_score_names_its_line(
    case: tuple[list[str], bool], bad: str, data: st.DataObject
) -> None:
    """Every such ending is an error naming the file, line, instance and key."""
    lines, ranked = case
    at = data.draw(st.integers(0, len(lines) - 1))
    fields = lines[at].split()
    where = data.draw(st.integers(1, len(fields)))
    key = data.draw(st.sampled_from(TOY_KEYS)).upper() if data.draw(st.booleans()) else "run%1"
    fields.insert(where, f"{key}:{bad}")
    lines[at] = " ".join(fields)
    with folder() as path:
        file = path / "sys.key"
        file.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        try:
            read_answers(file)
            raise AssertionError(f"{lines[at]!r} was read")
        except EvaluationError as exc:
            message = str(exc)
        assert message.startswith(f"{file}:{at + 1}: instance 'd{at}': key {key.lower()!r}: ")
        assert f"its score {bad.lower()!r} is" in message and "\n" not in message
        toy = ["--verb-thesaurus", str(path / "toy.tsv")]
        gold = path / "gold.key"  # plain: a ranked file is no gold ("run%1:0.9" is no key)
        gold.write_text("".join(f"d{n} run%1\n" for n in range(len(lines))), encoding="utf-8")
        status, _, err = run_cli(["score", "--gold", str(gold), "--pred", str(file), *toy])
        assert status == 2 and err.startswith(f"wsd: error: {file}:{at + 1}: ")
    event(f"ranked: {ranked}; NaN: {'nan' in bad.lower()}")


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(TOY_KEYS), key_endings()), min_size=1, max_size=5))
def test_the_endings_of_a_key_that_are_no_numbers_stay_part_of_it(
    pairs: list[tuple[str, str]],
) -> None:
    """A head id (``:01``) and other endings that are no number read as part of a plain key,
    and with a score after them as part of a ranked one (keys of another resource: one shaped
    like a WordNet sense key must be one)."""
    keys = [f"{k.replace('%', '#')}:{e}" for k, e in pairs]
    with folder() as path:
        plain, ranked = path / "plain.key", path / "ranked.key"
        plain.write_text(f"d1 {' '.join(keys)}\n", encoding="utf-8")
        ranked.write_text(f"d1 {' '.join(k + ':0.5' for k in keys)}\n", encoding="utf-8")
        assert read_answers(plain).answers["d1"].keys == tuple(keys)
        assert read_answers(ranked).answers["d1"].keys == tuple(keys)


# --- annotations checked for meaning --------------------------------------------------------------
_GOOD_LEXSN = ["2:32:00::", "2:38:01::", "2:41:12::"]
_NOT_VERB_LEXSN = ["1:03:00::", "5:00:00:long(a):01", "3:00:00::", "4:02:00::"]
_BAD_LEXSN = ["garbage", "2:32:0::", "2:32:00", "2:32:00:::", "6:32:00::", "0:32:00::"]
_BAD_LEXSN += ["2:32:00:head:01", "5:00:00::", "5:00:00:x:1", "2:3a:00::", "", "2::00::"]


@st.composite
def lexsn_items(draw: Draw) -> str:
    """One lexsn item: a verb's, another part of speech's, or malformed (any case)."""
    pool = draw(st.sampled_from([_GOOD_LEXSN, _NOT_VERB_LEXSN, _BAD_LEXSN]))
    item = draw(st.one_of(st.sampled_from(pool), st.text("0123456789:%ab", max_size=12)))
    return str(draw(recased(item)))


@st.composite
def semcor_tokens(draw: Draw) -> tuple[str, bool]:
    """A ``<wf>`` verb line with a lemma in any case and 1-2 lexsn items; and whether it is a
    verb token (``VB*``)."""
    lemma = draw(st.sampled_from(["say", "run_off", "give", "o'clock"]).flatmap(recased))
    items = [draw(lexsn_items()) for _ in range(draw(st.integers(1, 2)))]
    if any(not item or ";" in item for item in items):  # an empty item: a format error
        items = ["2:32:00::"]
    numbers = [draw(st.sampled_from(["1", "2", "0"])) for _ in items]
    tag = draw(st.sampled_from(["VB", "VBD", "NN"]))
    attrs = f"cmd=done pos={tag} lemma={lemma} wnsn={';'.join(numbers)} lexsn={';'.join(items)}"
    return f"<wf {attrs}>w</wf>", tag.startswith("VB")


def _semcor_expected(
    lemma: str, items: list[str], numbers: list[str]
) -> tuple[str | None, tuple[str, ...]]:
    """The skip reason of a verb token (None: an instance) and its gold, restated."""
    keys = [f"{lemma}%{item}".lower() for item in items]
    if not all(wordnet_key(k) for k in keys):
        return "malformed-sense-key", ()
    gold = tuple(k for k, n in zip(keys, numbers, strict=True) if n != "0")
    why = gold_problem(gold)
    if why is not None:
        return why, ()
    if not gold:
        return "sense-lost-in-mapping", ()
    return None, gold


@FUZZ
@given(st.lists(semcor_tokens(), min_size=1, max_size=8))
def test_semcor_malformed_senses_and_lemma_case_end_in_counted_skips(
    tokens: list[tuple[str, bool]],
) -> None:
    """Every verb token is an instance with a lower-case lemma and well-formed verb keys, or
    a skip counted under the model's reason."""
    lines = [line for line, _ in tokens]
    text = "<s snum=1>\n" + "".join(line + "\n" for line in lines) + "</s>\n"
    expected_instances, expected_skips = [], {}
    for position, (line, verb) in enumerate(tokens):
        if not verb:
            continue
        attrs = dict(item.split("=", 1) for item in line[4 : line.index(">")].split())
        reason, gold = _semcor_expected(
            attrs["lemma"].lower(), attrs["lexsn"].split(";"), attrs["wnsn"].split(";")
        )
        if reason is None:
            expected_instances.append((f"br-z01.s1.t{position}", attrs["lemma"].lower(), gold))
        else:
            expected_skips[reason] = expected_skips.get(reason, 0) + 1
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "br-z01"
        path.write_text(text, encoding="utf-8")
        corpus = load_corpus(path, frames=False, cache=False)
    got = [(i.id, i.lemma, i.gold) for i in corpus.instances]
    assert got == expected_instances
    assert corpus.stats.skipped == expected_skips
    for instance in corpus.instances:  # what training reads: never a key without a word
        assert instance.lemma == instance.lemma.lower()
        assert all(wordnet_key(k) and k.startswith(instance.lemma + "%2:") for k in instance.gold)
    for reason in expected_skips:
        event(f"skipped: {reason}")


_GOLD_KEYS = ["say%2:32:00::", "say%2:32:01::", "run%1", "使う.1", "x:1.5", "k"]
_GOLD_KEYS += ["say%1:10:00::", "say%2:32:0::", "say%2:32", "say%:32:00::", "say%2:32:00:x:01"]


@st.composite
def gold_instances(draw: Draw) -> list[tuple[str, str, list[str]]]:
    """Verb instances ``(id, lemma, gold keys)``: lemmas and keys in any case, keys well
    formed, of other thesauri, of other parts of speech or malformed."""
    out = []
    for n in range(draw(st.integers(1, 6))):
        lemma = draw(st.sampled_from(["say", "run", "使う"]).flatmap(recased))
        keys = draw(st.lists(st.sampled_from(_GOLD_KEYS).flatmap(recased), max_size=3))
        out.append((f"d.s{n}.t0", lemma, keys))
    return out


def _account(
    instances: list[tuple[str, str, list[str]]], require_gold: bool
) -> tuple[list[Any], dict[str, int], dict[str, int]]:
    """The loader's account of verb instances with gold, restated (``fuzzing.gold_problem``)."""
    kept, skipped, without_gold = [], {}, {}
    for instance_id, lemma, keys in instances:
        gold = tuple(k.lower() for k in keys)
        why = gold_problem(gold) or (None if gold else "no-gold")
        if why is None or not require_gold:
            kept.append((instance_id, lemma.lower(), () if why else gold))
        counts = skipped if require_gold else without_gold
        if why is not None:
            counts[why] = counts.get(why, 0) + 1
    return kept, skipped, without_gold


@FUZZ
@given(gold_instances(), st.sampled_from(["raganato", "jsonl"]), st.booleans())
def test_raganato_and_jsonl_gold_is_checked_for_meaning(
    instances: list[tuple[str, str, list[str]]], fmt: str, require_gold: bool
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder_path = Path(tmp)
        if fmt == "raganato":
            path = folder_path / "t.data.xml"
            body = "".join(
                f'<sentence id="{i.rsplit(".", 1)[0]}"><instance id="{i}" lemma="{lemma}" '
                f'pos="VERB">w</instance></sentence>'
                for i, lemma, _ in instances
            )
            path.write_text(f'<corpus lang="en"><text id="d">{body}</text></corpus>\n', "utf-8")
            keys = {i: k for i, _, k in instances if k}
            (folder_path / "t.gold.key.txt").write_text(key_text(keys), encoding="utf-8")
        else:
            path = folder_path / "t.jsonl"
            records = [{"id": i, "lemma": lemma, "gold": k} for i, lemma, k in instances]
            path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        corpus = load_corpus(path, fmt, frames=False, require_gold=require_gold)
    kept, skipped, without_gold = _account(instances, require_gold)
    assert [(i.id, i.lemma, i.gold) for i in corpus.instances] == kept
    assert corpus.stats.skipped == skipped and corpus.stats.without_gold == without_gold
    for reason in {**skipped, **without_gold}:
        event(f"{fmt}: {reason}")


# --- one reader for key files ---------------------------------------------------------------------
@st.composite
def rankings(draw: Draw) -> dict[str, list[str]]:
    """Rankings of the toy keys (1-4 distinct keys, best first) for instances ``d<n>``."""
    ids = draw(st.lists(st.sampled_from([f"d{n}" for n in range(10)]), min_size=1, unique=True))
    distinct = st.lists(st.sampled_from(TOY_KEYS), min_size=1, max_size=4, unique=True)
    return {i: draw(distinct) for i in ids}


def _ranked_text(rankings: dict[str, list[str]], confidence: bool) -> str:
    lines = []
    for instance, keys in rankings.items():
        fields = [f"{k}:{1 - j / (len(keys) + 1):.4f}" for j, k in enumerate(keys)]
        lines.append(" ".join([instance, *fields, *(["confidence=0.5"] if confidence else [])]))
    return "".join(line + "\n" for line in lines)


@COMMANDS
@given(rankings(), st.data(), st.booleans(), st.sampled_from(["first", "shared"]))
def test_a_ranked_file_agrees_and_scores_as_its_first_keys(
    ranked: dict[str, list[str]], data: st.DataObject, confidence: bool, rule: str
) -> None:
    """A ranked file and its first keys as a plain file give the same agreement and scores
    (against a file of the same instances, or of random ones)."""
    other = data.draw(st.one_of(key_maps(ids=list(ranked)), key_maps()))
    with folder() as path:
        (path / "ranked.key").write_text(_ranked_text(ranked, confidence), encoding="utf-8")
        first = {i: k[:1] for i, k in ranked.items()}
        (path / "first.key").write_text(key_text(first), encoding="utf-8")
        (path / "other.key").write_text(key_text(other), encoding="utf-8")
        toy = ["--verb-thesaurus", str(path / "toy.tsv")]
        got = []
        for name in ("ranked.key", "first.key"):
            argv = ["agreement", str(path / "other.key"), str(path / name), "--intersection"]
            status, out, err = run_cli(
                [*argv, "--weighted", *toy, "--several-keys", rule, "--json"]
            )
            pairs = json.loads(out)["pairs"] if status == 0 else None
            for pair in pairs or []:
                pair.pop("b")
            argv = ["score", "--gold", str(path / "other.key"), "--pred", str(path / name)]
            scored, out, _ = run_cli([*argv, *toy, "--json", "--alpha", "1", "inf"])
            score = json.loads(out)["overall"] if scored == 0 else None
            got.append((status, pairs, err.replace(name, "B"), scored, score))
        assert got[0] == got[1]
    event(f"agreement: exit {got[0][0]}")


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@st.composite
def other_files(draw: Draw) -> tuple[bytes, int, str]:
    """A file that is no key file: a JSON document (compact or indented, a model file's
    shape), JSONL, a TOML config, XML; maybe blank lines and a byte-order mark first.  Its
    bytes, the line of its first character and that character."""
    kind = draw(st.sampled_from(["json", "jsonl", "toml", "xml"]))
    if kind == "json":
        value = draw(st.one_of(st.dictionaries(st.text(max_size=5), _JSON), st.lists(_JSON)))
        text = json.dumps(value, indent=draw(st.sampled_from([None, 1, 2])))
    elif kind == "jsonl":
        records = draw(st.lists(st.dictionaries(st.text(max_size=5), _JSON), min_size=1))
        text = "\n".join(json.dumps(r) for r in records)
    elif kind == "toml":
        text = '[corpus]\npath = ""\nverbs = ["make", "see"]\n'
    else:
        text = '<?xml version="1.0"?>\n<corpus lang="en">\n</corpus>\n'
    blank, end = draw(st.integers(0, 2)), line_breaks(draw)  # one kind: \r then \n is one
    prefix = "".join(draw(st.sampled_from(["", " ", "\t"])) + end for _ in range(blank))
    data = (prefix + text + "\n").encode()
    return (BOM + data if draw(st.booleans()) else data), blank + 1, text[0]


@COMMANDS
@given(other_files())
def test_a_file_that_is_no_key_file_is_refused_by_every_reader(
    case: tuple[bytes, int, str],
) -> None:
    """Every key-file reader and command refuses it, naming it and its first line."""
    data, line, first = case
    with folder() as path:
        file = path / "model.json"
        file.write_bytes(data)
        for read in (read_keys, read_answers, read_answer_keys):
            try:
                read(file)
                raise AssertionError(f"{read.__name__} read {data[:80]!r}")
            except CorpusFormatError as exc:
                assert str(exc).startswith(
                    f"{file}:{line}: not a key file: it starts with {first!r}"
                )
        gold = path / "gold.key"
        gold.write_text("d1 run%1\n", encoding="utf-8")
        toy = ["--verb-thesaurus", str(path / "toy.tsv")]
        for argv in (
            ["score", "--gold", str(gold), "--pred", str(file), *toy],
            ["score", "--gold", str(file), "--pred", str(gold), *toy],
            ["agreement", str(gold), str(file)],
        ):
            status, out, err = run_cli(argv)
            assert status == 2 and out == "" and err.count("\n") == 1
            assert err.startswith(f"wsd: error: {file}:{line}: not a key file")
    event(f"first character: {first}")
