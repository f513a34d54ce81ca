"""Long inputs: every verb of a long sentence or deep tree gets its frame; cost (Python lines
run) grows linearly: 4x the input costs < 6x (square: 16x); memory per instance is bounded."""

from __future__ import annotations

import json
import sys
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from evaluation.cli import main
from evaluation.experiment import compare_systems
from evaluation.experiment.config import ComparisonConfig, EvaluationConfig, SystemSpec
from evaluation.experiment.tables import prediction_lines
from evaluation.sense_scores import macro_intervals, sense_index
from wsd.corpus import load_corpus, read_conllu
from wsd.corpus.frame_reports import frame_record
from wsd.frames import extract_frame, extract_tree_frame
from wsd.methods import MostFrequentSense
from wsd.types import AnnotatedSentence, Instance, Sentence, Token

LINEAR = 6.0  # the most a 4x longer input may cost, relative (linear: ~4; square: ~16)
SENSES = {"want": "want%2:37:00::", "bark": "bark%2:32:00::"}  # WordNet 3.0 keys


def _lines_run(work: Callable[[], object]) -> int:
    """How many Python lines ``work()`` executes."""
    count = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return trace

    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        work()
    finally:
        sys.settrace(previous)
    return count


def _growth(work: Callable[[int], object], n: int) -> float:
    """The cost of ``work(4 * n)`` over that of ``work(n)``."""
    work(n)  # fills the memos of words seen (categories, lemmas) before anything is counted
    return _lines_run(lambda: work(4 * n)) / _lines_run(lambda: work(n))


def _conllu(rows: Sequence[tuple[str, str, str, str, int, str]], sense: bool = True) -> str:
    """One sentence of (form, lemma, UPOS, FEATS, HEAD, DEPREL) rows; each VERB gets a sense."""
    lines = ["# sent_id = s1"]
    for i, (form, lemma, upos, feats, head, rel) in enumerate(rows, 1):
        misc = f"Sense={SENSES[lemma]}" if sense and upos == "VERB" else "_"
        lines.append(f"{i}\t{form}\t{lemma}\t{upos}\t_\t{feats}\t{head}\t{rel}\t_\t{misc}")
    return "\n".join(lines) + "\n\n"


def _xcomp_chain(verbs: int) -> str:
    """``I want to want to want ...``: each verb the ``xcomp`` of the one before."""
    rows = [("I", "I", "PRON", "_", 2, "nsubj"), ("want", "want", "VERB", "_", 0, "root")]
    for _ in range(verbs - 1):
        verb = len(rows)  # 1-based number of the verb before
        rows.append(("to", "to", "PART", "_", verb + 2, "mark"))
        rows.append(("want", "want", "VERB", "VerbForm=Inf", verb, "xcomp"))
    return _conllu(rows)


def _conj_chain(verbs: int) -> str:
    """``Dogs bark and bark ...``: each verb a conjunct of the one before, one subject."""
    rows = [("Dogs", "dog", "NOUN", "_", 2, "nsubj"), ("bark", "bark", "VERB", "_", 0, "root")]
    for _ in range(verbs - 1):
        verb = len(rows)
        rows.append(("and", "and", "CCONJ", "_", verb + 2, "cc"))
        rows.append(("bark", "bark", "VERB", "_", verb, "conj"))
    return _conllu(rows)


def _flat_list(verbs: int) -> str:
    """``bark , bark , ... the dogs``: every verb a conjunct of the first, subject last."""
    rows: list[tuple[str, str, str, str, int, str]] = [("bark", "bark", "VERB", "_", 0, "root")]
    for _ in range(verbs - 1):
        rows.append((",", ",", "PUNCT", "_", len(rows) + 2, "punct"))
        rows.append(("bark", "bark", "VERB", "_", 1, "conj"))
    rows.append(("the", "the", "DET", "_", len(rows) + 2, "det"))
    rows.append(("dogs", "dog", "NOUN", "_", 1, "nsubj"))
    return _conllu(rows)


def _read(tmp_path: Path, text: str) -> AnnotatedSentence:
    path = tmp_path / "long.conllu"
    path.write_text(text, encoding="utf-8")
    (item,) = read_conllu(path)
    return item


def _verbs(item: AnnotatedSentence) -> list[int]:
    return [i for i, note in enumerate(item.annotations) if note.tag == "VERB"]


