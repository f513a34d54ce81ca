"""Test support: shared by several test modules."""

from __future__ import annotations

from pathlib import Path

from paths import DATA

from wsd import CaseFrame, Filler, Instance, Sentence, Token
from wsd.methods import (
    make_method,
)

# ---- definitions
NOUN_EDGES = """\
person\tROOT
man\tperson
woman\tperson
student\tperson
thing\tROOT
tool\tthing
hammer\ttool
knife\ttool
food\tthing
bread\tfood
apple\tfood
"""


NOUN_WORDS = "".join(
    f"{w}\t{w}#1\t{w}\n"
    for w in ("person", "man", "woman", "student", "tool", "hammer", "knife", "bread", "apple")
)


VERB_EDGES = "act\tROOT\nemploy\tact\nwield\tact\nconsume\tROOT\n"


# "use": 1 = employ (a person), 2 = wield (a tool), 3 = consume (food); "eat": one sense.
VERB_WORDS = "use\tuse#1\temploy\nuse\tuse#2\twield\nuse\tuse#3\tconsume\neat\teat#1\tconsume\n"


def write_world(root: Path) -> dict[str, str]:
    """The noun and verb file thesauri above, written into ``root``; their specs."""
    files = {
        "nouns.tsv": NOUN_EDGES,
        "nouns.words.tsv": NOUN_WORDS,
        "verbs.tsv": VERB_EDGES,
        "verbs.words.tsv": VERB_WORDS,
    }
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return {"noun_thesaurus": str(root / "nouns.tsv"), "verb_thesaurus": str(root / "verbs.tsv")}


def inst(id_: str, sense: str | None, **cases: str) -> Instance:
    """An instance of "use" with the given case fillers (``subj="man"``, ``obj="hammer"``)."""
    fillers = tuple((case, Filler(lemma=lemma)) for case, lemma in cases.items())
    tokens = (Token("x", "x", "NN"), Token("use", "use", "VB"))
    return Instance(
        id=id_,
        lemma="use",
        gold=(sense,) if sense else (),
        sentence=Sentence(id=f"s.{id_}", tokens=tokens),
        position=1,
        frame=CaseFrame(fillers),
    )


TRAIN = [
    inst("a", "use#1", subj="man", obj="student"),
    inst("b", "use#1", subj="woman", obj="man"),
    inst("c", "use#2", subj="man", obj="hammer"),
    inst("d", "use#2", subj="student", obj="knife"),
    inst("e", "use#2", subj="woman", obj="hammer"),
    inst("f", "use#3", subj="man", obj="bread"),
]


def world_params(name: str, world: dict[str, str]) -> dict[str, object]:
    """Parameters that point method ``name`` at the tiny world's thesauri."""
    params: dict[str, object] = {"verb_thesaurus": world["verb_thesaurus"]}
    if "noun_thesaurus" in make_method(name).get_params():
        params["noun_thesaurus"] = world["noun_thesaurus"]
    if name == "bayes":
        params["noun_classes"] = "depth:2"  # "lexfile" needs WordNet sense keys
    return params


JA = DATA / "thesaurus"


GA, NI, WO = "が", "に", "を"


def ja(id_: str, sense: str | None, **cases: str) -> Instance:
    """An instance of 使う whose case frame uses the Japanese case particles as labels."""
    tokens = tuple(Token(w, w, "NN") for w in cases.values()) + (Token("使う", "使う", "VB"),)
    frame = CaseFrame(tuple((case, Filler(lemma=w)) for case, w in cases.items()))
    return Instance(
        id_, "使う", (sense,) if sense else (), Sentence(f"s{id_}", tokens), len(tokens) - 1, frame
    )


FIGURE3 = [
    ja("1", "人を使う", **{GA: "彼", NI: "企画", WO: "従業員"}),
    ja("2", "道具を使う", **{GA: "彼女", NI: "仕事", WO: "計算機"}),
    ja("3", "道具を使う", **{GA: "学生", NI: "仕事", WO: "計算機"}),
    ja("4", "消費する", **{GA: "彼", NI: "車", WO: "金"}),
    ja("5", "消費する", **{GA: "政府", NI: "福祉", WO: "税金"}),
]


class TreeVerbs:
    """A test double of the verb thesaurus: senses are leaves of a small explicit tree.

    Tree (child -> parent)::

        ROOT
        ├── A ── run%1
        │   └── B ── run%2, run%3
        └── C ── run%4          go%1 under A (a monosemous verb)
    """

    PARENT = {
        "A": "ROOT",
        "B": "A",
        "C": "ROOT",
        "run%1": "A",
        "run%2": "B",
        "run%3": "B",
        "run%4": "C",
        "go%1": "A",
    }

    def _path(self, node: str) -> list[str]:
        path = [node]
        while path[-1] in self.PARENT:
            path.append(self.PARENT[path[-1]])
        return path

    def sense_length(self, a: str, b: str) -> int:
        pa, pb = self._path(a), self._path(b)
        common = next(n for n in pa if n in pb)
        return pa.index(common) + pb.index(common)

    def senses(self, lemma: str) -> list[str]:
        return [k for k in self.PARENT if k.startswith(lemma + "%")]

    def has_word(self, lemma: str) -> bool:
        return bool(self.senses(lemma))

    def has_sense(self, key: str) -> bool:
        return "%" in key and key in self.PARENT

    def maxlen(self, lemma: str) -> int:
        s = self.senses(lemma)
        return max(self.sense_length(a, b) for a in s for b in s)
