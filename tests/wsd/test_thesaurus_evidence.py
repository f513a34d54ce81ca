"""Evidence from the verb thesaurus (examples, backoff, frame penalty): the corpus trains two
senses of "use", the file thesaurus's ``verbs.examples.jsonl`` shows the third."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from worlds import TRAIN, inst, write_world

import thesaurus
from evaluation.cli import main
from wsd import CaseFrame, Filler, Instance, Sentence, Token
from wsd.corpus.jsonl import write_jsonl
from wsd.methods import evidence_sources, load_model, make_method, save_model
from wsd.methods.thesaurus_evidence import frame_fits, thesaurus_instances

CORPUS = [i for i in TRAIN if i.gold != ("use#3",)]  # use#3 (consume) never in the corpus
EXAMPLES = [
    inst("wn1", "use#3", subj="man", obj="bread"),
    inst("wn2", "use#3", subj="woman", obj="apple"),
    inst("wn3", "use#2", subj="man", obj="knife"),
]
LEARNERS = ("example", "bayes", "ims", "hybrid")
OFF = {"thesaurus_examples": 0, "frame_penalty": 0.0}  # the corpus alone


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("evidence-world")
    specs = write_world(root)
    write_jsonl(EXAMPLES, root / "verbs.examples.jsonl")
    return specs


def resources(name: str, world: dict[str, str]) -> dict[str, str]:
    """The thesauri ``name`` takes (ims reads no noun thesaurus)."""
    return {k: v for k, v in world.items() if name != "ims" or k == "verb_thesaurus"}


def test_a_file_thesaurus_gives_the_examples_beside_it(world: dict[str, str]) -> None:
    found = thesaurus_instances(world["verb_thesaurus"])
    assert [(i.id, i.gold) for i in found] == [(i.id, i.gold) for i in EXAMPLES]
    assert thesaurus_instances(world["noun_thesaurus"]) == ()  # no examples file


@pytest.mark.parametrize("name", ["example", "hybrid"])  # (the others read no frames)
def test_a_sense_the_corpus_never_shows_is_chosen_only_with_the_examples(
    name: str, world: dict[str, str]
) -> None:
    food = [inst("t1", None, subj="man", obj="apple"), inst("t2", None, subj="man", obj="bread")]
    off = make_method(name, **OFF, **resources(name, world)).fit(CORPUS)
    assert "use#3" not in {p.sense for p in off.rank(food)}
    on = make_method(name, **{**OFF, "thesaurus_examples": 3}, **resources(name, world)).fit(CORPUS)
    assert [p.sense for p in on.rank(food)] == ["use#3", "use#3"]
    assert "use#3" in on.classes_.tolist()
    assert on.sense_counts_["use"] == off.sense_counts_["use"] + Counter({"use#3": 6, "use#2": 3})


@pytest.mark.parametrize("name", LEARNERS)
def test_k_times_the_examples_is_training_on_them_k_times(
    name: str, world: dict[str, str], tmp_path: Path
) -> None:
    model = make_method(name, **{**OFF, "thesaurus_examples": 2}, **resources(name, world))
    model.fit(CORPUS)
    examples = list(thesaurus_instances(world["verb_thesaurus"]))  # as read from the file
    direct = make_method(name, **OFF, **resources(name, world)).fit(CORPUS + examples * 2)
    save_model(model, tmp_path / "m.json")
    again = load_model(tmp_path / "m.json")
    tests = [inst("t1", None, obj="apple"), inst("t2", None, obj="hammer"), inst("t3", None)]
    assert again.rank(tests) == model.rank(tests) == direct.rank(tests)
    assert again.get_params()["thesaurus_examples"] == 2


def said(id_: str, sense: str | None, text: str) -> Instance:
    """An instance of "use" in the words of ``text`` (its second word), for bayes and ims."""
    tokens = tuple(Token(w, w, "VB" if w == "use" else "NN") for w in text.split())
    gold = (sense,) if sense else ()
    return Instance(id_, "use", gold, Sentence(f"s.{id_}", tokens), 1, CaseFrame())


@pytest.mark.parametrize("name", ["bayes", "ims"])
def test_context_methods_learn_the_unseen_sense_from_the_examples(
    name: str, world: dict[str, str], tmp_path: Path
) -> None:
    corpus = [said("a", "use#1", "man use student"), said("b", "use#2", "man use hammer")]
    examples = [said("e1", "use#3", "woman use bread"), said("e2", "use#3", "man use apple")]
    write_world(tmp_path)
    write_jsonl(examples, tmp_path / "verbs.examples.jsonl")
    specs = {"verb_thesaurus": str(tmp_path / "verbs.tsv")}
    test = [said("t", None, "student use apple")]
    assert make_method(name, **OFF, **specs).fit(corpus).rank(test)[0].sense != "use#3"
    model = make_method(name, **{**OFF, "thesaurus_examples": 1}, **specs).fit(corpus)
    assert model.rank(test)[0].sense == "use#3"


def test_backoff_lends_a_sense_its_neighbours_score(world: dict[str, str]) -> None:
    # verbs.tsv: employ (use#1) and wield (use#2) are children of act; consume (use#3) is apart
    corpus = [i for i in TRAIN if i.gold != ("use#2",)]
    test = [inst("t", None, subj="man", obj="student")]
    plain = dict(make_method("bayes", **OFF, **world).fit(corpus).rank(test)[0].ranking)
    b = 0.8
    backed = make_method("bayes", thesaurus_backoff=b, **OFF, **world).fit(corpus)
    ranking = dict(backed.rank(test)[0].ranking)
    verbs = thesaurus.load(world["verb_thesaurus"])
    maxlen = verbs.maxlen("use")
    lend = {s: (maxlen - verbs.sense_length(s, "use#2")) / maxlen for s in ("use#1", "use#3")}
    total = sum(plain.values())
    expected = b * max(lend[s] * plain[s] / total for s in lend)
    assert expected > 0
    assert ranking["use#2"] == pytest.approx(expected)
    assert ranking["use#1"] == pytest.approx(plain["use#1"] / total)


def frame(*labels: str, **marks: str) -> CaseFrame:
    return CaseFrame(tuple((label, Filler("x")) for label in labels), marks=tuple(marks.items()))


def test_frame_fits_by_hand() -> None:
    intransitive = (1, 2, 22)  # Something ----s; Somebody ----s; Somebody ----s PP
    transitive = (8, 9)  # Somebody ----s something / somebody
    assert frame_fits(frame("subj"), intransitive)
    assert not frame_fits(frame("subj", "obj"), intransitive)
    assert frame_fits(frame("subj", "obj"), transitive)
    assert not frame_fits(frame("subj", pron="it"), intransitive)  # "made it": an object
    assert frame_fits(frame("subj", "prep:with"), intransitive)  # a PP is no demand
    assert not frame_fits(frame("subj", comp="that"), transitive)
    assert frame_fits(frame("subj", comp="that"), (*transitive, 26))  # ----s that CLAUSE
    assert not frame_fits(frame("subj", "obj", "iobj"), transitive)
    assert frame_fits(frame("subj", "obj", "iobj"), (14,))  # ----s somebody something
    assert frame_fits(frame("subj", "obj"), ())  # no frames listed: no demand
    assert frame_fits(None, intransitive)


def test_train_says_what_the_model_learnt_from(
    world: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_jsonl(CORPUS, tmp_path / "corpus.jsonl")
    argv = ["train", "--corpus", str(tmp_path / "corpus.jsonl"), "--method", "example"]
    argv += ["--param", f"verb_thesaurus={world['verb_thesaurus']}"]
    argv += ["--param", f"noun_thesaurus={world['noun_thesaurus']}"]
    off = [f"--param={key}={value}" for key, value in OFF.items()]
    assert main([*argv, *off, "--out", str(tmp_path / "plain.json")]) == 0
    assert "examples:" not in capsys.readouterr().err
    argv += ["--param", "thesaurus_examples=2", "--param", "frame_penalty=0.5"]
    assert main([*argv, "--out", str(tmp_path / "more.json")]) == 0
    said = capsys.readouterr().err
    assert "examples: corpus + thesaurus examples (x2); " in said  # the file lists no frames
    assert f"; {2 * len(EXAMPLES)} training examples from the thesaurus" in said


@pytest.mark.parametrize("name", LEARNERS)
def test_a_frame_penalty_is_off_with_a_thesaurus_that_lists_no_frames(
    name: str, world: dict[str, str]
) -> None:
    """Without sentence frames the default penalty leaves the scores and is named nowhere."""
    tests = [inst("t1", None, subj="man", obj="apple"), inst("t2", None, obj="hammer")]
    off = make_method(name, **OFF, **resources(name, world)).fit(CORPUS)
    on = make_method(name, **{**OFF, "frame_penalty": 0.5}, **resources(name, world)).fit(CORPUS)
    assert on.rank(tests) == off.rank(tests)
    assert evidence_sources(on) == "corpus"
