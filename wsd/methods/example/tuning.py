"""Scoring settings of the example-based method: the estimator's own parameters, or its own
with one ``tune`` candidate (a table overriding some of :data:`TUNABLE`) applied."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

import thesaurus
from wsd._exceptions import ModelError
from wsd.methods.ranges import COUNT_LIMIT, REAL_LIMIT, Range

__all__ = [
    "BETA",
    "DEFAULT_TUNE",
    "SIMILARITY_PARAM",
    "SIM_K",
    "TUNABLE",
    "Setting",
    "make_setting",
    "setting_key",
]

TUNABLE = ("similarity", "similarity_params", "sim_k", "beta")
BETA = Range(float, 0, REAL_LIMIT, inf=True)  # finite in a tune candidate
SIM_K = Range(int, 1, COUNT_LIMIT)
SIMILARITY_PARAM = Range(float, 0, REAL_LIMIT, low_open=True)  # scale, max_len, tau

# the default per-verb alternatives of `tune` (chosen on the held-out split; README, "Methods")
DEFAULT_TUNE: tuple[dict[str, Any], ...] = (
    {"similarity": "exp", "similarity_params": {"tau": 2.0}},
    {"similarity": "exp", "similarity_params": {"tau": 4.0}},
    {"sim_k": 3},
    {"sim_k": 15},
    {"beta": 2.0},
    {"beta": 4.0},
)


@dataclass(frozen=True, slots=True)
class Setting:
    """The scoring parameters a verb uses: the estimator's own, or its ``tune`` choice."""

    key: str  # the overrides as sorted JSON ("{}": the estimator's own parameters)
    mapping: str  # the similarity mapping and its parameters as JSON
    sim: Callable[[np.ndarray], np.ndarray]
    k: int
    beta: float


def setting_key(overrides: Mapping[str, Any]) -> str:
    """``overrides`` as sorted JSON (a value JSON cannot hold as its repr)."""

    def plain(value: Any) -> Any:
        return value.item() if isinstance(value, np.generic) else repr(value)

    return json.dumps(overrides, sort_keys=True, default=plain)


def make_setting(overrides: Mapping[str, Any], own: Mapping[str, Any]) -> Setting:
    """``own`` (the :data:`TUNABLE` parameters) with ``overrides`` applied; a candidate naming
    another ``similarity`` starts from its defaults, its ``beta`` finite.  Else ModelError."""
    where, param = ("tune: ", "tune") if overrides else ("", None)
    unknown = sorted(set(overrides) - set(TUNABLE))
    if unknown:
        raise ModelError(
            f"{where}{unknown[0]!r} cannot be tuned (only {', '.join(TUNABLE)})", param=param
        )
    name = overrides.get("similarity", own["similarity"])
    params = overrides.get(
        "similarity_params", None if "similarity" in overrides else own["similarity_params"]
    )
    if params is not None and not isinstance(params, dict):
        raise ModelError(
            f"{where}similarity_params must be a table of numbers, got {params!r}",
            param=param or "similarity_params",
        )
    params = {  # checked, as floats (a numpy scalar, say, is no JSON)
        part: SIMILARITY_PARAM.check(
            f"{where}similarity_params.{part}", value, param=param or "similarity_params"
        )
        for part, value in (params or {}).items()
    }
    try:
        thesaurus.similarity_mapping(name)
    except thesaurus.ThesaurusError as exc:
        raise ModelError(f"{where}similarity: {exc}", param=param or "similarity") from exc
    try:
        sim = thesaurus.similarity_mapping(name, **params)
    except thesaurus.ThesaurusError as exc:
        raise ModelError(
            f"{where}similarity_params: {exc}", param=param or "similarity_params"
        ) from exc
    k = SIM_K.check(f"{where}sim_k", overrides.get("sim_k", own["sim_k"]), param=param)
    beta_range = replace(BETA, inf=False) if overrides else BETA
    beta = beta_range.check(f"{where}beta", overrides.get("beta", own["beta"]), param=param)
    mapping = json.dumps([name, params], sort_keys=True)
    return Setting(setting_key(overrides), mapping, sim, k, float(beta))
