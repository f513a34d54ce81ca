"""All-words scoring: every part of speech graded on its own thesaurus, the
breakdowns papers report checked against the official scorer, and significance that holds
for many systems."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import numpy as np
import pytest
from scorers import _official_scorer

from evaluation.acceptability import graded_credit
from evaluation.cli import main
from evaluation.thesauri import Thesauri, ThesaurusSpecs
from thesaurus import Thesaurus

Capture = pytest.CaptureFixture[str]

POS_SS = {"noun": "1", "verb": "2", "adj": "3", "adv": "4"}


# --- graded credit per part of speech, by hand ----------------------------------------------
def _toy_thesauri() -> Thesauri:
    """Three hand-made hierarchies sharing the lemma ``pet``'s spelling across parts of
    speech, so that only the part of speech can pick the right one.

    nouns:      ROOT -> animal -> {dog, cat};  ROOT -> plant -> tree
                pet%1:05:00:: = dog, pet%1:05:01:: = cat, pet%1:20:00:: = tree
                MAXLEN(pet) = LEN(dog, tree) = 4; LEN(dog, cat) = 2
    adjectives: ROOT -> group -> cluster -> {head, satellite};  ROOT -> far
                pet%3:00:00:: = head, pet%5:00:00:tame:00 = satellite, pet%3:00:01:: = far
                MAXLEN = LEN(head, far) = 4 (head up 3, far up 1); LEN(head, satellite) = 2
    adverbs:    ROOT -> {a, b}: two senses at LEN 2 = MAXLEN (a flat tree: exact match)
    """

    def tree(name: str, nodes: str, parents: list[int], keys: str, at: list[int]) -> Thesaurus:
        senses = keys.split()
        pet = {"pet": list(range(len(senses)))}
        return Thesaurus(name, "1", nodes.split(), np.array(parents), senses, np.array(at), pet)

    nouns = tree(
        "toy-nouns", "ROOT animal dog cat plant tree", [-1, 0, 1, 1, 0, 4],
        "pet%1:05:00:: pet%1:05:01:: pet%1:20:00::", [2, 3, 5],
    )  # fmt: skip
    adjectives = tree(
        "toy-adj", "ROOT group cluster head satellite far", [-1, 0, 1, 2, 2, 0],
        "pet%3:00:00:: pet%5:00:00:tame:00 pet%3:00:01::", [3, 4, 5],
    )  # fmt: skip
    adverbs = tree("toy-adv", "ROOT a b", [-1, 0, 0], "pet%4:02:00:: pet%4:02:01::", [1, 2])
    return Thesauri.from_thesauri({"noun": nouns, "adj": adjectives, "adv": adverbs})


# (answer, gold, credit at alpha 1, 2, inf), each derived from the docstring's LEN / MAXLEN
HAND = [
    ("pet%1:05:01::", "pet%1:05:00::", 2 / 4, (2 / 4) ** 2, 0.0),  # cat for dog
    ("pet%1:20:00::", "pet%1:05:00::", 0.0, 0.0, 0.0),  # tree for dog: MAXLEN apart
    ("pet%5:00:00:tame:00", "pet%3:00:00::", 2 / 4, (2 / 4) ** 2, 0.0),  # satellite for head
    ("pet%3:00:01::", "pet%3:00:00::", 0.0, 0.0, 0.0),
    ("pet%4:02:01::", "pet%4:02:00::", 0.0, 0.0, 0.0),  # flat adverbs: exact match
    ("pet%1:05:00::", "pet%1:05:00::", 1.0, 1.0, 1.0),
    ("pet%1:05:01::", "pet%3:00:00::", 0.0, 0.0, 0.0),  # a noun for an adjective
]


@pytest.mark.parametrize(("answer", "gold", "a1", "a2", "exact"), HAND)
def test_graded_credit_of_each_part_of_speech_by_hand(
    answer: str, gold: str, a1: float, a2: float, exact: float
) -> None:
    credit = graded_credit([[answer]], [[gold]], ["pet"], _toy_thesauri(), [1.0, 2.0, math.inf])
    assert credit.values[0].tolist() == pytest.approx([a1, a2, exact])


def test_an_answer_of_another_part_of_speech_is_counted() -> None:
    credit = graded_credit([["pet%1:05:01::"]], [["pet%3:00:00::"]], ["pet"], _toy_thesauri())
    assert credit.issues == {"predicted-other-pos": 1}


def test_a_part_of_speech_without_thesaurus_is_exact_match() -> None:
    books = Thesauri.from_thesauri({"noun": None})
    credit = graded_credit(
        [["pet%1:05:01::"]], [["pet%1:05:00::"]], ["pet"], books, [0.5, math.inf]
    )
    assert credit.values[0].tolist() == [0.0, 0.0]
    assert books.described()["noun"] == "exact match"


# --- on WordNet ----------------------------------------------------------------------------
def test_wordnet_pairs_of_nouns_adjectives_and_adverbs(wordnet: object) -> None:
    """Each key graded on the thesaurus of its part of speech, against values derived apart
    from our trees where we can: an adjective's two satellites of one head (``old:02`` in
    both keys) are LEN 2 in its cluster; a noun pair with single hypernym paths has NLTK's
    ``shortest_path_distance`` as LEN (thesaurus/README.md)."""
    from nltk.corpus import wordnet as wn

    books = Thesauri(ThesaurusSpecs())
    adj = books.of("adj")
    assert adj is not None and adj.maxlen("aged") == 6  # another sense is unrelated
    credit = graded_credit(
        [["aged%5:00:02:old:02"]], [["aged%5:00:01:old:02"]], ["aged"], books, [1.0]
    )
    assert credit.values[0, 0] == pytest.approx((6 - 2) / 6)

    adv = books.of("adv")
    assert adv is not None and adv.maxlen("quickly") == 4
    credit = graded_credit(
        [["quickly%4:02:02::"]], [["quickly%4:02:00::"]], ["quickly"], books, [1]
    )
    assert credit.values[0, 0] == pytest.approx(
        (4 - adv.sense_length("quickly%4:02:02::", "quickly%4:02:00::")) / 4
    )

    nouns = books.of("noun")
    assert nouns is not None
    a, b = "bank%1:14:00::", "bank%1:17:01::"
    synsets = [wn.lemma_from_key(k).synset() for k in (a, b)]
    assert all(len(s.hypernym_paths()) == 1 for s in synsets)
    length = synsets[0].shortest_path_distance(synsets[1], simulate_root=True)
    maxlen = nouns.maxlen("bank")
    credit = graded_credit([[a]], [[b]], ["bank"], books, [1.0])
    assert credit.values[0, 0] == pytest.approx((maxlen - length) / maxlen)
    assert 0 < credit.values[0, 0] < 1


# --- the breakdowns against the official scorer ------------------------------------------------
def _random_benchmark(seed: int) -> tuple[dict[str, set[str]], list[dict[str, set[str]]]]:
    """Gold and three systems over five datasets and four parts of speech (keys shaped like
    WordNet's, ``w3%1:00:02::``; several gold keys and several answers sometimes; missing
    lines)."""
    chance = random.Random(seed)
    gold: dict[str, set[str]] = {}
    for n in range(240):
        dataset = chance.choice(["senseval2", "senseval3", "semeval2007", "semeval2013", "se15"])
        pos = chance.choice(list(POS_SS))
        word = f"w{chance.randrange(12)}"
        keys = [f"{word}%{POS_SS[pos]}:00:0{k}::" for k in range(4)]
        gold[f"{dataset}.d000.s{n:03d}.t000"] = set(chance.sample(keys, chance.choice([1, 1, 2])))
    systems = []
    for _ in range(3):
        system = {}
        for instance, keys in gold.items():
            if chance.random() < 0.15:
                continue
            word, _, rest = next(iter(keys)).partition("%")
            options = [f"{word}%{rest[0]}:00:0{k}::" for k in range(4)]
            system[instance] = set(chance.sample(options, chance.choice([1, 1, 1, 2])))
        systems.append(system)
    return gold, systems


def _write(path: Path, keys: dict[str, set[str]]) -> None:
    path.write_text("".join(f"{i} {' '.join(sorted(k))}\n" for i, k in keys.items()), "utf-8")


def _group_of(instance: str, keys: set[str], breakdown: str) -> str:
    if breakdown == "dataset":
        return instance.split(".")[0]
    ss = next(iter(sorted(keys))).split("%")[1][0]
    return {"1": "nouns", "2": "verbs", "3": "adjectives", "4": "adverbs"}[ss]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_exact_totals_per_dataset_and_pos_equal_the_official_scorer(
    seed: int, tmp_path: Path, capsys: Capture
) -> None:
    gold, systems = _random_benchmark(seed)
    _write(tmp_path / "gold.key", gold)
    paths = []
    for k, system in enumerate(systems):
        paths.append(tmp_path / f"s{k}.key")
        _write(paths[-1], system)
    out = tmp_path / "out"
    argv = ["compare", "--gold", str(tmp_path / "gold.key"), *map(str, paths), "--out", str(out)]
    argv += ["--alpha", "inf", "--instances", "gold", "--quiet", "--no-plots", "--bootstrap", "0"]
    assert main(argv) == 0
    capsys.readouterr()
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    found = {b["name"]: {r["group"]: r for r in b["rows"]} for b in results["breakdowns"]}
    for breakdown in ("dataset", "pos"):
        groups = {_group_of(i, k, breakdown) for i, k in gold.items()}
        assert set(found[breakdown]) == groups
        for group in groups:
            ids = {i for i, k in gold.items() if _group_of(i, k, breakdown) == group}
            sub_gold = {i: gold[i] for i in ids}
            for k, system in enumerate(systems):
                expected = _official_scorer(sub_gold, {i: system[i] for i in ids if i in system})
                scores = found[breakdown][group]["scores"][f"s{k}"]["inf"]
                got = (scores["precision"], scores["recall"], scores["f1"])
                assert got == pytest.approx(expected), (breakdown, group, k)
    # wsd score breaks down the same way
    assert main(["score", "--gold", str(tmp_path / "gold.key"), "--pred", str(paths[0])]
                + ["--alpha", "inf", "--json"]) == 0  # fmt: skip
    report = json.loads(capsys.readouterr().out)
    for group, row in found["pos"].items():
        assert report["per_pos"][group]["inf"]["f1"] == pytest.approx(
            row["scores"]["s0"]["inf"]["f1"]
        )


# --- significance for many systems ------------------------------------------------------------
def test_twenty_systems_get_p_values_far_below_the_resample_floor(
    tmp_path: Path, capsys: Capture
) -> None:
    """With 20 systems x 4 alphas (760 Holm-adjusted tests) at the default 2,000 resamples a
    bootstrap p-value could never be significant; the paired t-test gives a large difference
    a p far below 0.001 and the run no warning about reachable significance."""
    chance = random.Random(5)
    gold = {f"d.s{n}.t0": {f"w{n % 7}%1:00:0{n % 3}::"} for n in range(600)}
    _write(tmp_path / "gold.key", gold)
    paths = []
    for k in range(20):
        skill = 0.3 + 0.6 * k / 19
        system = {
            i: keys if chance.random() < skill else {next(iter(keys)).replace(":00::", ":09::")}
            for i, keys in gold.items()
        }
        paths.append(tmp_path / f"sys{k:02d}.key")
        _write(paths[-1], system)
    out = tmp_path / "out"
    argv = ["compare", "--gold", str(tmp_path / "gold.key"), *map(str, paths), "--out", str(out)]
    assert main([*argv, "--quiet", "--no-plots"]) == 0
    err = capsys.readouterr().err
    assert "cannot make" not in err and "significant" not in err
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert len(results["significance"]) == 190
    extreme = next(t for t in results["significance"] if {t["a"], t["b"]} == {"sys00", "sys19"})
    assert extreme["difference"]["inf"]["p_holm"] < 1e-6
