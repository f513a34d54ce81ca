"""The instance browser's data, filters and JSON lines (evaluation/report/browser/), on three
hand-made systems over a small all-words sample with WordNet keys (tests/data/browser):
each filter against the same rule counted straight from the key files."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from browser_sample import DATA, GOLD, SYSTEMS, compare_sample, read_keys

from evaluation import EvaluationError
from evaluation.cli import main
from evaluation.experiment import ComparisonResult
from evaluation.report.browser import instance_table, instances_page, parse_where, select

Capture = pytest.CaptureFixture[str]


@pytest.fixture(scope="module")
def keys(wordnet: object) -> dict[str, dict[str, list[str]]]:
    """The gold and every system's keys, read straight from the files."""
    return {"gold": read_keys(GOLD), **{s: read_keys(DATA / f"{s}.key") for s in SYSTEMS}}


@pytest.fixture(scope="module")
def comparison(wordnet: object) -> ComparisonResult:
    return compare_sample()


@pytest.fixture(scope="module")
def table(comparison: ComparisonResult):  # type: ignore[no-untyped-def]
    return instance_table(comparison)


def right(answer: list[str], gold: list[str]) -> bool:
    return bool(answer) and all(key in gold for key in answer)


def counted(keys: dict[str, dict[str, list[str]]], rule: Callable[[str], bool]) -> int:
    return sum(1 for ident in keys["gold"] if rule(ident))


def test_the_table_holds_every_instance_with_its_sentence(table) -> None:  # type: ignore[no-untyped-def]
    assert len(table) == 20 and table.systems == SYSTEMS
    assert set(table.datasets) == {"senseval2", "semeval2007"}
    i = table.ids.index("semeval2007.d000.s003.t001")
    sentence, position = table.context[i]
    assert table.sentences[sentence][position] == "bank"
    assert "<rest>" in table.sentences[sentence]  # read from the XML beside the gold file
    assert table.context_note is None
    assert table.unseen is not None and table.folds is None


def test_each_answer_key_has_its_path_length_to_the_gold(table) -> None:  # type: ignore[no-untyped-def]
    import thesaurus

    verbs = thesaurus.load("wordnet-verb")
    i = table.ids.index("senseval2.d000.s000.t000")  # run: direct or control, alpha: move fast
    assert table.answers["alpha"][i] == ("run%2:38:00::",)
    assert table.lengths["alpha"][i] == (verbs.sense_length("run%2:38:00::", "run%2:41:02::"),)
    j = table.ids.index("semeval2007.d000.s001.t001")  # drive answered with a key of run
    assert table.lengths["gamma"][j] == (None,)
    k = table.ids.index("senseval2.d000.s002.t001")  # eat, two gold keys, gamma two answers
    assert table.lengths["gamma"][k][0] == 0 and table.lengths["gamma"][k][1] > 0


FILTERS: dict[str, Callable[[dict, str], bool]] = {  # type: ignore[type-arg]
    "dataset=senseval2": lambda k, i: i.startswith("senseval2."),
    "pos=noun": lambda k, i: k["gold"][i][0].split("%")[1][0] == "1",
    "lemma=run": lambda k, i: k["gold"][i][0].startswith("run%"),
    "lemma=*AN*": lambda k, i: k["gold"][i][0].startswith("bank%"),
    "disagree": lambda k, i: len({frozenset(k[s].get(i, [])) for s in SYSTEMS}) > 1,
    "all-wrong": lambda k, i: not any(right(k[s].get(i, []), k["gold"][i]) for s in SYSTEMS),
    "all-right": lambda k, i: all(right(k[s].get(i, []), k["gold"][i]) for s in SYSTEMS),
    "only-right=gamma": lambda k, i: (
        right(k["gamma"].get(i, []), k["gold"][i])
        and not any(right(k[s].get(i, []), k["gold"][i]) for s in ("alpha", "beta"))
    ),
    "right=alpha&wrong=beta": lambda k, i: (
        right(k["alpha"][i], k["gold"][i]) and not right(k["beta"][i], k["gold"][i])
    ),
    "abstains=gamma": lambda k, i: i not in k["gamma"],
    "wrong=gamma": lambda k, i: not right(k["gamma"].get(i, []), k["gold"][i]),
}


