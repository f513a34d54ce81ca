"""scikit-learn conformance of every method, and the acceptability scorer in GridSearchCV."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.exceptions import NotFittedError as SklearnNotFittedError
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.utils import estimator_checks as checks
from sklearn.utils import get_tags
from sklearn.utils.validation import check_is_fitted
from worlds import TRAIN, inst

from evaluation import EvaluationWarning, make_acceptability_scorer
from wsd import ModelError
from wsd.methods import METHODS, NotFittedError, load_model, make_method, parse_param, save_model

# sklearn.utils.estimator_checks that work on any estimator, whatever its X: construction,
# parameters, cloning, repr, tags, mixin order, and predicting before fit.  The other checks
# feed numeric feature matrices, which a disambiguator of Instance records does not take.
SKLEARN_CHECKS = (
    checks.check_no_attributes_set_in_init,
    checks.check_parameters_default_constructible,
    checks.check_do_not_raise_errors_in_init_or_set_params,
    checks.check_get_params_invariance,
    checks.check_set_params,
    checks.check_estimator_cloneable,
    checks.check_estimator_repr,
    checks.check_estimator_tags_renamed,
    checks.check_valid_tag_types,
    checks.check_mixin_order,
    checks.check_estimators_unfitted,
)


def _method(name: str, world: dict[str, str], **extra: Any) -> Any:
    params: dict[str, Any] = {"verb_thesaurus": world["verb_thesaurus"], **extra}
    if name in {"example", "bayes"}:
        params["noun_thesaurus"] = world["noun_thesaurus"]
    if name == "bayes":
        params["noun_classes"] = "depth:2"  # "lexfile" needs WordNet sense keys
    return make_method(name, **params)


@pytest.mark.parametrize("check", SKLEARN_CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", sorted(METHODS))
def test_sklearn_estimator_checks(name: str, check: Any, world: dict[str, str]) -> None:
    estimator = _method(name, world)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # check_set_params' advice, not a failure
        check(type(estimator).__name__, estimator)


@pytest.mark.parametrize("name", sorted(METHODS))
def test_fitted_state_not_fitted_error_and_fit_on_nothing(name: str, world: dict[str, str]) -> None:
    method = _method(name, world)
    with pytest.raises(SklearnNotFittedError):
        check_is_fitted(method)
    for predict in (method.predict, method.predict_proba, method.rank):
        with pytest.raises(NotFittedError, match="is not fitted"):
            predict(TRAIN)
    assert issubclass(NotFittedError, ModelError) and NotFittedError.__module__ == "wsd.methods"
    with pytest.raises(ModelError, match="at least one training instance"):
        method.fit([])
    with pytest.raises(ValueError):  # what sklearn's checks expect of empty data
        method.fit(np.empty(0, dtype=object))
    check_is_fitted(method.fit(TRAIN))


@pytest.mark.parametrize("name", sorted(METHODS))
def test_predict_proba_is_a_distribution_over_classes(name: str, world: dict[str, str]) -> None:
    method = _method(name, world).fit(TRAIN)
    assert method.classes_.tolist() == ["use#1", "use#2", "use#3"]
    probes = [inst("t1", None, obj="knife"), inst("t2", None, subj="man", obj="apple")]
    proba = method.predict_proba(probes)
    assert proba.shape == (2, 3)
    assert np.allclose(proba.sum(axis=1), 1.0) and np.all(proba >= 0)
    # the predicted sense has the highest probability (ties, as random's, are all highest)
    columns = [method.classes_.tolist().index(sense) for sense in method.predict(probes)]
    assert proba[[0, 1], columns].tolist() == proba.max(axis=1).tolist()


def test_predict_proba_of_an_abstention_is_all_zeros(world: dict[str, str]) -> None:
    from wsd import Instance, Sentence, Token

    method = _method("mfs", world).fit(TRAIN)
    unknown = Instance("u", "zorb", (), Sentence("s", (Token("zorb", "zorb", "VB"),)), 0)
    assert method.predict([unknown]).tolist() == [""]
    assert method.predict_proba([unknown]).tolist() == [[0.0, 0.0, 0.0]]


def test_tags_say_instances_in_and_y_optional(world: dict[str, str]) -> None:
    tags = get_tags(_method("example", world))
    assert tags.input_tags.one_d_array and not tags.input_tags.two_d_array
    assert not tags.target_tags.required
    assert tags.estimator_type == "classifier" and tags.requires_fit


def test_lambda_is_confidence_lambda_and_lambda_underscore_is_unknown(
    world: dict[str, str], tmp_path: Path
) -> None:
    assert parse_param("lambda=0.25") == ("confidence_lambda", 0.25)
    model = make_method("mfs", **{"lambda": 0.25}, verb_thesaurus=world["verb_thesaurus"])
    assert model.get_params()["confidence_lambda"] == 0.25
    with pytest.raises(ModelError, match="unknown parameter 'lambda_'") as error:
        make_method("mfs", lambda_=0.25, verb_thesaurus=world["verb_thesaurus"])
    assert error.value.param == "lambda_"
    with pytest.raises(ModelError, match="given twice") as error:
        make_method("mfs", **{"lambda": 0.2, "confidence_lambda": 0.3})
    assert error.value.param == "confidence_lambda"
    path = tmp_path / "old.json"
    save_model(model.fit(TRAIN), path)
    path.write_text(path.read_text().replace('"confidence_lambda"', '"lambda_"'))
    with pytest.raises(ModelError, match=f"{path}: unknown parameter 'lambda_'"):
        load_model(path)


def test_bad_parameters_name_themselves(world: dict[str, str]) -> None:
    for name, params, param in (
        ("example", {"beta": -1}, "beta"),
        ("example", {"similarity": "odd"}, "similarity"),
        ("bayes", {"window": 0}, "window"),
        ("mfs", {"confidence_lambda": 2}, "confidence_lambda"),
        ("random", {"gamma": 1}, "gamma"),
    ):
        with pytest.raises(ModelError) as error:
            _method(name, world, **params).fit(TRAIN)
        assert error.value.param == param


def test_acceptability_scorer_in_cross_val_score_and_grid_search(world: dict[str, str]) -> None:
    data = np.array(TRAIN * 2, dtype=object)
    labels = [i.gold[0] for i in data]
    exact = make_acceptability_scorer("inf")
    graded = make_acceptability_scorer(1)
    model = _method("example", world)
    assert exact(model.fit(TRAIN), TRAIN) == pytest.approx(model.score(TRAIN))
    assert graded(model, TRAIN) >= exact(model, TRAIN)  # partial credit only adds
    scores = cross_val_score(clone(model), data, labels, cv=2, scoring=graded)
    assert scores.shape == (2,) and np.all((scores >= 0) & (scores <= 1))
    search = GridSearchCV(
        _method("example", world), {"beta": [0.0, 1.0, 4.0]}, scoring=graded, cv=2
    ).fit(data, labels)
    assert search.best_params_["beta"] in {0.0, 1.0, 4.0}
    assert 0 <= search.best_score_ <= 1
    with_y_none = GridSearchCV(
        _method("mfs", world), {"confidence_lambda": [0.2, 0.8]}, scoring=exact, cv=2
    ).fit(data)
    assert 0 <= with_y_none.best_score_ <= 1


def test_scorer_gives_partial_credit_against_a_file_thesaurus(world: dict[str, str]) -> None:
    """LEN(use#1, use#2) = 2, MAXLEN(use) = 3: use#2 for gold use#1 earns (1 / 3) ** alpha."""

    class Always:
        verb_thesaurus = world["verb_thesaurus"]

        def predict(self, X: Any) -> np.ndarray:
            return np.array(["use#2"] * len(X), dtype=object)

    gold = [inst("a", "use#1")]
    assert make_acceptability_scorer(2)(Always(), gold) == pytest.approx(1 / 9)
    assert make_acceptability_scorer("inf")(Always(), gold) == 0.0
    assert make_acceptability_scorer("inf")(Always(), gold, ["use#2"]) == 1.0


def test_scorer_of_an_estimator_that_attempts_nothing_is_nan_with_a_warning(
    world: dict[str, str],
) -> None:
    """Precision with nothing attempted is 0/0: undefined, never a score of 0."""

    class Abstains:
        verb_thesaurus = world["verb_thesaurus"]

        def predict(self, X: Any) -> np.ndarray:
            return np.array([None] * len(X), dtype=object)

    with pytest.warns(EvaluationWarning, match="precision is undefined: none of the 2"):
        got = make_acceptability_scorer("inf")(Abstains(), [inst("a", "use#1"), inst("b", "use#2")])
    assert np.isnan(got)


@pytest.mark.parametrize("name", sorted(METHODS))
def test_param_names_are_read_once_and_are_the_signatures(name: str) -> None:
    """Cached parameter names are the ``__init__`` signature's; changing the list is safe."""
    from sklearn.base import BaseEstimator

    cls = METHODS[name]
    expected = BaseEstimator._get_param_names.__func__(cls)  # type: ignore[attr-defined]
    first = cls._get_param_names()
    first.append("changed")
    assert cls._get_param_names() == expected
    assert sorted(cls().get_params(deep=False)) == expected
