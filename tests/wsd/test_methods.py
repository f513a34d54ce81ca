"""Disambiguators on a tiny hand-made world (file thesauri written by a fixture)."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from paths import TESTS
from sklearn.base import clone
from sklearn.model_selection import cross_val_score
from worlds import FIGURE3, GA, JA, NI, TRAIN, WO, inst, ja, world_params

from wsd import Instance, ModelError, Sentence, Token
from wsd.methods import (
    METHODS,
    PAPER,
    BayesWSD,
    ExampleBasedWSD,
    MostFrequentSense,
    RandomSense,
    RunCache,
    confidence,
    content_features,
    load_model,
    make_method,
    parse_param,
    save_model,
)
from wsd.normalise import normalise_tokens, universal_tag


def test_confidence_formula() -> None:
    assert confidence(0.8, 0.5, 0.5) == pytest.approx(0.55)
    assert confidence(0.8, 0.5, 1.0) == pytest.approx(0.8)
    assert confidence(0.8, 0.5, 0.0) == pytest.approx(0.3)


def _verb(lemma: str) -> Instance:
    return Instance(lemma, lemma, (), Sentence("s", (Token(lemma, lemma, "VB"),)), 0)


@pytest.mark.parametrize(
    ("probe", "sense", "fallback"),
    [  # knife is a tool: wield; apple is food: consume; woman is a person: employ
        (inst("t1", None, obj="knife"), "use#2", None),
        (inst("t2", None, obj="apple"), "use#3", None),
        (inst("t3", None, obj="woman"), "use#1", None),
        # no usable filler: the most frequent training sense
        (inst("t4", None), "use#2", "mfs:no-usable-filler"),
        (inst("t5", None, obj="zebra"), "use#2", "mfs:no-usable-filler"),
        (inst("t6", None, **{"prep:with": "man"}), "use#2", "mfs:no-usable-filler"),
        (_verb("eat"), "eat#1", "first-sense:unknown-verb"),  # the inventory's first sense
        (_verb("zorb"), None, "abstain:lemma-not-in-inventory"),
    ],
    ids=lambda x: x.id if isinstance(x, Instance) else None,
)
def test_the_papers_method_picks_the_closest_sense_or_says_why_not(
    probe: Instance, sense: str | None, fallback: str | None, world: dict[str, str]
) -> None:
    (p,) = ExampleBasedWSD(**PAPER, **world).fit(TRAIN).rank([probe])
    assert (p.sense, p.fallback) == (sense, fallback) and 0.0 <= p.confidence <= 1.0


def test_ccd_ignores_a_case_whose_fillers_do_not_differ_between_senses(
    world: dict[str, str],
) -> None:
    train = [
        inst("a", "use#1", subj="man", obj="student"),
        inst("b", "use#2", subj="man", obj="hammer"),
    ]
    model = ExampleBasedWSD(**PAPER, **world).fit(train)
    verb = model.verbs_["use"]
    # subj: {man} vs {man} -> (1+1-2)/2 = 0; obj: {student} vs {hammer} -> 2/2 = 1.
    assert verb.ccd == {"subj": 0.0, "obj": 1.0}
    (p,) = model.rank([inst("t", None, subj="man", obj="knife")])
    assert p.sense == "use#2"
    # subj has weight 0, so the score is obj's similarity alone: 1 for use#2's closest example.
    sims = dict(p.ranking)
    hammer_knife = model.setting({}).sim(np.array([2]))[0]  # knife -> tool -> hammer
    assert sims["use#2"] == pytest.approx(hammer_knife)


def test_ccd_by_hand_with_three_senses(world: dict[str, str]) -> None:
    model = ExampleBasedWSD(**PAPER, **world).fit(TRAIN)
    ccd = model.verbs_["use"].ccd
    # subj sets: #1 {man, woman}, #2 {man, student, woman}, #3 {man}
    # pairs: (1,2): (2+3-2*2)/5 = 0.2; (1,3): (2+1-2)/3 = 1/3; (2,3): (3+1-2)/4 = 0.5
    assert ccd["subj"] == pytest.approx((0.2 + 1 / 3 + 0.5) / 3)
    # obj sets are disjoint: every pair contributes 1.
    assert ccd["obj"] == pytest.approx(1.0)


def test_beta_zero_weighs_every_case_equally_and_a_huge_beta_works(world: dict[str, str]) -> None:
    weighted = ExampleBasedWSD(**PAPER, beta=4.0, **world).fit(TRAIN)
    flat = ExampleBasedWSD(**PAPER, beta=0.0, **world).fit(TRAIN)
    probe = [inst("t", None, subj="student", obj="apple")]
    w = dict(weighted.rank(probe)[0].details)
    f = dict(flat.rank(probe)[0].details)
    assert f["weight:subj"] == f["weight:obj"] == 1.0
    assert w["weight:subj"] < w["weight:obj"]
    (p,) = ExampleBasedWSD(**PAPER, beta=1e6, **world).fit(TRAIN).rank(probe)  # no underflow
    assert p.sense == "use#3" and p.fallback is None


def test_ties_go_to_the_more_frequent_training_sense(world: dict[str, str]) -> None:
    # man and student are both siblings of woman (LEN 2): equal scores, so the sense seen
    # twice in training wins.  Distinct fillers keep CCD(obj) at 1 (identical filler sets
    # would make CCD 0 and send the input to the MFS fallback instead).
    train = [
        inst("a", "use#1", obj="man"),
        inst("b", "use#3", obj="student"),
        inst("c", "use#3", obj="student"),
    ]
    model = ExampleBasedWSD(**PAPER, **world).fit(train)
    (p,) = model.rank([inst("t", None, obj="woman")])
    assert p.fallback is None
    assert p.ranking[0][1] == p.ranking[1][1] > 0
    assert p.sense == "use#3"
    # The order follows training frequency, not sense number: swap the counts, swap the winner.
    swapped = [inst("a", "use#1", obj="man"), inst("a2", "use#1", obj="man"), train[1]]
    (q,) = ExampleBasedWSD(**PAPER, **world).fit(swapped).rank([inst("t", None, obj="woman")])
    assert q.sense == "use#1"


def test_identical_filler_sets_give_ccd_zero_and_the_mfs_fallback(world: dict[str, str]) -> None:
    train = [
        inst("a", "use#1", obj="man"),
        inst("b", "use#3", obj="man"),
        inst("c", "use#3", obj="man"),
    ]
    model = ExampleBasedWSD(**PAPER, **world).fit(train)
    assert model.verbs_["use"].ccd == {"obj": 0.0}
    (p,) = model.rank([inst("t", None, obj="woman")])
    assert p.sense == "use#3" and p.fallback == "mfs:no-informative-case"


def test_mfs_ties_go_to_the_lower_sense_number(world: dict[str, str]) -> None:
    train = [inst("a", "use#3"), inst("b", "use#2"), inst("c", "use#3"), inst("d", "use#2")]
    model = MostFrequentSense(verb_thesaurus=world["verb_thesaurus"]).fit(train)
    (p,) = model.rank([inst("t", None)])
    assert p.sense == "use#2"
    assert dict(p.ranking) == {"use#2": 0.5, "use#3": 0.5}
    assert p.confidence == pytest.approx(0.25)  # 0.5*0.5 + 0.5*(0.5-0.5)


def test_random_is_seeded_and_order_independent(world: dict[str, str]) -> None:
    model = RandomSense(seed=3, verb_thesaurus=world["verb_thesaurus"]).fit(TRAIN)
    probes = [inst(f"t{i}", None) for i in range(30)]
    forward = [p.sense for p in model.rank(probes)]
    backward = [p.sense for p in model.rank(probes[::-1])][::-1]
    assert forward == backward
    assert set(forward) == {"use#1", "use#2", "use#3"}  # the whole inventory is drawn from
    other = RandomSense(seed=4, verb_thesaurus=world["verb_thesaurus"]).fit(TRAIN)
    assert [p.sense for p in other.rank(probes)] != forward


def _ctx(id_: str, sense: str | None, *words: str) -> Instance:
    tokens = (Token("use", "use", "VERB"),) + tuple(Token(w, w, "ADJ") for w in words)
    return Instance(id_, "use", (sense,) if sense else (), Sentence(id_, tokens), 0)


def test_bayes_posterior_smoothing_by_hand(world: dict[str, str]) -> None:
    train = [_ctx("a", "use#1", "red"), _ctx("b", "use#1", "red"), _ctx("c", "use#2", "blue")]
    model = BayesWSD(smoothing=1.0, noun_classes="none", **world).fit(train)
    (p,) = model.rank([_ctx("t", None, "red")])
    # P(s|red) = (c(s,red) + m P(s)) / (c(red) + m): use#1 (2 + 2/3)/3, use#2 (0 + 1/3)/3
    assert dict(p.ranking) == pytest.approx({"use#1": (8 / 3) / 3, "use#2": (1 / 3) / 3})
    (unknown,) = model.rank([_ctx("u", None, "green")])
    assert unknown.fallback == "mfs:no-known-context" and unknown.sense == "use#1"


def test_bayes_log_ratio_prefers_the_associated_sense(world: dict[str, str]) -> None:
    train = [_ctx("a", "use#1", "red"), _ctx("b", "use#2", "blue"), _ctx("c", "use#2", "blue")]
    model = BayesWSD(scoring="log-ratio", noun_classes="none", **world).fit(train)
    p_red, p_blue = model.rank([_ctx("t", None, "red"), _ctx("u", None, "blue")])
    assert (p_red.sense, p_blue.sense) == ("use#1", "use#2")
    assert sum(s for _, s in p_red.ranking) == pytest.approx(1.0)  # softmax for confidence


def test_bayes_abstracts_nouns_to_classes(world: dict[str, str]) -> None:
    def noun_ctx(id_: str, sense: str | None, noun: str) -> Instance:
        tokens = (Token("use", "use", "VERB"), Token(noun, noun, "NOUN"))
        return Instance(id_, "use", (sense,) if sense else (), Sentence(id_, tokens), 0)

    train = [noun_ctx("a", "use#2", "hammer"), noun_ctx("b", "use#3", "bread")]
    model = BayesWSD(noun_classes="depth:2", **world).fit(train)
    # knife and hammer share the depth-2 ancestor "tool"; apple and bread share "food".
    p_knife, p_apple = model.rank([noun_ctx("t", None, "knife"), noun_ctx("u", None, "apple")])
    assert (p_knife.sense, p_apple.sense) == ("use#2", "use#3")


def test_bayes_token_window_crosses_sentences_when_the_context_allows() -> None:
    before = (
        Token("The", "the", "DET"),
        Token("red", "red", "ADJ"),
        Token("paint", "paint", "NOUN"),
    )
    sentence = Sentence("s2", (Token("use", "use", "VERB"), Token("it", "it", "PRON")))
    document = before + sentence.tokens
    instance = Instance("i", "use", (), sentence, 0, context=document, context_index=3)
    assert content_features(instance, None) == []  # the sentence alone has no content word
    assert content_features(instance, 2) == ["W:red", "W:paint"]
    assert content_features(instance, 1) == ["W:paint"]
    assert BayesWSD(window=50).context_window == "document"
    assert BayesWSD().context_window == 0


def test_function_words_are_left_out_whatever_their_tag() -> None:
    # SemCor's tags: the auxiliary and "in"/"so" tagged RB look like content words by tag
    forms = ["was", "used", "in", "so", "Cooking", "not", "very"]
    tags = ["VBD", "VB", "RB", "RB", "NN", "RB", "RB"]
    instance = Instance("i", "use", (), Sentence("s", normalise_tokens(forms, tags)), 1)
    assert content_features(instance, None) == ["W:cooking"]
    universal = normalise_tokens(forms, [universal_tag(t) for t in tags])
    same = Instance("u", "use", (), Sentence("u", universal), 1)
    assert content_features(same, None) == content_features(instance, None)


@pytest.mark.parametrize("name", sorted(METHODS))
def test_sklearn_protocol(name: str, world: dict[str, str]) -> None:
    method = make_method(name, **world_params(name, world))
    twin = clone(method).set_params(confidence_lambda=0.2)
    assert twin.get_params()["confidence_lambda"] == 0.2
    assert method.get_params()["confidence_lambda"] == 0.5
    assert method.fit(TRAIN) is method
    assert len(method.predict(TRAIN)) == len(TRAIN)
    data = np.array(TRAIN * 2, dtype=object)
    labels = [i.gold[0] for i in data]
    scores = cross_val_score(clone(method), data, labels, cv=2)
    assert scores.shape == (2,) and np.all((scores >= 0) & (scores <= 1))


@pytest.mark.parametrize("suffix", [".json", ".json.gz"])
@pytest.mark.parametrize("name", sorted(METHODS))
def test_model_round_trip(name: str, suffix: str, world: dict[str, str], tmp_path: Path) -> None:
    method = make_method(name, **world_params(name, world)).fit(TRAIN)
    path = tmp_path / f"model{suffix}"
    save_model(method, path)
    loaded = load_model(path)
    probes = [inst("t1", None, obj="knife"), inst("t2", None, subj="man", obj="apple")]
    assert loaded.rank(probes) == method.rank(probes)
    opened = gzip.open(path, "rt") if suffix.endswith(".gz") else path.open()
    with opened as handle:
        assert json.load(handle)["format"] == "verb-wsd-model"


@pytest.mark.parametrize("name", ["example", "bayes", "ims", "hybrid"])
def test_a_model_naming_an_untrained_sense_is_corrupted(
    name: str, world: dict[str, str], tmp_path: Path
) -> None:
    """A verb model naming a sense it was not trained on is refused at loading."""
    path = tmp_path / "model.json"
    save_model(make_method(name, **world_params(name, world)).fit(TRAIN), path)
    document = json.loads(path.read_text(encoding="utf-8"))
    state = document["verbs"]["use"]
    if name == "example":
        by_sense = next(iter(state.values()))
        by_sense["use#9"] = by_sense.pop(next(iter(by_sense)))
    else:
        state["senses"][0] = "use#9"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(
        ModelError,
        match=r"model\.json: verb 'use': .*names sense 'use#9', not one of its sense_counts",
    ):
        load_model(path)


@pytest.mark.parametrize("name", ["example", "bayes", "ims", "hybrid"])
def test_a_shared_run_cache_changes_no_answer(name: str, world: dict[str, str]) -> None:
    params = world_params(name, world)
    probes = [inst("t1", None, obj="knife"), inst("t2", None, subj="man", obj="apple")]
    alone = [make_method(name, **params).fit(TRAIN).rank(probes) for _ in range(2)]
    cache = RunCache()
    shared = [
        clone(make_method(name, **params)).set_cache(cache).fit(TRAIN).rank(probes)
        for _ in range(2)
    ]
    assert alone[0] == alone[1] == shared[0] == shared[1]
    if name != "example":  # the context features of each instance are memoised in the cache
        assert "instance_values=0" not in repr(cache)
    method = make_method(name, **params).set_cache(cache)
    assert method.cache is cache
    assert "_cache" not in clone(method).__dict__  # never cloned ...
    assert "_cache" not in method.__getstate__()  # ... nor pickled or copied
    method.fit(TRAIN).set_cache()  # a new, empty cache; the shared one is left alone
    assert method.cache is not cache and "tables=0" not in repr(cache)
    assert repr(method.cache) == "RunCache(noun_lookups=0, tables=0, instance_values=0)"


def test_run_cache_batch_lookups_compute_each_instance_once() -> None:
    """One computation per (settings, instance object), batch or one by one."""
    cache = RunCache()
    a, b = inst("a", "use#1", obj="man"), inst("b", "use#2", obj="knife")
    twin = inst("a", "use#1", obj="man")
    calls: list[str] = []

    def compute(instance: Instance) -> list[str]:
        calls.append(instance.id)
        return [instance.id]

    first = cache.instance_values("s", [a, b, a], compute)
    assert first == [["a"], ["b"], ["a"]] and first[0] is first[2]
    assert calls == ["a", "b"]
    assert cache.instance_value("s", b, lambda: ["other"]) is first[1]
    assert cache.instance_values("s", [twin, b], compute)[1] is first[1]
    assert calls == ["a", "b", "a"]  # the twin: another object
    assert cache.instance_value("s", inst("b", "use#2", obj="knife"), lambda: ["new"]) == ["new"]
    assert cache.instance_values("t", [a], compute) == [["a"]] and len(calls) == 4


def test_run_cache_forgets_every_instance_value_past_its_limit() -> None:
    """Past ``instance_limit`` earlier values are forgotten; a batch still answers all."""
    cache = RunCache(instance_limit=3)
    a, b, c = (inst(i, "use#1", obj="man") for i in "abc")
    calls: list[str] = []

    def compute(instance: Instance) -> str:
        calls.append(instance.id)
        return instance.id

    assert cache.instance_values("s", [a, b], compute) == ["a", "b"]
    assert cache.instance_value("t", a, lambda: "ta") == "ta"  # the third value
    assert "instance_values=3" in repr(cache)
    assert cache.instance_values("s", [a, c, b, c], compute) == ["a", "c", "b", "c"]
    assert calls == ["a", "b", "c", "b"]  # c hit the limit: a and b were forgotten
    assert cache.instance_value("t", a, lambda: "again") == "again"
    assert "instance_values=3" in repr(cache)


@pytest.mark.parametrize("size", [0, 1, 7, 300])
def test_a_vocabulary_gives_each_features_column_as_its_mapping_does(size: int) -> None:
    """Fitted or loaded, a vocabulary gives each id its column, -1 for features it lacks."""
    from wsd.methods.feature_index import FeatureIndex, Vocabulary

    rng = np.random.default_rng(size)
    index = FeatureIndex()
    index.encode([f"W:{k}" for k in range(1000)])
    model_ids = rng.choice(1000, size=size, replace=False)  # columns in first-seen order
    fitted = Vocabulary.of_ids(index, model_ids)
    loaded = Vocabulary(dict(fitted.mapping))
    asked = rng.integers(0, 1000, size=500)
    asked[:size] = model_ids[::-1]
    expected = np.full(1000, -1)
    expected[model_ids] = np.arange(size)
    for vocab in (fitted, loaded, fitted):  # (the fitted one again: its sorted ids kept)
        got = vocab.columns(index, asked)
        assert got.tolist() == expected[asked].tolist()
    assert fitted.columns(index, np.zeros(0, np.int64)).tolist() == []


def test_run_cache_keys_thesaurus_tables_by_spec(world: dict[str, str]) -> None:
    cache = RunCache()
    lookup = cache.noun_lookup(world["noun_thesaurus"])
    assert cache.noun_lookup(world["noun_thesaurus"]) is lookup
    assert lookup.nodes(("hammer", None)) is not None and lookup.nodes(("zebra", None)) is None
    assert cache.table(("x", "spec")) is cache.table(("x", "spec"))


def test_bad_models_and_parameters(tmp_path: Path, world: dict[str, str]) -> None:
    model = ExampleBasedWSD(**PAPER, noun_senses="oracle", **world)
    assert model.get_params()["noun_senses"] == "oracle"
    with pytest.raises(ModelError, match="noun_senses"):
        ExampleBasedWSD(noun_senses="gold", **world).fit(TRAIN)
    with pytest.raises(ModelError, match="unknown method 'lesk'"):
        make_method("lesk")
    with pytest.raises(ModelError, match="unknown parameter 'gamma'"):
        make_method("example", gamma=1)
    with pytest.raises(ModelError, match="beta"):
        make_method("example", beta=-1)
    not_json = tmp_path / "x.json"
    not_json.write_text("{oops")
    with pytest.raises(ModelError, match="not a model file"):
        load_model(not_json)
    other = tmp_path / "y.json"
    other.write_text('{"format": "something-else"}')
    with pytest.raises(ModelError, match="not a verb-wsd-model"):
        load_model(other)
    assert parse_param("window=50") == ("window", 50)
    with pytest.raises(ModelError, match="key=value"):
        parse_param("beta")


def test_bayes_models_do_not_depend_on_the_hash_seed(world: dict[str, str], tmp_path: Path) -> None:
    """Feature order, float sums and the saved vocabulary do not depend on PYTHONHASHSEED."""
    script = f"""
