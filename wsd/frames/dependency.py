"""Case frames read off a dependency tree (Universal Dependencies relations).

The tree comes from the annotations of a CoNLL-U sentence (:mod:`wsd.corpus.conllu`): each
word's ``head`` (the HEAD number, 0 = root), ``deprel`` and ``feats``.  For the verb at
``position``, English (deep cases, as the rule-based extractor and the frame gold):

- ``nsubj`` -> ``subj``; ``nsubj:pass`` -> ``obj`` (``iobj`` when the verb keeps an ``obj``:
  ``he was given a book``) and the frame is passive (also for ``Voice=Pass`` on the verb or an
  ``aux:pass`` child); ``obl:agent`` or a passive's ``obl`` with ``by`` -> ``subj``;
- ``obj`` -> ``obj``, ``iobj`` -> ``iobj``; ``obl``/``obl:*`` with a ``case`` child ->
  ``prep:<case lemma>`` (a ``fixed`` multiword joined by ``_``: ``prep:out_of``), without one
  (``obl:tmod``, ``yesterday``) no case;
- a relative pronoun filler stands for the noun its clause modifies (``men who wore`` ->
  ``subj=men``); a participle modifying a noun (``acl``) takes it as ``subj`` (``-ing``) or, in
  the passive, ``obj``; a verb without a subject of its own takes the subject of the verb it is
  coordinated with (``conj``: ``came and saw``) or of a semi-modal it complements (``has to``,
  ``is able to``); coordinated fillers count once (UD's first conjunct heads them);
- heads as the rule-based extractor takes them: a name's last word (``flat``), a partitive
  quantifier's noun (``some of the defendants`` -> ``defendants``); pronouns and names become
  classes through the same filler code (:class:`~wsd.frames.ClassTable`);
- a copula (UD's ``cop``: the predicate heads it) takes the predicate's subject as ``subj``,
  the predicate nominal as ``obj`` and, after a noun, its ``obl`` phrases (the frame gold's
  rule for ``be``);
- marks (``CaseFrame.marks``, the rule-based labels): ``comp`` from the first ``ccomp`` or
  ``xcomp`` (``that``, ``wh``, ``to``, ``ing``, ``bare``, ``adj``), ``adv`` from
  ``compound:prt`` or a particle-like ``advmod`` after the verb, ``pron`` for an uninformative
  object pronoun (``made it``).

Other languages: the label of ``nsubj``/``obj``/``iobj``/``obl`` is the filler's first ``case``
particle (Japanese が, を, に ...), else ``subj``/``obj``/``iobj`` (an ``obl`` without one is
no case); fillers are the word's lemma (or its class in the table); no marks.
"""

from __future__ import annotations

from collections.abc import Sequence

from wsd._exceptions import WSDError
from wsd.frames import _tags as T
from wsd.frames._classes import ClassTable, default_class_table
from wsd.frames._last import LastSentence
from wsd.frames.english_rules import PARTICLE_ADVERBS, filler_at
from wsd.normalise import ENGLISH
from wsd.types import AnnotatedSentence, CaseFrame, Filler

__all__ = ["extract_tree_frame", "has_tree"]

_ARGUMENTS = {"nsubj": "subj", "obj": "obj", "iobj": "iobj"}
_QUANTIFIERS = frozenset(
    "none some all many most each one any both several few either neither much more half".split()
)
_WH = frozenset("what who whom whose which where when why how whether if".split())
_RELATIVE = frozenset({"who", "whom", "which", "that"})


def has_tree(item: AnnotatedSentence) -> bool:
    """Whether every word of ``item`` has a HEAD and a DEPREL.

    Parameters
    ----------
    item : AnnotatedSentence
        A sentence read from CoNLL-U.

    Returns
    -------
    bool
        True when the sentence has a complete tree.
    """
    return _tree(item).complete


