"""Plain English text in: sentences, tokens, Penn tags from a tagger trained on SemCor, lemmas
by WordNet's morphy, and the verb instances a model disambiguates — with no download.

* :func:`read_text` (a file or ``-``, with the limits of every reader) and
  :func:`text_instances` (text -> :class:`~wsd.corpus.Corpus`); :func:`tag_text` keeps each
  token's character span;
* :func:`split_sentences`, :func:`tokenise`, :func:`detokenise` (:mod:`wsd.text.tokens`);
* the tagger: :class:`Tagger`, :func:`train_tagger`, :func:`save_tagger`,
  :func:`load_tagger`, :func:`tagger_path`; SemCor's: :func:`ensure_tagger`,
  :func:`train_semcor_tagger`, :func:`tagged_words` (:mod:`wsd.text.training`);
* :func:`verb_multiwords` (``took place`` -> ``took_place``), :func:`separate_multiwords`;
* participles and gerunds tagged ``JJ``/``NN`` read as SemCor reads them
  (:mod:`wsd.text.participles`).
"""

from .instances import NOT_IN_WORDNET, STDIN, TextSentence, read_text, tag_text, text_instances
from .multiwords import is_wordnet_verb, separate_multiwords, verb_lemma, verb_multiwords
from .tagger import Tagger, load_tagger, save_tagger, tagger_path, train_tagger
from .tokens import Span, detokenise, learn_sentence_parameters, split_sentences, tokenise
from .training import (
    ensure_tagger,
    joined_verbs,
    semcor_documents,
    tagged_words,
    train_semcor_tagger,
)

__all__ = [
    "NOT_IN_WORDNET",
    "STDIN",
    "Span",
    "Tagger",
    "TextSentence",
    "detokenise",
    "ensure_tagger",
    "is_wordnet_verb",
    "joined_verbs",
    "learn_sentence_parameters",
    "load_tagger",
    "read_text",
    "save_tagger",
    "semcor_documents",
    "separate_multiwords",
    "split_sentences",
    "tag_text",
    "tagged_words",
    "tagger_path",
    "text_instances",
    "tokenise",
    "train_semcor_tagger",
    "train_tagger",
    "verb_lemma",
    "verb_multiwords",
]
