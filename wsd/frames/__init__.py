"""Case-frame extraction: the verb's ``subj``, ``obj``, ``iobj`` and ``prep:<p>`` head nouns.

>>> from wsd.types import Sentence, Token
>>> toks = [Token("He", pos="PRP"), Token("ate", "eat", "VB", ("eat%2:34:00::",)),
...         Token("the", pos="DT"), Token("apples", "apple", "NN"), Token("with", pos="IN"),
...         Token("a", pos="DT"), Token("fork", "fork", "NN")]
>>> frame = extract_frame(Sentence("s1", tuple(toks)), 1)
>>> [(label, f.lemma, f.position) for label, f in frame.cases]
[('subj', 'person', 0), ('obj', 'apple', 3), ('prep:with', 'fork', 6)]
"""

from __future__ import annotations

from ..types import CaseFrame, Sentence
from ._classes import (
    DEFAULT_CLASS_TABLE,
    DEFAULT_NAME_TABLE,
    ClassEntry,
    ClassTable,
    default_class_table,
    load_class_table,
)
from ._english import extract_english
from ._tags import TAGSETS

__all__ = [
    "DEFAULT_CLASS_TABLE",
    "DEFAULT_NAME_TABLE",
    "TAGSETS",
    "ClassEntry",
    "ClassTable",
    "default_class_table",
    "extract_frame",
    "load_class_table",
]


def extract_frame(
    sentence: Sentence,
    position: int,
    *,
    tagset: str = "auto",
    classes: ClassTable | None = None,
) -> CaseFrame:
    """The case frame of the verb at ``position`` in a POS-tagged English sentence.

    ``tagset`` is ``"penn"`` (SemCor), ``"universal"`` (Raganato XML) or ``"auto"`` (decided
    per sentence from the tags).  ``classes`` maps pronouns, titled names and proper names
    the corpus did not classify to thesaurus classes (default: ``data/pronoun_classes.tsv``
    and ``data/name_classes.tsv``).  Pure: no I/O beyond reading the default tables once.
    """
    table = default_class_table() if classes is None else classes
    return extract_english(sentence, position, tagset=tagset, classes=table)
