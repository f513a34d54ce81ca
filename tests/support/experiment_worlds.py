"""Test support: shared by several test modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from worlds import NOUN_EDGES, NOUN_WORDS  # the same tiny noun world

from evaluation.experiment import (
    Dataset,
    ExperimentConfig,
    parse_config,
    select_verbs,
)
from wsd import CaseFrame, Filler, Instance, Sentence, Token

# ---- definitions
NOUNS = ("man", "woman", "student", "hammer", "knife", "bread", "apple")


# use: 1 employ (a person), 2 wield (a tool), 3 consume (food); take: 1 grab, 2 eat.
VERB_EDGES = "act\tROOT\nemploy\tact\nwield\tact\nconsume\tROOT\ngrab\tact\n"


VERB_WORDS = (
    "use\tuse#1\temploy\nuse\tuse#2\twield\nuse\tuse#3\tconsume\n"
    "take\ttake#1\tgrab\ntake\ttake#2\tconsume\n"
)


OBJECTS = {
    "use#1": ("man", "woman", "student"),
    "use#2": ("hammer", "knife"),
    "use#3": ("bread", "apple"),
    "take#1": ("hammer", "knife", "man"),
    "take#2": ("bread", "apple"),
}


# sense -> number of instances: uneven, with a sense rarer than the folds for "use".
COUNTS = {"use#1": 9, "use#2": 12, "use#3": 2, "take#1": 8, "take#2": 7}


def write_world(root: Path) -> dict[str, str]:
    files = {
        "nouns.tsv": NOUN_EDGES,
        "nouns.words.tsv": NOUN_WORDS,
        "verbs.tsv": VERB_EDGES,
        "verbs.words.tsv": VERB_WORDS,
    }
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return {"noun_thesaurus": str(root / "nouns.tsv"), "verb_thesaurus": str(root / "verbs.tsv")}


def make_instances() -> list[Instance]:
    """Instances whose object noun mostly reveals the sense (every 5th one is noise)."""
    out = []
    for sense, count in COUNTS.items():
        lemma = sense.split("#")[0]
        for i in range(count):
            objects = OBJECTS[sense]
            obj = objects[i % len(objects)] if i % 5 else NOUNS[(i * 3) % len(NOUNS)]
            tokens = (
                Token("they", "they", "PRP"),
                Token(lemma, lemma, "VB"),
                Token(obj, obj, "NN"),
            )
            id_ = f"{sense}.{i}"
            out.append(
                Instance(
                    id=id_,
                    lemma=lemma,
                    gold=(sense,),
                    sentence=Sentence(id=f"s.{id_}", tokens=tokens),
                    position=1,
                    frame=CaseFrame((("obj", Filler(lemma=obj)),)),
                )
            )
    return out


def config_dict(world: dict[str, str], **overrides: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "name": "tiny",
        "seed": 3,
        "corpus": {"verbs": ["use", "take"]},
        "cv": {"folds": 3},
        "evaluation": {
            "thesaurus": world["verb_thesaurus"],
            "alphas": [0.5, 1, 2, "inf"],
            "top_k": 3,
            "learning_curve": [0.5, 1.0],
            "bootstrap": 200,
        },
        "methods": {
            "example": dict(world),
            "bayes": {**world, "noun_classes": "depth:2"},
            "mfs": {"verb_thesaurus": world["verb_thesaurus"]},
            "random": {"verb_thesaurus": world["verb_thesaurus"], "seed": 1},
        },
    }
    for key, value in overrides.items():
        raw[key] = value
    return raw


def tiny_config(world: dict[str, str], **overrides: Any) -> ExperimentConfig:
    return parse_config(config_dict(world, **overrides), source="tiny.toml")


def tiny_dataset(config: ExperimentConfig) -> Dataset:
    return select_verbs(config, make_instances(), source="tiny")
