"""Agreement per word, greedy sense classes per word, and the agreement upper bound.

Kappa is a per-word statistic: two annotators of an instance of *give* choose among the
senses of *give*, so chance agreement must come from the marginals of *give* alone.  Pooled
over many verbs, chance agreement counts pairs of senses of different verbs that can never
meet and is far too small, which inflates kappa (a rater who always answers each verb's
most frequent sense has kappa exactly 0 on every verb, yet a clearly positive pooled kappa).
Following Ng, Lim & Foo (1999) and seed 004 ("Media k": the arithmetic mean of the per-word
kappas) every statistic is computed per lemma and summarised as::

    mean_per_word           = mean over words with a defined kappa (the literature's figure)
    instance_weighted_mean  = sum_w N_w kappa_w / sum_w N_w over the same words
    pooled_over_lemmas      = the statistic of all instances at once (overstates; kept for
                              comparison with older reports)

A word whose instances all carry one sense (both raters) has an undefined kappa; it is
counted (``undefined``), never averaged in as 0, 1 or NaN.  ``Pa`` needs no such care: the
instance-weighted mean of the per-word ``Pa`` is the pooled ``Pa`` (seed 004's ``A / T``).

**Lemma of an instance** (:data:`LEMMA_RULE`): the most common lemma (the part of a sense
key before ``%``) among the annotators' keys for it, ties going to the earliest file (so
with two files, the first: the gold, when one file is gold).  A key of another lemma stays in
that instance's group (a real disagreement) and is counted in ``other_lemma_keys``.

**Several keys for one instance**: each file's *first* key is its label (``first_key``
rule, as in :func:`~evaluation.agreement.observed_agreement`).  ``wsd score`` instead gives
full credit to an answer equal to *any* gold key, so with multi-key gold, ``Pa`` is lower
than the exact-match precision of the same files.  The ``shared`` rule labels an instance
by a key that every file gives it, when there is one (the first in the first file's order),
which makes ``Pa`` equal exact-match precision for single-key answers.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np

from ._exceptions import AgreementError
from .agreement import (
    cohen_kappa,
    confusion_table,
    fleiss_kappa,
    greedy_merge,
    krippendorff_alpha,
    observed_agreement,
    scott_pi,
    sense_lemma,
    thesaurus_distance,
    weight_defaults,
    weighted_kappa,
)
from .measures import (
    ALPHA_DEFAULTS,
    VerbThesaurus,
    format_alpha,
    graded_credit,
    key_lemma,
    parse_alpha,
)

__all__ = [
    "LEMMA_RULE",
    "SEVERAL_KEYS_RULES",
    "agreement_upper_bound",
    "choose_labels",
    "group_by_lemma",
    "instance_lemmas",
    "merge_per_lemma",
    "multi_agreement",
    "pair_agreement",
    "summarise",
]

LEMMA_RULE = (
    "an instance's lemma is the most common lemma of its files' keys (the word owning the key"
    " in the verb thesaurus when one is given, else the key before '%'); ties go to the"
    " earliest file"
)
SEVERAL_KEYS_RULES = ("first", "shared")


def choose_labels(
    keys: Sequence[Mapping[str, Sequence[str]]], ids: Sequence[str], *, several: str = "first"
) -> tuple[list[list[str]], int]:
    """One label per file for each instance of ``ids``, and how many instances have several
    keys in some file.  ``several="first"``: each file's first key; ``"shared"``: a key all
    files give the instance (the first in the first file's order) when there is one.

    >>> files = [{"i": ("run%2", "run%3")}, {"i": ("run%3",)}]
    >>> choose_labels(files, ["i"]), choose_labels(files, ["i"], several="shared")
    (([['run%2'], ['run%3']], 1), ([['run%3'], ['run%3']], 1))
    """
    if several not in SEVERAL_KEYS_RULES:
        raise AgreementError(f"unknown rule for several keys {several!r} (first or shared)")
    labels: list[list[str]] = [[] for _ in keys]
    multiple = 0
    for i in ids:
        given = [k[i] for k in keys]
        if any(len(g) > 1 for g in given):
            multiple += 1
        chosen = [g[0] for g in given]
        if several == "shared" and len(set(chosen)) > 1:
            common = set(given[0]).intersection(*given[1:])
            if common:
                first = next(x for x in given[0] if x in common)
                chosen = [first] * len(given)
        for row, label in zip(labels, chosen, strict=True):
            row.append(label)
    return labels, multiple


def instance_lemmas(
    labels: Sequence[Sequence[str]], lemma_of: Callable[[str], str] = sense_lemma
) -> tuple[list[str], list[int]]:
    """The lemma of each instance (:data:`LEMMA_RULE`, with ``lemma_of`` giving a key's lemma:
    :func:`~evaluation.measures.key_lemma` of a thesaurus for any resource's sense ids) and,
    per file, how many of its labels are of another lemma.

    >>> instance_lemmas([["run%1", "run%2", "go%1"], ["run%1", "go%1", "run%1"]])
    (['run', 'run', 'go'], [0, 2])
    """
    if not labels:
        raise AgreementError("no annotation to compare")
    lemmas: list[str] = []
    other = [0] * len(labels)
    for column in zip(*labels, strict=True):
        own = [lemma_of(x) for x in column]
        counts = Counter(own)
        best = max(counts.values())
        lemma = next(x for x in own if counts[x] == best)  # earliest file among the ties
        lemmas.append(lemma)
        for f, x in enumerate(own):
            other[f] += x != lemma
    return lemmas, other


def group_by_lemma(lemmas: Sequence[str]) -> dict[str, list[int]]:
    """``{lemma: row indices}``, lemmas sorted.

    >>> group_by_lemma(["take", "give", "take"])
    {'give': [1], 'take': [0, 2]}
    """
    rows: dict[str, list[int]] = {}
    for row, lemma in enumerate(lemmas):
        rows.setdefault(lemma, []).append(row)
    return dict(sorted(rows.items()))


def _defined(function: Callable[..., float], *args: Any) -> float | None:
    """The statistic, or ``None`` when it is undefined (one category: chance agreement 1)."""
    try:
        return float(function(*args))
    except AgreementError:
        return None


def summarise(
    per_lemma: Mapping[str, Mapping[str, Any]], name: str, pooled: float | None
) -> dict[str, Any]:
    """Mean per word and instance-weighted mean of the statistic ``name`` over the words
    where it is defined, the pooled figure, and the counts of defined and undefined words.

    >>> rows = {"give": {"instances": 30, "k": 0.5}, "take": {"instances": 10, "k": 0.1},
    ...         "be": {"instances": 5, "k": None}}
    >>> s = summarise(rows, "k", pooled=0.6)
    >>> round(s["mean_per_word"], 4), round(s["instance_weighted_mean"], 4), s["undefined"]
    (0.3, 0.4, 1)
    """
    values = [(row[name], row["instances"]) for row in per_lemma.values()]
    defined = [(v, n) for v, n in values if v is not None]
    weight = sum(n for _, n in defined)
    return {
        "mean_per_word": sum(v for v, _ in defined) / len(defined) if defined else None,
        "instance_weighted_mean": sum(v * n for v, n in defined) / weight if weight else None,
        "pooled_over_lemmas": pooled,
        "defined": len(defined),
        "undefined": len(values) - len(defined),
    }


def pair_agreement(
    a: Sequence[str],
    b: Sequence[str],
    lemmas: Sequence[str],
    *,
    verbs: VerbThesaurus | None = None,
) -> dict[str, Any]:
    """Per-lemma ``Pa``, Cohen's kappa, Scott's pi (and, with ``verbs``, weighted kappa with
    the thesaurus distance) of two label lists, and their :func:`summarise` summaries.

    Returns ``{"instances", "lemmas", "observed", "statistics": {name: summary},
    "per_lemma": {lemma: {"instances", "observed", name: value or None}}}`` and, with
    ``verbs``, ``"weight_defaults"`` (:func:`~evaluation.agreement.weight_defaults`).

    >>> gold = ["give%1", "give%2", "take%1", "take%2"]
    >>> mfs = ["give%1", "give%1", "take%1", "take%1"]  # constant within each verb
    >>> cohen = pair_agreement(gold, mfs, ["give", "give", "take", "take"])["statistics"][
    ...     "cohen_kappa"]
    >>> cohen["mean_per_word"], round(cohen["pooled_over_lemmas"], 4)  # Pc .5 vs .25
    (0.0, 0.3333)
    """
    if not len(a) == len(b) == len(lemmas):
        raise AgreementError(
            f"labels ({len(a)}, {len(b)}) and lemmas ({len(lemmas)}) differ in length"
        )
    per_word: dict[str, Callable[..., float]] = {"cohen_kappa": cohen_kappa, "scott_pi": scott_pi}
    pooled = dict(per_word)
    if verbs is not None:
        distance = thesaurus_distance(verbs)
        per_word["weighted_kappa"] = partial(weighted_kappa, distance=distance)
        # pooled: keys of different lemmas are at distance 1 without asking the thesaurus
        pooled["weighted_kappa"] = partial(
            weighted_kappa, distance=distance, block=key_lemma(verbs)
        )
    per_lemma: dict[str, dict[str, Any]] = {}
    for lemma, rows in group_by_lemma(lemmas).items():
        xa, xb = [a[i] for i in rows], [b[i] for i in rows]
        row: dict[str, Any] = {"instances": len(rows), "observed": observed_agreement(xa, xb)}
        row.update({name: _defined(fn, xa, xb) for name, fn in per_word.items()})
        per_lemma[lemma] = row
    summaries = {
        name: summarise(per_lemma, name, _defined(pooled[name], a, b)) for name in per_word
    }
    report: dict[str, Any] = {
        "instances": len(a),
        "lemmas": len(per_lemma),
        "observed": observed_agreement(a, b),
        "statistics": summaries,
        "per_lemma": per_lemma,
    }
    if verbs is not None:
        report["weight_defaults"] = weight_defaults(a, b, verbs)
    return report


def multi_agreement(labels: Sequence[Sequence[str]], lemmas: Sequence[str]) -> dict[str, Any]:
    """Fleiss' kappa and Krippendorff's alpha of all files, per lemma (with the mean pairwise
    ``Pa`` as ``observed``) and summarised."""
    items = list(zip(*labels, strict=True))
    pairs = list(itertools.combinations(range(len(labels)), 2))

    def observed(rows: list[int]) -> float:
        agree = sum(items[i][x] == items[i][y] for i in rows for x, y in pairs)
        return agree / (len(rows) * len(pairs))

    statistics: dict[str, Callable[[list[Any]], float]] = {
        "fleiss_kappa": lambda rows: fleiss_kappa([items[i] for i in rows]),
        "krippendorff_alpha": lambda rows: krippendorff_alpha(
            [[x[i] for i in rows] for x in labels]
        ),
    }
    per_lemma = {
        lemma: {
            "instances": len(rows),
            "observed": observed(rows),
            **{n: _defined(f, rows) for n, f in statistics.items()},
        }
        for lemma, rows in group_by_lemma(lemmas).items()
    }
    every = list(range(len(items)))
    return {
        "statistics": {
            name: summarise(per_lemma, name, _defined(f, every)) for name, f in statistics.items()
        },
        "per_lemma": per_lemma,
    }


MERGE_OUTCOMES = ("unchanged", "merged", "single-class", "single-category")


def merge_per_lemma(
    a: Sequence[str],
    b: Sequence[str],
    lemmas: Sequence[str],
    k_min: float,
    *,
    statistic: str = "scott",
) -> tuple[dict[str, Any], dict[str, list[frozenset[str]]]]:
    """Ng et al.'s greedy merging applied to each lemma's instances, with the seed's summary.

    Each lemma ends ``unchanged`` (kappa already >= ``k_min``), ``merged`` (two or more
    classes reaching ``k_min``), ``single-class`` (everything merged into one class: kappa
    undefined, *not* 1) or ``single-category`` (one sense only before merging: kappa
    undefined, nothing to merge).  ``summary["with_classes"]`` mirrors the seed's results
    table over the words left with two or more classes: mean number of senses (distinct keys
    used by the raters), agreeing instances ``A``, instances ``T``, ``Pa = A / T`` and the
    mean per-word kappa, before and after merging.  Returns the report and the classes of
    every lemma (single-category lemmas: each key its own class), for a class table.
    """
    per_lemma: dict[str, dict[str, Any]] = {}
    classes: dict[str, list[frozenset[str]]] = {}
    for lemma, rows in group_by_lemma(lemmas).items():
        xa, xb = [a[i] for i in rows], [b[i] for i in rows]
        senses = confusion_table(xa, xb)[0]
        entry: dict[str, Any] = {"instances": len(rows), "senses_before": len(senses)}
        try:
            result = greedy_merge(xa, xb, k_min, statistic=statistic)
        except AgreementError:
            classes[lemma] = [frozenset([s]) for s in senses]
            entry["outcome"] = "single-category"
            per_lemma[lemma] = entry
            continue
        classes[lemma] = result.classes
        entry.update(
            outcome="single-class"
            if result.single_class
            else "merged"
            if result.steps
            else "unchanged",
            senses_after=len(result.classes),
            observed_before=result.observed_before,
            observed_after=result.observed_after,
            kappa_before=result.kappa_before,
            kappa_after=result.kappa_after,
            classes=[sorted(c) for c in result.classes],
        )
        per_lemma[lemma] = entry
    outcomes = Counter(e["outcome"] for e in per_lemma.values())
    kept = [e for e in per_lemma.values() if e["outcome"] in {"unchanged", "merged"}]
    summary: dict[str, Any] = {
        "words": len(per_lemma),
        "outcomes": {name: outcomes[name] for name in MERGE_OUTCOMES},
        "with_classes": _seed_table(kept) if kept else None,
    }
    return {"statistic": statistic, "k_min": k_min, "summary": summary, "per_lemma": per_lemma}, (
        classes
    )


def _seed_table(entries: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    total = sum(e["instances"] for e in entries)
    row: dict[str, Any] = {"words": len(entries), "instances": total}
    for when in ("before", "after"):
        agree = sum(round(e[f"observed_{when}"] * e["instances"]) for e in entries)
        row[when] = {
            "mean_senses": float(np.mean([e[f"senses_{when}"] for e in entries])),
            "agree": agree,
            "observed": agree / total,
            "mean_kappa": float(np.mean([e[f"kappa_{when}"] for e in entries])),
        }
    return row


def _read_key_file(path: str | os.PathLike[str]) -> dict[str, tuple[str, ...]]:
    from thesaurus import ToolkitError
    from wsd.corpus.keys import read_keys

    try:
        return read_keys(path)
    except ToolkitError as exc:
        message = str(exc)
        raise AgreementError(message if str(path) in message else f"{path}: {message}") from exc


def agreement_upper_bound(
    key_files: Sequence[str | os.PathLike[str]],
    *,
    instances: Iterable[str] | None = None,
    lemmas: Iterable[str] | None = None,
    verb_thesaurus: VerbThesaurus | str | None = None,
    alphas: Sequence[float] = ALPHA_DEFAULTS,
    several: str = "first",
    instance_lemma: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The inter-annotator upper bound of a WSD experiment from two key files.

    Every input is checked first (alphas, the ``several`` rule, the two files: a bad file
    raises :class:`~evaluation.AgreementError` naming it).  The files are restricted to
    ``instances`` (ids; those missing from a file are counted) and compared on the instances
    both annotate, never silently: ``n_shared``, ``n_only_a``, ``n_only_b`` are recorded.  With
    ``lemmas``, only instances of those lemmas (:data:`LEMMA_RULE`) are kept (``n_other_lemma``
    counts the rest).  ``verb_thesaurus`` (an object or a spec for ``thesaurus.load``) adds the
    graded agreement ``A_alpha = mean_i A_alpha(a_i, b_i)`` (acceptability between the two
    annotations' first keys, the way a system's precision is scored); without it only
    ``alpha = inf`` (= ``Pa``) is given.  ``instance_lemma`` (``{instance id: verb}``, what
    an experiment knows) gives each instance's verb instead of :data:`LEMMA_RULE`; keys of
    another verb are counted in ``other_lemma_keys``.

    Returns a JSON-ready dict: ``available``, ``files``, the counts, ``instances`` (used),
    ``total`` and ``per_lemma`` (``observed``, ``cohen_kappa``, ``scott_pi``,
    ``acceptability`` ``{alpha: mean}``; in ``total`` each kappa is a :func:`summarise`
    summary: ``mean_per_word``, ``instance_weighted_mean``, ``pooled_over_lemmas``), and
    ``note``, one line for a report.
    """
    files = [str(p) for p in key_files]
    if len(files) != 2:
        raise AgreementError(f"the upper bound compares exactly two key files, got {len(files)}")
    wanted_alphas = tuple(dict.fromkeys(parse_alpha(x) for x in alphas))
    if several not in SEVERAL_KEYS_RULES:
        raise AgreementError(f"unknown rule for several keys {several!r} (first or shared)")
    keys = [_read_key_file(p) for p in files]
    verbs = verb_thesaurus
    if isinstance(verbs, str):
        import thesaurus

        verbs = thesaurus.load(verbs)
    counts: dict[str, int] = {}
    if instances is not None:
        requested = set(instances)
        counts["n_requested"] = len(requested)
        counts["n_missing_a"] = len(requested - keys[0].keys())
        counts["n_missing_b"] = len(requested - keys[1].keys())
        keys = [{i: k for i, k in f.items() if i in requested} for f in keys]
    shared = sorted(keys[0].keys() & keys[1].keys())
    counts.update(
        n_shared=len(shared),
        n_only_a=len(keys[0]) - len(shared),
        n_only_b=len(keys[1]) - len(shared),
    )
    (a, b), several_keys = choose_labels(keys, shared, several=several)
    lemma_of = key_lemma(verbs)
    if instance_lemma is not None:  # the experiment knows each instance's verb
        lemma_list = [instance_lemma.get(i, "") for i in shared]
        other = [sum(lemma_of(x) != w for x, w in zip(f, lemma_list, strict=True)) for f in (a, b)]
    elif shared:
        lemma_list, other = instance_lemmas([a, b], lemma_of)
    else:
        lemma_list, other = [], [0, 0]
    if lemmas is not None:
        keep_lemmas = set(lemmas)
        rows = [r for r, lemma in enumerate(lemma_list) if lemma in keep_lemmas]
        counts["n_other_lemma"] = len(shared) - len(rows)
        a, b = [a[r] for r in rows], [b[r] for r in rows]
        lemma_list = [lemma_list[r] for r in rows]
    if not a:
        raise AgreementError(
            f"no instance to compare in {files[0]} and {files[1]} "
            + ", ".join(f"{k} {v}" for k, v in counts.items())
        )
    pair = pair_agreement(a, b, lemma_list)
    scores, issues = _graded_agreement(a, b, lemma_list, verbs, wanted_alphas)
    per_lemma = pair["per_lemma"]
    for lemma, rows_of in group_by_lemma(lemma_list).items():
        per_lemma[lemma]["acceptability"] = {
            alpha: float(column[rows_of].mean()) for alpha, column in scores.items()
        }
    total = {
        "observed": pair["observed"],
        **pair["statistics"],
        "acceptability": {alpha: float(column.mean()) for alpha, column in scores.items()},
    }
    report: dict[str, Any] = {
        "available": True,
        "files": files,
        **counts,
        "instances": len(a),
        "lemmas": pair["lemmas"],
        "lemma_rule": LEMMA_RULE,
        "other_lemma_keys": {"a": other[0], "b": other[1]},
        "several_keys": {"rule": several, "instances": several_keys},
        "acceptability_issues": issues,
        "total": total,
        "per_lemma": per_lemma,
    }
    report["note"] = _note(report)
    return report


def _graded_agreement(
    a: Sequence[str],
    b: Sequence[str],
    lemmas: Sequence[str],
    verbs: VerbThesaurus | None,
    alphas: Sequence[float],
) -> tuple[dict[str, np.ndarray], dict[str, int]]:
    """Per-instance ``A_alpha(a_i, b_i)`` by alpha label; exact match only without a thesaurus."""
    if verbs is None:
        return {"inf": np.array([x == y for x, y in zip(a, b, strict=True)], dtype=float)}, {}
    credit = graded_credit([(x,) for x in a], [(y,) for y in b], lemmas, verbs, alphas)
    columns = {format_alpha(alpha): credit.values[:, j] for j, alpha in enumerate(credit.alphas)}
    return columns, dict(sorted(credit.issues.items()))


def _note(report: Mapping[str, Any]) -> str:
    total = report["total"]
    scott = total["scott_pi"]

    def show(value: float | None) -> str:
        return "undefined" if value is None else f"{value:.3f}"

    graded = ", ".join(f"A_{alpha} {value:.3f}" for alpha, value in total["acceptability"].items())
    return (
        f"Pa {total['observed']:.3f}, mean per-word kappa (Scott) {show(scott['mean_per_word'])}"
        f" over {scott['defined']} words ({scott['undefined']} undefined),"
        f" pooled over lemmas {show(scott['pooled_over_lemmas'])}; {graded};"
        f" {report['instances']} instances annotated in both files"
        f" (only in a: {report['n_only_a']}, only in b: {report['n_only_b']})"
    )
