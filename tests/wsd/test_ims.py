"""The supervised comparator (``ims``) and the hybrid on hand-made data."""

from __future__ import annotations

import json
import warnings
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from wsd import CaseFrame, Filler, Instance, Sentence, Token
from wsd._exceptions import ModelError
from wsd.methods import IMSWSD, HybridWSD, load_model, make_method, save_model
from wsd.methods.supervised import COLLOCATIONS, frame_features, ims_features
from wsd.normalise import normalise_tokens


def sent(text: str, tags: str, target: int, sense: str | None = None, **frame: str) -> Instance:
    forms = text.split()
    tokens = normalise_tokens(forms, tags.split(), lang="xx")  # lemmas = forms, no WordNet
    fillers = CaseFrame(tuple((case, Filler(lemma)) for case, lemma in frame.items()))
    gold = (sense,) if sense else ()
    return Instance(f"{text}#{target}", "use", gold, Sentence(text, tokens), target, fillers)


# --- features --------------------------------------------------------------------------------
def test_ims_features_by_hand() -> None:
    instance = sent("They used the old hammer .", "PRP VBD DT JJ NN .", 1)
    features = ims_features(instance)
    pos = [f for f in features if f.startswith("P")]
    assert pos == ["P-3=_", "P-2=_", "P-1=PRON", "P0=VERB", "P1=DET", "P2=ADJ", "P3=NOUN"]
    colloc = {f.split("=")[0]: f.split("=", 1)[1] for f in features if f.startswith("C")}
    assert len(colloc) == len(COLLOCATIONS) == 11
    assert colloc["C-1,1"] == "they used the" and colloc["C1,3"] == "the old hammer"
    assert colloc["C-3,-1"] == "_ _ they"  # "_" beyond the sentence
    assert colloc["C-2,-2"] == "_" and colloc["C2,2"] == "old"
    bag = [f for f in features if f.startswith("W=")]
    assert bag == ["W=old", "W=hammer"]  # content words only, the target left out
    assert ims_features(instance, ("bag",)) == bag


def test_frame_features_by_hand() -> None:
    instance = sent("they used hammers", "PRP VBD NNS", 1, subj="person", obj="hammer")

    def classes(filler: Filler) -> list[str]:
        return ["H:tool", "H:thing"] if filler.lemma == "hammer" else []

    assert frame_features(instance, classes) == [
        "F:subj",
        "F:subj=person",
        "F:obj",
        "F:obj=hammer",
        "H:obj=tool",
        "H:obj=thing",
    ]
    assert frame_features(sent("x", "NN", 0)) == []


# --- learning --------------------------------------------------------------------------------
def _train() -> list[Instance]:
    """use#2 (wield) whenever "carefully" follows the verb, use#1 (employ) after "they"."""
    out = []
    for k in range(6):
        out.append(sent(f"he used it carefully {k}", "PRP VBD PRP RB CD", 1, "use#2"))
        out.append(sent(f"they used people {k}", "PRP VBD NNS CD", 1, "use#1"))
    out.append(sent("we used bread", "PRP VBD NN", 1, "use#3"))
    return out


def test_ims_learns_local_collocations(world: dict[str, str]) -> None:
    model = IMSWSD(verb_thesaurus=world["verb_thesaurus"]).fit(_train())
    probes = [
        sent("she used it carefully", "PRP VBD PRP RB", 1),
        sent("they used workers", "PRP VBD NNS", 1),
    ]
    first, second = model.rank(probes)
    assert (first.sense, second.sense) == ("use#2", "use#1")
    for p in (first, second):
        scores = [score for _, score in p.ranking]
        assert sum(scores) == pytest.approx(1.0) and scores == sorted(scores, reverse=True)
        expected = 0.5 * scores[0] + 0.5 * (scores[0] - scores[1])
        assert p.confidence == pytest.approx(expected) and p.fallback is None


def test_a_binary_problem_scores_plus_and_minus_the_decision_value(world: dict[str, str]) -> None:
    train = [i for i in _train() if i.gold != ("use#3",)]
    model = IMSWSD(verb_thesaurus=world["verb_thesaurus"], temperature=2.0).fit(train)
    verb = model.verbs_["use"]
    assert verb.coef.shape[0] == 2
    np.testing.assert_allclose(verb.coef[0], -verb.coef[1])
    (p,) = model.rank([sent("she used it carefully", "PRP VBD PRP RB", 1)])
    d = np.log(dict(p.ranking)["use#2"] / dict(p.ranking)["use#1"])  # = 2 * value / T
    assert d > 0


