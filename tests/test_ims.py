"""The supervised comparator (``ims``) and the hybrid on hand-made data: features worked out by
hand, what the classifier learns from them, one-sense and unseen verbs, model files."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from test_methods import NOUN_EDGES, NOUN_WORDS, VERB_EDGES, VERB_WORDS

from wsd import CaseFrame, Filler, Instance, Sentence, Token
from wsd._exceptions import ModelError
from wsd.methods import IMSWSD, HybridWSD, load_model, make_method, save_model
from wsd.methods._features import COLLOCATIONS, frame_features, ims_features
from wsd.normalise import normalise_tokens


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("ims-world")
    for name, text in {
        "nouns.tsv": NOUN_EDGES,
        "nouns.words.tsv": NOUN_WORDS,
        "verbs.tsv": VERB_EDGES,
        "verbs.words.tsv": VERB_WORDS,
    }.items():
        (root / name).write_text(text, encoding="utf-8")
    return {"noun_thesaurus": str(root / "nouns.tsv"), "verb_thesaurus": str(root / "verbs.tsv")}


def sent(text: str, tags: str, target: int, sense: str | None = None, **frame: str) -> Instance:
    forms = text.split()
    tokens = normalise_tokens(forms, tags.split(), lang="xx")  # lemmas = forms, no WordNet
    fillers = CaseFrame(tuple((case, Filler(lemma)) for case, lemma in frame.items()))
    return Instance(
        f"{text}#{target}",
        "use",
        (sense,) if sense else (),
        Sentence(text, tokens),
        target,
        fillers,
    )


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
    ("params", "message"),
    [
        ({"C": 0}, "C must be > 0"),
        ({"temperature": -1.0}, "temperature must be > 0"),
        ({"window": "page"}, "window must be 'sentence' or a positive integer"),
        ({"min_count": 0}, "min_count must be >= 1"),
        ({"pos": False, "bag": False, "collocations": False}, "every feature group"),
        ({"pos": "yes"}, "pos must be true or false"),
    ],
)
def test_bad_parameters_name_the_value(params: dict[str, object], message: str) -> None:
    with pytest.raises(ModelError, match=message):
        make_method("ims", **params)


def test_bad_hybrid_parameters() -> None:
    with pytest.raises(ModelError, match="filler_hypernyms must be one of"):
        make_method("hybrid", filler_hypernyms="some")
    # the frame features alone are a valid hybrid
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
    with pytest.raises(ModelError, match="corrupted model.*coef has shape"):
        load_model(path)
