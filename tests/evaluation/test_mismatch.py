"""Fallbacks that point at thesauri which do not fit the corpus
(:mod:`evaluation.experiment.mismatch`): the warning of ``wsd evaluate`` (terminal,
results.json, table1.md) and ``wsd disambiguate``, and its threshold."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from commands import JA_README, quoted, run_cli
from experiment_worlds import config_dict, make_instances, write_world
from paths import ROOT

from evaluation import EvaluationWarning
from evaluation.experiment import parse_config, run_experiment, select_verbs
from evaluation.experiment.mismatch import thesaurus_mismatch
from wsd import CaseFrame, Filler, Instance, Sentence, Token

JAPANESE = (ROOT / "configs" / "japanese.toml").read_text(encoding="utf-8")
VERBS = "tests/data/thesaurus/tsukau_verbs.tsv"
NO_FILLER = "mfs:no-usable-filler"


def without_noun_thesaurus(config: str, name: str) -> str:
    """The Japanese config with every noun_thesaurus line removed (the verb thesauri kept),
    under another name, without bootstrap or learning curve (fast)."""
    text = re.sub(r"^noun_thesaurus = .*\n", "", config, flags=re.M)
    text = re.sub(r'^name = ".*"', f'name = "{name}"', text, flags=re.M)
    text = re.sub(r"^bootstrap = \d+", "bootstrap = 0", text, flags=re.M)
    return re.sub(r"^learning_curve = .*", "learning_curve = []", text, flags=re.M)


# --- wsd evaluate ---------------------------------------------------------------------------
def test_japanese_config_without_noun_thesaurus_warns(tmp_path: Path, wordnet: object) -> None:
    """Every example answer is MFS because wordnet-noun knows no Japanese filler: one warning
    line, the same text in results.json and table1.md; exit 0."""
    config = tmp_path / "nonoun.toml"
    config.write_text(without_noun_thesaurus(JAPANESE, "nonoun"), encoding="utf-8")
    out = tmp_path / "out"
    with contextlib.chdir(ROOT):  # the config's paths are relative to the checkout
        code, _, err = run_cli(["evaluate", str(config), "--out", str(out), "--no-plots"])
    assert code == 0, err
    warned = [line for line in err.splitlines() if line.startswith("wsd: warning: ")]
    assert len(warned) == 1, err
    message = warned[0].removeprefix("wsd: warning: ")
    assert message.startswith(f"example: 52 of 52 predictions fell back to the most frequent "
                              f"sense ({NO_FILLER}) because its noun thesaurus wordnet-noun "
                              "knows none of their case fillers (e.g. '政府'): set noun_thesaurus "
                              f"in [methods.example] of {config}")  # fmt: skip
    documented = quoted(JA_README, r"wsd: warning: example: (?s:.*?) of \.\.\.").group(0)
    assert " ".join(documented.split()).removesuffix(" ...") in warned[0]
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["warnings"] == [message]
    assert results["fallbacks"]["example"] == {NO_FILLER: 52}
    assert f"**Warning**: {message}" in (out / "table1.md").read_text(encoding="utf-8")


def test_the_japanese_config_as_shipped_warns_about_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from evaluation.experiment import load_config

    config = tmp_path / "japanese.toml"
    config.write_text(JAPANESE.replace("bootstrap = 2000", "bootstrap = 0"), encoding="utf-8")
    monkeypatch.chdir(ROOT)
    result = run_experiment(load_config(config))
    assert result.warnings == ()
    assert result.fallbacks["example"] == {}


def unknown_nouns_world(root: Path) -> dict[str, str]:
    """The tiny world of test_experiments, with a noun thesaurus that knows none of its
    fillers."""
    world = write_world(root)
    (root / "other.tsv").write_text("thing\tROOT\nstone\tthing\n", encoding="utf-8")
    (root / "other.words.tsv").write_text("stone\tstone#1\tstone\n", encoding="utf-8")
    return {**world, "noun_thesaurus": str(root / "other.tsv")}


def test_one_warning_per_config_table_and_none_for_methods_without_fillers(tmp_path: Path) -> None:
    """Sweep variants of the mismatched example method share one warning (their table's);
    bayes falls back for other reasons and reads fillers as words: no warning for it."""
    world = unknown_nouns_world(tmp_path)
    raw: dict[str, Any] = config_dict(world)
    raw["evaluation"].update(bootstrap=0, learning_curve=[])
    raw["sweep"] = {"example.beta": [0, 2]}
    config = parse_config(raw, source="tiny.toml")
    with pytest.warns(EvaluationWarning, match="knows none of their case fillers"):
        result = run_experiment(config, select_verbs(config, make_instances()))
    mismatch = [w for w in result.warnings if "knows none of their case fillers" in w]
    n = len(make_instances())
    (message,) = mismatch
    assert re.fullmatch(
        re.escape(
            f"example: {n} of {n} predictions fell back to the most frequent sense "
            f"({NO_FILLER}) because its noun thesaurus {world['noun_thesaurus']} knows none of "
            "their case fillers (e.g. 'FILLER'): set noun_thesaurus in [methods.example] of "
            "tiny.toml, the thesaurus of the corpus's nouns"
        ).replace("FILLER", "[a-z]+"),
        message,
    ), message
    assert result.fallbacks["example"] == {NO_FILLER: n}


# --- wsd disambiguate -----------------------------------------------------------------------
def test_disambiguate_warns_after_its_summary(tmp_path: Path, wordnet: object) -> None:
    """A model trained without its noun thesaurus, and a model that knows neither the verb
    nor has it in its verb thesaurus: each a warning line after the summary; exit 0."""
    model, key = tmp_path / "m.json", tmp_path / "p.key"
    corpus = "examples/japanese/tsukau.jsonl"
    with contextlib.chdir(ROOT):
        train = ["train", "--corpus", corpus, "--method", "example"]
        assert run_cli([*train, "--param", f"verb_thesaurus={VERBS}", "--out", str(model)])[0] == 0
        probes = "examples/japanese/probes.jsonl"
        code, _, err = run_cli(["disambiguate", "--model", str(model), "--corpus", probes,
                            "--out", str(key)])  # fmt: skip
    assert code == 0 and len(key.read_text(encoding="utf-8").splitlines()) == 8
    lines = err.splitlines()
    summary = next(i for i, line in enumerate(lines) if line.startswith("disambiguate: 8 inst"))
    assert lines[summary + 1].startswith(
        "wsd: warning: example: 8 of 8 predictions fell back to the most frequent sense "
        f"({NO_FILLER}) because its noun thesaurus wordnet-noun knows none of their case "
        "fillers (e.g. '助手'): train the model with --param noun_thesaurus=SPEC"
    )

    other = tmp_path / "fly.jsonl"
    other.write_text(
        json.dumps({"id": "f.1", "lemma": "飛ぶ", "tokens": ["鳥", "が", "飛ぶ"], "position": 2},
                   ensure_ascii=False) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    mfs = tmp_path / "mfs.json"
    with contextlib.chdir(ROOT):
        argv = [
            "train",
            "--corpus",
            corpus,
            "--method",
            "mfs",
            "--param",
            f"verb_thesaurus={VERBS}",
        ]
        assert run_cli([*argv, "--out", str(mfs)])[0] == 0
        code, _, err = run_cli(["disambiguate", "--model", str(mfs), "--corpus", str(other),
                            "--out", str(key)])  # fmt: skip
    assert code == 0 and key.read_text(encoding="utf-8") == ""
    assert err.splitlines()[-1] == (
        "wsd: warning: mfs: 1 of 1 instances were abstained on (abstain:lemma-not-in-inventory) "
        f"because neither the training data nor its verb thesaurus {VERBS} knows their verbs "
        "(e.g. '飛ぶ'): train on these verbs, or train the model with --param "
        "verb_thesaurus=SPEC, the thesaurus of the corpus's verb senses"
    )


# --- the threshold and what counts ----------------------------------------------------------
class _Method:
    """What thesaurus_mismatch reads of a method: its parameters."""

    def __init__(self, **params: str) -> None:
        self.params = params

    def get_params(self) -> dict[str, str]:
        return self.params


def instance(i: int, *fillers: Filler | str) -> Instance:
    cases = tuple(
        ("obj", f if isinstance(f, Filler) else Filler(lemma=f)) for f in fillers
    )  # one label per case is not required here: the frame is only read for its fillers
    return Instance(
        id=f"i.{i}",
        lemma="use",
        gold=("use#1",),
        sentence=Sentence(id=f"s.{i}", tokens=(Token("use", "use", "VB"),)),
        position=0,
        frame=CaseFrame(cases) if fillers else None,
    )


def test_more_than_half_of_the_predictions_must_point_at_the_thesaurus(
    world: dict[str, str],
) -> None:
    method = _Method(**world)

    def fix(param: str) -> str:
        return f"set {param}"

    unknown = [instance(i, "rock") for i in range(3)]
    known = instance(3, "man")  # a known filler: fell back for another reason
    frameless = instance(4)  # no filler at all
    classed = instance(5, Filler(lemma="Kim", sense="man#1", cls="person"))  # class sense known
    assert thesaurus_mismatch("ex", method, [*unknown[:2], known, frameless],
                              [NO_FILLER] * 4, fix=fix) is None  # fmt: skip
    found = thesaurus_mismatch("ex", method, [*unknown, known, frameless], [NO_FILLER] * 5, fix=fix)
    assert found is not None and found.startswith("ex: 3 of 5 predictions fell back")
    assert "(e.g. 'rock'): set noun_thesaurus, the thesaurus" in found
    four = [*unknown, classed]
    assert thesaurus_mismatch("ex", method, four, [NO_FILLER] * 4, fix=fix) is not None
    assert thesaurus_mismatch("ex", method, four, [None, None, NO_FILLER, None], fix=fix) is None
    other = ["mfs:no-known-context"] * 4  # another reason, though the fillers are unknown
    assert thesaurus_mismatch("ex", method, four, other, fix=fix) is None
    no_nouns = _Method(verb_thesaurus=world["verb_thesaurus"])  # mfs: reads no filler
    assert thesaurus_mismatch("mfs", no_nouns, four, [NO_FILLER] * 4, fix=fix) is None
    assert thesaurus_mismatch("ex", method, [], [], fix=fix) is None
