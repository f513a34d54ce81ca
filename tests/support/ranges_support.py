"""Test support: shared by several test modules."""

from __future__ import annotations

import argparse
import math
import re
from typing import Any

from fuzz_ranges import DocRange

from evaluation.cli import _numbers, build_parser

# ---- definitions
# numeric options with a rule of their own (--top-k: an integer >= 1 in disambiguate and
# compare, evaluation/cli/_options.py); the others use evaluation/cli/_numbers.py
LEFT_TO_OTHERS = {"--top-k"}


# a valid command line before each numeric option (parsing only: nothing is run)
COMMANDS = {
    "agreement": ["agreement", "a.key", "b.key"],
    "compare": ["compare", "--gold", "g.key", "a.key"],
    "evaluate": ["evaluate", "c.toml"],
    "frames": ["frames"],
    "score": ["score", "--gold", "g.key", "--pred", "p.key"],
    "thesaurus compare-nltk": ["thesaurus", "compare-nltk"],
}


def _method_params(method: str, param: str, value: Any) -> dict[str, Any]:
    """Parameters setting ``param`` to ``value``, the others chosen so that only it decides
    (no tune candidate for example: a candidate's beta must be finite)."""
    base: dict[str, Any] = {"tune": []} if method == "example" else {}
    if param.startswith("similarity_params."):
        name = param.split(".")[1]
        mapping = {"scale": "kurohashi", "max_len": "linear", "tau": "exp"}[name]
        return {**base, "similarity": mapping, "similarity_params": {name: value}}
    return {**base, param: value}


def _config_with(key: str, value: Any) -> tuple[dict[str, Any], str]:
    """A config with ``key`` set to ``value`` (the others valid), and the path an error names."""
    raw: dict[str, Any] = {"methods": {"mfs": {}}}
    section, _, name = key.partition(".")
    if key == "seed":
        raw["seed"] = value
    elif key.endswith("[i]"):
        raw[section] = {name[:-3]: [value]}
        return raw, f"{key[:-3]}[0]"
    elif key.startswith("evaluation.alphas."):
        part = key.rsplit(".", 1)[1]
        table: dict[str, Any] = {"start": 0.5, "stop": 2.0, "num": 2, part: value}
        if part != "stop" and table["start"] == table["stop"]:
            table["stop"] = 4.0
        if part == "stop" and value in (0.5, " 0.5 "):
            table["start"] = 0.25
        raw["evaluation"] = {"alphas": table}
    else:
        raw[section] = {name: value}
    return raw, key


# --- command-line options --------------------------------------------------------------------
def _numeric_options() -> list[tuple[str, argparse.Action]]:
    """(command, action) of every option whose value is a number, in every subcommand."""
    found = []

    def walk(parser: argparse.ArgumentParser, command: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, f"{command} {name}".strip())
            elif action.type in (int, float) or isinstance(action.type, _numbers._Checked):
                found.append((command, action))

    walk(build_parser(), "")
    return found


def _text_value(text: str, doc: DocRange) -> Any:
    """What a command-line text means, or None for no number: an integer is ASCII digits
    with a sign; a number is a decimal or an exponent that a float holds, or the word inf."""
    word = text.strip()
    if doc.extra is not None and word == str(doc.extra):
        return doc.extra
    if doc.integer:
        return int(word) if re.fullmatch(r"[+-]?[0-9]+", word) else None
    if word.lower() in {"inf", "+inf", "infinity", "+infinity", "∞"}:
        return math.inf
    if not re.fullmatch(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?", word):
        return None
    value = float(word)
    return None if math.isinf(value) else value