class _Tree:
    """Heads, relations and children of one sentence (0-based; head -1 = root), and what the
    rules ask of every verb read off the whole tree once, top down and bottom up (no
    recursion: a chain of 500 verbs is as deep as a tree gets; walking up or down a chain
    for each of its verbs made a sentence's cost grow with the square of its length)."""

    def __init__(self, item: AnnotatedSentence) -> None:
        notes = item.annotations
        self.item = item
        self.complete = bool(notes) and all(
            note.attr("head") is not None and note.attr("deprel") is not None for note in notes
        )
        self.heads = [int(note.attr("head") or 0) - 1 for note in notes]
        self.rels = [note.attr("deprel") or "" for note in notes]
        self.feats = [note.attr("feats") or "" for note in notes]
        self.words = [t.form.lower() for t in item.sentence.tokens]
        self.lemmas = [
            (note.lemma or t.lemma).lower()
            for t, note in zip(item.sentence.tokens, notes, strict=True)
        ]
        self.children: list[list[int]] = [[] for _ in notes]
        for i, head in enumerate(self.heads):
            if head >= 0:
                self.children[head].append(i)
        # the first nsubj or nsubj:pass child of each word (-1: none)
        self.subject = [
            next((k for k in kids if self.rels[k] in ("nsubj", "nsubj:pass")), -1)
            for kids in self.children
        ]
        top_down = [i for i, head in enumerate(self.heads) if head < 0]
        for i in top_down:  # grows while read: heads before their dependents
            top_down.extend(self.children[i])
        # A word outside every path to a root (a HEAD cycle, which only a sentence made by
        # hand can have) keeps itself in each table below.
        self.start = list(range(len(notes)))  # the first word of each word's subtree
        for i in reversed(top_down):
            if self.heads[i] >= 0 and self.start[i] < self.start[self.heads[i]]:
                self.start[self.heads[i]] = self.start[i]
        # each word's clause: up through conj relations (-1: a root reached that way)
        self.clause = list(range(len(notes)))
        # the word that decides what a verb without a subject inherits (_inherited): up
        # through conjuncts whose head has no subject of its own
        self.decider = list(range(len(notes)))
        for i in top_down:
            head = self.heads[i]
            if self.rels[i] == "conj":
                self.clause[i] = self.clause[head] if head >= 0 else -1
                if head >= 0 and self.subject[head] < 0:
                    self.decider[i] = self.decider[head]

    def kids(self, i: int, *rels: str) -> list[int]:
        """Children of ``i`` whose relation is one of ``rels`` or a subtype of one."""
        return [
            k
            for k in self.children[i]
            if self.rels[k].split(":")[0] in rels or self.rels[k] in rels
        ]

    def feat(self, i: int, name: str) -> str | None:
        for item in self.feats[i].split("|"):
            key, _, value = item.partition("=")
            if key == name:
                return value
        return None

    def case_word(self, i: int) -> str | None:
        """The first ``case`` child of ``i`` with its ``fixed`` words joined by ``_``."""
        cases = self.kids(i, "case")
        if not cases:
            return None
        k = cases[0]
        fixed = [self.words[f] for f in self.kids(k, "fixed")]
        return "_".join([self.words[k], *fixed])


# Every verb of a sentence shares one tree.
_tree: LastSentence[_Tree] = LastSentence(_Tree)


