"""Test support: shared by several test modules."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from paths import ROOT
from worlds import FIGURE3, GA, JA, WO, ja

from evaluation.cli import main
from wsd.corpus import write_jsonl


# ---- definitions
def japanese_world(tmp_path: Path) -> dict[str, Path]:
    """Training and input corpora as JSONL, and private copies of the two file thesauri."""
    for name in ("nouns_ja", "tsukau_verbs"):
        for suffix in (".tsv", ".words.tsv"):
            shutil.copy(JA / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    train, test = tmp_path / "train.jsonl", tmp_path / "input.jsonl"
    write_jsonl(FIGURE3, train)
    probes = [
        ja("t1", "道具を使う", **{GA: "助手", WO: "コピー機"}),
        ja("t2", "人を使う"),  # no case filler: the MFS fallback
        ja("t3", "消費する", **{GA: "政府", WO: "税金"}),
    ]
    write_jsonl(probes, test)
    return {
        "train": train,
        "input": test,
        "nouns": tmp_path / "nouns_ja.tsv",
        "verbs": tmp_path / "tsukau_verbs.tsv",
        "dir": tmp_path,
    }


def train(world: dict[str, Path], method: str, *extra: str) -> Path:
    model = world["dir"] / f"{method}.json"
    params = [f"--param=verb_thesaurus={json.dumps(str(world['verbs']))}"]
    if method in {"example", "bayes", "hybrid"}:
        params.append(f"--param=noun_thesaurus={json.dumps(str(world['nouns']))}")
    if method == "bayes":
        params.append("--param=noun_classes=depth:2")
    argv = ["train", "--corpus", str(world["train"]), "--method", method, "--out", str(model)]
    assert main([*argv, *params, *extra]) == 0
    return model


def tiny_config() -> bytes:
    """An experiment that runs in a second or two: the Japanese example, its file thesauri,
    mfs and random, two folds, no bootstrap."""
    verbs = json.dumps(str(JA / "tsukau_verbs.tsv"))
    corpus = json.dumps(str(ROOT / "examples" / "japanese" / "tsukau.jsonl"))
    return (
        f'name = "tiny"\n[corpus]\npath = {corpus}\n'
        f'format = "jsonl"\n[cv]\nfolds = 2\n[evaluation]\nthesaurus = {verbs}\n'
        f'alphas = [1, "inf"]\nbootstrap = 0\n[methods.mfs]\nverb_thesaurus = {verbs}\n'
        f"[methods.random]\nverb_thesaurus = {verbs}\n"
    ).encode()