def test_one_sense_verbs_and_unseen_verbs(world: dict[str, str]) -> None:
    train = [sent(f"he used it {k}", "PRP VBD PRP CD", 1, "use#2") for k in range(3)]
    model = IMSWSD(verb_thesaurus=world["verb_thesaurus"]).fit(train)
    assert model.verbs_["use"].vocab == {}  # no classifier for one training sense
    (p,) = model.rank([sent("we used bread", "PRP VBD NN", 1)])
    assert p.ranking == (("use#2", 1.0),) and p.fallback is None
    eat = Instance("e", "eat", (), Sentence("e", (Token("eat", "eat", "VERB"),)), 0)
    (q,) = model.rank([eat])
    assert q.sense == "eat#1" and q.fallback == "first-sense:unknown-verb"


def test_min_count_drops_rare_features(world: dict[str, str]) -> None:
    train = _train()
    full = IMSWSD(verb_thesaurus=world["verb_thesaurus"]).fit(train).verbs_["use"]
    pruned = IMSWSD(verb_thesaurus=world["verb_thesaurus"], min_count=6).fit(train)
    vocab = pruned.verbs_["use"].vocab
    assert 0 < len(vocab) < len(full.vocab)
    assert "C2,2=carefully" in vocab and not any(f.endswith(" 5") for f in vocab)
    none_left = IMSWSD(verb_thesaurus=world["verb_thesaurus"], min_count=100).fit(train)
    (p,) = none_left.rank([sent("she used it carefully", "PRP VBD PRP RB", 1)])
    assert p.sense == "use#1"  # no feature left: the most frequent training sense (tie -> #1)


def test_hybrid_reads_the_fillers_thesaurus_classes(world: dict[str, str]) -> None:
    train = [sent(f"x used y {k}", "NN VBD NN CD", 1, "use#2", obj="hammer") for k in range(4)] + [
        sent(f"x used y {k}", "NN VBD NN CD", 1, "use#3", obj="bread") for k in range(4)
    ]
    model = HybridWSD(**world, pos=False, bag=False, collocations=False).fit(train)
    features = model.verbs_["use"].vocab
    assert {"F:obj=hammer", "H:obj=tool", "H:obj=thing", "H:obj=food"} <= set(features)
    # knife was never seen, but shares "tool" with hammer; apple shares "food" with bread
    knife, apple = model.rank(
        [
            sent("x used y", "NN VBD NN", 1, obj="knife"),
            sent("x used y", "NN VBD NN", 1, obj="apple"),
        ]
    )
    assert (knife.sense, apple.sense) == ("use#2", "use#3")
    flat = HybridWSD(**world, filler_hypernyms="none", pos=False, bag=False, collocations=False)
    assert not any(f.startswith("H:") for f in flat.fit(train).verbs_["use"].vocab)


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("ims", {"C": 0}, r"C must be a number in \[1e-6, 1000000\], got 0"),
        ("ims", {"temperature": -1.0}, r"temperature must be a number in \[1e-6, 1000000\]"),
        ("ims", {"window": "page"}, r'window must be "sentence" or an integer in \[1, 1000000\]'),
        ("ims", {"min_count": 0}, r"min_count must be an integer in \[1, 1000000\]"),
        ("ims", {"pos": False, "bag": False, "collocations": False}, "every feature group"),
        ("ims", {"pos": "yes"}, "pos must be true or false"),
        ("hybrid", {"filler_hypernyms": "some"}, "filler_hypernyms must be one of"),
    ],
)
def test_bad_parameters_name_the_value(name: str, params: dict[str, object], message: str) -> None:
    with pytest.raises(ModelError, match=message):
        make_method(name, **params)
    if name == "hybrid":  # the frame features alone are a valid hybrid
        make_method("hybrid", pos=False, bag=False, collocations=False)


def test_model_files_store_float16_weights_and_refuse_corruption(
    world: dict[str, str], tmp_path: Path
) -> None:
    model = IMSWSD(verb_thesaurus=world["verb_thesaurus"]).fit(_train())
    path = tmp_path / "ims.json"
    save_model(model, path)
    document = json.loads(path.read_text())
    coef = document["verbs"]["use"]["coef"]
    assert coef["dtype"] == "float16" and coef["shape"][0] == 3
    assert load_model(path).verbs_["use"].coef.tolist() == model.verbs_["use"].coef.tolist()
    coef["shape"] = [3, 1]
    path.write_text(json.dumps(document))
    with pytest.raises(ModelError, match=r"ims\.json: verb 'use': coef has shape"):
        load_model(path)


