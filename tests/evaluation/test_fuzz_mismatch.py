"""Fuzz targets for thesauri that do not fit the corpus: the warning of
:mod:`evaluation.experiment.mismatch` appears exactly when most answers fell back because of
the thesauri, and never on a healthy run.

Generator :func:`worlds`: two trained verbs (``use``, ``take``; 2-8 instances each, two senses)
whose frames hold 0-2 cases filled from a pool of nouns; a noun thesaurus that knows all, none
or a drawn part of the pool; a verb thesaurus that knows the trained verbs' senses and all,
none or a drawn part of three other verbs; an input corpus of the trained verbs, the other
verbs or both.  :data:`CASES` are run on every run: each outcome once.

The model of the warning, restated from the methods' contract rather than from the code: an
instance with case fillers none of which the noun thesaurus knows has no usable filler, so the
example method answers it by MFS; an input verb neither trained on nor known to the verb
thesaurus is abstained on.  The warning names the first kind when more than half of the
instances are of it, else the second kind when more than half are of that, else nothing.
"""

from __future__ import annotations

import json
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path

from commands import run_cli
from fuzzing import CLI, Draw, event
from hypothesis import example, given
from hypothesis import strategies as st

from evaluation.experiment import parse_config, run_experiment, select_verbs
from wsd import CaseFrame, Filler, Instance, Sentence, Token

POOL = ("man", "woman", "tool", "knife", "bread", "apple", "stone", "rope")
TRAINED = {"use": ("use#1", "use#2"), "take": ("take#1", "take#2")}
OTHERS = ("fly", "sit", "run")
LABELS = ("subj", "obj")
FOLDS = 2

Frame = tuple[tuple[str, str], ...]  # (case label, filler lemma)


@dataclass(frozen=True)
class World:
    """A generated case: what the thesauri know, the training and the input instances as
    (verb, sense or None, frame)."""

    nouns: frozenset[str]
    other_verbs: frozenset[str]
    train: tuple[tuple[str, str, Frame], ...]
    inputs: tuple[tuple[str, str | None, Frame], ...]


def part(draw: Draw, pool: tuple[str, ...], name: str) -> frozenset[str]:
    """All, none or a drawn part of ``pool`` (the extremes are the interesting cases)."""
    kind = draw(st.sampled_from(("all", "none", "some")))
    event(f"{name}: {kind}")
    if kind == "all":
        return frozenset(pool)
    if kind == "none":
        return frozenset()
    return frozenset(draw(st.sets(st.sampled_from(pool))))


def frames(draw: Draw, known: frozenset[str]) -> Frame:
    """0-2 cases, each filler known to the noun thesaurus with a drawn bias."""
    labels = draw(st.sampled_from(((), LABELS[:1], LABELS[1:], LABELS, LABELS[::-1])))
    unknown = tuple(sorted(set(POOL) - known))
    frame = []
    for label in labels:
        choices = [c for c in (tuple(sorted(known)), unknown) if c]
        frame.append((label, draw(st.sampled_from(draw(st.sampled_from(choices))))))
    return tuple(frame)


@st.composite
def worlds(draw: Draw) -> World:
    nouns = part(draw, POOL, "noun thesaurus knows")
    other_verbs = part(draw, OTHERS, "verb thesaurus knows other verbs")
    train = []
    for verb, senses in TRAINED.items():
        for _ in range(draw(st.integers(FOLDS, 8))):
            train.append((verb, draw(st.sampled_from(senses)), frames(draw, nouns)))
    # input verbs: the trained ones, the others or both (each kind of warning is likely)
    verbs = st.sampled_from(draw(st.sampled_from((tuple(TRAINED), OTHERS, (*TRAINED, *OTHERS)))))
    inputs = [(draw(verbs), None, frames(draw, nouns)) for _ in range(draw(st.integers(1, 8)))]
    return World(nouns, other_verbs, tuple(train), tuple(inputs))


def _rows(verb: str, sense: str | None, *fillers: str) -> tuple[str, str | None, Frame]:
    return (verb, sense, tuple(zip(LABELS, fillers, strict=False)))


_TRAIN = tuple(
    _rows(verb, sense, noun, "rope")
    for verb, senses in TRAINED.items()
    for sense, noun in zip(senses * 2, ("man", "knife", "woman", "tool"), strict=True)
)
_INPUTS = (_rows("use", None, "man"), _rows("take", None, "knife", "stone"), _rows("fly", None))
CASES = {
    "healthy": World(frozenset(POOL), frozenset(OTHERS), _TRAIN, _INPUTS),
    "nouns unknown": World(frozenset(), frozenset(OTHERS), _TRAIN, _INPUTS),
    "verbs unknown": World(frozenset(POOL), frozenset(), _TRAIN, (_INPUTS[2],) * 3),
}


def write_thesauri(world: World, root: Path) -> dict[str, str]:
    """The world's noun and verb file thesauri (each also knows a word of no corpus)."""
    nouns = ["zzz", *sorted(world.nouns)]
    (root / "nouns.tsv").write_text("".join(f"{n}\tROOT\n" for n in nouns), encoding="utf-8")
    (root / "nouns.words.tsv").write_text(
        "".join(f"{n}\t{n}#1\t{n}\n" for n in nouns), encoding="utf-8"
    )
    senses = [s for pair in TRAINED.values() for s in pair]
    senses += [f"{v}#1" for v in sorted(world.other_verbs)]
    (root / "verbs.tsv").write_text("".join(f"{s}\tROOT\n" for s in senses), encoding="utf-8")
    (root / "verbs.words.tsv").write_text(
        "".join(f"{s.split('#')[0]}\t{s}\t{s}\n" for s in senses), encoding="utf-8"
    )
    return {"noun_thesaurus": str(root / "nouns.tsv"), "verb_thesaurus": str(root / "verbs.tsv")}