def extract_tree_frame(
    item: AnnotatedSentence, position: int, *, classes: ClassTable | None = None
) -> CaseFrame:
    """The case frame of the verb at ``position`` of a sentence with a tree (module
    docstring).

    Parameters
    ----------
    item : AnnotatedSentence
        A sentence with a dependency tree (:func:`has_tree`).
    position : int
        The verb's token index.
    classes : ClassTable, optional
        Maps pronouns and names to classes (default: the package's).

    Returns
    -------
    CaseFrame
        The verb's cases and marks.

    Raises
    ------
    WSDError
        If ``position`` is outside the sentence.
    """
    if not 0 <= position < len(item.sentence.tokens):
        raise WSDError(
            f"verb position {position} is outside sentence {item.sentence.id!r} "
            f"({len(item.sentence.tokens)} tokens)"
        )
    table = default_class_table() if classes is None else classes
    tree = _tree(item)
    if item.sentence.lang != ENGLISH:
        return _particle_frame(tree, position, table)
    passive = _passive(tree, position)
    cases = _english_cases(tree, position, passive)
    fillers = []
    for label, k in cases:
        filler = filler_at(item.sentence, _head_word(tree, k), table)
        if filler is not None:
            fillers.append((label, filler))
    fillers.sort(key=lambda pair: pair[1].position)
    return CaseFrame(tuple(fillers), passive, _marks(tree, position, table))


def _passive(tree: _Tree, v: int) -> bool:
    if tree.feat(v, "Voice") == "Pass":
        return True
    return any(tree.rels[k] in ("nsubj:pass", "csubj:pass", "aux:pass") for k in tree.children[v])


def _english_cases(tree: _Tree, v: int, passive: bool) -> list[tuple[str, int]]:
    if tree.rels[v] == "cop" and tree.heads[v] >= 0:
        return _copula_cases(tree, tree.heads[v])
    cases: list[tuple[str, int]] = []
    has_obj = bool(tree.kids(v, "obj"))
    for k in tree.children[v]:
        rel = tree.rels[k]
        base = rel.split(":")[0]
        if rel == "nsubj:pass":
            cases.append(("iobj" if has_obj else "obj", k))
        elif rel == "obl:agent" or (passive and base == "obl" and tree.case_word(k) == "by"):
            cases.append(("subj", k))
        elif base in _ARGUMENTS:
            cases.append((_ARGUMENTS[base], k))
        elif base == "obl":
            word = tree.case_word(k)
            if word is not None:
                cases.append((f"prep:{word}", k))
    cases = [(label, _antecedent(tree, k)) for label, k in cases]
    labels = {label for label, _ in cases}
    if "subj" not in labels and not (passive and "obj" in labels):
        inherited = _inherited(tree, v, passive)
        if inherited is not None:
            cases.append(inherited)
    return cases


def _copula_cases(tree: _Tree, predicate: int) -> list[tuple[str, int]]:
    """A copula's cases, as the frame gold takes them: the predicate's subject, the
    predicate nominal as ``obj`` (an adjective gives no filler) and, after a noun, its
    prepositional phrases."""
    subjects = [k for k in tree.children[predicate] if tree.rels[k] == "nsubj"]
    cases = [("subj", _antecedent(tree, k)) for k in subjects]
    cases.append(("obj", predicate))
    if tree.item.sentence.tokens[predicate].pos != "ADJ":
        for k in tree.kids(predicate, "obl"):
            word = tree.case_word(k)
            if word is not None:
                cases.append((f"prep:{word}", k))
    return cases


def _antecedent(tree: _Tree, k: int) -> int:
    """A relative pronoun's noun (``men who wore`` -> ``men``), else ``k``."""
    relative = tree.feat(k, "PronType") == "Rel" or tree.words[k] in _RELATIVE
    clause = tree.clause[tree.heads[k]] if tree.heads[k] >= 0 else -1
    if relative and clause >= 0 and tree.rels[clause].startswith("acl") and tree.heads[clause] >= 0:
        return tree.heads[clause]
    return k


