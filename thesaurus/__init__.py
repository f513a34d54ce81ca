"""Thesauri: rooted concept hierarchies with fast path lengths (WordNet 3.0 or from files).

>>> import thesaurus
>>> verbs = thesaurus.load("wordnet-verb")              # doctest: +SKIP
>>> verbs.sense_length("use%2:34:01::", "use%2:34:00::")  # doctest: +SKIP

See ``thesaurus/README.md``.  This lowest layer also holds what every layer shares: the
errors (:class:`ToolkitError`) and :mod:`thesaurus.io`.
"""

from ._core import Thesaurus, normalize_word
from ._exceptions import DataError, OutputError, ThesaurusError, ToolkitError, UnknownKeyError
from ._files import load_file
from ._load import WORDNET_SPECS, load, sense_key_pos
from ._similarity import similarity_mapping
from ._wordnet import load_wordnet_nouns, load_wordnet_verbs
from ._wordnet_adj import load_wordnet_adjectives, load_wordnet_adverbs
from .glosses import sense_gloss

__all__ = [
    "DataError",
    "OutputError",
    "Thesaurus",
    "ThesaurusError",
    "ToolkitError",
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
