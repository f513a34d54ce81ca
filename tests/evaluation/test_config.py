"""Experiment config validation: every mistake is a ConfigError naming the key path."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

from evaluation import ConfigError
from evaluation.cli import main
from evaluation.experiment import check_resources, load_config, parse_config

REPO = ROOT


def parse(raw: dict[str, Any]) -> Any:
    base: dict[str, Any] = {"methods": {"mfs": {}}}
    base.update(raw)
    return parse_config(base, source="t.toml")


@pytest.mark.parametrize(
    ("raw", "pattern"),
    [
        ({"nmae": "x"}, r"unknown key 'nmae'"),
        ({"corpus": {"verb": ["use"]}}, r"unknown key 'corpus\.verb'"),
        ({"cv": {"folds": "10"}}, r"cv\.folds = '10': must be an integer"),
        ({"cv": {"folds": 1}}, r"cv\.folds = 1: must be an integer in \[2, 1000\]"),
        ({"cv": {"stratified": 1}}, r"cv\.stratified = 1: must be true or false"),
        ({"seed": 1.5}, r"seed = 1\.5: must be an integer"),
        ({"cv": {"n_jobs": True}}, r"cv\.n_jobs = true: must be -1 or an integer in \[1, 256\]"),
        ({"evaluation": {"alphas": [0.5, 0]}}, r"evaluation\.alphas\[1\] = 0"),
        ({"evaluation": {"alphas": [0.5, -1]}}, r"evaluation\.alphas\[1\] = -1"),
        ({"evaluation": {"alphas": ["lots"]}}, r"evaluation\.alphas\[0\] = 'lots'"),
        ({"evaluation": {"alphas": [1, 1.0]}}, r"evaluation\.alphas = .*twice"),
        ({"evaluation": {"alphas": {"start": 0, "stop": 4, "num": 3}}}, r"alphas\.start = 0"),
        (
            {"evaluation": {"alphas": {"start": 1, "stop": 4}}},
            r"evaluation\.alphas\.num is missing",
        ),
        ({"evaluation": {"applicability_alpha": 0}}, r"evaluation\.applicability_alpha = 0"),
        ({"evaluation": {"learning_curve": [0.5, 1.5]}}, r"evaluation\.learning_curve\[1\] = 1\.5"),
        (
            {"evaluation": {"learning_curve_methods": ["bayes"]}},
            r"learning_curve_methods\[0\] = 'bayes'",
        ),
        # an unhashable label, a format no reader has, a key with a control character
        ({"evaluation": {"learning_curve_methods": [[]]}}, r"learning_curve_methods\[0\] = \[\]"),
        ({"corpus": {"format": ""}}, r"corpus\.format = '': must be one of auto, semcor"),
        ({"a\nb": 1}, r"'a\\nb' = 'a\\nb': a key holds a control character"),
        ({"evaluation": {"top_k": 0}}, r"evaluation\.top_k = 0"),
        ({"evaluation": {"confidence": 1.0}}, r"evaluation\.confidence = 1\.0"),
        ({"methods": {"foo": {}}}, r"methods\.foo = 'foo': unknown method"),
        ({"methods": {"x": {"method": "bar"}}}, r"methods\.x\.method = 'bar': unknown method"),
        ({"methods": {"example": {"gamma": 1}}}, r"methods\.example\.gamma = 1"),
        ({"methods": {"example": {"lambda": 2.0}}}, r"methods\.example\.lambda = 2\.0"),
        ({"methods": {"bayes": {"scoring": "odd"}}}, r"methods\.bayes\.scoring = 'odd'"),
        ({"methods": {"mfs": 3}}, r"methods\.mfs = 3: must be a table"),
        ({"methods": {}}, r"nothing to evaluate"),
        ({"sweep": {"nope.beta": [1]}}, r"'nope' is not a configured method"),
        ({"sweep": {"mfs.lambda": 0.5}}, r"must be a non-empty list"),
        (
            {"sweep": {"mfs.lambda": [0.5, 3.0]}},
            r"sweep\.mfs\.lambda = 3\.0: confidence_lambda must be a number in \[0, 1\]",
        ),
        ({"sweep": {"beta": [1]}}, r'keys must read "<method>\.<param>"'),
        ({"corpus": {"verbs": ["use", "use"]}}, r"corpus\.verbs = .*twice"),
        ({"corpus": {"min_senses": 0}}, r"corpus\.min_senses = 0"),
        ({"bounds": {"agreement_keys": ["a.key"]}}, r"bounds\.agreement_keys = .*two key files"),
        ({"name": "../x"}, r"name = '\.\./x'"),
        ({"seed": -1}, r"seed = -1: must be an integer in \[0, 4294967295\]"),
        ({"methods": {"random": {"seed": -5}}}, r"methods\.random\.seed = -5"),
        ({"methods": {"random": {"seed": 1.5}}}, r"methods\.random\.seed = 1\.5"),
        ({"methods": {"example": {"beta": "x"}}}, r"methods\.example\.beta = 'x'"),
        ({"methods": {"example": {"beta": math.nan}}}, r"methods\.example\.beta = nan"),
        ({"methods": {"example": {"similarity": "odd"}}}, r"methods\.example\.similarity = 'odd'"),
        (
            {"methods": {"example": {"similarity_params": {"foo": 1}}}},
            r"methods\.example\.similarity_params = .*foo",
        ),
        ({"methods": {"bayes": {"noun_words": "maybe"}}}, r"methods\.bayes\.noun_words = 'maybe'"),
    ],
)
def test_bad_configs_name_the_key(raw: dict[str, Any], pattern: str) -> None:
    with pytest.raises(ConfigError, match=pattern) as info:
        parse(raw)
    assert "\n" not in str(info.value)  # one line


@pytest.mark.parametrize(
    ("raw", "pattern"),
    [
        (
            {"methods": {"example": {"noun_thesaurus": "nosuch"}}},
            r"methods\.example\.noun_thesaurus = 'nosuch'",
        ),
        ({"evaluation": {"thesaurus": "nosuch"}}, r"evaluation\.thesaurus = 'nosuch'"),
    ],
)
def test_unusable_resources_name_the_key(raw: dict[str, Any], pattern: str) -> None:
    config = parse(raw)  # parsing loads nothing: the resource check is a step of its own
    with pytest.raises(ConfigError, match=pattern):
        check_resources(config)


def test_parsing_loads_no_resource(monkeypatch: pytest.MonkeyPatch) -> None:
    import thesaurus

    def refuse(spec: str) -> None:
        raise AssertionError(f"parse_config loaded {spec!r}")

    monkeypatch.setattr(thesaurus, "load", refuse)
    config = parse(
        {
            "evaluation": {"thesaurus": "nosuch.tsv"},
            "methods": {"example": {"noun_thesaurus": "nouns.tsv"}, "bayes": {}},
            "sweep": {"example.beta": [0, 1]},
        }
    )
    assert config.evaluation.thesaurus == "nosuch.tsv"
    keys = [f"methods.{m}" for m in ("example", "bayes", "mfs", "random")]
    assert [m.key for m in config.methods] == [*keys, "sweep.example", "sweep.example"]


def test_a_parameter_error_carries_the_key() -> None:
    with pytest.raises(ConfigError) as error:
        parse({"methods": {"example": {"lambda": 2.0}}})
    assert error.value.key == "methods.example.lambda"
    with pytest.raises(ConfigError, match="lambda_"):
        parse({"methods": {"example": {"lambda_": 0.3}}})
    with pytest.raises(ConfigError, match="sets 'lambda' a second time"):
        parse({"methods": {"mfs": {"lambda": 0.3, "confidence_lambda": 0.4}}})


def test_defaults_and_baselines() -> None:
    config = parse({"methods": {"example": {"lambda": 0.25}}})
    assert config.name == "experiment" and config.seed == 0 and config.cv.folds == 10
    assert config.evaluation.alphas == (0.5, 1.0, 2.0, math.inf)
    labels = [(m.label, m.role) for m in config.methods]
    assert labels == [("example", "method"), ("mfs", "bound"), ("random", "bound")]
    assert dict(config.methods[0].params) == {"confidence_lambda": 0.25}
    assert config.methods[0].build().confidence_lambda == 0.25


def test_log_range_of_alphas_always_ends_with_inf() -> None:
    config = parse({"evaluation": {"alphas": {"start": 0.25, "stop": 8, "num": 6}}})
    # a geometric range 0.25 * 2**k, k = 0..5, then exact match
    assert config.evaluation.alphas == tuple(0.25 * 2**k for k in range(6)) + (math.inf,)
    linear = parse({"evaluation": {"alphas": {"start": 1, "stop": 2, "num": 3, "scale": "linear"}}})
    assert linear.evaluation.alphas == (1.0, 1.5, 2.0, math.inf)


def test_sweep_expands_each_methods_grid() -> None:
    config = parse(
        {
            "methods": {"example": {"beta": 1.0}, "mfs": {}},
            "sweep": {"example.beta": [0, 4], "example.lambda": [0.0, 1.0], "mfs.lambda": [0.3]},
        }
    )
    sweep = [m for m in config.methods if m.role == "sweep"]
    assert len(sweep) == 2 * 2 + 1
    params = {m.label: dict(m.params) for m in sweep}
    assert params["example[beta=4,lambda=0.0]"] == {"beta": 4, "confidence_lambda": 0.0}
    assert params["mfs[lambda=0.3]"] == {"confidence_lambda": 0.3}
    assert [m.label for m in config.compared] == ["example", "mfs", "random"]


def test_resolved_config_is_json_safe() -> None:
    import json

    resolved = parse({"evaluation": {"alphas": [1, "inf"]}}).to_json()
    assert json.loads(json.dumps(resolved, allow_nan=False))["evaluation"]["alphas"] == ["1", "inf"]


@pytest.mark.parametrize("name", ["table1", "semcor_all", "sweep_example", "example_variants"])
def test_shipped_configs_are_valid(name: str) -> None:
    config = load_config(REPO / "configs" / f"{name}.toml")
    assert config.name == name


def test_bad_toml_and_missing_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("seed = 1\r\nname = \n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"broken.toml:2: not valid TOML \(.*, column 8\)$"):
        load_config(broken)
    for data, where in (
        (b"\xef\xbb\xbfseed = 1\n[methods.mfs]\n", None),  # a BOM is skipped
        (b"seed = 1\n[methods.\xff]\n", "bad.toml:2: not UTF-8"),
        (b'seed = 1\nname = "a\\u0000b"\n', "bad.toml: name = 'a\\x00b': holds a control"),
        (b"seed = " + b"9" * 5000 + b"\n", "bad.toml: not valid TOML (a number with too many"),
        (b"a = " + b"[" * 5000 + b"]" * 5000, "bad.toml: not valid TOML (nested too deeply)"),
        (b"seed = 4294967296\n", "bad.toml: seed = 4294967296: must be an integer in [0, 429"),
    ):
        bad = tmp_path / "bad.toml"
        bad.write_bytes(data)
        if where is None:
            assert load_config(bad).seed == 1
            continue
        with pytest.raises(ConfigError, match=re.escape(where)):
            load_config(bad)
    with pytest.raises(ConfigError, match="cannot read config"):
        load_config(tmp_path / "absent.toml")


def test_cli_exits_2_on_a_bad_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[evaluation]\nalphas = [0.5, -2]\n[methods.mfs]\n", encoding="utf-8")
    assert main(["evaluate", str(bad), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "evaluation.alphas[1] = -2" in err[0]
    assert not (tmp_path / "out").exists()  # nothing ran