def _inherited(tree: _Tree, v: int, passive: bool) -> tuple[str, int] | None:
    """The case a verb without a subject takes from the verb it depends on (docstring); a
    conjunct whose head has no subject either takes what its head takes."""
    v = tree.decider[v]
    rel, head = tree.rels[v], tree.heads[v]
    if head < 0:
        return None
    if rel.startswith("acl") and not rel.startswith("acl:relcl"):
        if passive or tree.feat(v, "VerbForm") == "Part" and tree.feat(v, "Tense") == "Past":
            return ("obj", head)
        if tree.feat(v, "VerbForm") == "Ger" or tree.words[v].endswith("ing"):
            return ("subj", head)
        return None
    semi_modal = rel == "xcomp" and tree.words[head] in T.SEMI_MODAL_HEADS
    k = tree.subject[head]
    if (rel == "conj" or semi_modal) and k >= 0:
        if tree.rels[k] == "nsubj":
            return ("subj", _antecedent(tree, k))
        return ("obj", _antecedent(tree, k)) if passive else None  # "was approved and sent"
    return None


def _head_word(tree: _Tree, k: int) -> int:
    """The word the rule-based extractor takes as the head of the phrase headed by ``k``."""
    if tree.words[k] in _QUANTIFIERS:
        for n in tree.kids(k, "nmod"):
            if tree.case_word(n) == "of":
                return n
    flat = [f for f in tree.kids(k, "flat") if f > k]
    return max(flat) if flat else k


def _particle_frame(tree: _Tree, v: int, table: ClassTable) -> CaseFrame:
    """Another language's frame: case particles as labels (module docstring)."""
    item = tree.item
    fillers: list[tuple[str, Filler]] = []
    for k in tree.children[v]:
        base = tree.rels[k].split(":")[0]
        if base not in (*_ARGUMENTS, "obl"):
            continue
        cases = tree.kids(k, "case")
        label = item.sentence.tokens[cases[0]].form if cases else _ARGUMENTS.get(base)
        if label is None:
            continue
        token = item.sentence.tokens[k]
        entry = table.pronoun(token.form)
        if entry is not None:
            if entry.cls is not None:
                fillers.append((label, Filler(entry.cls, entry.sense, entry.cls, k)))
            continue
        fillers.append((label, Filler(token.lemma or token.form, position=k)))
    return CaseFrame(tuple(fillers), _passive(tree, v))


def _marks(tree: _Tree, v: int, table: ClassTable) -> tuple[tuple[str, str], ...]:
    found: dict[str, str] = {}
    clauses = sorted(k for k in tree.kids(v, "ccomp", "xcomp") if k > v)
    if clauses:
        kind = _clause_kind(tree, clauses[0])
        if kind is not None:
            found["comp"] = kind
    for k in sorted(tree.children[v]):
        rel = tree.rels[k]
        if k > v and (
            rel == "compound:prt" or (rel == "advmod" and tree.words[k] in PARTICLE_ADVERBS)
        ):
            found.setdefault("adv", tree.words[k])
    objects = sorted(tree.kids(v, "obj", "iobj"))
    if objects and objects[0] > v and not tree.children[objects[0]]:
        entry = table.pronoun(tree.words[objects[0]])
        if (
            entry is not None
            and entry.cls is None
            and tree.item.sentence.tokens[objects[0]].pos == "PRON"
        ):
            found["pron"] = tree.words[objects[0]]
    return tuple((label, found[label]) for label in ("comp", "adv", "pron") if label in found)


def _clause_kind(tree: _Tree, c: int) -> str | None:
    """The ``comp`` mark of a clausal complement headed by ``c``."""
    marks: Sequence[int] = tree.kids(c, "mark")
    words = [tree.words[m] for m in marks]
    first = tree.words[tree.start[c]]
    if "to" in words:
        return "to"
    if "that" in words:
        return "that"
    if first in _WH or any(w in _WH for w in words):
        return "wh"
    token = tree.item.sentence.tokens[c]
    if token.pos == "ADJ" or (
        tree.feat(c, "VerbForm") == "Part" and tree.feat(c, "Tense") == "Past"
    ):
        return "adj"
    if token.pos != "VERB":
        return None
    if tree.feat(c, "VerbForm") == "Ger" or tree.words[c].endswith("ing"):
        return "ing"
    if tree.rels[c] == "xcomp" and tree.feat(c, "VerbForm") == "Inf":
        return "bare"
    return "that"
