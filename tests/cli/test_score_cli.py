"""``wsd score`` and ``wsd agreement`` on hand-written key files (tests/data/keys/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paths import DATA

from evaluation.cli import main

Capture = pytest.CaptureFixture[str]

KEYS = DATA / "keys"
TOY = str(KEYS / "toy.tsv")


def _score(capsys: Capture, *extra: str) -> tuple[int, str, str]:
    status = main(
        ["score", "--gold", str(KEYS / "gold.key"), "--pred", str(KEYS / "pred.key")]
        + ["--verb-thesaurus", TOY, *extra]
    )
    out, err = capsys.readouterr()
    return status, out, err


def test_score_json_by_hand(capsys: Capture) -> None:
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


def test_score_with_a_file_thesaurus_uses_its_sense_ids(tmp_path: Path, capsys: Capture) -> None:
    """Keys without 'lemma%': the verb of an instance comes from the thesaurus (使う)."""
    verbs = DATA / "thesaurus" / "tsukau_verbs.tsv"
    gold, pred = tmp_path / "gold.key", tmp_path / "pred.key"
    gold.write_text("i1 材料を使う\ni2 消費する\n", encoding="utf-8")
    pred.write_text("i1 道具を使う\ni2 消費する\n", encoding="utf-8")
    argv = ["score", "--gold", str(gold), "--pred", str(pred), "--verb-thesaurus", str(verbs)]
    assert main([*argv, "--alpha", "1", "--json", "--per-verb"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report["per_verb"]) == ["使う"] and report["issues"] == {}
    # 道具を使う and 材料を使う meet at 利用: LEN 2, MAXLEN(使う) 7 -> 5/7; i2 exact
    assert report["overall"]["1"]["precision"] == pytest.approx((5 / 7 + 1) / 2)


def test_score_text_output(capsys: Capture) -> None:
    status, out, _ = _score(capsys, "--per-verb")
    assert status == 0
    assert "not in gold: 1" in out
    assert "   inf    0.5833  0.4375  0.5000   0.7500" in out
    assert out.count("\nrun ") == 1 and out.count("\ngo ") == 1


def test_score_bad_files(tmp_path: Path, capsys: Capture) -> None:
    bad = tmp_path / "bad.key"
    bad.write_text("d1 run%1\nd2\n", encoding="utf-8")
    empty = tmp_path / "empty.key"  # an empty gold file: the error names it
    empty.write_text("\n", encoding="utf-8")
    good_gold, good_pred = str(KEYS / "gold.key"), str(KEYS / "pred.key")
    for gold, pred, verbs, message in (
        (str(tmp_path / "missing.key"), good_pred, TOY, "missing.key"),
        (good_gold, str(bad), TOY, "bad.key:2"),
        (str(empty), good_pred, TOY, f"{empty}: no gold instance"),
        (good_gold, good_pred, "nowhere", "unknown thesaurus"),
    ):
        status = main(["score", "--gold", gold, "--pred", pred, "--verb-thesaurus", verbs])
        out, err = capsys.readouterr()
        assert status == 2 and out == ""
        assert message in err and err.count("\n") == 1


def _agreement(capsys: Capture, *args: str) -> tuple[int, str, str]:
    status = main(["agreement", *args])
    out, err = capsys.readouterr()
    return status, out, err


ANN = [str(KEYS / "ann_a.key"), str(KEYS / "ann_b.key")]


def test_agreement_json_by_hand(capsys: Capture) -> None:
    status, out, _ = _agreement(
        capsys, *ANN, "--json", "--weighted", "--verb-thesaurus", TOY, "--merge-to", "0.8"
    )
    assert status == 0
    report = json.loads(out)
    assert report["instances"] == 10 and report["several_keys"] == {"rule": "first", "instances": 1}
    assert report["lemmas"] == 2 and report["other_lemma_keys"] == {"ann_a.key": 0, "ann_b.key": 0}
    (pair,) = report["pairs"]
    assert pair["observed"] == pytest.approx(0.8)
    # run (9 instances, 7 agree): both raters' marginals 2/3/2/2 of 9, Pc = 21/81:
    # kappa = (63 - 21) / (81 - 21) = 0.7, Cohen and Scott alike; go (1): a single category
    run = pair["per_lemma"]["run"]
    assert (run["instances"], run["observed"]) == (9, pytest.approx(7 / 9))
    assert run["cohen_kappa"] == pytest.approx(0.7) and run["scott_pi"] == pytest.approx(0.7)
    assert pair["per_lemma"]["go"]["cohen_kappa"] is None
    cohen = pair["statistics"]["cohen_kappa"]
    assert cohen["mean_per_word"] == pytest.approx(0.7)
    assert (cohen["defined"], cohen["undefined"]) == (1, 1)
    # pooled over lemmas: marginals run%1 .2, run%2 .3, run%3 .2, run%4 .2, go%1 .1
    assert cohen["pooled_over_lemmas"] == pytest.approx((0.8 - 0.22) / 0.78)
    # weighted, run: two run%2/run%3 disagreements at 2/5; expected 2/81 * 21.6 (LEN/MAXLEN
    # 3/5, 3/5, 4/5, 2/5, 1, 1 times 2*3, 2*2, 2*2, 3*2, 3*2, 2*2): 1 - (.8/9) / (43.2/81)
    weighted = pair["statistics"]["weighted_kappa"]
    assert pair["per_lemma"]["run"]["weighted_kappa"] == pytest.approx(1 - 1 / 6)
    # pooled: expected 2 * (.6*.06 + .6*.04 + .8*.04 + .4*.06 + 1*.06 + 1*.04 + 1*.1*.9) = .612
    assert weighted["pooled_over_lemmas"] == pytest.approx(1 - 0.08 / 0.612)
    assert pair["weight_defaults"] == {}
    merged = report["merged"]
    assert (merged["statistic"], merged["k_min"]) == ("scott", 0.8)
    assert merged["per_lemma"]["run"]["classes"] == [["run%1"], ["run%2", "run%3"], ["run%4"]]
    assert merged["per_lemma"]["run"]["kappa_before"] == pytest.approx(0.7)
    assert merged["per_lemma"]["run"]["kappa_after"] == pytest.approx(1.0)
    assert merged["per_lemma"]["go"]["outcome"] == "single-category"
    assert report["all_files"]["statistics"]["fleiss_kappa"]["mean_per_word"] == pytest.approx(0.7)


def test_agreement_text_labels_pooled_and_per_verb(capsys: Capture) -> None:
    status, out, _ = _agreement(capsys, *ANN, "--merge-to", "0.8")
    assert status == 0
    assert "pooled*" in out and "* pooled = all instances at once: overstates" in out
    assert "  Cohen's kappa             0.7000    0.7000    0.7436  1 of 2 words" in out
    assert "merged 1" in out and "single category (kappa undefined) 1" in out
    assert "\n  run " not in out  # per-word rows only on request
    status, out, _ = _agreement(capsys, *ANN, "--merge-to", "0.8", "--per-verb")
    assert "\n  run                   9  0.7778    0.7000    0.7000" in out
    assert "  run (9): kappa 0.7000 -> 1.0000; classes: run%1 | run%2 run%3 | run%4" in out
    assert "nan" not in out.lower()


def test_agreement_single_class_merge_is_not_kappa_one(tmp_path: Path, capsys: Capture) -> None:
    a = _keys_file(tmp_path / "a.key", ["run%1", "run%2", "run%1", "run%2"])
    b = _keys_file(tmp_path / "b.key", ["run%2", "run%1", "run%2", "run%1"])
    status, out, _ = _agreement(capsys, a, b, "--merge-to", "0.8", "--per-verb")
    assert status == 0
    assert "run (4): kappa -1.0000 -> merged into a single class (kappa undefined)" in out
    assert "merged into a single class (kappa undefined) 1" in out
    assert "-> 1.0000" not in out


def _keys_file(path: Path, senses: list[str]) -> str:
    path.write_text("".join(f"i{n} {s}\n" for n, s in enumerate(senses)), encoding="utf-8")
    return str(path)


def test_classes_out_then_score_with_classes(tmp_path: Path, capsys: Capture) -> None:
    classes = tmp_path / "classes.tsv"
    status, out, _ = _agreement(capsys, *ANN, "--merge-to", "0.8", "--classes-out", str(classes))
    assert status == 0 and "5 keys in 4 classes" in out
    lines = classes.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# sense classes") and lines[1].startswith("# made by: wsd agr")
    assert lines[2:] == ["go%1\tgo%1", "run%1\trun%1", "run%2\trun%2", "run%3\trun%2",
                         "run%4\trun%4"]  # fmt: skip
    status, out, _ = _score(capsys, "--classes", str(classes), "--json", "--per-verb")
    assert status == 0
    report = json.loads(out)
    assert report["alphas"] == ["inf"]
    # run%3 -> run%2: d3 (run%3 vs run%2) and d4 now right, d7 gold run%2; d2 {run%1, run%2}
    # still half right: credit 1 + .5 + 1 + 1 + 0 + 1 = 4.5 over 6 attempted, 8 gold
    exact = report["overall"]["inf"]
    assert (exact["precision"], exact["recall"]) == (pytest.approx(4.5 / 6), pytest.approx(4.5 / 8))
    assert report["classes"]["gold"] == {"in_table": 9, "not_in_table": 0}
    assert report["per_verb"]["run"]["inf"]["precision"] == pytest.approx(3.5 / 5)
    status, out, err = _score(capsys, "--classes", str(classes), "--alpha", "1", "inf")
    assert status == 2 and out == "" and "exact match on classes only" in err
    bad = tmp_path / "bad.tsv"
    bad.write_text("run%1 run%2\n", encoding="utf-8")
    status, out, err = _score(capsys, "--classes", str(bad))
    assert status == 2 and "bad.tsv:1: expected sense_key<TAB>class_id" in err
    assert err.count("\n") == 1


def test_agreement_several_keys_shared_rule(capsys: Capture) -> None:
    pair = [str(KEYS / "gold.key"), str(KEYS / "pred.key"), "--intersection", "--json"]
    first = json.loads(_agreement(capsys, *pair)[1])["pairs"][0]["observed"]
    shared = json.loads(_agreement(capsys, *pair, "--several-keys", "shared")[1])["pairs"][0]
    # d1 ok; d2 run%1 vs run%1 (first) ok; d3 no; d4 run%2 vs run%3: first no, shared yes;
    # d5 no; d6 ok
    assert (first, shared["observed"]) == (pytest.approx(3 / 6), pytest.approx(4 / 6))


def test_agreement_three_files_and_intersection(tmp_path: Path, capsys: Capture) -> None:
    third = tmp_path / "ann_c.key"
    lines = (KEYS / "ann_a.key").read_text(encoding="utf-8").splitlines()[:-1]  # no e10
    third.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, _, err = _agreement(capsys, *ANN, str(third))
    assert status == 2
    assert "10 shared" not in err and "9 shared" in err
    assert "not shared: ann_a.key 1, ann_b.key 1, ann_c.key 0" in err
    status, out, _ = _agreement(capsys, *ANN, str(third), "--intersection", "--json")
    assert status == 0
    report = json.loads(out)
    assert report["instances"] == 9
    assert report["left_out"] == {"ann_a.key": 1, "ann_b.key": 1, "ann_c.key": 0}
    assert len(report["pairs"]) == 3
    assert report["all_files"]["statistics"]["fleiss_kappa"]["mean_per_word"] is not None
    run = report["all_files"]["per_lemma"]["run"]  # a and c agree on all 8; b differs twice
    assert run["observed"] == pytest.approx((6 / 8 + 1 + 6 / 8) / 3)
    status, out, _ = _agreement(capsys, *ANN, str(third), "--intersection", "--per-verb")
    assert status == 0 and out.count("\n  run ") == 4  # three pairs and all files


def test_agreement_single_category_says_undefined(tmp_path: Path, capsys: Capture) -> None:
    for name in ("x.key", "y.key"):
        (tmp_path / name).write_text("i1 go%1\ni2 go%1\n", encoding="utf-8")
    status, out, _ = _agreement(capsys, str(tmp_path / "x.key"), str(tmp_path / "y.key"))
    assert status == 0
    assert "Pa 1.0000" in out
    assert "  Cohen's kappa          undefined undefined undefined  1 of 1 words" in out
    assert "nan" not in out.lower()


def test_agreement_bad_input(tmp_path: Path, capsys: Capture) -> None:
    empty = tmp_path / "empty.key"
    empty.write_text("", encoding="utf-8")
    for args, message in (
        ([ANN[0]], "two or more key files"),
        ([*ANN, ANN[0], "--merge-to", "0.8"], "exactly two key files"),
        ([*ANN, "--classes-out", "x.tsv"], "--classes-out needs --merge-to"),
        ([ANN[0], "/nonexistent/z.key"], "z.key"),
        (
            [ANN[0], str(empty), "--intersection"],
            "files ann_a.key, empty.key share no instance (empty.key: no key line)",
        ),
    ):
        status, out, err = _agreement(capsys, *args)
        assert status == 2 and out == "" and message in err and err.count("\n") == 1, args


def test_several_keys_per_line_are_shares_with_a_warning_or_a_ranking(
    tmp_path: Path, capsys: Capture
) -> None:
    """Several plain keys a line earn shares with a warning; --several-keys first and a
    ranked file score the first key."""
    gold = tmp_path / "gold.key"
    gold.write_text("d1 run%1\nd2 run%2\nd3 run%3\n", encoding="utf-8")
    top3 = tmp_path / "top3.key"
    top3.write_text("d1 run%1 run%2 run%3\nd2 run%2 run%1 run%3\nd3 run%1 run%3 run%2\n")
    argv = ["score", "--gold", str(gold), "--verb-thesaurus", TOY, "--alpha", "inf"]

    def precision(pred: Path, *extra: str) -> tuple[float, str]:
        assert main([*argv, "--pred", str(pred), "--json", *extra]) == 0
        out, err = capsys.readouterr()
        return json.loads(out)["overall"]["inf"]["precision"], err

    shares, warning = precision(top3)
    assert shares == pytest.approx(1 / 3)  # one right key of three on every line
    assert warning.startswith("wsd: warning: ") and "3 of 3 lines list several keys" in warning
    assert "--several-keys first" in warning and warning.count("\n") == 1
    first, quiet = precision(top3, "--several-keys", "first")
    assert first == pytest.approx(2 / 3) and quiet == ""
    ranked = tmp_path / "ranked.key"
    ranked.write_text(
        "d1 run%1:0.6 run%2:0.3 run%3:0.1\nd2 run%2:0.5 run%1:0.4 run%3:0.1\n"
        "d3 run%1:0.7 run%3:0.2 run%2:0.1\n"
    )
    by_rank, quiet = precision(ranked)
    assert by_rank == pytest.approx(2 / 3) and quiet == ""
    assert main([*argv, "--pred", str(ranked)]) == 0
    assert "ranked keys (key:score); the first key of each line is scored" in (
        capsys.readouterr().out
    )


def test_graded_scores_warn_when_the_keys_are_unknown_to_the_thesaurus(
    tmp_path: Path, capsys: Capture
) -> None:
    """Keys unknown to the thesaurus (Japanese keys against WordNet): one warning line."""
    gold, pred = tmp_path / "gold.key", tmp_path / "pred.key"
    gold.write_text("i1 材料を使う\ni2 消費する\ni3 人を使う\n", encoding="utf-8")
    pred.write_text("i1 道具を使う\ni2 消費する\ni3 雇う\n", encoding="utf-8")
    assert main(["score", "--gold", str(gold), "--pred", str(pred), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith("wsd: warning: thesaurus wordnet-verb")
    assert "does not know 3 of 3 gold keys and 3 of 3 answered keys" in err
    assert "(3 of 3 instances have an unknown gold key)" in err and "--verb-thesaurus" in err
    report = json.loads(out)
    assert report["warnings"] == [err.removeprefix("wsd: warning: ").strip()]
    verbs = DATA / "thesaurus" / "tsukau_verbs.tsv"
    argv = ["score", "--gold", str(gold), "--pred", str(pred), "--verb-thesaurus", str(verbs)]
    assert main([*argv, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and json.loads(out)["warnings"] == []


@pytest.mark.parametrize(
    ("text", "looks"),
    [
        ('{"format": "verb-wsd-model", "method": "mfs"}\n', "'{' like JSON"),
        ('{"id": "d1", "lemma": "run"}\n{"id": "d2", "lemma": "run"}\n', "'{' like JSON"),
        ('<?xml version="1.0"?>\n<corpus lang="en">\n', "'<' like XML"),
    ],
)
def test_a_file_that_is_not_a_key_file_is_refused_saying_what_it_looks_like(
    tmp_path: Path, capsys: Capture, text: str, looks: str
) -> None:
    other = tmp_path / "model.json"
    other.write_text(text, encoding="utf-8")
    status, out, err = _score(capsys, "--pred", str(other))  # the later --pred wins
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"wsd: error: {other}:1: not a key file: it starts with {looks}")


@pytest.mark.parametrize("key", ["say%2:32:0::", "say%2:32", "say%:32:00::", "Say%2:32:00:X"])
@pytest.mark.parametrize(
    "role", ["--gold", "--pred", "ranked", "--train-keys", "agreement", "compare"]
)
def test_a_malformed_wordnet_key_is_refused_naming_its_line(
    tmp_path: Path, capsys: Capture, key: str, role: str
) -> None:
    """A key shaped like WordNet's but malformed is an error naming its file and line."""
    good = tmp_path / "good.key"
    good.write_text("d1 say%2:32:00::\nd2 say%2:32:01::\n", encoding="utf-8")
    bad = tmp_path / "bad.key"
    field = f"{key}:0.5 say%2:32:00:::0.25" if role == "ranked" else key
    bad.write_text(f"d1 say%2:32:00::\nd2 {field}\n", encoding="utf-8")
    score = ["score", "--gold", str(good), "--pred", str(good), "--alpha", "inf"]
    argv = {
        "--gold": ["score", "--gold", str(bad), "--pred", str(good)],
        "--pred": ["score", "--gold", str(good), "--pred", str(bad)],
        "ranked": ["score", "--gold", str(good), "--pred", str(bad)],
        "--train-keys": [*score, "--train-keys", str(bad)],
        "agreement": ["agreement", str(good), str(bad)],
        "compare": ["compare", "--gold", str(good), str(bad), "--out", str(tmp_path / "out")],
    }[role]
    assert main([*argv, "--quiet"] if role == "compare" else argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"wsd: error: {bad}:2: ")
    assert f"sense key {key.lower()!r} is shaped like a WordNet sense key but malformed" in err
    assert not (tmp_path / "out").exists()


