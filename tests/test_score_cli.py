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


def _agreement(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["agreement", *args])
    out, err = capsys.readouterr()
    return status, out, err


ANN = [str(KEYS / "ann_a.key"), str(KEYS / "ann_b.key")]


def test_agreement_json_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _agreement(
        capsys, *ANN, "--json", "--weighted", "--verb-thesaurus", TOY, "--merge-to", "0.8"
    )
    assert status == 0
    report = json.loads(out)
    assert report["instances"] == 10 and report["several_keys_first_used"] == 1
    (pair,) = report["pairs"]
    # 8 of 10 agree; marginals of both: run%1 .2, run%2 .3, run%3 .2, run%4 .2, go%1 .1
    assert pair["observed"] == pytest.approx(0.8)
    assert pair["cohen_kappa"]["value"] == pytest.approx((0.8 - 0.22) / 0.78)
    # two run%2/run%3 disagreements at LEN/MAXLEN = 2/5; expected weighted disagreement
    # 2 * (.6*.06 + .6*.04 + .8*.04 + .4*.06 + 1*.06 + 1*.04 + 1*.1*.9) = .612
    assert pair["weighted_kappa"]["value"] == pytest.approx(1 - 0.08 / 0.612)
    run = report["merged"]["run"]
    assert run["kappa_before"] == pytest.approx((7 / 9 - 21 / 81) / (1 - 21 / 81))
    assert run["classes"] == [["run%1"], ["run%2", "run%3"], ["run%4"]]
    assert run["kappa_after"] == pytest.approx(1.0)
    assert report["merged"]["go"]["undefined"].startswith("kappa is undefined")


def test_agreement_three_files_and_intersection(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    third = tmp_path / "ann_c.key"
    lines = (KEYS / "ann_a.key").read_text(encoding="utf-8").splitlines()[:-1]  # no e10
    third.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, _, err = _agreement(capsys, *ANN, str(third))
    assert status == 2
    assert (
        "10 shared" not in err
        and "9 shared" in err
        and "not shared: ann_a.key 1, ann_b.key 1, ann_c.key 0" in err
    )
    status, out, _ = _agreement(capsys, *ANN, str(third), "--intersection", "--json")
    assert status == 0
    report = json.loads(out)
    assert report["instances"] == 9
    assert report["left_out"] == {"ann_a.key": 1, "ann_b.key": 1, "ann_c.key": 0}
    assert len(report["pairs"]) == 3
    assert report["fleiss_kappa"]["value"] is not None


def test_agreement_single_category_says_undefined(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("x.key", "y.key"):
        (tmp_path / name).write_text("i1 go%1\ni2 go%1\n", encoding="utf-8")
    status, out, _ = _agreement(capsys, str(tmp_path / "x.key"), str(tmp_path / "y.key"))
    assert status == 0
    assert "Pa 1.0000, Cohen's kappa undefined (kappa is undefined" in out
    assert "nan" not in out.lower()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([ANN[0]], "two or more key files"),
        ([*ANN, "--merge-to", "1.5"], "--merge-to must be in (0, 1]"),
        ([*ANN, ANN[0], "--merge-to", "0.8"], "exactly two key files"),
        ([ANN[0], "/nonexistent/z.key"], "z.key"),
    ],
)
def test_agreement_bad_input(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = _agreement(capsys, *args)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1
