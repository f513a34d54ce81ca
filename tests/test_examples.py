"""The worked Japanese example (examples/japanese, configs/japanese.toml) runs as documented,
and its data use the ids of the sample thesauri."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from paths import ROOT

import thesaurus
from evaluation.cli import main

EXAMPLE = ROOT / "examples" / "japanese"
VERBS = "tests/data/thesaurus/tsukau_verbs.tsv"
NOUNS = "tests/data/thesaurus/nouns_ja.tsv"


def test_sample_ids_match_the_sample_thesauri() -> None:
    verbs, nouns = thesaurus.load(str(ROOT / VERBS)), thesaurus.load(str(ROOT / NOUNS))
    for name in ("tsukau.jsonl", "probes.jsonl"):
        for line in (EXAMPLE / name).read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            assert record["gold"] and all(verbs.has_sense(key) for key in record["gold"])
            assert verbs.has_word(record["lemma"])
            for filler in record["frame"].values():
                assert nouns.has_word(filler["lemma"]), (name, record["id"], filler)


def test_the_config_and_the_walk_through_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)  # the example's paths are relative to the checkout
    out = tmp_path / "japanese"
    argv = ["evaluate", "configs/japanese.toml", "--out", str(out), "--no-plots"]
    assert main(argv) == 0
    printed, err = capsys.readouterr()
    assert err == ""  # no warning: every key is in the thesaurus
    # the last line times the report and the whole command (it once said "0.1 s" after 3 s)
    done = re.fullmatch(
        r"wrote (\d+) files to (.+) in (\d+\.\d) s \((\d+\.\d) s in all\)",
        printed.splitlines()[-1],
    )
    assert done is not None and int(done[1]) == len(list(out.iterdir()))
    assert float(done[3]) <= float(done[4])
    result = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert [row["verb"] for row in result["verbs"]] == ["使う"]
    total = result["total"]["scores"]
    assert total["example"]["inf"]["precision"] > total["mfs"]["inf"]["precision"]
    assert result["warnings"] == []

    model, key, gold = tmp_path / "example.json", tmp_path / "example.key", tmp_path / "gold.key"
    corpus = str(EXAMPLE / "tsukau.jsonl")
    params = [f"--param=verb_thesaurus={VERBS}", f"--param=noun_thesaurus={NOUNS}"]
    assert (
        main(["train", "--corpus", corpus, "--method", "example", *params, "--out", str(model)])
        == 0
    )
    probes = str(EXAMPLE / "probes.jsonl")
    argv = ["disambiguate", "--model", str(model), "--corpus", probes, "--out", str(key)]
    assert main([*argv, "--top-k", "3", "--confidence", "--gold-out", str(gold)]) == 0
    first = key.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("probe.001 道具を使う:") and " confidence=" in first
    capsys.readouterr()
    argv = ["score", "--gold", str(gold), "--pred", str(key), "--json"]
    assert main(argv) == 0  # WordNet does not know these keys: a warning says so
    assert "does not know 3 of 3 gold keys" in capsys.readouterr().err
    assert main([*argv, "--verb-thesaurus", VERBS]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["warnings"] == [] and report["overall"]["inf"]["precision"] == 1.0
