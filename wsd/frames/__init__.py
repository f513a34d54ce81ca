"""Case-frame extraction: the verb's ``subj``, ``obj``, ``iobj`` and ``prep:<p>`` head nouns,
by rules over POS tags (:func:`extract_frame`) or from a dependency tree
(:func:`extract_tree_frame`, for CoNLL-U sentences with HEAD and DEPREL).

>>> from wsd.types import Sentence, Token
>>> toks = [Token("He", pos="PRP"), Token("ate", "eat", "VB"),
...         Token("the", pos="DT"), Token("apples", "apple", "NN"), Token("with", pos="IN"),
...         Token("a", pos="DT"), Token("fork", "fork", "NN")]
>>> frame = extract_frame(Sentence("s1", tuple(toks)), 1)
>>> [(label, f.lemma, f.position) for label, f in frame.cases]
[('subj', 'person', 0), ('obj', 'apple', 3), ('prep:with', 'fork', 6)]
"""

from __future__ import annotations

from wsd.frames._classes import (
    DEFAULT_CLASS_TABLE,
    DEFAULT_NAME_TABLE,
    ClassEntry,
    ClassTable,
    default_class_table,
    load_class_table,
)
from wsd.frames.dependency import extract_tree_frame, has_tree
from wsd.frames.english_rules import extract_english
from wsd.frames.gold import (
    CaseScore,
    FrameEvaluation,
    GoldFrame,
    case_scores,
    evaluate_frames,
    read_gold,
)
from wsd.types import CaseFrame, Sentence

__all__ = [
    "CaseScore",
    "FrameEvaluation",
    "GoldFrame",
    "case_scores",
    "evaluate_frames",
    "read_gold",
    "DEFAULT_CLASS_TABLE",
    "DEFAULT_NAME_TABLE",
    "ClassEntry",
    "ClassTable",
    "default_class_table",
    "extract_frame",
    "extract_tree_frame",
    "has_tree",
    "load_class_table",
]


def extract_frame(
    sentence: Sentence, position: int, *, classes: ClassTable | None = None
) -> CaseFrame:
    """The case frame of the verb at ``position`` of a POS-tagged English sentence.

    Parameters
    ----------
    sentence : Sentence
        Its tokens' forms, lemmas and universal or Penn tags are read.
    position : int
        The verb's token index.
    classes : ClassTable, optional
        Classes of pronouns, titles and names (default: the package's tables).

    Returns
    -------
    CaseFrame
        ``subj``, ``obj``, ``iobj`` and ``prep:<p>`` fillers, passive voice, frame marks.

    Raises
    ------
    WSDError
        ``position`` outside the sentence.
    """
    table = default_class_table() if classes is None else classes
    return extract_english(sentence, position, classes=table)
