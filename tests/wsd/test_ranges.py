"""Every numeric parameter, config key and option has a documented range, word for word the
code's, enforced at its boundaries before any work with an error naming the setting."""

from __future__ import annotations

import argparse
import inspect
import json
import math
from typing import Any

import numpy as np
import pytest
from fuzz_ranges import DocRange, config_ranges, method_defaults, method_ranges, samples
from ranges_support import (
    COMMANDS,
    LEFT_TO_OTHERS,
    _config_with,
    _method_params,
    _numeric_options,
    _text_value,
)

from evaluation import ConfigError
from evaluation.cli import _numbers, build_parser
from evaluation.experiment.config import RANGES, parse_config
from wsd import ModelError
from wsd.methods import METHODS, make_method
from wsd.methods.example import SIMILARITY_PARAM
from wsd.methods.ranges import Range, parse_number


# --- method parameters ---------------------------------------------------------------------
def _code_range(method: str, param: str) -> Range:
    if param.startswith("similarity_params."):
        return SIMILARITY_PARAM
    return METHODS[method].ranges[param]


def test_the_methods_table_is_the_code() -> None:
    documented = method_ranges()
    for method, param, doc in documented:
        assert doc.text == str(_code_range(method, param)), (method, param)
    listed = {(m, p) for m, p, _ in documented}
    for name, cls in METHODS.items():
        assert {(name, p) for p in cls.ranges} <= listed, f"{name}: a range is not documented"
        for param, spec in inspect.signature(cls.__init__).parameters.items():
            default = spec.default
            numeric = isinstance(default, int | float) and not isinstance(default, bool)
            assert not numeric or param in cls.ranges, f"{name}.{param} has no range"
    mappings = {"similarity_params.scale", "similarity_params.max_len", "similarity_params.tau"}
    assert {p for m, p, _ in documented if m == "example"} >= mappings


def test_the_methods_table_gives_the_codes_defaults() -> None:
    documented = method_defaults()
    assert documented
    for method, param, default in documented:
        value = inspect.signature(METHODS[method].__init__).parameters[param].default
        expected = json.dumps(value) if isinstance(value, str) else str(value)
        assert default == expected, (method, param)


@pytest.mark.parametrize(
    ("method", "param", "doc"), method_ranges(), ids=lambda x: getattr(x, "text", x)
)
def test_each_method_range_is_enforced(method: str, param: str, doc: DocRange) -> None:
    for value in samples(doc):
        params = _method_params(method, param, value)
        if doc.accepts(value):
            make_method(method, **params)
            continue
        with pytest.raises(ModelError) as info:
            make_method(method, **params)
        assert info.value.param == param.split(".")[0], (value, str(info.value))
        message = str(info.value)
        assert param in message and doc.text in message and "\n" not in message, message
        assert len(message) < 200, message


def test_an_absurd_parameter_fails_before_training(tmp_path: Any) -> None:
    """sim_k = 10**400 once trained, and disambiguate overflowed."""
    from evaluation.cli import main

    out = tmp_path / "m.json"
    argv = ["train", "--method", "example", "--param", f"sim_k={10**400}", "--out", str(out)]
    assert main([*argv, "--corpus", "/nonexistent/corpus"]) == 2  # not even read
    assert not out.exists()


# --- config keys -----------------------------------------------------------------------------
def test_the_config_table_is_the_code() -> None:
    documented = dict(config_ranges())
    assert set(documented) == set(RANGES)
    for key, doc in documented.items():
        assert doc.text == str(RANGES[key]), key


@pytest.mark.parametrize(("key", "doc"), config_ranges(), ids=lambda x: getattr(x, "text", x))
def test_each_config_range_is_enforced(key: str, doc: DocRange) -> None:
    """Also strings where an alpha may be one: ``"inf"`` or a number in quotes."""
    alpha = "alphas" in key or key.endswith("_alpha")
    for value in samples(doc) + (["inf", "∞", " 0.5 ", "1e400", "nan", "0"] if alpha else []):
        raw, path = _config_with(key, value)
        meant = _text_value(value, doc) if alpha and isinstance(value, str) else value
        if meant is not None and doc.accepts(meant):
            parse_config(raw, source="c.toml")
            continue
        with pytest.raises(ConfigError) as info:
            parse_config(raw, source="c.toml")
        assert info.value.key == path, (value, str(info.value))
        assert f"c.toml: {path} = " in str(info.value), str(info.value)