import sys
sys.path.insert(0, {str(TESTS / "support")!r})
from worlds import TRAIN, inst
from wsd.methods import BayesWSD, save_model
model = BayesWSD(noun_classes="none", noun_words=True, noun_thesaurus={world["noun_thesaurus"]!r},
                 verb_thesaurus={world["verb_thesaurus"]!r}).fit(TRAIN)
save_model(model, sys.argv[1])
print(repr(model.rank([inst("t", None, subj="man", obj="knife")])[0]))
"""
    outputs = []
    for seed in ("1", "2"):
        path = tmp_path / f"model{seed}.json"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        argv = [sys.executable, "-c", script, str(path)]
        done = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
        outputs.append((path.read_bytes(), done.stdout))
    assert outputs[0] == outputs[1]


# --- the paper's Figure 3: the database of 使う, the input 助手がコピー機を使う ---------------


@pytest.mark.parametrize("beta", [0.0, 1.0])
def test_figure3_assistant_uses_a_copier_as_a_tool(beta: float) -> None:
    """Kurohashi's Figure 3: sim(LEN 2, 4, 5, 8) = 10, 9, 8.5, 7 (/11); SIM(が), SIM(を) by hand."""
    model = ExampleBasedWSD(
        **PAPER,
        beta=beta,
        similarity_params={"scale": 1},
        noun_thesaurus=str(JA / "nouns_ja.tsv"),
        verb_thesaurus=str(JA / "tsukau_verbs.tsv"),
    ).fit(FIGURE3)
    ccd = model.verbs_["使う"].ccd
    # が: {彼} / {彼女, 学生} / {彼, 政府}: pairs 3/3, (1+2-2)/3, 4/4 -> (7/3) / C(3,2) = 7/9.
    assert ccd == pytest.approx({GA: 7 / 9, NI: 1.0, WO: 1.0})
    (p,) = model.rank([ja("t", None, **{GA: "助手", WO: "コピー機"})])
    assert p.sense == "道具を使う" and p.fallback is None
    w_ga = 1.0 if beta == 0 else 7 / 9
    expected = {
        sense: (w_ga * ga + wo) / (11 * (w_ga + 1))
        for sense, ga, wo in (("人を使う", 9, 7), ("道具を使う", 10, 10), ("消費する", 9, 8.5))
    }
    assert dict(p.ranking) == pytest.approx(expected)
    assert [s for s, _ in p.ranking] == ["道具を使う", "消費する", "人を使う"]
    s1, s2 = expected["道具を使う"], expected["消費する"]
    assert p.confidence == pytest.approx(0.5 * s1 + 0.5 * (s1 - s2))