def instance(i: int, verb: str, sense: str | None, frame: Frame) -> Instance:
    tokens = (*(Token(noun, noun, "NN") for _, noun in frame), Token(verb, verb, "VB"))
    return Instance(
        id=f"i.{i}",
        lemma=verb,
        gold=(sense,) if sense else (),
        sentence=Sentence(id=f"s.{i}", tokens=tokens),
        position=len(frame),
        frame=CaseFrame(tuple((label, Filler(lemma=noun)) for label, noun in frame)),
    )


def jsonl(rows: tuple[tuple[str, str | None, Frame], ...]) -> str:
    lines = []
    for i, (verb, sense, frame) in enumerate(rows):
        record = {
            "id": f"i.{i}",
            "lemma": verb,
            "gold": [sense] if sense else [],
            "tokens": [*(noun for _, noun in frame), verb],
            "position": len(frame),
            "frame": [[label, noun] for label, noun in frame],
        }
        lines.append(json.dumps(record) + "\n")
    return "".join(lines)


def unknown_fillers(world: World, frame: Frame) -> bool:
    """The model: the frame has fillers and the noun thesaurus knows none of them."""
    return bool(frame) and all(noun not in world.nouns for _, noun in frame)


@CLI
@given(worlds())
@example(CASES["healthy"])
@example(CASES["nouns unknown"])
@example(CASES["verbs unknown"])
def test_cross_validation_warns_exactly_when_unknown_fillers_dominate(world: World) -> None:
    """``wsd evaluate``'s runner: the example method's warning, with its counts, exactly when
    more than half of the evaluated instances have only unknown fillers."""
    with tempfile.TemporaryDirectory() as tmp:
        specs = write_thesauri(world, Path(tmp))
        raw = {
            "name": "fuzz",
            "cv": {"folds": FOLDS},
            "evaluation": {"thesaurus": specs["verb_thesaurus"], "bootstrap": 0,
                           "learning_curve": [], "top_k": 1},
            "methods": {
                "example": specs,
                "mfs": {"verb_thesaurus": specs["verb_thesaurus"]},
                "random": {"verb_thesaurus": specs["verb_thesaurus"]},
            },
        }  # fmt: skip
        config = parse_config(raw, source="fuzz.toml")
        instances = [instance(i, *row) for i, row in enumerate(world.train)]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = run_experiment(config, select_verbs(config, instances))
    total = len(instances)
    mismatched = sum(unknown_fillers(world, frame) for _, _, frame in world.train)
    found = [w for w in result.warnings if "thesaurus" in w and "fell back" in w]
    event(f"warning: {'nouns' if mismatched * 2 > total else 'none'}")
    if mismatched * 2 > total:
        (message,) = found
        assert message.startswith(f"example: {mismatched} of {total} predictions fell back")
        assert specs["noun_thesaurus"] in message and "[methods.example] of fuzz.toml" in message
    else:
        assert found == [], (mismatched, total)
    assert sum(result.fallbacks["example"].values()) >= mismatched  # each of them fell back


@CLI
@given(worlds())
@example(CASES["healthy"])
@example(CASES["nouns unknown"])
@example(CASES["verbs unknown"])
def test_disambiguate_warns_exactly_when_the_thesauri_do_not_know_the_input(world: World) -> None:
    """``wsd train`` + ``wsd disambiguate``: the noun warning when more than half of the
    inputs are of trained verbs with only unknown fillers, else the verb warning when more
    than half are of verbs neither trained nor known; every input answered or abstained."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        specs = write_thesauri(world, root)
        (root / "train.jsonl").write_text(jsonl(world.train), encoding="utf-8")
        (root / "input.jsonl").write_text(jsonl(world.inputs), encoding="utf-8")
        params = [f"--param={key}={value}" for key, value in specs.items()]
        code, _, err = run_cli(["train", "--corpus", str(root / "train.jsonl"), "--method",
                            "example", *params, "--out", str(root / "m.json")])  # fmt: skip
        assert code == 0, err
        code, _, err = run_cli(["disambiguate", "--model", str(root / "m.json"), "--corpus",
                            str(root / "input.jsonl"), "--out", str(root / "p.key")])  # fmt: skip
        assert code == 0, err
        answered = len((root / "p.key").read_text(encoding="utf-8").splitlines())
    total = len(world.inputs)
    nouns = sum(v in TRAINED and unknown_fillers(world, f) for v, _, f in world.inputs)
    verbs = sum(v not in TRAINED and v not in world.other_verbs for v, _, _ in world.inputs)
    assert answered == total - verbs
    assert f"{total} instances; {answered} answered; {verbs} abstained" in err
    warned = [line for line in err.splitlines() if line.startswith("wsd: warning: ")]
    event(f"warning: {'nouns' if nouns * 2 > total else 'verbs' if verbs * 2 > total else 'none'}")
    if nouns * 2 > total:
        (line,) = warned
        assert line.startswith(f"wsd: warning: example: {nouns} of {total} predictions fell back")
        assert specs["noun_thesaurus"] in line and "--param noun_thesaurus=SPEC" in line
    elif verbs * 2 > total:
        (line,) = warned
        assert line.startswith(f"wsd: warning: example: {verbs} of {total} instances were abst")
        assert specs["verb_thesaurus"] in line and "--param verb_thesaurus=SPEC" in line
    else:
        assert warned == [], err
