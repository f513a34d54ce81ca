"""Fuzz targets for the readers: every format written reads back as the same instances (or
the writer refuses in one line); any CoNLL-U file gives its marked targets with counted skips
or one error at the first hazard's line; corpora read together share no id; ``data export``
writes every instance; the API refuses text exactly when the command line does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fuzz_jsonl import jsonl_files
from fuzzing import CLI_HEAVY, FUZZ, Draw, event, no_hang, run_wsd
from hypothesis import given
from hypothesis import strategies as st

from wsd import CorpusFormatError
from wsd.corpus import (
    Corpus,
    annotate_instances,
    claim_ids,
    load_corpus,
    write_conllu,
    write_jsonl,
    write_raganato,
)
from wsd.text import Tagger, read_text, text_instances
from wsd.types import Instance

WRITTEN = {"jsonl": ".jsonl", "raganato": ".data.xml", "conllu": ".conllu"}
# what a writer refuses, by the words of its message
REFUSALS = ("languages", "one token", "two different sentences", "cannot be written")


def _load(path: Path) -> Corpus:
    with no_hang():
        corpus = load_corpus(path, require_gold=False, cache=False)
    stats = corpus.stats
    assert stats.verb_instances + sum(stats.skipped.values()) == stats.verb_tokens
    assert stats.verb_instances == len(corpus.instances)
    return corpus


def _identity(instances: Sequence[Instance], fmt: str) -> list[tuple[Any, ...]]:
    """What every format written carries of an instance."""
    targets: dict[str, set[int]] = {}
    for i in instances:
        targets.setdefault(i.sentence.id, set()).add(i.position)
    out = []
    for i in instances:
        tags = [t.pos for t in i.sentence.tokens]
        for position in targets[i.sentence.id] if fmt == "raganato" else ():
            tags[position] = "VERB"
        forms = tuple(t.form for t in i.sentence.tokens)
        sentence = (i.sentence.id, i.sentence.source, i.sentence.lang, forms, tuple(tags))
        out.append((i.id, i.lemma, i.gold, i.position, *sentence))
    return out


def _write(corpus: Corpus, fmt: str, stem: Path) -> Path:
    """``corpus`` written as ``wsd data export --to fmt`` writes it."""
    path = stem.with_name(stem.name + WRITTEN[fmt])
    if fmt == "jsonl":
        write_jsonl(corpus.instances, path)
    elif fmt == "raganato":
        write_raganato(corpus.instances, path, source="fuzz")
    else:
        write_conllu(annotate_instances(corpus.instances), path)
    return path


@FUZZ
@given(case=jsonl_files(), fmt=st.sampled_from(sorted(WRITTEN)))
def test_every_format_written_reads_back_as_the_same_instances(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[bytes, Any], fmt: str
) -> None:
    folder = tmp_path_factory.mktemp("written")
    source = folder / "x.jsonl"
    source.write_bytes(case[0])
    before = _load(source)
    try:
        written = _write(before, fmt, folder / "out")
    except CorpusFormatError as exc:  # a value the format cannot hold, named
        message = str(exc)
        assert "\n" not in message and len(message) < 600, message
        why = next((w for w in REFUSALS if w in message), "other")
        event(f"{fmt}: refused ({why})")
        return
    after = _load(written)
    assert _identity(after.instances, fmt) == _identity(before.instances, fmt)
    without = sum(before.stats.without_gold.values())
    assert sum(after.stats.without_gold.values()) == without
    event(f"{fmt}: read back ({'some' if without else 'no'} instances without gold)")


# --- any CoNLL-U file ------------------------------------------------------------------------
UPOS = ("VERB", "AUX", "NOUN", "X", "_", "PRON", "ADP", "PUNCT")
TARGET_KEYS = ("make%2:36:01::", "zz%9:99", "make.1", "cake%1:13:00::")  # a counted skip each


@dataclass
class Made:
    """A generated CoNLL-U file and what its generator put in."""

    data: bytes
    marked: list[str]  # the Instance= ids, in file order
    verbs: list[str]  # the UPOS VERB words without Instance=, as <sent_id>.t<ID>
    auxiliaries: int  # the UPOS AUX words without Instance=
    hazards: list[tuple[int, int, str]]  # (sentence, line, what) of each hazard put in


@st.composite
def conllu_files(draw: Draw, hazards: bool = True) -> Made:
    """Words of any UPOS, ``Instance=``/``Sense=`` on some, empty nodes, hazards at known lines."""
    made = Made(b"", [], [], 0, [])
    lines: list[str] = []
    targeted = draw(st.booleans())

    def hazard(what: str, line: int) -> bool:
        if not hazards or draw(st.integers(0, 30)):
            return False
        made.hazards.append((s, line, what))
        return True

    for s in range(draw(st.integers(1, 3))):
        lines.append(f"# sent_id = s{s}")
        count = draw(st.integers(1, 6))
        for i in range(1, count + 1):
            if i < count and hazard("Instance= on a multiword token", len(lines) + 1):
                lines.append(f"{i}-{i + 1}\tww\t_\t_\t_\t_\t_\t_\t_\tInstance=m{s}.{i}")
            line = len(lines) + 1
            upos = draw(st.sampled_from(UPOS))
            misc: list[str] = []
            if targeted and draw(st.integers(0, 2)) == 0:
                instance = f"i{s}.{i}"
                if hazard("an id a key-file line cannot start with", line):
                    instance = draw(st.sampled_from("{[<")) + instance
                elif made.marked and hazard("an id twice", line):
                    instance = draw(st.sampled_from(made.marked))
                misc.append(f"Instance={instance}")
                made.marked.append(instance)
                if hazard("Instance= twice", line):
                    misc.append(f"Instance=j{s}.{i}")
                key = draw(st.sampled_from([*TARGET_KEYS, None]))
                if key is not None:
                    misc.append(f"Sense={key}")
            else:
                if upos == "VERB":
                    made.verbs.append(f"s{s}.t{i}")
                elif draw(st.integers(0, 3)) == 0:  # a case filler's gold
                    bad = hazard("a filler's malformed WordNet key", line)
                    misc.append("Sense=" + ("zz%9:99" if bad else "cake%1:13:00::"))
                made.auxiliaries += upos == "AUX"
            if any(m.startswith("Sense=") for m in misc) and hazard("Sense= twice", line):
                misc.append("Sense=x.1")
            form = draw(st.sampled_from(["made", "ran", "cake", "is", "she"]))
            columns = [str(i), form, form, upos, "_", "_", "_", "_", "_"]
            lines.append("\t".join([*columns, "|".join(misc) or "_"]))
            if draw(st.integers(0, 5)) == 0:  # an empty node: an elided word
                line = len(lines) + 1
                empty = "_"
                if hazard("Instance= on an empty node", line):
                    empty = f"Instance=e{s}.{i}"
                elif hazard("Sense= on an empty node", line):
                    empty = "Sense=make%2:36:01::"
                lines.append(f"{i}.1\tmade\tmake\tVERB\t_\t_\t_\t_\t_\t{empty}")
        lines.append("")
    made.data = "\n".join(lines).encode()
    return made


@FUZZ
@given(made=conllu_files())
def test_any_conllu_file_gives_its_targets_and_counted_skips_or_one_error(
    tmp_path_factory: pytest.TempPathFactory, made: Made
) -> None:
    path = tmp_path_factory.mktemp("conllu") / "x.conllu"
    path.write_bytes(made.data)
    if made.hazards:  # a sentence is checked whole: any of the first one's hazards
        first = min(s for s, _, _ in made.hazards)
        lines = {line: what for s, line, what in made.hazards if s == first}
        with pytest.raises(CorpusFormatError) as caught:
            _load(path)
        message = str(caught.value)
        assert message.startswith(f"{path}:") and "\n" not in message, message
        line = int(message[len(f"{path}:") :].partition(":")[0])
        assert line in lines, (lines, message)
        event(f"error: {lines[line]}")
        return
    corpus = _load(path)
    ids = [i.id for i in corpus.instances]
    stats = corpus.stats
    if made.marked:  # Instance= names the targets, whatever their UPOS
        assert ids == made.marked
        assert stats.skipped.get("untagged", 0) == len(made.verbs)
        event("instances: the marked words")
    else:  # no Instance= at all: every VERB word
        assert ids == made.verbs
        event("instances: every VERB word")
    assert stats.skipped.get("auxiliary", 0) == made.auxiliaries
    assert sum(stats.without_gold.values()) == sum(not i.gold for i in corpus.instances)


# --- corpora read together -------------------------------------------------------------------
@FUZZ
@given(files=st.lists(jsonl_files(), min_size=2, max_size=3))
def test_corpora_read_together_share_no_instance_id(
    tmp_path_factory: pytest.TempPathFactory, files: list[tuple[bytes, Any]]
) -> None:
    folder = tmp_path_factory.mktemp("together")
    taken: dict[str, str] = {}
    ids: list[str] = []
    for n, (data, _) in enumerate(files):
        path = folder / f"c{n}.jsonl"
        path.write_bytes(data)
        corpus = _load(path)
        try:
            claim_ids(corpus, taken)
        except CorpusFormatError as exc:
            message = str(exc)
            assert message.startswith(f"{path}: instance id "), message
            clash = next(i.id for i in corpus.instances if i.id in ids)
            assert f"is an instance of {taken[clash]} too" in message
            event("error: an id shared")
            return
        ids += [i.id for i in corpus.instances]
    assert len(set(ids)) == len(ids)
    event("read together")


# --- the export command ----------------------------------------------------------------------
@CLI_HEAVY
@given(made=conllu_files(hazards=False), fmt=st.sampled_from(["jsonl", "raganato", "conllu"]))
def test_export_writes_every_instance(
    tmp_path_factory: pytest.TempPathFactory, made: Made, fmt: str
) -> None:
    folder = tmp_path_factory.mktemp("export")
    (folder / "x.conllu").write_bytes(made.data)
    done = run_wsd(["data", "export", "--corpus", "x.conllu", "--to", fmt, "--out", "o"], folder)
    instances = _load(folder / "x.conllu").instances
    if not instances:
        assert done.returncode == 2 and "no verb instance to export" in done.stderr
        return
    assert done.returncode == 0, done.stderr
    assert f"wrote {len(instances)} verb instances" in done.stderr
    written = _load(folder / f"o{WRITTEN[fmt]}")
    assert _identity(written.instances, fmt) == _identity(instances, fmt)


# --- text for the API and for the command line ------------------------------------------------
ODD = ["\x00", "\x07", "\x1b", "\x85", "\ufeff", "\ud800", "\udcff", "\r", "\n", "\t", "\u2028"]


@FUZZ
@given(
    text=st.lists(
        st.one_of(st.sampled_from(["She made a cake.", " ", "eat"]), st.sampled_from(ODD)),
        max_size=8,
    ).map("".join)
)
def test_the_api_refuses_text_exactly_when_the_command_line_does(
    tmp_path_factory: pytest.TempPathFactory, small_tagger: Tagger, text: str
) -> None:
    path = tmp_path_factory.mktemp("text") / "t.txt"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    refusals: list[str | None] = []
    corpus = None
    for name in (str(path), "<text>"):
        try:
            with no_hang():
                if name == "<text>":
                    corpus = text_instances(text, tagger=small_tagger)
                else:
                    read_text(path)
            refusals.append(None)
        except CorpusFormatError as exc:
            message = str(exc)
            assert message.startswith(name) and "\n" not in message, message
            refusals.append(message[len(name) :].partition(" ")[0])  # ":3:" or ":"
    assert refusals[0] == refusals[1], (text, refusals)
    if corpus is not None:
        stats = corpus.stats
        assert stats.verb_instances + sum(stats.skipped.values()) == stats.verb_tokens
        event("text read")
    else:
        event("text refused by both")