@pytest.mark.parametrize(
    ("raw", "pattern"),
    [
        ({"evaluation": {"bootstrap": 10**12}}, r"evaluation\.bootstrap = 1000000000000: must"),
        ({"evaluation": {"bootstrap": 1e12}}, r"evaluation\.bootstrap = 1000000000000\.0: must"),
        ({"evaluation": {"alphas": ["1e400"]}}, r"alphas\[0\] = '1e400': .*write inf"),
        ({"evaluation": {"alphas": [0.5] * 1001}}, r"must list 1 to 1000 alphas"),
        ({"evaluation": {"learning_curve": [0.5] * 101}}, r"at most 100 fractions"),
    ],
)
def test_config_bounds_name_the_key(raw: dict[str, Any], pattern: str) -> None:
    with pytest.raises(ConfigError, match=pattern):
        parse_config({"methods": {"mfs": {}}, **raw}, source="c.toml")


def test_a_sweep_grid_is_counted_before_any_variant_is_built() -> None:
    values = list(range(11))
    grid = {"random.seed": values, "random.lambda": [0.5] * 10, "random.candidates": values}
    with pytest.raises(ConfigError, match=r"sweep\.random: 1210 variants, but a grid holds at"):
        parse_config({"methods": {"random": {}}, "sweep": grid}, source="c.toml")


def test_every_numeric_option_is_checked_and_states_its_range() -> None:
    options = _numeric_options()
    assert len(options) >= 12
    for command, action in options:
        option = action.option_strings[0]
        if option in LEFT_TO_OTHERS:
            continue
        assert isinstance(action.type, _numbers._Checked), f"{command} {option}: type=int/float"
        assert str(action.type.range) in (action.help or ""), f"{command} {option}: no range"
        if option in _numbers.SAME_AS_CONFIG:
            assert action.type.range == RANGES[_numbers.SAME_AS_CONFIG[option]], option


OPTIONS = [(c, a) for c, a in _numeric_options() if a.option_strings[0] not in LEFT_TO_OTHERS]


@pytest.mark.parametrize(
    ("command", "action"), OPTIONS, ids=[f"{c} {a.option_strings[0]}" for c, a in OPTIONS]
)
def test_each_option_range_is_enforced_at_parsing(
    command: str, action: argparse.Action, capsys: pytest.CaptureFixture[str]
) -> None:
    """In range: the value; out: argparse names option and range, exit 2, before running."""
    option = action.option_strings[0]
    doc = DocRange.parse(str(action.type.range))
    texts = [repr(v) if isinstance(v, float) else str(v) for v in samples(doc)]
    texts += ["1e400", "nan", "inf", "-inf", "", " ", "0x10", "1_000", "٣", "1e3", "2.0"]
    for text in texts:
        argv = [*COMMANDS[command], f"{option}={text}"]
        value = _text_value(text, doc)
        if value is not None and doc.accepts(value):
            got = getattr(build_parser().parse_args(argv), action.dest)
            got = got[0] if isinstance(got, list) else got  # --alpha A [A ...]
            assert got == (text if action.type.keep_text else value), (text, got)
            continue
        with pytest.raises(SystemExit) as info:
            build_parser().parse_args(argv)
        assert info.value.code == 2
        last = capsys.readouterr().err.strip().splitlines()[-1]
        assert last.startswith(f"wsd: error: argument {option}: must be {doc.text}"), last


def test_parse_number_reads_only_plain_numbers() -> None:
    counts = Range(int, 0, 10)
    assert parse_number(" 7 ", counts) == 7 and parse_number("+3", counts) == 3
    for text in ("7.0", "1e1", "0x7", "seven", "", "7 7", "1_0"):
        with pytest.raises(ValueError, match=r"must be an integer in \[0, 10\]"):
            parse_number(text, counts)
    unit = Range(float, 0, 1, inf=True)
    assert parse_number(".5", unit) == 0.5 and parse_number("INF", unit) == math.inf
    assert parse_number("5e-1", unit) == 0.5
    for text in ("nan", "1e400", "-inf", "1.5", "0,5"):
        with pytest.raises(ValueError):
            parse_number(text, unit)


def test_a_range_names_what_it_refuses() -> None:
    window = Range(int, 1, 10, extra=("sentence",))
    assert str(window) == '"sentence" or an integer in [1, 10]'
    assert window.check("window", "sentence") == "sentence"
    assert window.check("window", np.int64(3)) == 3 and type(window.check("w", 3)) is int
    with pytest.raises(ModelError, match=r"^window must be \"sentence\" or .*, got 'page'$"):
        window.check("window", "page")
    huge = 10**5000
    with pytest.raises(ModelError, match=r"got an integer of 16610 bits$"):
        window.check("window", huge)
    jobs = Range(int, 1, 256, extra=(-1,))
    assert jobs.contains(-1) and not jobs.contains(0) and not jobs.contains(-1.0)
    assert str(Range(float, 1e-6, 1e6, low_open=True)) == "a number in (1e-6, 1000000]"
