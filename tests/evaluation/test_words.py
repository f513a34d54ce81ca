"""A word is a lemma with its part of speech (evaluation/words.py) in every grouping: ``wsd
agreement``, ``wsd score --per-verb`` and ``wsd compare``'s Table 1 split the noun and the
adverb *square* alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluation.agreement import agreement_report, cohen_kappa, write_class_table
from evaluation.cli import main
from evaluation.experiment import ComparisonConfig, EvaluationConfig, SystemSpec, compare_systems
from evaluation.report.table1 import row_name
from evaluation.words import Word, key_word, word_names

Capture = pytest.CaptureFixture[str]

NOUN = ["square%1:25:00::", "square%1:25:00::", "square%1:06:00::"]
ADV = ["square%4:02:00::", "square%4:02:01::", "square%4:02:00::"]
GOLD = NOUN + ADV
# one disagreement per word: each word's kappa is (2/3 - 4/9) / (1 - 4/9) = .4; pooled over
# both words (one "square") it is .571
OTHER = [NOUN[0], NOUN[2], NOUN[2], ADV[0], ADV[1], ADV[1]]
IDS = [f"d000.s000.t{i:03d}" for i in range(len(GOLD))]


def _write(path: Path, keys: list[str]) -> Path:
    path.write_text("".join(f"{i} {k}\n" for i, k in zip(IDS, keys, strict=True)), "utf-8")
    return path


def test_agreement_computes_each_word_apart(tmp_path: Path, capsys: Capture) -> None:
    per_word = cohen_kappa(GOLD[:3], OTHER[:3])
    assert per_word == pytest.approx(0.4)
    assert cohen_kappa(GOLD[3:], OTHER[3:]) == pytest.approx(per_word)
    files = [_write(tmp_path / "a.key", GOLD), _write(tmp_path / "b.key", OTHER)]
    assert main(["agreement", *map(str, files), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["lemmas"] == 2
    (pair,) = report["pairs"]
    assert set(pair["per_lemma"]) == {"square.n", "square.r"}
    cohen = pair["statistics"]["cohen_kappa"]
    assert cohen["mean_per_word"] == pytest.approx(0.4)
    assert cohen["pooled_over_lemmas"] == pytest.approx(cohen_kappa(GOLD, OTHER))
    assert cohen["pooled_over_lemmas"] > 0.57


def test_merged_classes_keep_each_word_apart(tmp_path: Path) -> None:
    keys = [dict(zip(IDS, ((k,) for k in ks), strict=True)) for ks in (GOLD, OTHER)]
    report, classes = agreement_report(["a", "b"], keys, merge_to=0.8)
    assert set(report["merged"]["per_lemma"]) == {"square.n", "square.r"}
    assert set(classes) == {Word("square", "noun"), Word("square", "adv")}
    counts = write_class_table(tmp_path / "classes.tsv", classes, word_of=key_word())
    assert counts["other_lemma_left_out"] == 0 and counts["keys"] == 4


def test_score_per_word_splits_parts_of_speech(tmp_path: Path, capsys: Capture) -> None:
    gold = _write(tmp_path / "gold.key", GOLD)
    pred = _write(tmp_path / "pred.key", ["square%1:25:00::"] * 3 + ADV)
    exact = [f"--{pos}-thesaurus" for pos in ("verb", "noun", "adj", "adv")]
    argv = ["score", "--gold", str(gold), "--pred", str(pred), "--per-verb", "--json"]
    assert main([*argv, *(x for option in exact for x in (option, "none"))]) == 0
    per_word = json.loads(capsys.readouterr().out)["per_verb"]
    assert set(per_word) == {"square.n", "square.r"}
    assert per_word["square.n"]["inf"]["precision"] == pytest.approx(2 / 3)
    assert per_word["square.r"]["inf"]["precision"] == 1.0


def test_compare_names_its_rows_as_score_and_agreement_do(tmp_path: Path) -> None:
    gold = _write(tmp_path / "gold.key", GOLD)
    system = _write(tmp_path / "other.key", OTHER)
    exact = EvaluationConfig(alphas=(float("inf"),), bootstrap=0, top_k=0)
    result = compare_systems(
        ComparisonConfig(
            gold=str(gold), systems=(SystemSpec("other", str(system)),), evaluation=exact
        )
    )
    assert sorted(row_name(result, row) for row in result.verbs) == ["square.n", "square.r"]


def test_names_are_distinct_for_distinct_words() -> None:
    words = [Word("x", "noun"), Word("x.n", "noun"), Word("x", "verb"), Word("x", "")]
    names = word_names(words)
    assert len(set(names)) == len(words)
    assert word_names([Word("give", "verb"), Word("take", "verb")]) == ["give", "take"]
