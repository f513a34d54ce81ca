"""Models checked for absurd values and for meaning: a model file
whose counts, weights or senses training could not have made is refused when it is loaded,
naming the file, the verb and the field; training refuses a gold sense the verb thesaurus does
not list under its verb.  The tiny world of ``tests/support/worlds.py`` (file thesauri: ``use``
has the senses ``use#1`` .. ``use#3``, ``eat`` has ``eat#1``)."""

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
    """Write ``document`` to ``path``; loading it must fail with one line naming the file
    and every piece."""
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ModelError) as info:
        load_model(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ") and "\n" not in message, message
    for piece in pieces:
        assert piece in message, (piece, message)
    return message


def _set_coef(state: dict[str, Any], value: float) -> None:
    raw = bytearray(base64.b64decode(state["coef"]["base64"]))
    raw[:2] = np.array([value], dtype="<f2").tobytes()
    state["coef"]["base64"] = base64.b64encode(bytes(raw)).decode()


BAYES_COUNTS: list[tuple[Any, str]] = [
    (math.nan, "counts[0][0] must be a count, got nan"),
    (-3, "counts[0][0] must be a count, got -3"),
    (1e308, "counts[0][0] must be a count, got 1e+308"),
    (1.0, "counts[0][0] must be a count, got 1.0"),
    (True, "counts[0][0] must be a count, got True"),
    (10**400, "counts[0][0] must be a count, got 1000"),
    (7, "counts[0][0] = 7 is more than the 2 training instances of its sense"),
]


@pytest.mark.parametrize(("value", "why"), BAYES_COUNTS)
def test_absurd_bayes_counts_are_refused(
    value: Any, why: str, world: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "bayes.json"
    document = _saved("bayes", world, path)
    state = _use(document)
    column = state["senses"].index("use#1")  # 2 training instances
    row = next(i for i, counts in enumerate(state["counts"]) if counts[column])
    state["counts"][row][column] = value
    state["counts"].insert(0, state["counts"].pop(row))
    state["features"].insert(0, state["features"].pop(row))
    state["senses"].insert(0, state["senses"].pop(column))
    for counts in state["counts"]:
        counts.insert(0, counts.pop(column))
    _refused(path, document, "verb 'use'", why)


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        (lambda s: s["intercept"].__setitem__(0, math.nan), "intercept[0] must be a finite"),
        (lambda s: s["intercept"].__setitem__(1, 1e308), "intercept[1] must be a finite weight"),
        (lambda s: s["intercept"].__setitem__(0, -math.inf), "intercept[0] must be a finite"),
        (lambda s: s["intercept"].__setitem__(0, "0.5"), "intercept[0] must be a finite"),
        (lambda s: _set_coef(s, math.nan), "coef[0][0] must be a finite weight"),
        (lambda s: _set_coef(s, math.inf), "coef[0][0] must be a finite weight"),
    ],
)
@pytest.mark.parametrize("name", ["ims", "hybrid"])
def test_absurd_linear_weights_are_refused(
    name: str, edit: Edit, why: str, world: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / f"{name}.json"
    document = _saved(name, world, path)
    edit(_use(document))
    _refused(path, document, "verb 'use'", why)


@pytest.mark.parametrize(
    ("value", "why"),
    [
        (math.nan, "sense_counts['use#1'] must be a count in 1 .. 1000000000, got nan"),
        (0, "got 0"),
        (-1, "got -1"),
        (2.0, "got 2.0"),
        (10**12, "got 1000000000000"),
        (False, "got False"),
    ],
)
def test_absurd_sense_counts_are_refused(
    value: Any, why: str, world: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "mfs.json"
    document = _saved("mfs", world, path)
    document["sense_counts"]["use"]["use#1"] = value
    _refused(path, document, "verb 'use'", why)


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


def test_a_tune_choice_out_of_range_is_refused(world: dict[str, str], tmp_path: Path) -> None:
    """sim_k = 10**400 in a saved choice overflowed when the model answered."""
    path = tmp_path / "example.json"
    document = _saved("example", world, path)
    document["verbs"]["use"] = {"examples": _use(document), "setting": {"sim_k": 10**400}}
    _refused(path, document, "verb 'use'", "setting: tune: sim_k must be an integer in [1, ")


@pytest.mark.parametrize("name", ["mfs", "random"])
def test_a_baseline_keeps_no_state(name: str, world: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / f"{name}.json"
    document = _saved(name, world, path)
    document["verbs"]["use"] = [1, math.nan]
    _refused(path, document, "verb 'use'", "the state must be {}")


@pytest.mark.parametrize("name", ["bayes", "ims", "hybrid"])
def test_a_state_without_a_trained_sense_is_refused(
    name: str, world: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / f"{name}.json"
    document = _saved(name, world, path)
    _use(document)["senses"].remove("use#3")
    _refused(path, document, "verb 'use'", "senses leaves out the trained sense 'use#3'")


def test_parameters_out_of_range_are_refused(world: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "example.json"
    document = _saved("example", world, path)
    document["params"]["sim_k"] = 10**400
    _refused(path, document, "sim_k must be an integer in [1, 1000000]")


@pytest.mark.parametrize("key", ["not-a-key", "eat#1", "use%2:34:01::"])
@pytest.mark.parametrize("name", ["example", "bayes", "ims", "hybrid", "mfs", "random"])
def test_a_sense_not_of_its_verb_is_refused(
    name: str, key: str, world: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / f"{name}.json"
    document = _saved(name, world, path)
    _rename(document, "use#2", key)
    _refused(path, document, "verb 'use'", f"{key!r} is not a sense of 'use'", "verbs.tsv")


def test_a_verb_not_in_the_thesaurus_is_refused(world: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "mfs.json"
    document = _saved("mfs", world, path)
    document["sense_counts"]["fly"] = {"fly#1": 3}
    document["verbs"]["fly"] = {}
    _refused(path, document, "verb 'fly'", "'fly' is not a word of the verb thesaurus")


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
