"""Fuzz targets: odd numbers for every numeric parameter, config key and option (accepted
exactly within the documented range, else one line naming it); model files with absurd or
foreign values (a ModelError naming file and verb) or harmless edits (the same answers);
training senses the thesaurus does not list. ``WSD_FUZZ_PROFILE=fuzz-deep`` for more cases."""

from __future__ import annotations

import atexit
import base64
import functools
import gzip
import json
import math
import shutil
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from fuzz_ranges import DocRange, config_ranges, method_ranges, odd_numbers
from fuzzing import CLI, FUZZ, event, no_hang, run_wsd
from hypothesis import given
from hypothesis import strategies as st
from model_worlds import WORDED, _rename
from paths import DATA, ROOT
from ranges_support import COMMANDS, LEFT_TO_OTHERS, _config_with, _numeric_options, _text_value
from worlds import TRAIN, inst, world_params, write_world

from evaluation import ConfigError
from evaluation.cli import build_parser
from evaluation.experiment.config import parse_config
from wsd import ModelError
from wsd.methods import load_model, make_method, save_model

METHOD_RANGES = method_ranges()
CONFIG_RANGES = config_ranges()
NAMES = ["bayes", "example", "hybrid", "ims", "mfs", "random"]
JAPANESE = ROOT / "examples" / "japanese"
THESAURI = DATA / "thesaurus"


def _one_line(message: str, *pieces: str) -> None:
    assert "\n" not in message and len(message) < 400, message
    for piece in pieces:
        assert piece in message, (piece, message)


# --- numbers: method parameters, config keys, options (family 6) -------------------------------
@FUZZ
@given(st.data())
def test_method_parameters_within_their_documented_range(data: st.DataObject) -> None:
    from ranges_support import _method_params

    method, param, doc = data.draw(st.sampled_from(METHOD_RANGES))
    value = data.draw(odd_numbers(doc))
    accepted = doc.accepts(value)
    event(f"{'in range' if accepted else 'refused'}")
    try:
        with no_hang(5):
            make_method(method, **_method_params(method, param, value))
    except ModelError as exc:
        assert not accepted, f"{method}.{param} = {value!r} refused: {exc}"
        assert exc.param == param.split(".")[0]
        _one_line(str(exc), param, doc.text)
        return
    assert accepted, f"{method}.{param} = {value!r} accepted, documented {doc.text}"


@FUZZ
@given(st.data())
def test_config_keys_within_their_documented_range(data: st.DataObject) -> None:
    key, doc = data.draw(st.sampled_from(CONFIG_RANGES))
    value = data.draw(odd_numbers(doc))
    raw, path = _config_with(key, value)
    alpha = "alphas" in key or key.endswith("_alpha")
    meant = _text_value(value, doc) if alpha and isinstance(value, str) else value
    accepted = meant is not None and doc.accepts(meant)
    if key.startswith("evaluation.alphas.") and accepted:  # a range's two ends may coincide
        table = raw["evaluation"]["alphas"]
        ends = [_text_value(v, doc) if isinstance(v, str) else v for v in table.values()][:2]
        accepted = f"{float(ends[0]):.6g}" != f"{float(ends[1]):.6g}"  # the grid's rounding
    event(f"{'in range' if accepted else 'refused'}")
    try:
        parse_config(raw, source="c.toml")
    except ConfigError as exc:
        assert not accepted, f"{key} = {value!r} refused: {exc}"
        assert exc.key in (path, "evaluation.alphas"), str(exc)
        _one_line(str(exc), f"c.toml: {exc.key}")
        return
    assert accepted, f"{key} = {value!r} accepted, documented {doc.text}"


@FUZZ
@given(st.data())
def test_method_parameters_in_configs_name_their_key(data: st.DataObject) -> None:
    from ranges_support import _method_params

    method, param, doc = data.draw(st.sampled_from(METHOD_RANGES))
    value = data.draw(odd_numbers(doc))
    params = _method_params(method, param, value)
    params = {{"confidence_lambda": "lambda"}.get(k, k): v for k, v in params.items()}
    key = {"confidence_lambda": "lambda"}.get(param, param.split(".")[0])
    raw = {"methods": {"m": {"method": method, **params}}}
    try:
        parse_config(raw, source="c.toml")
    except ConfigError as exc:
        assert not doc.accepts(value), str(exc)
        assert exc.key in (f"methods.m.{key}", f"methods.m.{param}"), str(exc)
        return
    assert doc.accepts(value)


OPTIONS = [
    (command, action)
    for command, action in _numeric_options()
    if action.option_strings[0] not in LEFT_TO_OTHERS
]