@pytest.mark.parametrize("term", list(FILTERS))
def test_each_filter_selects_what_its_rule_says(term: str, keys, table) -> None:  # type: ignore[no-untyped-def]
    expected = counted(keys, lambda i: FILTERS[term](keys, i))
    assert len(select(table, parse_where([term]))) == expected
    assert expected > 0  # the sample has instances of every kind


def test_first_sense_and_unseen_groups_split_the_instances(table) -> None:  # type: ignore[no-untyped-def]
    first = len(select(table, parse_where(["first-sense"])))
    other = len(select(table, parse_where(["not-first-sense"])))
    assert (first, other) == (10, 10)
    groups = [
        len(select(table, parse_where([g]))) for g in ("seen-sense", "unseen-sense", "unseen-verb")
    ]
    assert sum(groups) == 20 and groups[2] == 2  # big (an adjective) is not in train.key


def test_near_misses_are_wrong_with_credit(table) -> None:  # type: ignore[no-untyped-def]
    rows = select(table, parse_where(["near-miss=beta", "alpha=0.5"]))
    a = table.alphas.index("0.5")
    beta = table.right("beta")
    assert rows and all(not beta[i] and table.credit["beta"][a][i] > 0 for i in rows)
    wrong = [i for i in range(len(table)) if not beta[i]]
    assert len(rows) == sum(1 for i in wrong if table.credit["beta"][a][i] > 0)


def test_sorting_is_stable_and_reversible(table) -> None:  # type: ignore[no-untyped-def]
    rows = select(table, parse_where(["sort=right"]))
    counts = [sum(table.right(s)[i] for s in SYSTEMS) for i in rows]
    assert counts == sorted(counts) and counts[0] == 0
    ties = [i for i, n in zip(rows, counts, strict=True) if n == counts[-1]]
    assert ties == sorted(ties)  # the report's order within a tie
    down = select(table, parse_where(["sort=-credit:gamma", "alpha=1"]))
    a = table.alphas.index("1")
    values = [table.credit["gamma"][a][i] for i in down]
    assert values == sorted(values, reverse=True)
    assert select(table, parse_where(["sort=id"])) == sorted(
        range(len(table)), key=lambda i: table.ids[i]
    )


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["sideways"], "unknown term 'sideways'"),
        (["pos=pronoun"], "pos is one of noun, verb"),
        (["dataset"], "give a value"),
        (["all-wrong=alpha"], "takes no value"),
        (["sort=weight"], "sort by lemma, id, right"),
        (["alpha=1", "alpha=2"], "alpha= is given twice"),
    ],
)
def test_bad_terms_are_named(words: list[str], message: str) -> None:
    with pytest.raises(EvaluationError, match=re.escape(message)):
        parse_where(words)


def test_terms_are_checked_against_the_result(table) -> None:  # type: ignore[no-untyped-def]
    for words, message in (
        (["right=delta"], "no method 'delta' (have: alpha, beta, gamma)"),
        (["sort=credit:delta"], "no method 'delta'"),
        (["alpha=3"], "alpha=3: not scored"),
        (["dataset=senseval3"], "no such dataset (have: semeval2007, senseval2)"),
    ):
        with pytest.raises(EvaluationError, match=re.escape(message)):
            parse_where(words).check_table(table)


def test_the_address_and_the_command_line_are_the_same_terms() -> None:
    where = parse_where(["pos=verb", "right=my system", "sort=-credit:my system"])
    assert where.address() == "pos=verb&right=my%20system&sort=-credit:my%20system"
    assert parse_where([where.address()]) == where


def test_the_page_is_one_self_contained_file(comparison: ComparisonResult) -> None:
    page = instances_page(comparison)
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(?:src|href)\s*=\s*["'](?!#|report\.html)""", page)
    assert "<link" not in page and "@import" not in page and "url(" not in page
    blob = page.split('<script type="application/json" id="data">')[1].split("</script>")[0]
    assert "<" not in blob  # nothing in the data can open or close a tag
    data = json.loads(blob)
    assert data["systems"] == list(SYSTEMS) and len(data["id"]) == 20
    assert any("&" in forms and "<rest>" in forms for forms in data["sentences"])
    key = data["senseKey"].index("bank%1:14:00::")
    assert data["senseGloss"][key].startswith("a financial institution")
    assert data["senseNumber"][key] == 2  # WordNet's second sense of bank


