"""``wsd score`` and ``wsd agreement`` on hand-written key files (tests/data/keys/)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from evaluation.cli import main

KEYS = Path(__file__).resolve().parent / "data" / "keys"
TOY = str(KEYS / "toy.tsv")


def _score(capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    status = main(
        ["score", "--gold", str(KEYS / "gold.key"), "--pred", str(KEYS / "pred.key")]
        + ["--verb-thesaurus", TOY, *extra]
    )
    out, err = capsys.readouterr()
    return status, out, err


def test_score_json_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _score(capsys, "--json", "--per-verb", "--alpha", "1", "2")
    assert status == 0
    report = json.loads(out)
    assert report["alphas"] == ["1", "2", "inf"]  # exact match is always scored
    assert (report["instances"], report["attempted"], report["not_in_gold"]) == (8, 6, 1)
    # exact credit: d1 1, d2 {run%1, run%2} vs {run%1} 0.5, d3 0, d4 1, d5 0, d6 1 -> 3.5
    exact = report["overall"]["inf"]
    p, r = 3.5 / 6, 3.5 / 8
    assert exact["precision"] == pytest.approx(p)
    assert exact["recall"] == pytest.approx(r)
    assert exact["coverage"] == pytest.approx(6 / 8)
    assert exact["f1"] == pytest.approx(2 * p * r / (p + r))
    # alpha 1, MAXLEN(run) = 5: d2 (1 + 2/5)/2, d3 LEN 2 -> 3/5, d5 LEN 4 -> 1/5: sum 4.5
    assert report["overall"]["1"]["precision"] == pytest.approx(4.5 / 6)
    # alpha 2: 1 + (1 + 4/25)/2 + 9/25 + 1 + 1/25 + 1
    assert report["overall"]["2"]["recall"] == pytest.approx((3 + 0.58 + 0.36 + 0.04) / 8)
    run = report["per_verb"]["run"]["inf"]
    assert (run["n"], run["attempted"]) == (6, 5)
    assert run["precision"] == pytest.approx(2.5 / 5)
    assert report["per_verb"]["go"]["inf"]["recall"] == pytest.approx(0.5)
    assert report["issues"] == {"monosemous": 1}


def test_score_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _score(capsys, "--per-verb")
    assert status == 0
    assert "not in gold: 1" in out
    assert "   inf    0.5833  0.4375  0.5000   0.7500" in out
    assert out.count("\nrun ") == 1 and out.count("\ngo ") == 1


def _official_scorer(gold: dict[str, set[str]], system: dict[str, set[str]]) -> tuple[float, ...]:
    """The computation of Raganato et al.'s Scorer.java, transcribed independently."""
    ok = notok = 0.0
    for instance, answers in system.items():
        if instance not in gold:
            continue
        local_ok = sum(1 for a in answers if a in gold[instance])
        local_notok = len(answers) - local_ok
        ok += local_ok / (local_ok + local_notok)
        notok += local_notok / (local_ok + local_notok)
    precision = ok / (ok + notok)
    recall = ok / len(gold)
    return precision, recall, 2 * precision * recall / (precision + recall)


def test_exact_scores_equal_official_scorer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(8)
    senses = ["run%1", "run%2", "run%3", "run%4"]
    gold = {f"i{n}": set(rng.sample(senses, rng.choice([1, 1, 2]))) for n in range(60)}
    system = {
        i: set(rng.sample(senses, rng.choice([1, 1, 1, 2, 3]))) for i in gold if rng.random() < 0.8
    }
    system["extra"] = {"run%1"}
    for name, keys in (("g.key", gold), ("s.key", system)):
        lines = [f"{i} {' '.join(sorted(k))}\n" for i, k in keys.items()]
        (tmp_path / name).write_text("".join(lines), encoding="utf-8")
    status = main(
        ["score", "--gold", str(tmp_path / "g.key"), "--pred", str(tmp_path / "s.key")]
        + ["--verb-thesaurus", TOY, "--alpha", "inf", "--json"]
    )
    assert status == 0
    exact = json.loads(capsys.readouterr().out)["overall"]["inf"]
    expected = _official_scorer(gold, system)
    assert (exact["precision"], exact["recall"], exact["f1"]) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--alpha", "0"], "alpha must be > 0"),
        (["--alpha", "big"], "'big'"),
        (["--verb-thesaurus", "nowhere"], "unknown thesaurus"),
    ],
)
def test_score_bad_input_one_line(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    status, out, err = _score(capsys, *extra)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_score_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.key"
    bad.write_text("d1 run%1\nd2\n", encoding="utf-8")
    for gold, pred, message in (
        (str(tmp_path / "missing.key"), str(KEYS / "pred.key"), "missing.key"),
        (str(KEYS / "gold.key"), str(bad), "bad.key:2"),
    ):
        status = main(["score", "--gold", gold, "--pred", pred, "--verb-thesaurus", TOY])
        _, err = capsys.readouterr()
        assert status == 2
        assert message in err and err.count("\n") == 1