# --- gold never reaches a method's input ------------------------------------------------------
@pytest.fixture(scope="module")
def semcor_split(semcor_path: Path, wordnet: object, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Instances of three SemCor files; a fourth as Raganato XML with and without its keys."""
    from wsd.corpus import load_corpus, read_semcor, write_raganato

    train = load_corpus(
        semcor_path, files=["br-a01", "br-a02", "br-j01"], context_window="document"
    )
    root = tmp_path_factory.mktemp("apart")
    (path,) = [p for p in semcor_path.rglob("br-a11") if p.is_file()]
    keyed, bare = root / "keyed" / "a11.data.xml", root / "bare" / "a11.data.xml"
    for target in (keyed, bare):
        target.parent.mkdir()
        write_raganato(list(read_semcor(path)), target)
    (bare.parent / "a11.gold.key.txt").unlink()
    return train.instances, keyed, bare


# what the methods learn from the corpus alone: WordNet's examples (read by the --text tagger)
# and its frames do not touch what these tests check (mfs and random take neither)
CORPUS_ALONE = {"thesaurus_examples": 0, "frame_penalty": 0.0}


@pytest.mark.integration
@pytest.mark.parametrize(
    ("name", "params"), [(name, {}) for name in sorted(METHODS)] + [("bayes", {"window": 20})]
)
def test_predictions_are_the_same_with_and_without_the_key_file(
    name: str,
    params: dict[str, object],
    semcor_split,  # type: ignore[no-untyped-def]
) -> None:
    from wsd.corpus import load_corpus

    train, keyed, bare = semcor_split
    takes = CORPUS_ALONE if "frame_penalty" in METHODS[name]().get_params() else {}
    method = make_method(name, **{**takes, **params})
    method.fit(train)
    window = method.context_window
    with_gold = load_corpus(keyed, require_gold=False, context_window=window).instances
    without = load_corpus(bare, require_gold=False, context_window=window).instances
    assert any(i.gold for i in with_gold) and not any(i.gold for i in without)
    assert any(i.filler_gold for i in with_gold) and not any(i.filler_gold for i in without)
    assert method.oracle is None
    assert method.rank(with_gold) == method.rank(without)


@pytest.mark.integration
def test_the_oracle_setting_reads_filler_gold_and_says_so(semcor_split) -> None:  # type: ignore[no-untyped-def]
    from wsd.corpus import load_corpus

    train, keyed, bare = semcor_split
    oracle = ExampleBasedWSD(noun_senses="oracle", **CORPUS_ALONE).fit(train)
    assert oracle.oracle is not None and "oracle" in oracle.oracle
    with_gold = load_corpus(keyed, require_gold=False).instances
    without = load_corpus(bare, require_gold=False).instances
    assert oracle.rank(with_gold) != oracle.rank(without)  # it does read the gold noun senses