def run_compare(tmp_path: Path, *extra: str) -> tuple[int, str]:
    systems = [str(DATA / f"{s}.key") for s in SYSTEMS]
    argv = ["compare", "--gold", str(GOLD), *systems, "--out", str(tmp_path / "out")]
    argv += ["--instances", "gold", "--bootstrap", "0", "--no-plots", *extra]
    return main(argv), ""


def test_instances_out_writes_the_view_as_json_lines(tmp_path: Path, keys, capsys: Capture) -> None:  # type: ignore[no-untyped-def]
    lines = tmp_path / "errors.jsonl"
    code, _ = run_compare(tmp_path, "--instances-out", str(lines), "--where", "all-wrong")
    assert code == 0
    records = [json.loads(line) for line in lines.read_text().splitlines()]
    expected = [i for i in keys["gold"] if FILTERS["all-wrong"](keys, i)]
    assert [r["id"] for r in records] == expected
    first = records[0]
    assert first["sentence"] == "What is [[eating]] you ?"
    assert first["gold_glosses"][0].startswith("worry or cause anxiety")
    assert first["right"] == 0 and not first["answers"]["alpha"]["right"]
    assert set(first["answers"]["alpha"]["credit"]) == {"0.5", "1", "2", "inf"}
    assert "instances-out: 1 of 20 instances (all-wrong)" in capsys.readouterr().err
    assert (tmp_path / "out" / "instances.html").is_file()


def test_no_instances_html_leaves_the_page_out(tmp_path: Path) -> None:
    """Without the page, the report does not link to it, and a page an earlier report left
    in the folder goes (it is one of the report's files)."""
    assert run_compare(tmp_path)[0] == 0
    assert (tmp_path / "out" / "instances.html").is_file()
    code, _ = run_compare(tmp_path, "--no-instances-html")
    assert code == 0
    report = (tmp_path / "out" / "report.html").read_text()
    assert not (tmp_path / "out" / "instances.html").exists()
    assert "instances.html" not in report


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--where", "all-wrong"], "--where chooses the instances of --instances-out FILE"),
        (["--instances-out", "x.jsonl", "--where", "right=delta"], "no method 'delta'"),
        (["--instances-out", "x.jsonl", "--where", "dataset=x"], "no such dataset"),
        (["--instances-out", "x.jsonl", "--where", "seen-sense"], "needs the training data"),
    ],
)
def test_bad_views_stop_the_command_with_one_line(
    tmp_path: Path, extra: list[str], message: str, capsys: Capture
) -> None:
    extra = [str(tmp_path / e) if e.endswith(".jsonl") else e for e in extra]
    code, _ = run_compare(tmp_path, *extra)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and message in err[-1] and err[-1].startswith("wsd: error: ")
    assert not (tmp_path / "out").exists()  # nothing written: the view is checked first


def test_instances_out_may_not_overwrite_an_input(tmp_path: Path) -> None:
    code, _ = run_compare(tmp_path, "--instances-out", str(DATA / "alpha.key"))
    assert code == 2


def test_a_cross_validation_shows_its_sentences_and_folds(result) -> None:  # type: ignore[no-untyped-def]
    """``wsd evaluate``'s page: the corpus's sentences, each instance's fold, the methods."""
    table = instance_table(result)
    assert table.systems == result.labels and table.kind == "cross-validation"
    assert table.folds is not None and set(table.folds) == {0, 1, 2}
    assert all(c is not None for c in table.context) and table.context_note is None
    sentence, position = table.context[0]
    assert table.sentences[sentence][position] == table.lemmas[0]
    assert table.unseen is not None  # each fold against its own training part
    data = json.loads(instances_page(result).split('id="data">')[1].split("</script>")[0])
    assert data["fold"] == list(table.folds) and data["kind"] == "cross-validation"