@FUZZ
@given(st.data())
def test_command_line_numbers_within_their_range(data: st.DataObject) -> None:
    command, action = data.draw(st.sampled_from(OPTIONS), label="option")
    doc = DocRange.parse(str(action.type.range))
    value = data.draw(st.one_of(odd_numbers(doc), st.text(max_size=6)))
    text = repr(value) if isinstance(value, float) else str(value)
    meant = _text_value(text, doc)
    accepted = meant is not None and doc.accepts(meant)
    option = action.option_strings[0]
    try:
        build_parser().parse_args([*COMMANDS[command], f"{option}={text}"])
    except SystemExit as exit:
        assert not accepted and exit.code == 2, (option, text)
        return
    assert accepted, f"{command} {option}={text!r} accepted, its range is {doc.text}"


TRAIN_RANGES = [(m, p, d) for m, p, d in METHOD_RANGES if not p.startswith("similarity_params.")]


@CLI
@given(st.data())
def test_train_refuses_an_out_of_range_parameter_before_reading(data: st.DataObject) -> None:
    method, param, doc = data.draw(st.sampled_from(TRAIN_RANGES))
    value = data.draw(odd_numbers(doc).filter(lambda v: not isinstance(v, list) and v != "\x00"))
    value = value.item() if isinstance(value, np.generic) else value
    if isinstance(value, str) and "\x00" in value:  # no argument can hold a NUL
        value = value.replace("\x00", "")
    folder = Path(tempfile.mkdtemp(dir=world_models()["mfs"][0]))
    params = [f"verb_thesaurus={THESAURI / 'tsukau_verbs.tsv'}"]
    if method in ("example", "bayes", "hybrid"):
        params.append(f"noun_thesaurus={THESAURI / 'nouns_ja.tsv'}")
    if method == "bayes":
        params.append("noun_classes=depth:3")
    if method == "example":
        params.append("tune=[]")  # (a tune candidate's beta must be finite)
    key = {"confidence_lambda": "lambda"}.get(param, param)
    text = value if isinstance(value, str) else json.dumps(value)
    out = folder / "m.json"
    argv = ["train", "--method", method, "--corpus", str(JAPANESE / "tsukau.jsonl")]
    for item in [*params, f"{key}={text}"]:
        argv += ["--param", item]
    done = run_wsd([*argv, "--out", str(out)], folder)
    try:  # --param reads a value as JSON when it parses
        parsed = json.loads(text)
    except ValueError:
        parsed = text
    if doc.accepts(parsed):
        assert done.returncode == 0 and out.exists(), done.stderr
        return
    assert done.returncode == 2 and not out.exists()
    assert "reading" not in done.stderr, f"the corpus was read first: {done.stderr}"
    assert param in done.stderr and doc.text in done.stderr, done.stderr


