"""Models checked for absurd values and meaning: a file training could not have made is
refused naming file, verb and field; training refuses senses the verb thesaurus lacks."""

from __future__ import annotations

import base64
import json
import math
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from model_worlds import WORDED, _rename, _use, _worded
from worlds import TRAIN, inst, world_params

from evaluation.experiment.config import parse_config
from wsd import ModelError
from wsd.methods import load_model, make_method, save_model

Edit = Callable[[dict[str, Any]], None]


PROBES = [_worded(i) for i in (inst("p1", None, obj="knife"), inst("p2", None, obj="apple"))]


def _saved(name: str, world: dict[str, str], path: Path, **params: Any) -> dict[str, Any]:
    method = make_method(name, **world_params(name, world), **params).fit(WORDED)
    save_model(method, path)
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def _refused(path: Path, document: dict[str, Any], *pieces: str) -> str:
    """Loading ``document`` (written to ``path``) fails in one line naming the file and pieces."""
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ModelError) as info:
        load_model(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ") and "\n" not in message, message
    for piece in pieces:
        assert piece in message, (piece, message)
    return message


def _set_coef(value: float) -> Edit:
    def edit(document: dict[str, Any]) -> None:
        state = _use(document)
        raw = bytearray(base64.b64decode(state["coef"]["base64"]))
        raw[:2] = np.array([value], dtype="<f2").tobytes()
        state["coef"]["base64"] = base64.b64encode(bytes(raw)).decode()

    return edit


def _bayes_count(value: Any) -> Edit:
    """Count ``value`` for sense use#1 (2 training instances), moved to counts[0][0]."""

    def edit(document: dict[str, Any]) -> None:
        state = _use(document)
        column = state["senses"].index("use#1")
        row = next(i for i, counts in enumerate(state["counts"]) if counts[column])
        state["counts"][row][column] = value
        for key in ("counts", "features"):
            state[key].insert(0, state[key].pop(row))
        state["senses"].insert(0, state["senses"].pop(column))
        for counts in state["counts"]:
            counts.insert(0, counts.pop(column))

    return edit


def _put(*keys: Any, value: Any) -> Edit:
    def edit(document: dict[str, Any]) -> None:
        for key in keys[:-1]:
            document = document[key]
        document[keys[-1]] = value

    return edit


USE = "verb 'use'"
SENSE_COUNT = "sense_counts['use#1'] must be a count in 1 .. 1000000000, got "
BAYES_COUNT = "counts[0][0] must be a count, got "
FINITE = " must be a finite weight"
REFUSED: list[tuple[str, Edit, tuple[str, ...]]] = [
    *(
        ("mfs", _put("sense_counts", "use", "use#1", value=v), (USE, SENSE_COUNT + str(v)))
        for v in [math.nan, 0, -1, 2.0, False, 10**12]
    ),
    *(
        ("bayes", _bayes_count(v), (USE, BAYES_COUNT + got))
        for v, got in [(math.nan, "nan"), (-3, "-3"), (1e308, "1e+308"), (1.0, "1.0")]
        + [(True, "True"), (10**400, "1000")]
    ),
    ("bayes", _bayes_count(7), (USE, "counts[0][0] = 7 is more than the 2 training instances")),
    *(
        (name, edit, (USE, why))
        for name in ("ims", "hybrid")
        for edit, why in [
            (_put("verbs", "use", "intercept", 0, value=math.nan), "intercept[0]" + FINITE),
            (_put("verbs", "use", "intercept", 1, value=1e308), "intercept[1]" + FINITE),
            (_put("verbs", "use", "intercept", 0, value=-math.inf), "intercept[0]" + FINITE),
            (_put("verbs", "use", "intercept", 0, value="0.5"), "intercept[0]" + FINITE),
            (_set_coef(math.nan), "coef[0][0]" + FINITE),
            (_set_coef(math.inf), "coef[0][0]" + FINITE),
        ]
    ),
    *(
        (name, _put("verbs", "use", value=[1, math.nan]), (USE, "the state must be {}"))
        for name in ("mfs", "random")
    ),
    *(
        (
            name,
            lambda d: _use(d)["senses"].remove("use#3"),
            (USE, "senses leaves out the trained sense 'use#3'"),
        )
        for name in ("bayes", "ims", "hybrid")
    ),
    (
        "example",
        lambda d: d["verbs"].update(use={"examples": _use(d), "setting": {"sim_k": 10**400}}),
        (USE, "setting: tune: sim_k must be an integer in [1, "),
    ),
    (
        "example",
        _put("params", "sim_k", value=10**400),
        ("sim_k must be an integer in [1, 1000000]",),
    ),
    (
        "mfs",
        lambda d: d["sense_counts"].update(fly={"fly#1": 3}) or d["verbs"].update(fly={}),
        ("verb 'fly'", "'fly' is not a word of the verb thesaurus"),
    ),
]


@pytest.mark.parametrize(
    ("name", "edit", "pieces"), REFUSED, ids=[f"{n}-{p[-1][:30]}" for n, _, p in REFUSED]
)
def test_a_model_training_could_not_have_made_is_refused(
    name: str, edit: Edit, pieces: tuple[str, ...], world: dict[str, str], tmp_path: Path
) -> None:
    """Counts, weights, a state or its senses, a tune choice, parameters, a verb: named."""
    path = tmp_path / f"{name}.json"
    document = _saved(name, world, path)
    edit(document)
    _refused(path, document, *pieces)


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        (lambda e: e.__setitem__(0, ["man", None, 0]), "count >= 1"),
        (lambda e: e.__setitem__(0, ["man", None, 10**10]), "count <= 1000000000"),
        (lambda e: e.__setitem__(0, ["man", None, 1.5]), "count >= 1"),
        (lambda e: e.__setitem__(0, [3, None]), "must be [lemma, sense]"),
        (lambda e: e.append(list(e[0])), "twice"),
    ],
)
def test_absurd_example_fillers_are_refused(
    edit: Edit, why: str, world: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "example.json"
    document = _saved("example", world, path, tune=[])
    edit(_use(document)["subj"]["use#1"])
    _refused(path, document, "verb 'use'", "examples['subj']['use#1']", why)


@pytest.mark.parametrize("key", ["not-a-key", "eat#1", "use%2:34:01::"])
@pytest.mark.parametrize("name", ["example", "bayes", "ims", "hybrid", "mfs", "random"])
def test_a_sense_not_of_its_verb_is_refused(
    name: str, key: str, world: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / f"{name}.json"
    document = _saved(name, world, path)
    _rename(document, "use#2", key)
    _refused(path, document, "verb 'use'", f"{key!r} is not a sense of 'use'", "verbs.tsv")


@pytest.mark.parametrize("name", ["example", "bayes", "ims", "hybrid", "mfs", "random"])
def test_keys_in_upper_case_load_as_the_same_model(
    name: str, world: dict[str, str], tmp_path: Path
) -> None:
    """Keys are compared without case and lower-cased on reading: the answers are the same."""
    path = tmp_path / f"{name}.json"
    document = _saved(name, world, path)
    expected = load_model(path).rank(PROBES)
    _rename(document, "use#2", "USE#2")
    document["sense_counts"]["Use"] = document["sense_counts"].pop("use")
    document["verbs"]["Use"] = document["verbs"].pop("use")
    path.write_text(json.dumps(document), encoding="utf-8")
    assert load_model(path).rank(PROBES) == expected
    document["sense_counts"]["Use"]["use#2"] = 1  # now given twice, case aside
    _refused(path, document, "verb 'use'", "sense_counts lists 'use#2' twice")


def test_a_version_mismatch_allowed_warns_about_unlisted_senses(
    world: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "mfs.json"
    document = _saved("mfs", world, path)
    document["resources"]["verb_thesaurus"]["version"] = "older"
    _rename(document, "use#2", "use#9")
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ModelError, match="version"):
        load_model(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = load_model(path, strict=False)
    messages = [str(w.message) for w in caught]
    assert any("1 verbs have senses" in m and "'use#9' is not a sense" in m for m in messages)
    assert "use#9" in model.sense_counts_["use"]


# --- training (family 8) -----------------------------------------------------------------------
@pytest.mark.parametrize("name", ["example", "bayes", "ims", "hybrid", "mfs", "random"])
@pytest.mark.parametrize("key", ["not-a-key", "eat#1"])
def test_fit_refuses_a_sense_its_thesaurus_does_not_list(
    name: str, key: str, world: dict[str, str]
) -> None:
    bad = [*TRAIN, inst("odd", key, obj="knife")]
    method = make_method(name, **world_params(name, world))
    with pytest.raises(ModelError) as info:
        method.fit(bad)
    message = str(info.value)
    for piece in ("training instance 'odd'", repr(key), "verb 'use'", "verbs.tsv"):
        assert piece in message, message
    assert "verb_thesaurus" in message and info.value.param == "verb_thesaurus"
    assert not hasattr(method, "verbs_")  # nothing was fitted
    assert method.fit(TRAIN).sense_counts_["use"]["use#1"] == 2  # the same method still fits


def test_fit_compares_keys_without_case(world: dict[str, str]) -> None:
    upper = [*TRAIN, inst("up", "USE#3", obj="apple")]
    model = make_method("mfs", verb_thesaurus=world["verb_thesaurus"]).fit(upper)
    assert model.sense_counts_["use"]["USE#3"] == 1


def test_ims_weights_beyond_a_model_file_are_refused_at_training(
    world: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from sklearn.svm import LinearSVC

    from wsd.methods.supervised import ims

    class Huge(LinearSVC):
        def fit(self, X: Any, y: Any, sample_weight: Any = None) -> Huge:
            super().fit(X, y)
            self.coef_ = np.full_like(self.coef_, 1e6)
            return self

    monkeypatch.setattr(ims, "LinearSVC", Huge)
    with pytest.raises(ModelError, match=r"weights of verb 'use' are beyond .* smaller C"):
        make_method("ims", verb_thesaurus=world["verb_thesaurus"]).fit(TRAIN)


def test_lower_bounds_a_config_adds_take_its_verb_thesaurus(world: dict[str, str]) -> None:
    raw = {"evaluation": {"thesaurus": world["verb_thesaurus"]}, "methods": {"example": world}}
    bounds = {m.label: m for m in parse_config(raw).methods if m.role == "bound"}
    assert set(bounds) == {"mfs", "random"}
    for spec in bounds.values():
        assert spec.param_dict == {"verb_thesaurus": world["verb_thesaurus"]}
        assert spec.build().fit(TRAIN).sense_counts_["use"]["use#2"] == 3
    default = parse_config({"methods": {"example": {}}}).methods
    assert all(m.params == () for m in default if m.role == "bound")


def test_a_saved_state_lists_each_trained_sense_once_in_a_list() -> None:
    from collections import Counter
    from types import SimpleNamespace

    from wsd.methods.senses import state_senses

    method = SimpleNamespace(sense_counts_={"use": Counter({"use#1": 2, "use#2": 1})})
    listed = state_senses(method, "use", "senses", ["USE#1", "use#2"], every=True)
    assert listed == ("use#1", "use#2")
    for senses, why in (("use#1", "must be a list"), (["use#1", "use#1"], "lists a sense twice")):
        with pytest.raises(ValueError, match=why):
            state_senses(method, "use", "senses", senses, every=False)
