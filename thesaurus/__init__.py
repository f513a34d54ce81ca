"""Thesauri: rooted concept hierarchies with fast path lengths (WordNet 3.0 or from files).

>>> import thesaurus
>>> verbs = thesaurus.load("wordnet-verb")              # doctest: +SKIP
>>> verbs.sense_length("use%2:34:01::", "use%2:34:00::")  # doctest: +SKIP

Path lengths live in :mod:`thesaurus.path_lengths` (:class:`Tree`), WordNet's readers in
:mod:`thesaurus.wordnet`.  This lowest layer also holds what every layer shares, in
:mod:`thesaurus.utils`: the errors (:class:`ToolkitError`), atomic outputs
(:mod:`thesaurus.utils.outputs`), the text rules of inputs and the disk cache.
"""

from thesaurus._core import Thesaurus, normalize_word
from thesaurus.files import load_file
from thesaurus.path_lengths import Tree
from thesaurus.similarity import similarity_mapping
from thesaurus.specs import WORDNET_SPECS, load, sense_key_pos
from thesaurus.utils.errors import (
    DataError,
    OutputError,
    ThesaurusError,
    ToolkitError,
    UnknownKeyError,
)
from thesaurus.wordnet.adjectives_adverbs import load_wordnet_adjectives, load_wordnet_adverbs
from thesaurus.wordnet.glosses import sense_gloss
from thesaurus.wordnet.verbs_nouns import load_wordnet_nouns, load_wordnet_verbs

__all__ = [
    "DataError",
    "OutputError",
    "Thesaurus",
    "ThesaurusError",
    "ToolkitError",
    "Tree",
    "UnknownKeyError",
    "WORDNET_SPECS",
    "load",
    "load_file",
    "load_wordnet_adjectives",
    "load_wordnet_adverbs",
    "load_wordnet_nouns",
    "load_wordnet_verbs",
    "normalize_word",
    "sense_gloss",
    "sense_key_pos",
    "similarity_mapping",
]