# --- model files: absurd and foreign values (families 7 and 8) --------------------------------
@functools.cache
def world_models() -> dict[str, tuple[str, dict[str, Any], list[Any]]]:
    """Every method trained on the tiny world: its folder, model document, probe answers."""
    folder = Path(tempfile.mkdtemp(prefix="wsd-fuzz-models-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    world = write_world(folder)
    models = {}
    for name in NAMES:
        method = make_method(name, **world_params(name, world)).fit(WORDED)
        save_model(method, folder / f"{name}.json")
        document = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
        models[name] = (str(folder), document, method.rank(PROBES))
    return models


PROBES = [inst("p1", None, obj="knife"), inst("p2", None, obj="apple"), inst("p3", None)]
ABSURD_COUNTS = [math.nan, math.inf, -math.inf, -1, 1e308, -(10**400), 10**400, 10**10, 1.5]
ABSURD_COUNTS += [2.0, True, None, "3", [1]]
ABSURD_WEIGHTS = [math.nan, math.inf, -math.inf, 1e308, -1e308, 70000.0, 10**400, "0.5", True]
ABSURD_WEIGHTS += [None, [0.5]]
FOREIGN_KEYS = ["not-a-key", "eat#1", "use%2:34:01::", "use#9", "", "use #1", "人を使う"]


def _count_places(name: str, document: dict[str, Any]) -> list[tuple[Any, Any]]:
    """(container, key) of every count of the document (an example's count made explicit)."""
    places: list[tuple[Any, Any]] = [(c, s) for c in document["sense_counts"].values() for s in c]
    for state in document["verbs"].values():
        if name == "bayes":
            places += [(row, j) for row in state["counts"] for j in range(len(row))]
        if name == "example":
            for by_sense in (state.get("examples") or state).values():
                for entries in by_sense.values():
                    for entry in entries:
                        if len(entry) == 2:
                            entry.append(1)
                        places.append((entry, 2))
    return places


def _weight_places(document: dict[str, Any]) -> list[tuple[Any, Any]]:
    return [
        (s["intercept"], i) for s in document["verbs"].values() for i in range(len(s["intercept"]))
    ]


def _load(folder: str, document: dict[str, Any], gz: bool) -> tuple[Path, Any]:
    """Write ``document`` (maybe gzipped) and load it: the path and the model or ModelError."""
    path = Path(tempfile.mkdtemp(dir=folder)) / ("m.json.gz" if gz else "m.json")
    data = json.dumps(document).encode()
    path.write_bytes(gzip.compress(data, mtime=0) if gz else data)
    try:
        with no_hang(10):
            return path, load_model(path)
    except ModelError as exc:
        return path, exc


@FUZZ
@given(st.data())
def test_models_with_absurd_values_are_refused_naming_file_and_verb(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(NAMES))
    folder, original, _ = world_models()[name]
    document = json.loads(json.dumps(original))
    kind = data.draw(
        st.sampled_from(["count", "weight"] if name in ("ims", "hybrid") else ["count"])
    )
    if kind == "count":
        container, key = data.draw(st.sampled_from(_count_places(name, document)))
        container[key] = data.draw(st.sampled_from(ABSURD_COUNTS))
    elif data.draw(st.booleans()):
        container, key = data.draw(st.sampled_from(_weight_places(document)))
        container[key] = data.draw(st.sampled_from(ABSURD_WEIGHTS))
    else:  # a NaN or inf float16 among the coefficients
        state = document["verbs"]["use"]
        raw = bytearray(base64.b64decode(state["coef"]["base64"]))
        at = 2 * data.draw(st.integers(0, len(raw) // 2 - 1))
        bits = data.draw(st.sampled_from([0x7E00, 0x7C00, 0xFC00, 0x7C01]))
        raw[at : at + 2] = bits.to_bytes(2, "little")
        state["coef"]["base64"] = base64.b64encode(bytes(raw)).decode()
    event(f"{name}: {kind}")
    path, got = _load(folder, document, data.draw(st.booleans()))
    assert isinstance(got, ModelError), f"{name}: an absurd {kind} loaded"
    _one_line(str(got), f"{path}: verb 'use': ")


@FUZZ
@given(st.data())
def test_models_with_foreign_senses_are_refused_naming_file_and_verb(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(NAMES))
    folder, original, _ = world_models()[name]
    document = json.loads(json.dumps(original))
    old = data.draw(st.sampled_from(sorted(document["sense_counts"]["use"])))
    new = data.draw(st.sampled_from(FOREIGN_KEYS))
    _rename(document, old, new)
    path, got = _load(folder, document, data.draw(st.booleans()))
    assert isinstance(got, ModelError), f"{name}: sense {new!r} of 'use' loaded"
    _one_line(str(got), f"{path}: verb 'use': ")


@FUZZ
@given(st.data())
def test_harmless_edits_of_models_keep_their_answers(data: st.DataObject) -> None:
    """Keys and lemmas in another case, the document in another layout or key order."""
    name = data.draw(st.sampled_from(NAMES))
    folder, original, answers = world_models()[name]
    document = json.loads(json.dumps(original))
    for old in data.draw(
        st.lists(st.sampled_from(sorted(original["sense_counts"]["use"])), unique=True)
    ):
        _rename(document, old, data.draw(st.sampled_from([old.upper(), old.title(), old])))
    if data.draw(st.booleans()):
        document["sense_counts"]["USE"] = document["sense_counts"].pop("use")
        document["verbs"]["Use"] = document["verbs"].pop("use")
    if data.draw(st.booleans()):
        document = dict(reversed(list(document.items())))
    path, got = _load(folder, document, data.draw(st.booleans()))
    assert not isinstance(got, ModelError), str(got)
    assert got.rank(PROBES) == answers


# --- training senses (family 8) -----------------------------------------------------------------
@FUZZ
@given(st.data())
def test_training_refuses_senses_its_thesaurus_does_not_list(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(NAMES))
    folder, _, _ = world_models()[name]
    world = {"verb_thesaurus": f"{folder}/verbs.tsv", "noun_thesaurus": f"{folder}/nouns.tsv"}
    keys = st.sampled_from(["use#1", "use#2", "use#3", "USE#2", "Use#3", *FOREIGN_KEYS[:4]])
    senses = data.draw(st.lists(keys, min_size=len(TRAIN), max_size=len(TRAIN)))
    train = [
        inst(i.id, s, **{c: f.lemma for c, f in i.frame.cases})
        for i, s in zip(TRAIN, senses, strict=True)
    ]
    listed = {"use#1", "use#2", "use#3"}
    first = next((i.id for i in train if i.gold[0].lower() not in listed), None)
    method = make_method(name, **world_params(name, world))
    try:
        method.fit(train)
    except ModelError as exc:
        assert first is not None, str(exc)
        _one_line(str(exc), f"training instance {first!r}", "verb 'use'", "verbs.tsv")
        assert exc.param == "verb_thesaurus"
        return
    assert first is None, f"{name} trained on {senses}"