# --- the fitting path against the model written plainly --------------------------------------
_WORDS = "he she they we it bread hammer people tool food carefully quickly with a the".split()
_TAGS = dict.fromkeys(_WORDS[:5], "PRP") | dict.fromkeys(_WORDS[5:10], "NN")
_TAGS |= {"carefully": "RB", "quickly": "RB", "with": "IN", "a": "DT", "the": "DT"}
_FILLERS = ("man", "woman", "hammer", "knife", "bread", "apple", "stone")


def _corpus(n: int, senses: int, seed: int) -> list[Instance]:
    """Random sentences around "used", the sense leaning on one word and the object."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(n):
        sense = int(rng.integers(senses))
        words = list(rng.choice(_WORDS, size=int(rng.integers(2, 9))))
        cue = ("carefully", "people", "bread")[sense]
        if rng.random() < 0.6:
            words.insert(int(rng.integers(len(words) + 1)), cue)
        target = int(rng.integers(len(words) + 1))
        words.insert(target, "used")
        tags = " ".join("VBD" if w == "used" else _TAGS[w] for w in words)
        obj = _FILLERS[(2 * sense + int(rng.integers(3))) % len(_FILLERS)]
        instance = sent(" ".join(words), tags, target, f"use#{sense + 1}", obj=obj)
        out.append(replace(instance, id=str(k)))  # sentences may repeat: ids may not
    return out


def _reference(
    model: IMSWSD, train: list[Instance], test: list[Instance]
) -> tuple[list[tuple[Any, ...]], np.ndarray, np.ndarray]:
    """What ``fit`` + ``rank`` give, written plainly (first-seen columns, float32 CSR to
    LinearSVC, float16 weights, softmax, stable sort); and the weights and intercepts."""
    from collections import Counter

    from scipy import sparse
    from sklearn.svm import LinearSVC

    names = [model._feature_names(i) for i in train]
    labels = [i.gold[0] for i in train]
    assert set(labels) == set(model.sense_counts_["use"])
    senses = model.sense_columns("use")
    columns: dict[str, int] = {}
    for row in names:
        for feature in row:
            columns.setdefault(feature, len(columns))
    seen = Counter(f for row in names for f in row)
    columns = {f: k for k, f in enumerate(f for f in columns if seen[f] >= model.min_count)}

    def matrix(rows: list[list[str]]) -> sparse.csr_matrix:
        indices = [[columns[f] for f in row if f in columns] for row in rows]
        indptr = np.cumsum([0] + [len(r) for r in indices])
        flat = np.array([c for r in indices for c in r], dtype=np.int32)
        data = np.ones(len(flat), np.float32)
        return sparse.csr_matrix((data, flat, indptr.astype(np.int32)), (len(rows), len(columns)))

    svm = LinearSVC(C=model.C, dual="auto", max_iter=5000, random_state=0)
    svm.fit(matrix(names), [senses.index(label) for label in labels])
    coef, intercept = svm.coef_, svm.intercept_
    if len(senses) == 2:
        coef, intercept = np.vstack([-coef[0], coef[0]]), np.array([-intercept[0], intercept[0]])
    coef, intercept = coef.astype(np.float16).astype(np.float32), intercept.astype(np.float32)
    X = matrix([model._feature_names(i) for i in test])
    values = (np.asarray(X @ coef.T) + intercept) / float(model.temperature)
    probs = np.exp(values - values.max(axis=1, keepdims=True))
    probs /= probs.sum(axis=1, keepdims=True)
    out = []
    for r, row in enumerate(probs):
        order = np.argsort(-row, kind="stable")
        ranking = tuple((senses[j], float(row[j])) for j in order)
        out.append((ranking, X.indptr[r + 1] - X.indptr[r]))
    return out, coef, intercept


PLAIN = {"thesaurus_examples": 0, "frame_penalty": 0.0}  # the SVMs alone, no thesaurus evidence


@pytest.mark.parametrize(
    ("name", "params", "senses"),
    [
        ("ims", {}, 3),
        ("ims", {"min_count": 2, "temperature": 2.0, "C": 0.5}, 3),
        ("ims", {"window": 2, "pos": False}, 2),
        ("hybrid", {}, 3),
        ("hybrid", {"filler_hypernyms": "all", "frame_lemmas": False}, 2),
        ("hybrid", {"pos": False, "bag": False, "collocations": False, "min_count": 3}, 3),
    ],
)
def test_fit_and_rank_are_the_model_written_plainly(
    world: dict[str, str],
    name: str,
    params: dict[str, object],
    senses: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = _corpus(160, senses, seed=senses + len(params))
    train, test = data[:120], data[120:] + data[:10]  # some test instances were trained on
    params = {**PLAIN, **params}
    if name == "ims":
        model = make_method(name, verb_thesaurus=world["verb_thesaurus"], **params)
    else:
        model = make_method(name, **world, **params)
    model.fit(train)
    if name == "ims":  # the names are those of the documented features
        window = params.get("window")
        groups = [g for g in ("pos", "bag", "collocations") if params.get(g, True)]
        assert model._feature_names(data[0]) == ims_features(data[0], groups, window=window)
    expected, coef, intercept = _reference(model, train, test)
    assert np.array_equal(model.verbs_["use"].coef, coef)  # LinearSVC's, rounded to float16
    assert np.array_equal(model.verbs_["use"].intercept, intercept)
    got = model.rank(test)
    assert len({p.sense for p in got}) == senses  # a model that separates the senses
    for p, (ranking, known) in zip(got, expected, strict=True):
        assert p.ranking == ranking  # senses and scores, exactly
        assert p.details == (("features", float(known)),)
        assert p.confidence == 0.5 * ranking[0][1] + 0.5 * (ranking[0][1] - ranking[1][1])


def test_ims_and_hybrid_sharing_a_cache_answer_as_alone(world: dict[str, str]) -> None:
    from wsd.methods import RunCache

    data = _corpus(90, 3, seed=7)
    train, test = data[:70], data[70:]

    def answers(cache: RunCache | None, names: tuple[str, ...]) -> dict[str, list]:
        out = {}
        for name in names:
            kwargs = world if name == "hybrid" else {"verb_thesaurus": world["verb_thesaurus"]}
            model = make_method(name, **kwargs)
            if cache is not None:
                model.set_cache(cache)
            fitted = model.fit(train)
            out[name] = [(p.ranking, p.details) for p in fitted.rank(test)]
            out[name + " vocab"] = fitted.verbs_["use"].vocab
        return out

    alone = {**answers(None, ("ims",)), **answers(None, ("hybrid",))}
    assert answers(RunCache(), ("ims", "hybrid")) == alone
    assert answers(RunCache(), ("hybrid", "ims")) == alone


def test_features_are_computed_once_per_instance(
    world: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A training instance and its gold-free copy share their features, once per setting."""
    import wsd.methods.supervised.ims as ims_module
    from wsd.methods import RunCache

    calls: list[Instance] = []
    real = ims_module.ims_features

    def counted(instance: Instance, *args: object, **kwargs: object) -> list[str]:
        calls.append(instance)
        return real(instance, *args, **kwargs)

    monkeypatch.setattr(ims_module, "ims_features", counted)
    data = _corpus(40, 3, seed=3)
    cache = RunCache()
    ims = IMSWSD(verb_thesaurus=world["verb_thesaurus"]).set_cache(cache)
    for _ in range(2):
        ims.fit(data[:30]).rank(data)
    assert len(calls) == len(data)
    (row,), _ = ims._encoded([data[0]])
    (copy,), _ = ims._encoded([data[0].without_gold()])
    assert data[0].gold and copy is row
    for _ in range(2):
        HybridWSD(**world).set_cache(cache).fit(data).rank(data)
    assert len(calls) == 2 * len(data)
    IMSWSD(verb_thesaurus=world["verb_thesaurus"], pos=False).set_cache(cache).fit(data)
    assert len(calls) == 3 * len(data)  # another setting, other features
    # the same sentence and target with another case frame: other features, not the kept ones
    hybrid = HybridWSD(**world, pos=False, bag=False, collocations=False).set_cache(cache)
    bread = replace(data[0], frame=CaseFrame((("obj", Filler("bread")),)))
    for first, second in ((data[0], bread), (bread, data[0])):
        rows, index = hybrid._encoded([first, second])
        names = [[index.names[i] for i in row.tolist()] for row in rows]
        assert names == [hybrid._feature_names(first), hybrid._feature_names(second)]
        assert "F:obj=bread" in names[1 if first is data[0] else 0]


def test_many_senses_with_few_examples_each_fit_without_a_warning(tmp_path: Path) -> None:
    """Eleven senses over 21 instances fit without scikit-learn's warning."""
    senses = [f"run#{k}" for k in range(1, 12)]
    (tmp_path / "verbs.tsv").write_text("".join(f"n{k}\tROOT\n" for k in range(11)))
    words = "".join(f"run\t{s}\tn{k}\n" for k, s in enumerate(senses))
    (tmp_path / "verbs.words.tsv").write_text(words)
    train = [  # 21 instances, 11 senses
        replace(sent(f"they ran it {k} {s}", "PRP VBD PRP CD NN", 1, s), lemma="run")
        for s in senses
        for k in range(1 if s == senses[-1] else 2)
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = IMSWSD(verb_thesaurus=str(tmp_path / "verbs.tsv")).fit(train)
    assert len(model.verbs_["run"].senses) == len(senses)