def test_the_unknown_key_warning_names_the_option_of_the_keys_part_of_speech(
    tmp_path: Path, capsys: Capture
) -> None:
    """A noun key unknown to the noun thesaurus: --noun-thesaurus, not --verb-thesaurus."""
    from evaluation.thesauri import Thesauri, unknown_keys_warnings
    from thesaurus import load

    gold, pred = tmp_path / "gold.key", tmp_path / "pred.key"
    gold.write_text("d1 run%1\nd2 bank%1:14:00::\n", encoding="utf-8")
    pred.write_text("d1 run%1\nd2 bank%1:99:00::\n", encoding="utf-8")
    toy = load(TOY)
    books = Thesauri.from_thesauri({"noun": toy, "verb": toy})
    notes = unknown_keys_warnings([("run%1",), ("bank%1:14:00::",)], [("bank%1:99:00::",)], books)
    assert len(notes) == 1 and notes[0].endswith("(--noun-thesaurus SPEC)")
    argv = ["score", "--gold", str(gold), "--pred", str(pred), "--alpha", "1"]
    assert main([*argv, "--verb-thesaurus", TOY, "--noun-thesaurus", TOY]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not know 1 of 1 gold keys" in err
    assert err.rstrip().endswith("(--noun-thesaurus SPEC)") and "--verb-thesaurus" not in err
    config_hint = unknown_keys_warnings([("bank%1:14:00::",)], [], books, hint=lambda p: p)
    assert [note.rsplit("; ", 1)[1] for note in config_hint] == ["noun"]