def test_a_500_verb_xcomp_chain_gives_every_verb_its_frame(tmp_path: Path) -> None:
    item = _read(tmp_path, _xcomp_chain(500))
    frames = [extract_tree_frame(item, v) for v in _verbs(item)]
    assert len(frames) == 500
    assert [(label, f.position) for label, f in frames[0].cases] == [("subj", 0)]
    # every verb but the last has "to" + the next verb as its complement
    assert all(dict(frame.marks).get("comp") == "to" for frame in frames[:-1])
    assert "comp" not in dict(frames[-1].marks)


def test_a_2000_verb_conj_chain_hands_the_first_subject_down_to_every_verb(tmp_path: Path) -> None:
    item = _read(tmp_path, _conj_chain(2000))
    frames = [extract_tree_frame(item, v) for v in _verbs(item)]
    assert len(frames) == 2000
    assert all(
        [(label, f.lemma, f.position) for label, f in frame.cases] == [("subj", "dog", 0)]
        for frame in frames
    )


def test_frames_command_lists_a_500_verb_chain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "chain.conllu"
    path.write_text(_xcomp_chain(500), encoding="utf-8")
    assert main(["frames", "--corpus", str(path), "--limit", "0"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 500
    assert records[0]["cases"][0]["form"] == "I"


def _tagged(clauses: int) -> Sentence:
    """``the dog saw the cat in the park , and the dog saw ...``, Penn-tagged (SemCor)."""
    clause = (
        "the//DT dog/dog/NN saw/see/VBD the//DT cat/cat/NN in//IN the//DT park/park/NN ,//, and//CC"
    )
    return Sentence(
        "s1", tuple(Token(*t.split("/")) for _ in range(clauses) for t in clause.split())
    )


def test_rule_frames_of_long_sentences_find_their_heads() -> None:
    """``They saw some of some of ... the dogs``: the object is the last noun; a clause's verb
    of a long sentence gets its own clause's cases."""
    tokens = [Token("They", "", "PRP"), Token("saw", "see", "VBD")]
    tokens += [Token("some", "", "DT"), Token("of", "", "IN")] * 2000
    tokens += [Token("the", "", "DT"), Token("dogs", "dog", "NNS")]
    frame = extract_frame(Sentence("s1", tuple(tokens)), 1)
    expected = [("subj", "person", 0), ("obj", "dog", len(tokens) - 1)]
    assert [(label, f.lemma, f.position) for label, f in frame.cases] == expected
    frame = extract_frame(_tagged(3), 12)  # the second clause's "saw"
    assert [(label, f.lemma) for label, f in frame.cases] == [
        ("subj", "dog"),
        ("obj", "cat"),
        ("prep:in", "park"),
    ]


def _tree_frames(shape: Callable[[int], str]) -> Callable[[Path], Callable[[int], object]]:
    def work(tmp_path: Path) -> Callable[[int], object]:
        def frames(verbs: int) -> None:
            item = _read(tmp_path, shape(verbs))
            for v in _verbs(item):
                extract_tree_frame(item, v)

        return frames

    return work


def _listed(tmp_path: Path) -> Callable[[int], object]:
    """``wsd frames``: each verb's frame and record (a snippet, not the sentence)."""

    def listed(verbs: int) -> None:
        path = tmp_path / "chain.conllu"
        path.write_text(_xcomp_chain(verbs), encoding="utf-8")
        for instance in load_corpus(path).instances:
            frame_record(instance)

    return listed


def _rule_frames(tmp_path: Path) -> Callable[[int], object]:
    def frames(clauses: int) -> None:
        sentence = _tagged(clauses)
        for v in range(2, len(sentence.tokens), 10):
            extract_frame(sentence, v)

    return frames


def _semcor_load(tmp_path: Path) -> Callable[[int], object]:
    """Loading a SemCor file of one long sentence (its cache holds every frame)."""
    files = iter(range(1000))
    clause = (
        "<wf cmd=done pos=NN lemma=dog wnsn=1 lexsn=1:05:00::>dogs</wf>\n"
        "<wf cmd=done pos=VB lemma=run wnsn=1 lexsn=2:38:00::>run</wf>\n"
        "<wf cmd=ignore pos=CC>and</wf>\n"
    )

    def load(clauses: int) -> None:
        path = tmp_path / f"br-z{next(files)}"  # a new file each time: no cache reused
        path.write_text(
            "<contextfile concordance=brown>\n<context filename=x paras=yes>\n<p pnum=1>\n"
            f"<s snum=1>\n{clause * clauses}</s>\n</p>\n</context>\n</contextfile>\n",
            encoding="utf-8",
        )
        corpus = load_corpus(path, "semcor", frames=False)
        assert corpus.stats.verb_instances == clauses

    return load


LINEAR_WORK = {  # what is measured, and the size n it is measured at (then 4 n)
    "tree frames of an xcomp chain": (_tree_frames(_xcomp_chain), 400),
    "tree frames of a conj chain": (_tree_frames(_conj_chain), 400),
    "tree frames of a flat list": (_tree_frames(_flat_list), 400),
    "reading a deep tree (the HEAD cycle check)": (
        lambda tmp_path: lambda verbs: _read(tmp_path, _xcomp_chain(verbs)),
        300,
    ),
    "listing the frames": (_listed, 300),
    "rule frames of every verb": (_rule_frames, 100),
    "loading a long SemCor sentence": (_semcor_load, 100),
}


@pytest.mark.parametrize("what", LINEAR_WORK)
def test_the_cost_grows_linearly_with_the_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, what: str
) -> None:
    monkeypatch.setenv("WSD_CORPUS_CACHE", str(tmp_path / "cache"))
    work, n = LINEAR_WORK[what]
    assert _growth(work(tmp_path), n) < LINEAR


def test_the_readings_of_a_long_sentence_cost_linear_time(tmp_path: Path, wordnet: object) -> None:
    """``disambiguate``: the readings of a sentence's verbs share its text."""
    path = tmp_path / "chain.conllu"

    def instances(verbs: int) -> list[Instance]:
        path.write_text(_xcomp_chain(verbs), encoding="utf-8")
        return list(load_corpus(path, frames=False).instances)

    model = MostFrequentSense().fit(instances(10))
    readings = model.disambiguate(instances(300))
    assert len({id(r.text) for r in readings}) == 1
    assert _growth(lambda verbs: model.disambiguate(instances(verbs)), 300) < LINEAR


def _key_files(folder: Path, n: int) -> ComparisonConfig:
    """Gold and two systems' key files of ``n`` instances on the toy thesaurus."""
    keys = ["run%1", "run%2", "run%3", "run%4"]
    ids = [f"senseval2.d000.s{i // 100:04d}.t{i % 100:03d}" for i in range(n)]
    answers = {"gold": 2, "a": 3, "b": 4}
    for name, spread in answers.items():
        lines = (f"{ident} {keys[i * (spread + 1) % spread]}\n" for i, ident in enumerate(ids))
        (folder / f"{name}{n}.key").write_text("".join(lines), encoding="utf-8")
    toy = str(Path(__file__).resolve().parent / "data" / "keys" / "toy.tsv")
    return ComparisonConfig(
        gold=str(folder / f"gold{n}.key"),
        systems=tuple(SystemSpec(name, str(folder / f"{name}{n}.key")) for name in ("a", "b")),
        evaluation=EvaluationConfig(thesaurus=toy, top_k=0, bootstrap=1),
    )


def _peak_bytes(config: ComparisonConfig) -> int:
    """The most memory a comparison and its ``predictions.jsonl`` lines take at once."""
    tracemalloc.reset_peak()
    before, _ = tracemalloc.get_traced_memory()
    result = compare_systems(config)
    for _ in prediction_lines(result):
        pass
    del result
    return tracemalloc.get_traced_memory()[1] - before


def test_compare_takes_a_bounded_number_of_bytes_per_instance(tmp_path: Path) -> None:
    """Two systems cost under 1,000 bytes per instance at the peak (about 700)."""
    configs = {n: _key_files(tmp_path, n) for n in (1_000, 10_000, 40_000)}
    tracemalloc.start()
    try:
        _peak_bytes(configs[1_000])  # imports and the thesaurus, before anything is counted
        small, large = _peak_bytes(configs[10_000]), _peak_bytes(configs[40_000])
    finally:
        tracemalloc.stop()
    per_instance = (large - small) / 30_000
    assert per_instance < 1_000, f"{per_instance:.0f} bytes per instance"


def test_the_macro_intervals_draw_a_bounded_batch_of_resamples() -> None:
    """Macro-average resamples are drawn in batches: memory does not grow with n x resamples."""

    def peak(n: int) -> int:
        gold = [[f"s{i % 7}"] for i in range(n)]
        answers = [[f"s{i % 5}"] for i in range(n)]
        table = sense_index(gold, answers).table()
        tracemalloc.reset_peak()
        before, _ = tracemalloc.get_traced_memory()
        macro_intervals([table], n_resamples=256)
        return tracemalloc.get_traced_memory()[1] - before

    tracemalloc.start()
    try:
        small, large = peak(20_000), peak(80_000)
    finally:
        tracemalloc.stop()
    per_instance = (large - small) / 60_000
    assert per_instance < 500, f"{per_instance:.0f} bytes per instance"
